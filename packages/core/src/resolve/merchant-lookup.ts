/**
 * Merchant details for a name (`GET /merchants`): the catalog merchants and
 * third parties of that name, most similar first. A merchant comes in the
 * counterparty shape of results, with the MCCs its card transactions are
 * expected to carry and the brands the catalog knows around it: its other
 * records (alternates) and the brands sharing its company's website
 * (affiliates: a parent, subsidiaries, siblings).
 *
 * The merchants are found by the autocomplete index of `/corporations`; the
 * relations are indexed on first use, so an engine that never looks merchants
 * up never pays for them.
 */
import { type Catalog, type Merchant, registrableDomain } from '@txenrich/catalog';
import type { AffiliateRelation, MerchantCounterparty, Merchants, RelatedMerchant } from '@txenrich/schema';
import { merchantLookupLimit } from '@txenrich/schema';
import { distance } from 'fastest-levenshtein';
import type { EngineParts } from '../engine-parts.js';
import { bareHost, compactKey, nameKey } from '../normalize/text.js';
import { shapeCounterparty, toThirdParty } from '../shape/counterparty.js';
import { MIN_MATCH_SCORE } from './matcher.js';

/** At most this many alternates, and as many affiliates, per merchant. */
const MAX_RELATED = 10;

export interface MerchantLookup {
  lookup(name: string): Merchants;
}

/** Catalog merchants found for a name, best first (the autocomplete's order). */
export type FindMerchants = (name: string, limit: number) => number[];

/**
 * 50..100: how similar a name is to the query. Mostly how nearly the name's start spells it (a prefix
 * is as good as the whole name), a little how much of the name the query covers, so the exact name
 * comes before longer names that start with it.
 */
export function nameSimilarity(compactQuery: string, compactName: string): number {
  if (!compactQuery || !compactName) return MIN_MATCH_SCORE;
  const length = compactQuery.length;
  const edits = Math.min(
    distance(compactQuery, compactName.slice(0, length)),
    distance(compactQuery, compactName.slice(0, length + 1)),
  );
  const closeness = Math.max(0, 1 - edits / length);
  const coverage = Math.min(1, length / compactName.length);
  const score = MIN_MATCH_SCORE + (100 - MIN_MATCH_SCORE) * (0.8 * closeness + 0.2 * coverage);
  return Math.round(score * 10) / 10;
}

/** A code of one airline, car rental or hotel chain (3000-3999): expected only of that chain. */
const isChainCode = (code: string) => code >= '3000' && code <= '3999';

/** The merchant's host without `www.`, or null without a website. */
const hostOf = (merchant: Merchant) => (merchant.website ? bareHost(merchant.website) : null);

/** Pushes `value` onto the list at `key`. */
function group<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A merchant's name as records of one brand share it (`Dr. Martens`, `DR MARTENS`). */
const nameKeyOf = (merchant: Merchant) => compactKey(nameKey(merchant.name));

const related = (merchant: Merchant): RelatedMerchant => ({
  id: merchant.id,
  name: merchant.name,
  website: merchant.website,
});

