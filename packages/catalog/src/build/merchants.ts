/**
 * Merging the sources into merchants.
 *
 * - One NSI draft per Wikidata id (or per NSI item without one).
 * - A curated merchant joins the NSI draft of its Wikidata id, else the one
 *   whose official website has its domain and whose names agree, else it
 *   stands alone (key `wikidata:`, `domain:`, or `curated:<name>` for a
 *   generic counterparty without a website, such as `DMV`).
 * - A simple-icons brand joins the merchant of its own domain (or, without a
 *   domain, the curated merchant of the same name; or the US or global NSI
 *   brand of its name whose site's first label is its domain's: `honda.ie`
 *   joins Honda of `honda.com`); with a domain and no such merchant it stands
 *   alone; without either it is dropped.
 * - Two drafts with different Wikidata ids are never merged (same-named brands
 *   of different countries stay apart).
 * - Descriptor aliases join by domain, else a US (or global) NSI brand of the
 *   same name (whose website then becomes the alias's domain); an alias that
 *   finds neither creates a merchant (key `domain:<domain>`, reported as a
 *   build warning).
 */
import type { Merchant, MerchantChannel, MerchantSource } from '../types.js';
import { uuidv5 } from '../uuid.js';
import { COLLEGE_LISTS_FILE } from './colleges.js';
import type { CuratedDescriptorAlias, CuratedMerchant } from './curated.js';
import { duplicateKey } from './curated.js';
import { coverageLists } from './locations.js';
import type { NsiDraft, WikidataFacts } from './nsi.js';
import type { SimpleIconDraft } from './simple-icons.js';
import { faviconOf, registrableDomain, simpleIconUrl, squash, websiteOf } from './web.js';

/** Industry of a simple-icons brand that no other source classifies. */
export const DIGITAL_DEFAULT_INDUSTRY = '016-000-000-000';
/**
 * simple-icons gives brands and no trade: a name that says its trade takes it (`Wizz Air`, `Ethiopian Airlines`,
 * `Starling Bank`), the rest are digital services.
 */
const iconTrades: readonly [RegExp, string][] = [
  [/\bAir(?:lines?|ways)?$|^Air /, '013-001-000-000'],
  [/\bBank$/, '005-001-000-000'],
];
const iconIndustry = (name: string) => iconTrades.find(([pattern]) => pattern.test(name))?.[1];
/** Industry of anything else no source classifies. */
export const UNCATEGORIZED_INDUSTRY = '024-001-000-000';

export type LogoSource = 'wikidata' | 'simple-icons' | 'favicon' | 'none';

interface Acc {
  key: string;
  wikidata: string | null;
  nsi: NsiDraft | null;
  curated: CuratedMerchant | null;
  icons: SimpleIconDraft[];
  /** The descriptor alias that created this merchant, when no source had it. */
  fromAlias: CuratedDescriptorAlias | null;
  descriptorAliases: number;
  /** MCCs of the descriptor aliases that point to it. */
  aliasMccs: string[];
  /** The names its curated descriptor aliases give it: the name US statements' readers know it by. */
  aliasNames: Set<string>;
  /** The domain curated descriptor aliases give it when they joined it by name (its Wikidata site differs). */
  aliasDomain: string | null;
  order: number;
}

export interface MergeInput {
  nsi: NsiDraft[];
  curated: CuratedMerchant[];
  icons: SimpleIconDraft[];
  descriptorAliases: CuratedDescriptorAlias[];
  wikidata: (qid: string) => WikidataFacts | null;
  mccIndustries: Readonly<Record<string, string>>;
  cardNotPresentMccs: ReadonlySet<string>;
}

export interface MergedMerchant extends Merchant {
  /** NSI kind, for stats: brand, operator, transit, or null when not from NSI. */
  nsiKind: NsiDraft['kind'] | null;
  logoSource: LogoSource;
  /** The rule that refused its Commons image as a photograph (the logo then comes from the next source), or null. */
  logoRejected: string | null;
}

