/** Turns NSI `locationSet`s into ISO countries and regions, with country-coder. */
import type * as CountryCoder from '@rapideditor/country-coder';
import { requirePackage } from './sources.js';

export interface LocationSet {
  include?: unknown[];
  exclude?: unknown[];
}

/** Where a brand is: whole countries, sub-national regions (`us-ca`), or everywhere. */
export interface Coverage {
  global: boolean;
  /** Lowercase alpha-2 codes of countries covered whole. */
  countries: Set<string>;
  /** Lowercase `cc-rr` codes of regions covered where the country is not covered whole. */
  regions: Set<string>;
}

export function emptyCoverage(): Coverage {
  return { global: false, countries: new Set(), regions: new Set() };
}

/** Add `other` into `into`. */
export function mergeCoverage(into: Coverage, other: Coverage): void {
  if (other.global) into.global = true;
  for (const country of other.countries) into.countries.add(country);
  for (const region of other.regions) into.regions.add(region);
}

/** The countries of a coverage (empty = global) and its regions not inside a whole-country entry. */
export function coverageLists(coverage: Coverage): { countries: string[]; regions: string[] } {
  if (coverage.global) return { countries: [], regions: [] };
  const regions = [...coverage.regions].filter((region) => !coverage.countries.has(region.slice(0, 2)));
  const countries = new Set([...coverage.countries, ...regions.map((region) => region.slice(0, 2))]);
  return { countries: [...countries].sort(), regions: regions.sort() };
}

/**
 * Resolves location codes to countries. `known` is the set of lowercase ISO
 * alpha-2 codes the catalog recognises; anything else is dropped.
 */
export function createLocationResolver(known: ReadonlySet<string>) {
  // Loaded here, not at import: the build's source packages are devDependencies,
  // and importing `@txenrich/catalog` to load an artifact must not need them.
  const countryCoder = requirePackage('@rapideditor/country-coder') as typeof CountryCoder;
  const cache = new Map<string, { global: boolean; countries: string[]; region: string | null }>();

  const resolveCode = (code: string) => {
    const cached = cache.get(code);
    if (cached) return cached;
    const lower = code.toLowerCase();
    let result: { global: boolean; countries: string[]; region: string | null };
    const geojson = /^([a-z]{2})-([a-z0-9]+)[-_a-z0-9]*\.geojson$/.exec(lower);
    if (lower === '001') {
      result = { global: true, countries: [], region: null };
    } else if (geojson) {
      // A custom NSI shape inside one country: `us-ca.geojson`, `us-ny-new_york_city.geojson`.
      const country = geojson[1]!;
      result = { global: false, countries: [country], region: `${country}-${geojson[2]}` };
    } else if (/^[a-z]{2}$/.test(lower) && known.has(lower)) {
      result = { global: false, countries: [lower], region: null };
    } else {
      const feature = countryCoder.feature(lower);
      const props = feature?.properties as
        | { iso1A2?: string; country?: string; level?: string; id?: string }
        | undefined;
      const own = props?.iso1A2?.toLowerCase();
      const parent = props?.country?.toLowerCase();
      if (own && known.has(own)) {
        result = { global: false, countries: [own], region: null };
      } else if (parent && known.has(parent)) {
        const region = /^[a-z]{2}-[a-z0-9]+$/.test(lower) ? lower : null;
        result = { global: false, countries: [parent], region };
      } else if (props?.id) {
        // Members carry their own ISO code, or (England, Metropolitan France) their country's.
        const countries = countryCoder
          .featuresIn(props.id, true)
          .map((member) => {
            const { iso1A2, country } = member.properties as { iso1A2?: string; country?: string };
            const own = iso1A2?.toLowerCase();
            return own && known.has(own) ? own : country?.toLowerCase();
          })
          .filter((iso): iso is string => iso !== undefined && known.has(iso));
        result = { global: false, countries: [...new Set(countries)].sort(), region: null };
      } else {
        result = { global: false, countries: [], region: null };
      }
    }
    cache.set(code, result);
    return result;
  };

  /** The coverage of one NSI locationSet. */
  return function resolve(set: LocationSet | undefined): Coverage {
    const coverage = emptyCoverage();
    for (const entry of set?.include ?? []) {
      if (typeof entry === 'string' || typeof entry === 'number') {
        const code = resolveCode(String(entry));
        if (code.global) coverage.global = true;
        else if (code.region) coverage.regions.add(code.region);
        else for (const country of code.countries) coverage.countries.add(country);
      } else if (Array.isArray(entry) && typeof entry[0] === 'number' && typeof entry[1] === 'number') {
        // A point with a radius: the country containing it.
        const iso = countryCoder.iso1A2Code([entry[0], entry[1]])?.toLowerCase();
        if (iso && known.has(iso)) coverage.countries.add(iso);
      }
    }
    // Exclusions remove whole countries from a country list; a global set stays
    // global (the engine only uses countries to rank, not to exclude).
    const excluded = new Set<string>();
    for (const entry of set?.exclude ?? []) {
      if (typeof entry !== 'string' && typeof entry !== 'number') continue;
      const code = resolveCode(String(entry));
      if (!code.global && !code.region) for (const country of code.countries) excluded.add(country);
    }
    if (excluded.size > 0 && !coverage.global) {
      for (const country of excluded) coverage.countries.delete(country);
    }
    return coverage;
  };
}
