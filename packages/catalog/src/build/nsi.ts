/**
 * name-suggestion-index: brands (and the operator and transit networks the
 * curated `nsi-tag-industries.json` maps), grouped into one draft per Wikidata
 * id, with the logos and websites of NSI's Wikidata file. NSI reads a brand's
 * image from Wikidata's logo properties (P8972 small logo, P154 logo image,
 * P158 seal, P94 coat of arms; never P18 "image" for a brand), yet some of those
 * files are photographs: `classifyCommonsFile` keeps only logos.
 */
import { join } from 'node:path';
import {
  type Coverage,
  createLocationResolver,
  emptyCoverage,
  type LocationSet,
  mergeCoverage,
} from './locations.js';
import { classifyLogoUrl } from './logos.js';
import { packageDir, readJson } from './sources.js';
import { absoluteUrl, hostOf, registrableDomain, squash } from './web.js';

/** What NSI says about one brand (all its items across categories and countries). */
export interface NsiDraft {
  /** `wikidata:Q..` or `nsi:<item id>` */
  key: string;
  wikidata: string | null;
  /** Brand names, best first: the display name of the best-placed item first. */
  names: string[];
  /** Match names and localised names. */
  aliases: string[];
  /** The industries of the brand's categories, best first (see `rankIndustries`). */
  industryIds: string[];
  /** Number of distinct NSI categories the brand appears in. */
  categories: number;
  kind: 'brand' | 'operator' | 'transit';
  coverage: Coverage;
  /** Bare domain of the official website, from Wikidata (see `chooseDomain`). */
  domain: string | null;
  /** Every official host of the brand, the chosen one first. */
  domains: string[];
  /** Commons logo URL, from Wikidata, when its file is a logo. */
  logo: string | null;
  /** The Commons image Wikidata gives that is a photograph, not a logo (see `RejectedLogo`). */
  rejectedLogo: RejectedLogo | null;
}

/** A Commons image refused as a logo, and the id of the rule of `LOGO_FILE_RULES` that refused it. */
export interface RejectedLogo {
  url: string;
  rule: string;
}

interface NsiItem {
  id: string;
  displayName: string;
  locationSet?: LocationSet;
  matchNames?: string[];
  tags: Record<string, string>;
}

interface NsiFile {
  nsi: Record<string, { items?: NsiItem[] }>;
}

interface WikidataEntry {
  label?: string;
  logos?: { wikidata?: string };
  identities?: { website?: string };
  officialWebsites?: string[];
}

export interface ReadNsiOptions {
  /** NSI category (without `brands/`) -> industry id: the categories to keep. */
  tagIndustries: Readonly<Record<string, string>>;
  /** Lowercase ISO alpha-2 codes. */
  countryCodes: ReadonlySet<string>;
}

const NAME_TAGS = [
  'brand',
  'name',
  'operator',
  'network',
  'brand:en',
  'name:en',
  'operator:en',
  'network:en',
];

/** The tag holding the name of what an item names, by NSI tree. */
const MAIN_TAG = { brands: 'brand', operators: 'operator', transit: 'network' } as const;

/** The tag holding the Wikidata id of what an item names, by NSI tree. */
const WIKIDATA_TAG = {
  brands: ['brand:wikidata'],
  operators: ['operator:wikidata'],
  transit: ['network:wikidata', 'operator:wikidata'],
};

/** Website and logo of a Wikidata item, as NSI's Wikidata file records them. */
export interface WikidataFacts {
  /** Official hosts, in Wikidata's order (the `website` identity first). */
  hosts: string[];
  /** The Commons logo, when its file is a logo; null when there is none or it is a photograph. */
  logo: string | null;
  rejectedLogo: RejectedLogo | null;
}

export interface NsiResult {
  drafts: NsiDraft[];
  /** Items kept (each brand appears once per category and location set). */
  items: number;
  /** Facts of any Wikidata id NSI knows (also those of curated merchants), or null. */
  wikidata: (qid: string) => WikidataFacts | null;
}

function facts(entry: WikidataEntry | undefined): WikidataFacts | null {
  if (!entry) return null;
  const sites = [entry.identities?.website, ...(entry.officialWebsites ?? [])].filter(
    (s): s is string => !!s,
  );
  const hosts = [...new Set(sites.map(hostOf).filter((host): host is string => host !== null))];
  const url = commonsUrl(entry.logos?.wikidata);
  if (url === null) return { hosts, logo: null, rejectedLogo: null };
  const verdict = classifyLogoUrl(url);
  return verdict.kind === 'logo'
    ? { hosts, logo: url, rejectedLogo: null }
    : { hosts, logo: null, rejectedLogo: { url, rule: verdict.rule } };
}