export interface MergeResult {
  merchants: MergedMerchant[];
  /** Descriptor alias -> merchant key. */
  aliasKeys: Map<CuratedDescriptorAlias, string>;
  /** Domain -> the key of the merchant that owns it (for third parties). */
  keyOfDomain: (domain: string) => string | null;
  droppedIcons: number;
  warnings: string[];
}

const KIND_RANK = { brand: 0, operator: 1, transit: 2 } as const;

function domainOf(acc: Acc): string | null {
  return (
    acc.curated?.domain ??
    acc.aliasDomain ??
    acc.nsi?.domain ??
    acc.icons[0]?.domain ??
    acc.fromAlias?.domain ??
    null
  );
}

/**
 * A country's own site of a brand (`honda.ie`, `movistar.com.co`): a country code, not one that software
 * projects use as a generic ending (`roots.io`, `relay.dev` are other things of the same name).
 */
const nationalSite =
  /\.(?:(?:com?|org|net)\.[a-z]{2}|(?!io$|ai$|co$|me$|tv$|gg$|sh$|so$|ly$|fm$|to$|cc$|ws$)[a-z]{2})$/;

/** How strongly a merchant owns a domain in the index: its website, another official host, a parent domain. */
type Strength = 0 | 1 | 2;

export function mergeMerchants(input: MergeInput): MergeResult {
  const warnings: string[] = [];
  const accs: Acc[] = [];
  const byKey = new Map<string, Acc>();
  const byWikidata = new Map<string, Acc>();
  const byDomain = new Map<string, { acc: Acc; strength: Strength }[]>();
  const byCuratedName = new Map<string, Acc>();
  const nameSets = new Map<Acc, Set<string>>();

  /** A new merchant, or the one that already has its key. */
  const add = (
    acc: Omit<Acc, 'order' | 'descriptorAliases' | 'aliasMccs' | 'aliasNames' | 'aliasDomain'>,
    attach: (existing: Acc) => void,
  ): Acc => {
    const existing = byKey.get(acc.key);
    if (existing) {
      attach(existing);
      return existing;
    }
    const created: Acc = {
      ...acc,
      order: accs.length,
      descriptorAliases: 0,
      aliasMccs: [],
      aliasNames: new Set(),
      aliasDomain: null,
    };
    accs.push(created);
    byKey.set(created.key, created);
    if (created.wikidata) byWikidata.set(created.wikidata, created);
    return created;
  };
  const index = (domain: string | null, acc: Acc, strength: Strength) => {
    if (!domain) return;
    const list = byDomain.get(domain) ?? [];
    const present = list.find((entry) => entry.acc === acc);
    if (present) present.strength = Math.min(present.strength, strength) as Strength;
    else list.push({ acc, strength });
    byDomain.set(domain, list);
    const parent = registrableDomain(domain);
    if (parent !== domain) index(parent, acc, 2);
  };
  const indexAll = (acc: Acc) => {
    index(domainOf(acc), acc, 0);
    for (const host of acc.nsi?.domains ?? []) index(host, acc, 1);
    index(acc.curated?.domain ?? null, acc, 0);
    for (const icon of acc.icons) index(icon.domain, acc, 1);
    nameSets.delete(acc);
  };
  const namesOf = (acc: Acc) => {
    let names = nameSets.get(acc);
    if (!names) {
      names = new Set(
        [
          ...(acc.nsi?.names ?? []),
          ...(acc.nsi?.aliases ?? []),
          ...(acc.curated ? [acc.curated.name, ...acc.curated.aliases] : []),
          ...acc.icons.flatMap((icon) => [icon.title, ...icon.aliases]),
          acc.fromAlias?.merchant ?? '',
        ]
          .map(squash)
          .filter((name) => name.length > 0),
      );
      nameSets.set(acc, names);
    }
    return names;
  };
  /** The name `wanted` is one of the merchant's names, or starts with one (`Publix Super Markets`, `Publix`). */
  const agrees = (acc: Acc, wanted: string) => {
    const names = namesOf(acc);
    if (names.has(wanted)) return true;
    for (const name of names) if (name.length >= 3 && wanted.startsWith(name)) return true;
    return false;
  };
  /**
   * The best merchant of a domain for a brand called `name`: one whose names
   * agree, then one that shares its first word, then the strongest owner of the domain, a brand before an operator,
   * the widest reach. With `requireName`, only a merchant whose names agree.
   */
  const best = (
    domain: string,
    name: string,
    requireName: boolean,
    accept: (acc: Acc) => boolean = () => true,
  ) => {
    const wanted = squash(name);
    // Else an owner named like the brand's first word (`Fairfield Inn` for `Fairfield by Marriott`, not
    // JW Marriott Hotels, which shares marriott.com).
    const firstWord = squash(name.split(' ')[0] ?? '');
    const sharesFirstWord = (acc: Acc) =>
      firstWord.length >= 4 && [...namesOf(acc)].some((known) => known.startsWith(firstWord));
    const candidates = (byDomain.get(domain) ?? [])
      .filter((entry) => accept(entry.acc))
      .map((entry) => {
        const coverage = entry.acc.nsi ? coverageLists(entry.acc.nsi.coverage) : { countries: [] };
        const named = wanted !== '' && agrees(entry.acc, wanted);
        // A name of its own before one the wanted name only starts with (`Hilton Garden Inn`, not `Hilton`).
        const exact = named && namesOf(entry.acc).has(wanted);
        return {
          acc: entry.acc,
          named,
          score: [
            exact ? 0 : named ? 1 : sharesFirstWord(entry.acc) ? 2 : 3,
            entry.strength,
            entry.acc.nsi ? KIND_RANK[entry.acc.nsi.kind] : 0,
            entry.acc.nsi?.coverage.global ? 0 : 1,
            -coverage.countries.length,
            entry.acc.order,
          ],
        };
      })
      .filter((candidate) => !requireName || candidate.named)
      .sort((a, b) => {
        for (let i = 0; i < a.score.length; i++)
          if (a.score[i] !== b.score[i]) return a.score[i]! - b.score[i]!;
        return 0;
      });
    return candidates[0]?.acc ?? null;
  };

  for (const draft of input.nsi) {
    const acc = add(
      { key: draft.key, wikidata: draft.wikidata, nsi: draft, curated: null, icons: [], fromAlias: null },
      () => {
        throw new Error(`duplicate NSI key ${draft.key}`);
      },
    );
    indexAll(acc);
  }

  for (const merchant of input.curated) {
    let acc: Acc | null | undefined = merchant.wikidata ? byWikidata.get(merchant.wikidata) : undefined;
    if (acc?.curated) acc = undefined;
    if (!acc && !merchant.wikidata && merchant.domain) {
      acc = best(merchant.domain, merchant.name, true, (candidate) => candidate.curated === null);
    }
    if (acc) {
      acc.curated = merchant;
    } else {
      const key = merchant.wikidata
        ? `wikidata:${merchant.wikidata}`
        : merchant.domain
          ? `domain:${merchant.domain}`
          : `curated:${duplicateKey(merchant.name).replaceAll(' ', '-')}`;
      acc = add(
        { key, wikidata: merchant.wikidata, nsi: null, curated: merchant, icons: [], fromAlias: null },
        () => {
          throw new Error(`curated merchant ${merchant.name}: key ${key} is taken`);
        },
      );
    }
    indexAll(acc);
    byCuratedName.set(squash(merchant.name), acc);
  }

  // A brand's icon sourced from one country's site (`honda.ie`) belongs to the brand of that name whose own
  // site has the same first label (`honda.com`), present in the US or everywhere: no digital brand of its own.
  const labelOf = (domain: string) => domain.split('.')[0]!;
  const brandsByLabelAndName = new Map<string, Acc>();
  for (const acc of accs) {
    const { nsi } = acc;
    const domain = domainOf(acc);
    if (nsi?.kind !== 'brand' || !domain) continue;
    if (!nsi.coverage.global && !coverageLists(nsi.coverage).countries.includes('us')) continue;
    const key = `${labelOf(domain)}|${squash(nsi.names[0] ?? '')}`;
    if (!brandsByLabelAndName.has(key)) brandsByLabelAndName.set(key, acc);
  }

  let droppedIcons = 0;
  for (const icon of input.icons) {
    let acc: Acc | null | undefined = icon.domain ? best(icon.domain, icon.title, true) : null;
    acc ??= byCuratedName.get(squash(icon.title));
    if (!acc && icon.domain && nationalSite.test(icon.domain))
      acc = brandsByLabelAndName.get(`${labelOf(icon.domain)}|${squash(icon.title)}`);
    if (!acc && icon.domain) {
      acc = add(
        {
          key: `domain:${icon.domain}`,
          wikidata: null,
          nsi: null,
          curated: null,
          icons: [],
          fromAlias: null,
        },
        () => {},
      );
    }
    if (acc) {
      acc.icons.push(icon);
      indexAll(acc);
    } else {
      droppedIcons++;
    }
  }

  // NSI brands present in the US (descriptor aliases are US statement forms), by exact name.
  const usBrandsByName = new Map<string, Acc>();
  for (const acc of accs) {
    const nsi = acc.nsi;
    if (nsi?.kind !== 'brand' || acc.curated) continue;
    const inUs = nsi.coverage.global || coverageLists(nsi.coverage).countries.includes('us');
    const name = squash(nsi.names[0] ?? '');
    if (inUs && name && !usBrandsByName.has(name)) usBrandsByName.set(name, acc);
  }

  const aliasKeys = new Map<CuratedDescriptorAlias, string>();
  for (const alias of input.descriptorAliases) {
    // The owner of the curated domain whose names agree; else a US brand of that exact name (Wikidata
    // gives Foot Locker footlocker.eu, and footlocker.com to House of Hoops); else the domain's owner.
    const owner = best(alias.domain, alias.merchant, false);
    let acc = best(alias.domain, alias.merchant, true);
    if (!acc) {
      acc = usBrandsByName.get(squash(alias.merchant)) ?? null;
      // The curated domain becomes its website when no merchant had it (Texas Roadhouse) or its own
      // is a foreign one.
      if (acc && (!owner || isForeignSite(domainOf(acc)))) {
        acc.aliasDomain ??= alias.domain;
        indexAll(acc);
      }
    }
    acc ??= owner;
    if (!acc) {
      acc = add(
        {
          key: `domain:${alias.domain}`,
          wikidata: null,
          nsi: null,
          curated: null,
          icons: [],
          fromAlias: alias,
        },
        () => {},
      );
      indexAll(acc);
      warnings.push(
        `descriptor alias ${alias.descriptor}: no merchant has ${alias.domain}; created merchant ${alias.merchant}`,
      );
    }
    acc.descriptorAliases++;
    acc.aliasNames.add(alias.merchant);
    if (alias.mcc) acc.aliasMccs.push(alias.mcc);
    aliasKeys.set(alias, acc.key);
  }

  const merchants = accs.map((acc) => finalize(acc, input));
  dropBorrowedNames(merchants, accs);
  merchants.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const keyOfDomain = (domain: string) => (best(domain, '', false) ?? null)?.key ?? null;
  return { merchants, aliasKeys, keyOfDomain, droppedIcons, warnings };
}

