/**
 * Correction rules (CONTRACT.md section 7): when the operator resolves an
 * error report, the correction becomes a rule of the tenant, and later
 * transactions with the same normalised descriptor (and, when the rule names
 * one, the same MCC) are enriched the corrected way: another counterparty
 * (from the catalog, or a custom one), another category, channel or place.
 *
 * Rules are compiled once into a Map keyed by descriptor; applying one is a
 * lookup and a few object spreads, and never mutates the enrichment it is
 * given.
 */
import { uuidv5 } from '@txenrich/catalog';
import type { Channel, Counterparty, CounterpartyLocation, Enrichment, Industry } from '@txenrich/schema';
import { bareHost, nameKey } from '../normalize/text.js';

/** A correction of the counterparty: one from the catalog (by id), or one the operator described. */
export type CounterpartyCorrection = { id: string } | { name: string; website?: string; logo?: string };

export interface LocationCorrection {
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
}

export interface CorrectionRule {
  /** The normalised descriptor (`descriptorKey`) the rule applies to. */
  descriptorKey: string;
  /** Only transactions with this MCC (3 or 4 digits); any MCC when absent. */
  mcc?: string;
  counterparty?: CounterpartyCorrection;
  /** An industry id (`011-000-000-000`): the category shown and the counterparty's industry. */
  industryId?: string;
  channel?: Channel;
  location?: LocationCorrection;
}

/** What applying a rule needs from the catalog. */
export interface CorrectionResolver {
  /** The catalog counterparty with this id, shaped for the wire, or null when the catalog has none. */
  counterparty(id: string): Counterparty | null;
  /** The industry chain of an id, broad to specific; empty when unknown. */
  industryChain(industryId: string): Industry[];
}

/** A rule ready to apply: later rules merged over earlier ones, custom counterparties given their id. */
export interface CompiledRule {
  counterpartyId: string | null;
  custom: { id: string; name: string; website: string | null; logo: string | null } | null;
  industryId: string | null;
  channel: Channel | null;
  location: LocationCorrection | null;
}

export interface CompiledCorrections {
  /** descriptor key -> the rule for any MCC, and the rules per MCC (already merged over the former). */
  byDescriptor: Map<string, { any: CompiledRule | null; byMcc: Map<string, CompiledRule> }>;
  size: number;
}

/**
 * The normalised descriptor corrections are keyed by: `nameKey` (lower case,
 * `&` as `and`, apostrophes dropped, other punctuation as spaces), without the
 * words holding digits (store and terminal numbers, phone numbers, dates,
 * order references) except the first word (`7-ELEVEN`, `99 RANCH`), in upper
 * case. `SQ *BLUE BOTTLE #12 4155551234` and `SQ * Blue Bottle #7` both give
 * `SQ BLUE BOTTLE`. Idempotent. (`parseDescriptor` would strip more, but it
 * needs the catalog's lexicon; this key must be computable by the service
 * from the raw descriptor alone.)
 */
export function descriptorKey(raw: string): string {
  const words = nameKey(raw).split(' ');
  let key = words[0] ?? '';
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    if (!/\d/.test(word)) key += ` ${word}`;
  }
  return key.toUpperCase();
}

/** A 3-digit MCC is the 4-digit one with a leading zero (`742` = `0742`). */
const mccKey = (mcc: string) => mcc.trim().padStart(4, '0');

/** `acme.com` -> `https://acme.com`; absolute http(s) URLs unchanged; anything else null. */
function absoluteUrl(value: string | undefined, allowBareHost: boolean): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(text)) return text;
  if (allowBareHost && /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(text)) return `https://${text}`;
  return null;
}

/**
 * The stable id of a counterparty described by a correction: UUIDv5 of
 * `correction:<nameKey(name)>|<host>` in the txenrich namespace, so the same
 * custom merchant keeps its id across tenants, environments and restarts.
 */