export function createMerchantLookup(
  catalog: Catalog,
  parts: Pick<EngineParts, 'industryChain'>,
  findMerchants: FindMerchants,
): MerchantLookup {
  const { merchants } = catalog;
  let indexes: ReturnType<typeof buildIndexes> | undefined;

  function buildIndexes() {
    const byName = new Map<string, number[]>();
    const byHost = new Map<string, number[]>();
    const byDomain = new Map<string, number[]>();
    for (const [index, merchant] of merchants.entries()) {
      group(byName, nameKeyOf(merchant), index);
      const host = hostOf(merchant);
      if (host === null) continue;
      group(byHost, host, index);
      group(byDomain, registrableDomain(host), index);
    }
    /** MCCs by industry: what the catalog's MCC table says each industry is charged under. */
    const mccsOfIndustry = new Map<string, string[]>();
    // Not the 3000-3999 codes: each names one airline, car rental or hotel chain, not its industry.
    for (const mcc of catalog.mccs)
      if (!isChainCode(mcc.code)) group(mccsOfIndustry, mcc.industryId, mcc.code);
    /** MCCs the merchant's curated statement forms were seen with. */
    const mccsOfMerchant = new Map<string, string[]>();
    for (const alias of catalog.descriptorAliases)
      if (alias.mcc) group(mccsOfMerchant, alias.merchantId, alias.mcc);
    const industries = new Map(catalog.industries.map((industry) => [industry.id, industry]));
    return { byName, byHost, byDomain, mccsOfIndustry, mccsOfMerchant, industries };
  }

  /**
   * The MCCs of its statement forms, and those of its industry, or of the nearest broader industry that
   * has any (an industry the MCC table is too coarse for is charged under its parent's codes).
   */
  function expectedMccs(merchant: Merchant): string[] {
    const { mccsOfIndustry, mccsOfMerchant, industries } = indexes!;
    const codes = new Set(mccsOfMerchant.get(merchant.id));
    for (let id: string | null = merchant.industryId; id; id = industries.get(id)?.parentId ?? null) {
      const ofIndustry = mccsOfIndustry.get(id);
      if (!ofIndustry) continue;
      for (const code of ofIndustry) codes.add(code);
      break;
    }
    return [...codes].filter((code) => /^\d{4}$/.test(code)).sort();
  }

  /** Other records of the same brand: catalog entries of the same name (another country's, another line). */
  function alternatesOf(index: number): RelatedMerchant[] {
    const others = indexes!.byName.get(nameKeyOf(merchants[index]!)) ?? [];
    return others
      .filter((other) => other !== index)
      .slice(0, MAX_RELATED)
      .map((other) => related(merchants[other]!));
  }

  /** Brands on the same company site: the one named by the domain is the parent, the others siblings. */
  function affiliatesOf(index: number): Array<RelatedMerchant & { relation: AffiliateRelation }> {
    const { byDomain } = indexes!;
    const merchant = merchants[index]!;
    const host = hostOf(merchant);
    if (host === null) return [];
    const domain = registrableDomain(host);
    const onDomain = byDomain.get(domain) ?? [];
    // The company's own brand: the one the domain spells (`choicehotels.com`: Choice Hotels), the
    // shortest such name (`walmart.com`: Walmart, not Walmart Energy).
    const domainKey = compactKey(domain.split('.')[0]!);
    const owners = onDomain
      .map((other) => merchants[other]!)
      .filter((other) => hostOf(other) === domain && nameKeyOf(other).startsWith(domainKey))
      .sort((a, b) => nameKeyOf(a).length - nameKeyOf(b).length);
    const ownerKey = owners[0] ? nameKeyOf(owners[0]) : null;
    const ownsDomain = (other: Merchant) => nameKeyOf(other) === ownerKey;
    const selfOwns = ownsDomain(merchant);
    const affiliates: Array<RelatedMerchant & { relation: AffiliateRelation }> = [];
    for (const other of onDomain) {
      const affiliate = merchants[other]!;
      if (other === index || nameKeyOf(affiliate) === nameKeyOf(merchant)) continue;
      const relation: AffiliateRelation = ownsDomain(affiliate)
        ? 'parent'
        : selfOwns
          ? 'subsidiary'
          : 'sibling';
      affiliates.push({ ...related(affiliate), relation });
    }
    const order: Record<AffiliateRelation, number> = { parent: 0, subsidiary: 1, sibling: 2 };
    return affiliates.sort((a, b) => order[a.relation] - order[b.relation]).slice(0, MAX_RELATED);
  }

  const thirdPartyKeys = catalog.thirdParties.map((party) => compactKey(nameKey(party.name)));

  return {
    lookup(name) {
      indexes ??= buildIndexes();
      const query = compactKey(nameKey(name).replace(/^the /, ''));
      const counterparties: MerchantCounterparty[] = findMerchants(name, merchantLookupLimit)
        .map((index) => {
          const merchant = merchants[index]!;
          const score = nameSimilarity(query, compactKey(nameKey(merchant.name).replace(/^the /, '')));
          return {
            ...shapeCounterparty(parts, merchant, score, null, null),
            expectedMerchantCategoryCodes: expectedMccs(merchant),
            alternates: alternatesOf(index),
            affiliates: affiliatesOf(index),
          };
        })
        // Stable: equally similar merchants keep the autocomplete's order (popularity, then length).
        .sort((a, b) => b.matchScore - a.matchScore);
      const thirdParties = catalog.thirdParties
        .map((party, index) => ({ party, score: nameSimilarity(query, thirdPartyKeys[index]!) }))
        .filter(({ score }) => score >= THIRD_PARTY_MIN_SCORE)
        .sort((a, b) => b.score - a.score || a.party.name.localeCompare(b.party.name))
        .slice(0, merchantLookupLimit)
        .map(({ party }) => toThirdParty(party));
      return { counterparties, thirdParties };
    },
  };
}

/**
 * A third party is shown from this similarity on: its name starts like the query, give or take an
 * edit in six (the catalog's hundred-odd third parties are compared one by one).
 */
const THIRD_PARTY_MIN_SCORE = 85;