function finalize(acc: Acc, input: MergeInput): MergedMerchant {
  const { nsi, curated, icons, fromAlias } = acc;
  const facts = acc.wikidata ? input.wikidata(acc.wikidata) : null;
  const name = curated?.name ?? statementName(acc) ?? nsi?.names[0] ?? icons[0]?.title ?? fromAlias!.merchant;

  const domain = domainOf(acc);
  let logo: string | null = null;
  let logoSource: LogoSource = 'none';
  // A Commons image that is a photograph is no logo: the next source gives it (see logos.ts).
  const commons = nsi?.logo ?? facts?.logo ?? null;
  const rejected = commons ? null : (nsi?.rejectedLogo ?? facts?.rejectedLogo ?? null);
  if (commons) {
    logo = commons;
    logoSource = 'wikidata';
  } else if (icons[0]) {
    logo = simpleIconUrl(icons[0].slug);
    logoSource = 'simple-icons';
  } else if (domain) {
    logo = faviconOf(domain);
    logoSource = 'favicon';
  }

  let industryId =
    curated?.industry ?? (nsi ? nsiIndustry(nsi, acc.aliasMccs, input.mccIndustries) : undefined);
  if (industryId === undefined && fromAlias?.mcc) industryId = input.mccIndustries[fromAlias.mcc];
  industryId ??= icons.length > 0 ? (iconIndustry(name) ?? DIGITAL_DEFAULT_INDUSTRY) : UNCATEGORIZED_INDUSTRY;

  let countries: string[] = [];
  let regions: string[] = [];
  // NSI places a brand's shops; a business the curated lists call digital, with no countries of its own,
  // sells everywhere (Ticketmaster's NSI shops are outside the US, its site is not).
  const digitalEverywhere = curated?.channel === 'digital' && curated.countries.length === 0;
  if (nsi && !digitalEverywhere) {
    ({ countries, regions } = coverageLists(nsi.coverage));
    if (countries.length > 0 && curated && curated.countries.length > 0) {
      countries = [...new Set([...countries, ...curated.countries])].sort();
    } else if (curated && curated.countries.length > 0) {
      // NSI places the brand everywhere; the curated list knows where it trades (Springfield's shops are
      // in Spain and its neighbours, none in the US).
      countries = [...curated.countries].sort();
    }
  } else if (curated) {
    countries = curated.countries;
  }

  let channel: MerchantChannel;
  if (curated?.channel) channel = curated.channel;
  else if (curated) channel = nsi ? 'mixed' : 'digital';
  else if (nsi) channel = 'physical';
  else if (icons.length > 0) channel = 'digital';
  else channel = fromAlias?.mcc && input.cardNotPresentMccs.has(fromAlias.mcc) ? 'digital' : 'physical';

  const sources: MerchantSource[] = [];
  if (nsi) sources.push('nsi');
  if (icons.length > 0) sources.push('simple-icons');
  if (curated?.file === COLLEGE_LISTS_FILE) sources.push('colleges');
  else if (curated || fromAlias) sources.push('curated');

  const aliases: string[] = [];
  const seen = new Set([duplicateKey(name)]);
  const candidates = [
    ...(curated ? [curated.name, ...curated.aliases] : []),
    ...(nsi ? [...nsi.names, ...nsi.aliases] : []),
    ...icons.flatMap((icon) => [icon.title, ...icon.aliases]),
    ...(fromAlias ? [fromAlias.merchant] : []),
  ];
  for (const candidate of candidates) {
    const trimmed = candidate.trim();
    const key = duplicateKey(trimmed);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push(trimmed);
  }

  return {
    id: uuidv5(acc.key),
    key: acc.key,
    name,
    legalName: curated?.legalName ?? null,
    website: domain ? websiteOf(domain) : null,
    logo,
    industryId,
    countries,
    regions,
    channel,
    aliases,
    popularity: popularity(acc, countries, regions, commons !== null || rejected !== null),
    sources,
    wikidata: acc.wikidata,
    nsiKind: nsi?.kind ?? null,
    logoSource,
    logoRejected: rejected?.rule ?? null,
  };
}