export function customCounterpartyId(name: string, website?: string | null): string {
  return uuidv5(`correction:${nameKey(name)}|${website ? bareHost(website) : ''}`);
}

function compileRule(rule: CorrectionRule): CompiledRule {
  const { counterparty } = rule;
  let counterpartyId: string | null = null;
  let custom: CompiledRule['custom'] = null;
  if (counterparty && 'id' in counterparty) {
    counterpartyId = counterparty.id;
  } else if (counterparty?.name.trim()) {
    const website = absoluteUrl(counterparty.website, true);
    custom = {
      id: customCounterpartyId(counterparty.name, website),
      name: counterparty.name.trim(),
      website,
      logo: absoluteUrl(counterparty.logo, false),
    };
  }
  return {
    counterpartyId,
    custom,
    industryId: rule.industryId ?? null,
    channel: rule.channel ?? null,
    location: rule.location ?? null,
  };
}

/** `later` over `earlier`, field by field: what `later` leaves out, `earlier` keeps. */
function merge(earlier: CompiledRule | null | undefined, later: CompiledRule): CompiledRule {
  if (!earlier) return later;
  const replacesCounterparty = later.counterpartyId !== null || later.custom !== null;
  return {
    counterpartyId: replacesCounterparty ? later.counterpartyId : earlier.counterpartyId,
    custom: replacesCounterparty ? later.custom : earlier.custom,
    industryId: later.industryId ?? earlier.industryId,
    channel: later.channel ?? earlier.channel,
    location: later.location ? { ...earlier.location, ...later.location } : earlier.location,
  };
}

/**
 * Compiles a tenant's correction rules, oldest first: for the same
 * descriptor and MCC, a later rule overrides the fields it sets and keeps the
 * others; a rule for one MCC overrides the rule for any MCC where both set a
 * field. Rules whose descriptor normalises to nothing are ignored.
 */
export function compileCorrections(rules: readonly CorrectionRule[]): CompiledCorrections {
  const staged = new Map<string, { any: CompiledRule | null; byMcc: Map<string, CompiledRule> }>();
  let size = 0;
  for (const rule of rules) {
    const key = descriptorKey(rule.descriptorKey);
    if (!key) continue;
    let entry = staged.get(key);
    if (!entry) {
      entry = { any: null, byMcc: new Map() };
      staged.set(key, entry);
    }
    const compiled = compileRule(rule);
    if (rule.mcc?.trim()) {
      const mcc = mccKey(rule.mcc);
      entry.byMcc.set(mcc, merge(entry.byMcc.get(mcc), compiled));
    } else {
      entry.any = merge(entry.any, compiled);
    }
    size++;
  }
  // The MCC-specific rules carry the fields of the any-MCC rule they do not set themselves.
  for (const entry of staged.values()) {
    for (const [mcc, rule] of entry.byMcc) entry.byMcc.set(mcc, merge(entry.any, rule));
  }
  return { byDescriptor: staged, size };
}

const blankLocation: CounterpartyLocation = {
  id: null,
  address: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  phoneNumber: null,
  latitude: null,
  longitude: null,
  matchScore: null,
};

function customCounterparty(custom: NonNullable<CompiledRule['custom']>): Counterparty {
  return {
    id: custom.id,
    name: custom.name,
    legalName: null,
    industry: [],
    location: [],
    matchScore: 100,
    logo: custom.logo,
    medianSpendPerTransaction: null,
    phoneNumber: null,
    website: custom.website,
    possibleCounterpartyAlternate: null,
    verified: true,
  };
}

function correctLocation(
  location: readonly CounterpartyLocation[],
  fix: LocationCorrection,
): CounterpartyLocation[] {
  const base = location[0] ?? blankLocation;
  const next: CounterpartyLocation = { ...base };
  if (fix.city !== undefined) next.city = fix.city;
  if (fix.region !== undefined) next.region = fix.region;
  if (fix.postalCode !== undefined) next.postalCode = fix.postalCode;
  if (fix.country !== undefined) next.country = fix.country;
  const moved =
    next.city !== base.city ||
    next.region !== base.region ||
    next.postalCode !== base.postalCode ||
    next.country !== base.country;
  // The coordinates were those of the old place.
  if (moved) {
    next.latitude = null;
    next.longitude = null;
  }
  return [next, ...location.slice(1)];
}

