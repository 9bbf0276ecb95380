/** Counting what a catalog holds: the manifest counts and `txenrich catalog stats`. */
import type { Catalog, CatalogCounts, LogoKinds } from './types.js';

/** The figures of `txenrich catalog stats` (the `--json` output). */
export interface CatalogStats {
  version: string;
  buildHash: string;
  merchants: number;
  /** Merchants whose countries include the US. */
  usMerchants: number;
  /** Merchants with no country restriction. */
  globalMerchants: number;
  withWebsite: number;
  withLogo: number;
  /** Merchants by source (a merged merchant counts once per source). */
  bySource: Record<string, number>;
  /** Merchants by country, US first, then by count. */
  byCountry: Record<string, number>;
  /** Merchants by top-level industry, by count. */
  byTopLevelIndustry: { id: string; name: string; merchants: number }[];
  logoSources: Record<string, number>;
  /**
   * Merchants by logo kind: a brand logo, the website's favicon, or none; and the Commons photographs
   * the build refused as logos (null for an artifact built before they were counted).
   */
  logoKinds: Omit<LogoKinds, 'photoRejected'> & { photoRejected: LogoKinds['photoRejected'] | null };
  thirdParties: number;
  /** Merchant aliases (names other than the display name). */
  aliases: number;
  descriptorAliases: number;
  unknownFacilitatorPrefixes: number;
  /** Nodes of the industry taxonomy. */
  industries: number;
  topLevelIndustries: number;
  /** MCCs mapped to an industry. */
  mccsMapped: number;
  geo: { countries: number; regions: number; zips: number; cities: number };
}

/** Where a logo URL comes from: Wikidata/Commons, the Simple Icons CDN, or the favicon fallback. */
export function logoSourceOf(logo: string | null): string {
  if (logo === null) return 'none';
  const host = new URL(logo).hostname;
  if (host === 'commons.wikimedia.org' || host === 'upload.wikimedia.org') return 'wikidata';
  if (host === 'cdn.simpleicons.org') return 'simple-icons';
  if (host === 'icons.duckduckgo.com') return 'favicon';
  return 'other';
}

const byCountDesc = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

/** Brand logos, favicons and merchants with neither, from the counts by logo source. */
function kindsOf(logoSources: Readonly<Record<string, number>>): Omit<LogoKinds, 'photoRejected'> {
  let logo = 0;
  for (const [source, count] of Object.entries(logoSources))
    if (source !== 'favicon' && source !== 'none') logo += count;
  return { logo, favicon: logoSources.favicon ?? 0, missing: logoSources.none ?? 0 };
}

/**
 * The manifest counts of a catalog body; `photoRejected`, known to the build alone (the artifact keeps
 * only the logo that replaced a refused photograph), adds `logoKinds`.
 */
export function countCatalog(
  catalog: Omit<Catalog, 'manifest'>,
  photoRejected?: LogoKinds['photoRejected'],
): CatalogCounts {
  const bySource: Record<string, number> = { nsi: 0, 'simple-icons': 0, curated: 0, colleges: 0 };
  const logoSources: Record<string, number> = { wikidata: 0, 'simple-icons': 0, favicon: 0, none: 0 };
  let usMerchants = 0;
  let globalMerchants = 0;
  let withWebsite = 0;
  let withLogo = 0;
  let aliases = 0;
  for (const merchant of catalog.merchants) {
    if (merchant.countries.includes('us')) usMerchants++;
    if (merchant.countries.length === 0) globalMerchants++;
    if (merchant.website) withWebsite++;
    if (merchant.logo) withLogo++;
    aliases += merchant.aliases.length;
    for (const source of merchant.sources) bySource[source] = (bySource[source] ?? 0) + 1;
    const logoSource = logoSourceOf(merchant.logo);
    logoSources[logoSource] = (logoSources[logoSource] ?? 0) + 1;
  }
  return {
    merchants: catalog.merchants.length,
    usMerchants,
    globalMerchants,
    withWebsite,
    withLogo,
    aliases,
    bySource,
    logoSources,
    ...(photoRejected ? { logoKinds: { ...kindsOf(logoSources), photoRejected } } : {}),
    thirdParties: catalog.thirdParties.length,
    descriptorAliases: catalog.descriptorAliases.length,
    industries: catalog.industries.length,
    mccs: catalog.mccs.length,
    countries: catalog.geo.countries.length,
    regions: catalog.geo.regions.length,
    zips: catalog.geo.zips.length,
    cities: catalog.geo.cities.length,
  };
}