/**
 * Drops the aliases that are the name of a better-known merchant of the same countries: `fred meyer`
 * is an alias of Fred Meyer Jewelers in Wikidata, and a statement's `FRED MEYER` is the stores.
 * Curated aliases stay: they are statement forms (`CITIBANK` is Citi's). Names compare as spelt, only
 * case and accents aside (`AMC+` is not `AMC`). `merchants[i]` is `accs[i]` finalized.
 */
function dropBorrowedNames(merchants: MergedMerchant[], accs: readonly Acc[]): void {
  const spelling = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const byName = new Map<string, MergedMerchant[]>();
  for (const merchant of merchants) {
    const key = spelling(merchant.name);
    byName.set(key, [...(byName.get(key) ?? []), merchant]);
  }
  const sharesCountry = (a: MergedMerchant, b: MergedMerchant) =>
    a.countries.length === 0 || b.countries.length === 0 || a.countries.some((c) => b.countries.includes(c));
  merchants.forEach((merchant, index) => {
    const curated = new Set(accs[index]!.curated?.aliases.map(spelling));
    merchant.aliases = merchant.aliases.filter((alias) => {
      const key = spelling(alias);
      if (curated.has(key)) return true;
      const owners = byName.get(key) ?? [];
      return !owners.some(
        (owner) =>
          owner !== merchant && owner.popularity > merchant.popularity && sharesCountry(owner, merchant),
      );
    });
  });
}