/**
 * The logo URL of NSI's Wikidata file as an absolute URL. NSI writes an SVG's
 * `Special:FilePath/<file>` unencoded: a `?` in the file name (`Which Wich?
 * logo.svg`) would start a query and name another file, so it is encoded.
 */
function commonsUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  const filePath = /^(https:\/\/commons\.wikimedia\.org\/wiki\/Special:FilePath\/)(.*)$/.exec(raw);
  return absoluteUrl(filePath ? `${filePath[1]}${filePath[2]!.replaceAll('?', '%3F')}` : raw);
}

const GENERIC_TLDS = new Set(['com', 'net', 'org', 'co', 'io', 'shop', 'store']);

/**
 * The brand's website among its official hosts: a host named after the brand
 * (`albertsons.com` over `albertsonscompanies.com`), then a bare registrable
 * domain over a subdomain (`publix.com` over `corporate.publix.com`), then a
 * generic TLD for a global or US brand, or the ccTLD of one of its countries
 * (`wingstop.com` over `wingstop.com.mx` for a US brand), then Wikidata's order.
 */
export function chooseDomain(
  hosts: readonly string[],
  names: readonly string[],
  coverage: Coverage,
): string | null {
  if (hosts.length === 0) return null;
  const wanted = new Set(names.map(squash).filter((name) => name.length > 0));
  const usOrGlobal =
    coverage.global || coverage.countries.has('us') || [...coverage.regions].some((r) => r.startsWith('us-'));
  const countries = new Set([...coverage.countries, ...[...coverage.regions].map((r) => r.slice(0, 2))]);
  const score = (host: string, order: number) => {
    const registrable = registrableDomain(host);
    const label = registrable.split('.')[0]!;
    const tld = host.split('.').at(-1)!;
    let tldFits: number;
    if (usOrGlobal) tldFits = GENERIC_TLDS.has(tld) || tld === 'us' ? 0 : 1;
    else if (countries.has(tld) || (tld === 'uk' && countries.has('gb'))) tldFits = 0;
    else tldFits = GENERIC_TLDS.has(tld) ? 1 : 2;
    return [wanted.has(squash(label)) ? 0 : 1, registrable === host ? 0 : 1, tldFits, order];
  };
  const ranked = hosts
    .map((host, order) => ({ host, score: score(host, order) }))
    .sort((a, b) => {
      for (let i = 0; i < a.score.length; i++)
        if (a.score[i] !== b.score[i]) return a.score[i]! - b.score[i]!;
      return 0;
    });
  return ranked[0]!.host;
}

interface IndustryVote {
  industryId: string;
  category: string;
  /** From the brands tree (not an operator or transit network). */
  brand: boolean;
  displayName: string;
}

/** Categories of facilities that come with a store rather than define it. */
const SECONDARY_CATEGORY =
  /^(?:advertising\/|amenity\/(?:atm|vending_machine|charging_station|parcel_locker|payment_terminal|parking|bicycle_parking|photo_booth|post_box|recycling|telephone|trolley_bay|waste_basket)$|man_made\/charge_point$)/;

/**
 * The industries of a brand seen in several categories, best first: brand
 * categories before operator ones (Shell sells fuel; it also operates
 * chargers); a store before what comes with one (Kroger's price totems,
 * CVS's vending machines); the category of the item named exactly like the
 * brand (`Kroger` is a supermarket, `Kroger Pharmacy` a pharmacy); the most
 * items (Duke Energy runs power lines, substations and plants, and some
 * chargers); a shop before an amenity (Publix: supermarket and pharmacy);
 * then NSI's category order.
 */
function rankIndustries(votes: readonly IndustryVote[], name: string): string[] {
  const tally = new Map<
    string,
    { brand: number; primary: number; named: number; items: number; shop: number; first: number }
  >();
  votes.forEach((vote, order) => {
    const entry = tally.get(vote.industryId) ?? {
      brand: 0,
      primary: 0,
      named: 0,
      items: 0,
      shop: 0,
      first: order,
    };
    if (vote.brand) entry.brand = 1;
    if (!SECONDARY_CATEGORY.test(vote.category)) entry.primary = 1;
    if (vote.displayName === name) entry.named = 1;
    if (vote.category.startsWith('shop/')) entry.shop = 1;
    entry.items++;
    tally.set(vote.industryId, entry);
  });
  return [...tally]
    .sort(
      ([, a], [, b]) =>
        b.brand - a.brand ||
        b.primary - a.primary ||
        b.named - a.named ||
        b.items - a.items ||
        b.shop - a.shop ||
        a.first - b.first,
    )
    .map(([industryId]) => industryId);
}