/** Everything `txenrich catalog stats` prints. */
export function catalogStats(catalog: Catalog): CatalogStats {
  const counts = countCatalog(catalog);
  const countries = new Map<string, number>();
  const industries = new Map<string, number>();
  const topOf = (id: string) => `${id.slice(0, 3)}-000-000-000`;
  for (const merchant of catalog.merchants) {
    for (const country of merchant.countries) countries.set(country, (countries.get(country) ?? 0) + 1);
    const top = topOf(merchant.industryId);
    industries.set(top, (industries.get(top) ?? 0) + 1);
  }
  const byCountry: Record<string, number> = { us: countries.get('us') ?? 0 };
  for (const [country, count] of [...countries].sort(byCountDesc))
    if (country !== 'us') byCountry[country] = count;
  const names = new Map(catalog.industries.map((industry) => [industry.id, industry.name]));
  const topLevel = catalog.industries.filter((industry) => industry.parentId === null);
  const byTopLevelIndustry = topLevel
    .map((industry) => ({
      id: industry.id,
      name: industry.name,
      merchants: industries.get(industry.id) ?? 0,
    }))
    .sort((a, b) => b.merchants - a.merchants || (a.id < b.id ? -1 : 1));
  for (const [id, merchants] of industries) {
    if (!names.has(id)) byTopLevelIndustry.push({ id, name: '(unknown)', merchants });
  }
  return {
    version: catalog.manifest.version,
    buildHash: catalog.manifest.buildHash,
    merchants: counts.merchants,
    usMerchants: counts.usMerchants,
    globalMerchants: counts.globalMerchants,
    withWebsite: counts.withWebsite,
    withLogo: counts.withLogo,
    bySource: counts.bySource,
    byCountry,
    byTopLevelIndustry,
    logoSources: counts.logoSources,
    logoKinds: {
      ...kindsOf(counts.logoSources),
      photoRejected: catalog.manifest.counts.logoKinds?.photoRejected ?? null,
    },
    thirdParties: counts.thirdParties,
    aliases: counts.aliases,
    descriptorAliases: counts.descriptorAliases,
    unknownFacilitatorPrefixes: catalog.unknownFacilitatorPrefixes.length,
    industries: counts.industries,
    topLevelIndustries: topLevel.length,
    mccsMapped: catalog.mccs.filter((mcc) => names.has(mcc.industryId)).length,
    geo: { countries: counts.countries, regions: counts.regions, zips: counts.zips, cities: counts.cities },
  };
}

const pct = (part: number, whole: number) => (whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1));

/** The stats as aligned text; `topCountries` limits the country list. */
export function formatStats(stats: CatalogStats, topCountries = 25): string {
  const lines: string[] = [];
  const row = (label: string, value: string | number) => lines.push(`  ${label.padEnd(50)} ${value}`);
  lines.push(`txenrich catalog ${stats.version} (build ${stats.buildHash.slice(0, 12)})`, '');
  lines.push('Merchants');
  row('all', stats.merchants);
  row('US', `${stats.usMerchants} (${pct(stats.usMerchants, stats.merchants)}%)`);
  row('global (no country restriction)', stats.globalMerchants);
  row('with website', `${stats.withWebsite} (${pct(stats.withWebsite, stats.merchants)}%)`);
  row('with logo', `${stats.withLogo} (${pct(stats.withLogo, stats.merchants)}%)`);
  for (const [source, count] of Object.entries(stats.logoSources)) row(`  logo from ${source}`, count);
  row('aliases', stats.aliases);
  const kinds = stats.logoKinds;
  lines.push('', 'Logos by kind');
  row(
    'brand logo (a Commons logo or a Simple Icons icon)',
    `${kinds.logo} (${pct(kinds.logo, stats.merchants)}%)`,
  );
  row('favicon of the website', `${kinds.favicon} (${pct(kinds.favicon, stats.merchants)}%)`);
  row('missing', `${kinds.missing} (${pct(kinds.missing, stats.merchants)}%)`);
  if (kinds.photoRejected === null) {
    row('Commons photos refused as logos', 'not counted in this artifact: rebuild it');
  } else {
    row('Commons photos refused as logos', kinds.photoRejected.total);
    for (const [source, count] of Object.entries(kinds.photoRejected.replacedBy))
      row(`  replaced by ${source}`, count);
    for (const [rule, count] of Object.entries(kinds.photoRejected.byRule)) row(`  rule ${rule}`, count);
  }
  lines.push('', 'By source');
  for (const [source, count] of Object.entries(stats.bySource)) row(source, count);
  const countries = Object.entries(stats.byCountry);
  lines.push(
    '',
    `By country (US first, top ${Math.min(topCountries, countries.length)} of ${countries.length})`,
  );
  for (const [country, count] of countries.slice(0, topCountries)) row(country, count);
  lines.push('', 'By top-level industry');
  for (const industry of stats.byTopLevelIndustry) row(`${industry.id} ${industry.name}`, industry.merchants);
  lines.push('', 'Other');
  row('third parties', stats.thirdParties);
  row('descriptor aliases', stats.descriptorAliases);
  row('unknown facilitator prefixes', stats.unknownFacilitatorPrefixes);
  row('industry nodes (top-level)', `${stats.industries} (${stats.topLevelIndustries})`);
  row('MCCs mapped', stats.mccsMapped);
  row('countries / regions', `${stats.geo.countries} / ${stats.geo.regions}`);
  row('ZIP codes / cities', `${stats.geo.zips} / ${stats.geo.cities}`);
  return lines.join('\n');
}