/** A website under a country's domain other than the US one (`footlocker.eu`, `aldi.de`). */
function isForeignSite(domain: string | null): boolean {
  const tld = domain?.slice(domain.lastIndexOf('.') + 1);
  return tld !== undefined && !['com', 'net', 'org', 'us', 'co'].includes(tld);
}

/**
 * The one name the curated descriptor aliases agree on, when it differs from the sources' only by
 * a qualifier a US reader does not say: NSI's `Aldi Süd` is `Aldi` on a US statement, `Pilot Travel
 * Centers` is `Pilot Flying J`. Aliases that disagree (`Amazon` and `Amazon Marketplace`) name nothing.
 */
function statementName(acc: Acc): string | undefined {
  if (acc.aliasNames.size !== 1) return undefined;
  const [name] = acc.aliasNames;
  // Only case or accents apart (`Swissôtel`, `ARCO`): the sources' spelling is the brand's own.
  const sourceName = acc.nsi?.names[0];
  if (!name || (sourceName && duplicateKey(sourceName) === duplicateKey(name))) return undefined;
  return name;
}

/**
 * The industry of an NSI brand: NSI's best category, unless the MCCs of its
 * curated descriptor aliases single out another of its categories (CVS is
 * both a chemist and a pharmacy in NSI; `CVS/PHARMACY` carries MCC 5912).
 */
