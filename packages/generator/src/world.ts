/**
 * The generator's view of the catalog, built once per run: brands resolved by
 * name, their statement forms and MCCs, the long tail of US merchants by
 * segment and state, US cities weighted by population with their ZIP codes,
 * and a guard that keeps invented local names off the catalog's names.
 */
import type { Catalog, Merchant, ThirdParty } from '@txenrich/catalog';
import { alternateNames, segments } from './brands.js';
import { type WeightedList, weightedList } from './random.js';

export interface City {
  /** As printed: `SPRINGFIELD`. */
  name: string;
  /** As a location field: `Springfield`. */
  title: string;
  /** Postal code of the state. */
  state: string;
  zips: readonly string[];
  population: number;
}

/** The 50 states and DC: where the generated users live and shop. */
export const usStates = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH ' +
  'OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
).split(' ');

/** Upper case, ASCII letters, digits, `&` and single spaces: how names are compared with the catalog. */
export function normalizeName(text: string): string {
  return text
    .toUpperCase()
    .replace(/[’'.]/g, '')
    .replace(/[^A-Z0-9&]+/g, ' ')
    .trim()
    .replace(/^THE /, '');
}

const titleWords = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
const isAscii = (text: string) => /^[\x20-\x7e]+$/.test(text);
/**
 * A catalog alias that reads like a statement (`NETFLIX.COM`, `HLU*HULU`): not a name in another
 * language, not a franchisee's legal name (`JARDINE FOOD SERVICES (TAIWAN) CO., LTD.`).
 */
const isStatementForm = (text: string) =>
  isAscii(text) && text === text.toUpperCase() && /[A-Z]/.test(text) && !/[(),]/.test(text);
/** Forms of online or recurring charges, wrong for a purchase in a store. */
const WEB_FORM =
  /\.(?:COM|NET|ORG|CO|IO|US)\b|WWW|ONLINE|INTERNET|\/|\*|\bPLUS$|SUBSCR|MEMBERSHIP|AUTO ?PAY|PAYMENT|PMT|BILL/;

export function domainOf(website: string | null): string | null {
  return website
    ? website
        .toLowerCase()
        .replace(/^[a-z]+:\/\//, '')
        .replace(/^www\./, '')
        .replace(/[/#?].*$/, '')
    : null;
}

export interface World {
  catalog: Catalog;
  /** The catalog merchant of a brand name; undefined when the catalog lacks it. */
  brand(name: string): Merchant | undefined;
  thirdParty(name: string): ThirdParty;
  /** Statement forms the catalog knows for a merchant, its name upper-cased last. */
  catalogForms(merchant: Merchant): readonly string[];
  /** Those of an in-store purchase: no web address, no bill or subscription wording. */
  storeForms(merchant: Merchant): readonly string[];
  /** The truth naming a brand: its name and website, with the other names the catalog gives it. */
  truthOf(merchant: Merchant): { merchant: string; website: string | null };
  /** The MCC a merchant's statement forms carry, else a typical one of its industry. */
  mccOf(merchant: Merchant, fallback: string): string;
  cities: WeightedList<City>;
  citiesByState: ReadonlyMap<string, WeightedList<City>>;
  /** Catalog merchants of a segment's long tail trading in a state, by popularity. */
  tail(segmentId: string, state: string): WeightedList<Merchant> | null;
  /** True when a name (normalized) is a catalog merchant's name or alias. */
  isCatalogName(name: string): boolean;
  /** True when the name starts with a catalog merchant's name (`SHELL BEACH CAFE`). */
  startsWithCatalogName(name: string): boolean;
}

export function createWorld(catalog: Catalog): World {
  const byName = new Map<string, Merchant>();
  // Several catalog merchants can share a name: prefer the US one, then the one with a website, then the most popular.
  const rank = (merchant: Merchant) =>
    (merchant.countries.includes('us') ? 4 : merchant.countries.length === 0 ? 2 : 0) +
    (merchant.website ? 1 : 0) +
    merchant.popularity;
  for (const merchant of catalog.merchants) {
    const key = merchant.name.toLowerCase();
    const current = byName.get(key);
    if (!current || rank(merchant) > rank(current)) byName.set(key, merchant);
  }
  const thirdParties = new Map(catalog.thirdParties.map((party) => [party.name, party]));

  const aliasForms = new Map<string, { descriptor: string; mcc: string | null }[]>();
  for (const alias of catalog.descriptorAliases) {
    const list = aliasForms.get(alias.merchantId) ?? [];
    list.push(alias);
    aliasForms.set(alias.merchantId, list);
  }

  const names = new Set<string>();
  for (const merchant of catalog.merchants) {
    names.add(normalizeName(merchant.name));
    for (const alias of merchant.aliases) names.add(normalizeName(alias));
  }
  for (const alias of catalog.descriptorAliases) names.add(normalizeName(alias.descriptor));
  names.delete('');

  const mccsByIndustry = new Map<string, string[]>();
  for (const mcc of catalog.mccs) {
    // Brand MCCs (3000-3999: one airline, hotel or rental company each) are not an industry's typical MCC.
    if (mcc.code >= '3000' && mcc.code <= '3999') continue;
    const list = mccsByIndustry.get(mcc.industryId) ?? [];
    list.push(mcc.code);
    mccsByIndustry.set(mcc.industryId, list);
  }
  const parentOf = new Map(catalog.industries.map((industry) => [industry.id, industry.parentId]));

  // whose name a text is: an alias that is another merchant's name would make the truth ambiguous
  const nameOwners = new Map<string, string>();
  for (const merchant of catalog.merchants) {
    const key = normalizeName(merchant.name);
    if (!nameOwners.has(key) || byName.get(merchant.name.toLowerCase()) === merchant)
      nameOwners.set(key, merchant.id);
  }
  const forms = new Map<string, readonly string[]>();
  const catalogForms = (merchant: Merchant): readonly string[] => {
    let list = forms.get(merchant.id);
    if (!list) {
      const found = new Set<string>();
      for (const alias of aliasForms.get(merchant.id) ?? []) found.add(alias.descriptor);
      for (const alias of merchant.aliases) {
        const owner = nameOwners.get(normalizeName(alias));
        if (isStatementForm(alias) && (!owner || owner === merchant.id)) found.add(alias);
      }
      found.add(merchant.name.toUpperCase());
      list = [...found];
      forms.set(merchant.id, list);
    }
    return list;
  };
  const storeFormsCache = new Map<string, readonly string[]>();
  const storeForms = (merchant: Merchant): readonly string[] => {
    let list = storeFormsCache.get(merchant.id);
    if (!list) {
      list = catalogForms(merchant).filter((form) => !WEB_FORM.test(form));
      if (list.length === 0) list = [merchant.name.toUpperCase()];
      storeFormsCache.set(merchant.id, list);
    }
    return list;
  };
  const truths = new Map<string, { merchant: string; website: string | null }>();
  const truthOf = (merchant: Merchant) => {
    let truth = truths.get(merchant.id);
    if (!truth) {
      const others = (alternateNames[merchant.name] ?? [])
        .map((name) => byName.get(name.toLowerCase()))
        .filter((other): other is Merchant => !!other);
      const all = [merchant, ...others];
      const domains = [
        ...new Set(all.map((one) => domainOf(one.website)).filter((domain) => domain !== null)),
      ];
      truth = {
        merchant: all.map((one) => one.name).join(' | '),
        website: domainOf(merchant.website) === null ? null : domains.join('|'),
      };
      truths.set(merchant.id, truth);
    }
    return truth;
  };

  const mccOf = (merchant: Merchant, fallback: string): string => {
    const fromAlias = aliasForms.get(merchant.id)?.find((alias) => alias.mcc)?.mcc;
    if (fromAlias) return fromAlias;
    if (fallback) return fallback;
    for (let id: string | null | undefined = merchant.industryId; id; id = parentOf.get(id)) {
      const codes = mccsByIndustry.get(id);
      if (codes?.length) return codes[0]!;
    }
    return '5999';
  };

  // Cities: population-weighted, each with its ZIP codes (or the nearest ZIP of its state when the names differ).
  const zipsByCity = new Map<string, string[]>();
  const zipsByState = new Map<string, [zip: string, city: string, lat: number, lon: number][]>();
  // unique ZIP codes of companies (`State Farm Insurance`, `J C Penney Co`) are no place to live:
  // keep the ZIP codes of known places and of names that several ZIP codes share (`New York`)
  const placeNames = new Set(
    catalog.geo.cities.filter((row) => row[1] === 'us').map((row) => `${row[0].toUpperCase()}|${row[2]}`),
  );
  const zipCount = new Map<string, number>();
  for (const [, city, region] of catalog.geo.zips) {
    const key = `${city.toUpperCase()}|${region}`;
    zipCount.set(key, (zipCount.get(key) ?? 0) + 1);
  }
  for (const [zip, city, region, lat, lon] of catalog.geo.zips) {
    const key = `${city.toUpperCase()}|${region}`;
    if (!placeNames.has(key) && (zipCount.get(key) ?? 0) < 3) continue;
    const list = zipsByCity.get(key) ?? [];
    list.push(zip);
    zipsByCity.set(key, list);
    const stateList = zipsByState.get(region) ?? [];
    stateList.push([zip, city, lat, lon]);
    zipsByState.set(region, stateList);
  }
  const states = new Set(usStates);
  const allCities: City[] = [];
  for (const [name, country, region, lat, lon, population] of catalog.geo.cities) {
    if (country !== 'us' || !states.has(region) || population < 2000) continue;
    const zips = zipsByCity.get(`${name.toUpperCase()}|${region}`);
    if (zips && isAscii(name)) {
      allCities.push({ name: name.toUpperCase(), title: titleWords(name), state: region, zips, population });
      continue;
    }
    let nearest: [string, string, number, number] | undefined;
    let best = Number.POSITIVE_INFINITY;
    for (const row of zipsByState.get(region) ?? []) {
      const distance = (row[2] - lat) ** 2 + (row[3] - lon) ** 2;
      if (distance < best) {
        best = distance;
        nearest = row;
      }
    }
    if (nearest && best < 0.05 && isAscii(nearest[1])) {
      allCities.push({
        name: nearest[1].toUpperCase(),
        title: titleWords(nearest[1]),
        state: region,
        zips: [nearest[0]],
        population,
      });
    }
  }
  const cities = weightedList(allCities, (city) => city.population);
  const citiesByState = new Map<string, WeightedList<City>>();
  for (const state of usStates) {
    const list = allCities.filter((city) => city.state === state);
    if (list.length > 0)
      citiesByState.set(
        state,
        weightedList(list, (city) => city.population),
      );
  }

  // the long tail: a segment's US merchants once, then those trading in each state
  const tailCandidates = new Map<string, Merchant[]>();
  const candidatesOf = (segmentId: string): Merchant[] => {
    let list = tailCandidates.get(segmentId);
    if (!list) {
      const segment = segments.find((candidate) => candidate.id === segmentId);
      const prefixes = segment?.tailIndustries ?? [];
      const chainNames = new Set(segment?.chains.map((spec) => spec.name.toLowerCase()));
      list = prefixes.length
        ? catalog.merchants.filter(
            (merchant) =>
              prefixes.some((prefix) => merchant.industryId.startsWith(prefix)) &&
              merchant.countries.includes('us') &&
              merchant.channel !== 'digital' &&
              isAscii(merchant.name) &&
              !chainNames.has(merchant.name.toLowerCase()) &&
              // a name shared by several merchants cannot tell the truth apart
              byName.get(merchant.name.toLowerCase()) === merchant,
          )
        : [];
      tailCandidates.set(segmentId, list);
    }
    return list;
  };
  const tails = new Map<string, WeightedList<Merchant> | null>();
  const tail = (segmentId: string, state: string): WeightedList<Merchant> | null => {
    const key = `${segmentId}|${state}`;
    let list = tails.get(key);
    if (list === undefined) {
      const region = `us-${state.toLowerCase()}`;
      const merchants = candidatesOf(segmentId).filter(
        (merchant) => merchant.regions.length === 0 || merchant.regions.includes(region),
      );
      list = merchants.length ? weightedList(merchants, (merchant) => merchant.popularity ** 2) : null;
      tails.set(key, list);
    }
    return list;
  };

  return {
    catalog,
    brand: (name) => byName.get(name.toLowerCase()),
    thirdParty: (name) => {
      const party = thirdParties.get(name);
      if (!party) throw new Error(`the catalog has no third party named ${name}`);
      return party;
    },
    catalogForms,
    storeForms,
    truthOf,
    mccOf,
    cities,
    citiesByState,
    tail,
    isCatalogName: (name) => names.has(normalizeName(name)),
    startsWithCatalogName: (name) => {
      const words = normalizeName(name).split(' ');
      for (let count = words.length - 1; count >= 1; count--) {
        const prefix = words.slice(0, count).join(' ');
        if (prefix.length >= 4 && names.has(prefix)) return true;
      }
      return false;
    },
  };
}
