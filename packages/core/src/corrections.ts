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
import type { Channel, Counterparty, CounterpartyLocation, Enrichment, Industry } from '@txenrich/schema';
import { bareHost, nameKey } from './text.js';

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

/** The namespace of txenrich ids (`CATALOG_NAMESPACE` of `@txenrich/catalog`). */
export const ID_NAMESPACE = '7f82c043-b1cb-47d6-a266-144d85910868';

/**
 * The stable id of a counterparty described by a correction: UUIDv5 of
 * `correction:<nameKey(name)>|<host>` in the txenrich namespace, so the same
 * custom merchant keeps its id across tenants, environments and restarts.
 */
export function customCounterpartyId(name: string, website?: string | null): string {
  return uuidv5(`correction:${nameKey(name)}|${website ? bareHost(website) : ''}`, ID_NAMESPACE);
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

// ---------------------------------------------------------------------------
// UUIDv5 (RFC 9562: SHA-1, name-based), pure: core imports no `node:crypto`.

function sha1(bytes: Uint8Array): Uint8Array {
  const length = bytes.length;
  const blocks = ((length + 8) >>> 6) + 1;
  const words = new Uint32Array(blocks * 16);
  for (let index = 0; index < length; index++) words[index >>> 2]! |= bytes[index]! << (24 - (index % 4) * 8);
  words[length >>> 2]! |= 0x80 << (24 - (length % 4) * 8);
  words[blocks * 16 - 1] = length * 8;
  words[blocks * 16 - 2] = Math.floor((length * 8) / 2 ** 32);
  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const w = new Uint32Array(80);
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 16; t++) w[t] = words[block * 16 + t]!;
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!;
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let t = 0; t < 80; t++) {
      const f =
        t < 20 ? (b & c) | (~b & d) : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const temp = (((a << 5) | (a >>> 27)) + f + e + k + w[t]!) >>> 0;
      e = d;
      d = c;
      c = ((b << 30) | (b >>> 2)) >>> 0;
      b = a;
      a = temp;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  const digest = new Uint8Array(20);
  [h0, h1, h2, h3, h4].forEach((value, index) => {
    digest[index * 4] = value >>> 24;
    digest[index * 4 + 1] = (value >>> 16) & 0xff;
    digest[index * 4 + 2] = (value >>> 8) & 0xff;
    digest[index * 4 + 3] = value & 0xff;
  });
  return digest;
}

/** RFC 9562 UUID version 5 of `name` (UTF-8) in `namespace`. */
export function uuidv5(name: string, namespace: string): string {
  const hex = namespace.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new TypeError(`not a UUID: ${namespace}`);
  const nameBytes = new TextEncoder().encode(name);
  const input = new Uint8Array(16 + nameBytes.length);
  for (let index = 0; index < 16; index++)
    input[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  input.set(nameBytes, 16);
  const bytes = sha1(input).subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const out = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${out.slice(0, 8)}-${out.slice(8, 12)}-${out.slice(12, 16)}-${out.slice(16, 20)}-${out.slice(20)}`;
}