/** Read NSI and group its items into drafts. Operator and transit items need a Wikidata id to be kept. */
export function readNsi(options: ReadNsiOptions): NsiResult {
  const dir = packageDir('name-suggestion-index');
  const nsi = (readJson(join(dir, 'dist/json/nsi.min.json')) as NsiFile).nsi;
  const wikidata = (
    readJson(join(dir, 'dist/wikidata/wikidata.min.json')) as { wikidata: Record<string, WikidataEntry> }
  ).wikidata;
  const resolve = createLocationResolver(options.countryCodes);

  const drafts = new Map<
    string,
    Omit<NsiDraft, 'industryIds' | 'categories'> & {
      rank: number;
      categorySet: Set<string>;
      votes: IndustryVote[];
    }
  >();
  let items = 0;
  for (const path of Object.keys(nsi).sort()) {
    const tree = path.split('/')[0] as keyof typeof WIKIDATA_TAG;
    if (!(tree in WIKIDATA_TAG)) continue;
    const category = tree === 'brands' ? path.slice('brands/'.length) : path;
    const industryId = options.tagIndustries[category];
    if (industryId === undefined) continue;
    const kind = tree === 'brands' ? 'brand' : tree === 'operators' ? 'operator' : 'transit';
    for (const item of nsi[path]?.items ?? []) {
      const qid = WIKIDATA_TAG[tree]
        .map((tag) => item.tags[tag])
        .find((q) => q !== undefined && /^Q\d+$/.test(q));
      if (qid === undefined && kind !== 'brand') continue;
      items++;
      const key = qid ? `wikidata:${qid}` : `nsi:${item.id}`;
      const coverage = resolve(item.locationSet);
      // Rank of the item's placement for choosing the display name: US first, then global, then the rest.
      const rank =
        coverage.countries.has('us') || [...coverage.regions].some((r) => r.startsWith('us-'))
          ? 0
          : coverage.global
            ? 1
            : 2;
      // The tag naming the brand first: the display name may carry a disambiguation (`Target (USA)`).
      const main = item.tags[MAIN_TAG[tree]];
      const names = [main, item.displayName, ...NAME_TAGS.map((tag) => item.tags[tag])].filter(
        (v): v is string => !!v,
      );
      let draft = drafts.get(key);
      if (!draft) {
        const known = qid ? facts(wikidata[qid]) : null;
        draft = {
          key,
          wikidata: qid ?? null,
          names: [],
          aliases: [],
          votes: [],
          kind,
          coverage: emptyCoverage(),
          domain: null,
          domains: known?.hosts ?? [],
          logo: known?.logo ?? null,
          rejectedLogo: known?.rejectedLogo ?? null,
          rank,
          categorySet: new Set(),
        };
        drafts.set(key, draft);
      }
      if (rank < draft.rank) {
        draft.rank = rank;
        draft.names.unshift(...names);
      } else {
        draft.names.push(...names);
      }
      draft.aliases.push(...(item.matchNames ?? []));
      draft.categorySet.add(category);
      draft.votes.push({ industryId, category, brand: kind === 'brand', displayName: item.displayName });
      if (kind === 'brand') draft.kind = 'brand';
      else if (kind === 'operator' && draft.kind === 'transit') draft.kind = 'operator';
      mergeCoverage(draft.coverage, coverage);
    }
  }
  const result: NsiDraft[] = [];
  for (const { rank: _rank, categorySet, votes, ...draft } of drafts.values()) {
    // Items sharing a Wikidata id name sub-brands too (`Best Buy Express`, `DQ Grill & Chill`):
    // the Wikidata label names the brand itself, when it is one of the items' names.
    const label = draft.wikidata ? wikidata[draft.wikidata]?.label : undefined;
    if (label && [...draft.names, ...draft.aliases].some((name) => squash(name) === squash(label))) {
      draft.names.unshift(label);
    }
    const domain = chooseDomain(draft.domains, draft.names, draft.coverage);
    const domains = domain ? [domain, ...draft.domains.filter((host) => host !== domain)] : [];
    const industryIds = rankIndustries(votes, draft.names[0]!);
    result.push({ ...draft, domain, domains, industryIds, categories: categorySet.size });
  }
  return {
    drafts: result,
    items,
    wikidata: (qid) => facts(Object.hasOwn(wikidata, qid) ? wikidata[qid] : undefined),
  };
}