function nsiIndustry(
  nsi: NsiDraft,
  mccs: readonly string[],
  mccIndustries: Readonly<Record<string, string>>,
): string {
  const votes = new Map<string, number>();
  for (const mcc of mccs) {
    const id = mccIndustries[mcc];
    if (id !== undefined && nsi.industryIds.includes(id)) votes.set(id, (votes.get(id) ?? 0) + 1);
  }
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  if (top && (!second || top[1] > second[1])) return top[0];
  return nsi.industryIds[0]!;
}

/**
 * A 0..1 prior for ranking otherwise equal candidates, from what the sources
 * say about a brand's reach and notability:
 * - curated 0.35; NSI brand with a Wikidata id 0.25 (without 0.10); NSI
 *   operator or transit network 0.10; simple-icons or alias only 0.10;
 * - +0.10 when two or more sources know it;
 * - reach: global +0.25, else +0.05 per country up to +0.20; regional only +0.02;
 * - +0.10 for a Commons image in Wikidata's logo properties (notable enough to have one), be it a logo
 *   or a photograph the build refused as one;
 * - +0.025 per extra NSI category (a brand of several store kinds), up to +0.10;
 * - +0.05 when curated descriptor aliases point to it.
 */
function popularity(acc: Acc, countries: string[], regions: string[], commonsImage: boolean): number {
  let score: number;
  if (acc.curated) score = 0.35;
  else if (acc.nsi?.kind === 'brand') score = acc.wikidata ? 0.25 : 0.1;
  else score = 0.1;
  const sources = (acc.nsi ? 1 : 0) + (acc.curated ? 1 : 0) + (acc.icons.length > 0 ? 1 : 0);
  if (sources >= 2) score += 0.1;
  const global =
    countries.length === 0 && (acc.nsi?.coverage.global || acc.curated !== null || acc.icons.length > 0);
  if (global) score += 0.25;
  else if (
    regions.length > 0 &&
    countries.every((country) => regions.some((r) => r.startsWith(`${country}-`)))
  ) {
    score += 0.02;
  } else score += Math.min(0.2, 0.05 * countries.length);
  if (commonsImage) score += 0.1;
  if (acc.nsi) score += Math.min(0.1, 0.025 * (acc.nsi.categories - 1));
  if (acc.descriptorAliases > 0) score += 0.05;
  return Math.round(Math.min(1, score) * 1000) / 1000;
}
