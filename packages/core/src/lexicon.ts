/**
 * Everything the engine derives from the catalog once, at construction:
 * prefix and marker tables for the parser, geography lookups, and the
 * MCC and industry tables. Building it is the cost of starting a worker.
 */

import type { Catalog, Industry, Mcc, ThirdParty } from '@txenrich/catalog';
import { distance } from 'fastest-levenshtein';
import type { AnatomyLexicon } from './anatomy/anatomy.js';
import { prefixKey } from './anatomy/prefixes.js';
import { createSegmenter, type Segmenter } from './anatomy/segment.js';
import { canonical } from './normalize/text.js';
import { lowerBound } from './sorted.js';

export interface Place {
  city: string | null;
  /** Upper-case region code (`CA`) when known. */
  region: string | null;
  /** Upper-case alpha-2. */
  country: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Geography {
  /** `CA`, `California`, `06` (ANSI) -> `CA`, within a country when given. */
  regionCode(region: string, country?: string | null): string | null;
  /** `US`, `USA`, `United States` -> `US`. */
  countryCode(country: string): string | null;
  /** Resolves what a request or descriptor says about a place into codes and coordinates. */
  resolve(place: {
    city?: string | null;
    region?: string | null;
    country?: string | null;
    postalCode?: string | null;
  }): Place;
}

export interface Lexicon extends AnatomyLexicon {
  /** Whether a lower-case token is no common word but the start of one, as a field cuts it (`transpo`). */
  isCutCommonWord(token: string): boolean;
  geography: Geography;
  mccs: ReadonlyMap<string, Mcc>;
  industries: ReadonlyMap<string, Industry>;
  thirdParties: ReadonlyMap<string, ThirdParty>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function buildPrefixTables(thirdParties: readonly ThirdParty[], unknown: readonly string[]) {
  const facilitatorPrefixes = new Map<string, string>();
  const literalPrefixes: [string, string][] = [];
  for (const party of thirdParties) {
    for (const prefix of party.prefixes) {
      // `SQ *` names a facilitator whatever follows; `UBER *EATS` only that exact start.
      const star = prefix.indexOf('*');
      if (star > 0 && !prefix.slice(star + 1).trim())
        facilitatorPrefixes.set(prefixKey(prefix.slice(0, star)), party.id);
      else literalPrefixes.push([canonical(prefix) + (prefix.endsWith(' ') ? ' ' : ''), party.id]);
    }
  }
  literalPrefixes.sort((a, b) => b[0].length - a[0].length);
  const unknownPrefixes = new Set(unknown.map((prefix) => prefixKey(prefix.split('*')[0] ?? prefix)));
  // Prefixes read when run into the merchant's name, their star dropped: delivery apps' and processors'
  // names long enough to tell (`GRUBHUBBUFFALOWILDWIN`, `LEVELUPSWEETGREEN6920`), and processors' codes of
  // three consonants, which start no word (`TSTDRIP KITCHEN AND CO`).
  const runInLength = { delivery_service: 6, payment_processor: 7 } as Partial<Record<string, number>>;
  const runInKeys = [...facilitatorPrefixes]
    .filter(([key, id]) => {
      const least = runInLength[thirdParties.find((party) => party.id === id)?.type ?? ''];
      return (least !== undefined && key.length >= least) || /^[B-DF-HJ-NP-TV-XZ]{3}$/.test(key);
    })
    .map(([key]) => key);
  const runInPrefix = new RegExp(`^(${runInKeys.join('|') || '(?!)'})(?=[A-Z]{4})`);
  return { facilitatorPrefixes, literalPrefixes, unknownPrefixes, runInPrefix };
}

function buildMarkers(thirdParties: readonly ThirdParty[]): AnatomyLexicon['markers'] {
  const byPhrase = new Map<string, { thirdPartyId: string; strip: boolean }>();
  for (const party of thirdParties) {
    // Wallet and P2P markers wrap the merchant's name; a platform's marker is its own name.
    const strip =
      !party.roles.includes('facilitator') && party.roles.some((role) => role === 'wallet' || role === 'p2p');
    for (const marker of party.markers) byPhrase.set(canonical(marker), { thirdPartyId: party.id, strip });
  }
  // One alternation, longest phrases first, bounded by non-alphanumerics: one pass per descriptor.
  const phrases = [...byPhrase.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![A-Z0-9])(${phrases.join('|') || '(?!)'})(?![A-Z0-9])`, 'g');
  return { pattern, byPhrase };
}

function buildGeography(catalog: Catalog) {
  const { countries, regions, zips, cities } = catalog.geo;
  const countryByName = new Map<string, string>();
  for (const country of countries) {
    const code = country.alpha2.toUpperCase();
    for (const name of [country.alpha2, country.alpha3, country.name])
      countryByName.set(canonical(name), code);
  }
  countryByName.set('UNITED STATES OF AMERICA', 'US');
  countryByName.set('UK', 'GB');

  const regionCountry = new Map<string, string>();
  const regionByName = new Map<string, { code: string; country: string }[]>();
  const addRegionName = (name: string, code: string, country: string) => {
    const key = canonical(name);
    const list = regionByName.get(key) ?? [];
    list.push({ code, country });
    regionByName.set(key, list);
  };
  for (const region of regions) {
    const country = region.country.toUpperCase();
    regionCountry.set(region.code, country);
    addRegionName(region.code, region.code, country);
    addRegionName(region.name, region.code, country);
    if (region.ansi) addRegionName(region.ansi, region.code, country);
  }

  const zipByCode = new Map<string, (typeof zips)[number]>();
  for (const row of zips) zipByCode.set(row[0], row);
  /** `REGION|CITY` (US and Canada) and `CC|CITY` (elsewhere) -> the most populous city row. */
  const cityByKey = new Map<string, (typeof cities)[number]>();
  for (const row of cities) {
    const [name, country, region] = row;
    const keys = [`${country.toUpperCase()}|${canonical(name)}`];
    if (region) keys.push(`${region}|${canonical(name)}`);
    for (const key of keys) {
      const known = cityByKey.get(key);
      if (!known || known[5] < row[5]) cityByKey.set(key, row);
    }
  }
  const zipCities = new Set(zips.map(([, city, region]) => `${region}|${canonical(city)}`));

  const countryCode = (country: string) => countryByName.get(canonical(country)) ?? null;
  const regionCode = (region: string, country?: string | null) => {
    const found = regionByName.get(canonical(region));
    if (!found) return null;
    return (country ? found.find((entry) => entry.country === country) : found[0])?.code ?? null;
  };
  /** Each region's (or country's) city names: looked up per token of every line, so no key is built. */
  const citySets = new Map<string, Set<string>>();
  /** Each region's city names, sorted: truncated and run-in cities are looked up here. */
  const citiesOfRegion = new Map<string, string[]>();
  for (const key of new Set([...zipCities, ...cityByKey.keys()])) {
    const [region, city] = key.split('|') as [string, string];
    const set = citySets.get(region) ?? new Set<string>();
    set.add(city);
    citySets.set(region, set);
    if (region.length !== 2 || region !== region.toUpperCase()) continue;
    const list = citiesOfRegion.get(region) ?? [];
    list.push(city);
    citiesOfRegion.set(region, list);
  }
  const isCity = (region: string, city: string) => citySets.get(region)?.has(city) ?? false;
  /** Each region's last words of cities of several words. */
  const lastWords = new Map<string, Set<string>>();
  for (const [region, cities] of citySets) {
    const words = new Set<string>();
    for (const city of cities) {
      const space = city.lastIndexOf(' ');
      if (space > 0) words.add(city.slice(space + 1));
    }
    lastWords.set(region, words);
  }
  const isLastWordOfCity = (region: string, word: string) => lastWords.get(region)?.has(word) ?? false;
  const townPopulation = (country: string, town: string) => {
    const row = cityByKey.get(`${country}|${town}`);
    return row?.[1].toUpperCase() === country ? row[5] : 0;
  };
  for (const list of citiesOfRegion.values()) list.sort();
  const completeCity = (region: string, partial: string) => {
    const list = citiesOfRegion.get(region);
    if (!list) return null;
    const low = lowerBound(list, partial);
    const first = list[low];
    // Exactly one city completes it.
    if (!first?.startsWith(partial) || list[low + 1]?.startsWith(partial)) return null;
    return first;
  };
  /** Every US city's name, sorted: a town cut by the field with no state after it is looked up here. */
  const usCities = [...citiesOfRegion]
    .filter(([region]) => regionCountry.get(region) === 'US')
    .flatMap(([, list]) => list)
    .sort();
  /** The first words of US cities of several words (`SAN`, `FORT`, `NEW`): a cut town starts with one. */
  const firstWordsOfUsCities = new Set(
    usCities.filter((city) => city.includes(' ')).map((city) => city.slice(0, city.indexOf(' '))),
  );
  const isUsCityName = (name: string) => usCities[lowerBound(usCities, name)] === name;
  /** Every other country's towns, sorted, by upper-case alpha-2 country (Canada's from its provinces too). */
  const townsOfCountry = new Map<string, string[]>();
  for (const row of cities) {
    const country = row[1].toUpperCase();
    if (country === 'US') continue;
    const list = townsOfCountry.get(country) ?? [];
    list.push(canonical(row[0]));
    townsOfCountry.set(country, list);
  }
  for (const list of townsOfCountry.values()) list.sort();
  const startsUsCity = (partial: string) => {
    const space = partial.indexOf(' ');
    if (space > 0 && !firstWordsOfUsCities.has(partial.slice(0, space))) return false;
    return usCities[lowerBound(usCities, partial)]?.startsWith(partial) ?? false;
  };
  const startsTown = (country: string, partial: string) => {
    if (country === 'US') return startsUsCity(partial);
    const list = townsOfCountry.get(country);
    return list?.[lowerBound(list, partial)]?.startsWith(partial) ?? false;
  };
  /** The one city of `region` whose start (or whole name) a misspelt cut city is an edit or two from. */
  const nearCity = (region: string, partial: string) => {
    const list = citiesOfRegion.get(region);
    if (!list || partial.length < 9) return null;
    const head = partial.slice(0, 4);
    let found: string | null = null;
    for (let at = lowerBound(list, head); at < list.length && list[at]!.startsWith(head); at++) {
      const city = list[at]!;
      const near =
        distance(partial, city.slice(0, partial.length)) <= 1 ||
        (city.length > partial.length && distance(partial, city) <= 2);
      if (!near) continue;
      if (found) return null;
      found = city;
    }
    return found;
  };
  const cityEnding = (region: string, token: string) => {
    // Run-in cities are long enough not to be a word's ending by chance (`PROVO`, not `ADA`).
    for (let start = 1; start <= token.length - 5; start++) {
      const city = token.slice(start);
      if (city[0] !== ' ' && isCity(region, city)) return city;
    }
    return null;
  };

  const geography: Geography = {
    countryCode,
    regionCode,
    resolve(place) {
      let country = place.country ? countryCode(place.country) : null;
      let region = place.region ? regionCode(place.region, country) : null;
      let city = place.city ? canonical(place.city) : null;
      const postalCode = place.postalCode?.trim() || null;
      let latitude: number | null = null;
      let longitude: number | null = null;
      const zip = postalCode ? zipByCode.get(postalCode.slice(0, 5).toUpperCase()) : undefined;
      if (zip) {
        region ??= zip[2];
        city ??= canonical(zip[1]);
        [latitude, longitude] = [zip[3], zip[4]];
      }
      if (region && !country) country = regionCountry.get(region) ?? null;
      if (city && latitude === null) {
        const row = cityByKey.get(`${region ?? country ?? 'US'}|${city}`);
        if (row) [latitude, longitude] = [row[3], row[4]];
      }
      return { city, region, country, postalCode, latitude, longitude };
    },
  };
  const countryCodes = new Map<string, string>();
  for (const country of countries) {
    countryCodes.set(country.alpha2.toUpperCase(), country.alpha2.toUpperCase());
    countryCodes.set(country.alpha3.toUpperCase(), country.alpha2.toUpperCase());
  }
  // The United Kingdom's common code, which ISO reserves and issuers print (`HARBOUR CAFE LONDON UK`).
  countryCodes.set('UK', 'GB');
  // A ZIP's first three digits name its state (sectional centers), also for a ZIP the list lacks.
  const sectionRegion = new Map<string, string>();
  for (const [code, , region] of zips) if (/^\d{5}$/.test(code)) sectionRegion.set(code.slice(0, 3), region);
  const zipRegion = (zip: string) => zipByCode.get(zip)?.[2] ?? sectionRegion.get(zip.slice(0, 3)) ?? null;
  return {
    geography,
    regionCountry,
    countryCodes,
    isCity,
    zipRegion,
    completeCity,
    nearCity,
    startsUsCity,
    startsTown,
    isUsCityName,
    cityEnding,
    isLastWordOfCity,
    townPopulation,
  };
}

/** The common English words, and the split of words a line ran together, from one index of them. */
function buildWords(
  catalog: Catalog,
): Pick<Lexicon, 'isCommonWord' | 'isFrequentWord' | 'isCutCommonWord' | 'splitRunTogether'> {
  const segmenter = buildSegmenter(catalog);
  return {
    isCommonWord: segmenter.isEnglishWord,
    isFrequentWord: segmenter.isFrequentWord,
    isCutCommonWord: segmenter.isCutEnglishWord,
    splitRunTogether: segmenter.split,
  };
}

/** Splits run-together words with the common English words, never inside a brand's or a town's word. */
function buildSegmenter(catalog: Catalog): Segmenter {
  const names = new Set<string>();
  const addWords = (text: string) => {
    for (const word of text.toLowerCase().split(/[^a-z]+/)) if (word.length >= 3) names.add(word);
  };
  for (const merchant of catalog.merchants) {
    addWords(merchant.name);
    for (const alias of merchant.aliases) addWords(alias);
  }
  for (const [city] of catalog.geo.cities) addWords(city);
  return createSegmenter({ bands: catalog.englishWords.map((band) => band.split(' ')), names });
}

export function buildLexicon(catalog: Catalog): Lexicon {
  return {
    ...buildPrefixTables(catalog.thirdParties, catalog.unknownFacilitatorPrefixes),
    markers: buildMarkers(catalog.thirdParties),
    ...buildGeography(catalog),
    ...buildWords(catalog),
    mccs: new Map(catalog.mccs.map((mcc) => [mcc.code, mcc])),
    industries: new Map(catalog.industries.map((industry) => [industry.id, industry])),
    thirdParties: new Map(catalog.thirdParties.map((party) => [party.id, party])),
  };
}