/**
 * The enrichment corrected by the tenant's rule for this descriptor key (the
 * output of `descriptorKey`) and MCC, or the enrichment itself when no rule
 * applies. The input is never mutated.
 *
 * - counterparty: the catalog one (`resolve.counterparty`; an id the catalog
 *   no longer has leaves the counterparty as it was) or the custom one
 *   replaces the list, with `matchScore` 100; it keeps the transaction's
 *   place when it has none of its own; display name, category and graphic
 *   follow it.
 * - industry: the chain becomes the counterparty's industry and the display
 *   category (and the graphic, when that was the category icon).
 * - channel: for spending transactions (others have no `spendingInfo`).
 * - location: the fields given replace those of the counterparty's first
 *   location (coordinates are dropped when the place moved); without a
 *   counterparty there is nowhere to put it and it is ignored.
 */
export function applyCorrection(
  compiled: CompiledCorrections,
  key: string,
  mcc: string | null,
  enrichment: Enrichment,
  resolve: CorrectionResolver,
): Enrichment {
  const entry = compiled.byDescriptor.get(key);
  if (!entry) return enrichment;
  const rule = (mcc ? entry.byMcc.get(mccKey(mcc)) : undefined) ?? entry.any;
  if (!rule) return enrichment;

  const info = enrichment.transactionInfo;
  const previous = enrichment.counterparty[0];
  let counterparty = enrichment.counterparty;
  let display = info.display;
  let top: Counterparty | undefined = previous;

  const replacement = rule.counterpartyId
    ? resolve.counterparty(rule.counterpartyId)
    : rule.custom
      ? customCounterparty(rule.custom)
      : null;
  if (replacement) {
    top = {
      ...replacement,
      matchScore: 100,
      possibleCounterpartyAlternate: null,
      verified: true,
      location: replacement.location.length > 0 ? replacement.location : (previous?.location ?? []),
    };
    const logo = top.logo;
    const partyLogo = info.thirdParties.find((party) => party.logo)?.logo ?? null;
    const categoryIcon =
      top.industry.at(-1)?.icon ?? (display.graphicSource === 'category' ? display.graphic : null);
    const [graphic, graphicSource] = logo
      ? [logo, 'counterparty' as const]
      : partyLogo
        ? [partyLogo, 'third_party' as const]
        : categoryIcon
          ? [categoryIcon, 'category' as const]
          : [null, null];
    display = {
      name: top.name,
      categoryName: top.industry.at(-1)?.name ?? display.categoryName,
      graphic,
      graphicSource,
    };
  }

  if (rule.industryId) {
    const chain = resolve.industryChain(rule.industryId);
    const leaf = chain.at(-1);
    if (leaf) {
      if (top) top = { ...top, industry: chain };
      const categoryGraphic = display.graphicSource === 'category' || display.graphic === null;
      display = {
        ...display,
        categoryName: leaf.name,
        ...(categoryGraphic && leaf.icon ? { graphic: leaf.icon, graphicSource: 'category' as const } : {}),
      };
    }
  }

  if (rule.location && top) top = { ...top, location: correctLocation(top.location, rule.location) };
  // A replaced counterparty drops the other candidates of the wrong match; a corrected one keeps them.
  if (top && top !== previous)
    counterparty = replacement ? [top] : [top, ...enrichment.counterparty.slice(1)];

  const spendingInfo =
    rule.channel && info.spendingInfo
      ? { ...info.spendingInfo, channel: { value: rule.channel } }
      : info.spendingInfo;

  return {
    ...enrichment,
    transactionInfo: { ...info, display, spendingInfo },
    counterparty,
  };
}
