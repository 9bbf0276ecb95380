/**
 * Category rules (an extension the commercial service lacks): a tenant files
 * every transaction that matches a rule under the rule's category, default or
 * custom. A rule matches on any of the transaction's category (with its
 * descendants), MCC range, displayed name (a glob: `name-pattern.ts` of the
 * schema), type, subType, direction, amount range and channel; every
 * criterion it gives must hold.
 *
 * The most specific rule wins: the one with the most criteria, then the one
 * whose category criterion is deeper in the taxonomy; ties go to the latest
 * (the one created last). A counterparty personalization outranks every rule
 * (`apply-context.ts` asks the rules only when none applied).
 *
 * Compiled once per revision so that applying 10,000 rules costs about a
 * microsecond: every rule goes into one bucket, keyed by its most selective
 * criterion — its exact name; its name's first three letters; three letters
 * its name must hold (a pattern that begins with a star); its category; its
 * MCC (a narrow range under each code, a wide one under each hundred); else
 * the combination of type, subType, direction and channel it asks for,
 * with the band (power of two) of the amount it asks for — and the rest (a
 * pattern without three letters in a row, alone) in one list. Every bucket is in rank order (specificity, then latest). A
 * transaction looks up the few buckets its own values key, scans each only
 * while its rules could still beat the best match found, and stops at a
 * bucket's first match.
 */
import {
  type CategoryRuleMatch,
  type Channel,
  channels,
  type Industry,
  type ParsedNamePattern,
  parseNamePattern,
  type TransactionType,
  transactionSubTypes,
  transactionTypes,
  transferDirections,
} from '@txenrich/schema';
import type { Direction } from '../normalize/direction.js';
import type { CategoryHierarchy } from './categories.js';

/** A category rule as the tenant keeps it: the category, and what a transaction must be to fall under it. */
export interface CategoryRule {
  /** The rule's id (the service's UUID), reported by nothing in results; optional for the library. */
  id?: string | undefined;
  /** A default or custom category id. */
  categoryId: string;
  match: CategoryRuleMatch;
}

/** What a rule reads of a transaction. */
export interface RuleFacts {
  /** The displayed name (`transactionInfo.display.name`). */
  name: string;
  /** The category before the rules (broad to specific), as results carry it. */
  category(): readonly Industry[];
  /** The MCC as sent, or null. */
  mcc: string | null;
  amount: number | null;
  type: TransactionType;
  subType: string | null;
  direction: Direction;
  channel: Channel | null;
}

/** Leading literal characters of a name pattern that key the prefix buckets: at least 3, at most 6. */
const PREFIX_LENGTH = 3;
const MAX_PREFIX_LENGTH = 6;
/** A rule whose MCC range spans fewer codes is listed under each code; a wider one under each hundred. */
const MCC_BLOCK = 100;

/**
 * The combination of type, subType, direction and channel a rule asks for, as one number: each field's
 * value's place in its list, 0 for "any". A transaction looks up each combination rules use.
 */
const coarseFields = [
  { values: transactionTypes, bit: 1 },
  { values: transactionSubTypes, bit: 2 },
  { values: transferDirections, bit: 4 },
  { values: channels, bit: 8 },
] as const;
const coarsePlaces = coarseFields.map(
  ({ values }) => new Map<string, number>(values.map((value, index) => [value, index + 1])),
);
const coarseSizes = coarseFields.map(({ values }) => values.length + 1);

/** The mask bit of rules that ask for an amount: they are keyed by the amount's band too. */
const AMOUNT_BIT = 16;
/** Amount bands: 0 below 1, then one per power of two; a key's band is one more (0: no amount asked). */
const AMOUNT_BANDS = 64;
const bandOf = (amount: number) =>
  amount < 1 ? 0 : Math.min(AMOUNT_BANDS - 2, 1 + Math.floor(Math.log2(amount)));

/** The coarse key of the four fields' places (0: any) and an amount band (0: no amount asked). */
const coarseKey = (type: number, subType: number, direction: number, channel: number, band: number) =>
  (((type * coarseSizes[1]! + subType) * coarseSizes[2]! + direction) * coarseSizes[3]! + channel) *
    AMOUNT_BANDS +
  band;

/** The coarse key a transaction's places give rules of `mask`, or -1 when it lacks a field they ask for. */
function coarseKeyOf(
  mask: number,
  type: number,
  subType: number,
  direction: number,
  channel: number,
  band: number,
): number {
  const t = (mask & 1) === 0 ? 0 : type;
  const s = (mask & 2) === 0 ? 0 : subType;
  const d = (mask & 4) === 0 ? 0 : direction;
  const c = (mask & 8) === 0 ? 0 : channel;
  const a = (mask & AMOUNT_BIT) === 0 ? 0 : band;
  return t < 0 || s < 0 || d < 0 || c < 0 || a < 0 ? -1 : coarseKey(t, s, d, c, a);
}

/** The first `length` (3 to 6) characters of `text` as one small integer, colliding now and then. */
function prefixKey(text: string, length: number): number {
  let key = length;
  for (let at = 0; at < length; at++) key = (Math.imul(key, 31) + text.charCodeAt(at)) | 0;
  return key & 0x3fffffff;
}

/**
 * The trigram of `literal` whose bucket holds the fewest rules so far: a common one (`THE`) would make a
 * long bucket that many names look up.
 */
function rarestTrigram(trigrams: ReadonlyMap<number, Bucket>, literal: string): number {
  let rarest = trigramAt(literal, 0);
  for (let at = 1; at + 3 <= literal.length; at++) {
    const key = trigramAt(literal, at);
    if ((trigrams.get(key)?.length ?? 0) < (trigrams.get(rarest)?.length ?? 0)) rarest = key;
  }
  return rarest;
}

/** Upper-cased names a compiled rule set keeps (about 1 MB at most). */
const MAX_UPPER_NAMES = 10_000;

function upperName(compiled: CompiledCategoryRules, name: string): string {
  let upper = compiled.upperNames.get(name);
  if (upper === undefined) {
    if (compiled.upperNames.size >= MAX_UPPER_NAMES) compiled.upperNames.clear();
    upper = name.toUpperCase();
    compiled.upperNames.set(name, upper);
  }
  return upper;
}

/**
 * Three characters as one small integer (a name's or a pattern's; UTF-16 units), colliding now and then:
 * a bucket's rules are checked whole anyway.
 */
const trigramAt = (text: string, at: number) =>
  ((text.charCodeAt(at) << 14) ^ (text.charCodeAt(at + 1) << 7) ^ text.charCodeAt(at + 2)) & 0x3fffffff;

interface CompiledRule {
  /** The category's hierarchy. */
  chain: readonly Industry[];
  /** Its place in the order of precedence: 0 wins over everything. */
  rank: number;
  industryId: string | null;
  mccFrom: number;
  mccTo: number;
  pattern: ParsedNamePattern | null;
  type: string | null;
  subType: string | null;
  direction: string | null;
  channel: string | null;
  amountMin: number;
  amountMax: number;
}

type Bucket = CompiledRule[];

export interface CompiledCategoryRules {
  names: Map<string, Bucket>;
  /** By the name's first three to six characters (`prefixKey`), as long as the pattern's leading literal. */
  prefixes: Map<number, Bucket>;
  /** By three characters the name must hold (`trigramAt`). */
  trigrams: Map<number, Bucket>;
  /** Which `trigrams` keys exist, by their low 16 bits: most of a name's trigrams are ruled out without a lookup. */
  trigramFilter: Uint8Array;
  industries: Map<string, Bucket>;
  mccs: Map<number, Bucket>;
  /** By the MCC's hundred (`mcc / MCC_BLOCK`). */
  mccBlocks: Map<number, Bucket>;
  /** By `coarseKey` (rules asking for an amount under every band their range covers). */
  coarse: Map<number, Bucket>;
  /** The combinations of coarse fields that rules ask for (bit masks of `coarseFields`). */
  coarseMasks: number[];
  others: Bucket;
  /**
   * Names upper-cased, by the name as results carry it: a merchant's name is one string of the catalog,
   * met again and again, whose hash the runtime keeps; upper-casing it and hashing the copy is most of a
   * transaction's cost otherwise. Emptied when it holds `MAX_UPPER_NAMES`.
   */
  upperNames: Map<string, string>;
  /** Whether any rule reads the name: else it is not upper-cased. */
  readsName: boolean;
  /** Rules compiled (those naming an unknown category are left out). */
  size: number;
}

/** The literal characters a pattern starts with, up to `MAX_PREFIX_LENGTH` (a `?` ends them). */
function leadingLiteral(pattern: ParsedNamePattern): string {
  const [first] = pattern.pieces;
  if (!first) return '';
  const end = first.anyAt ? first.anyAt.indexOf(true) : -1;
  return first.text.slice(0, Math.min(MAX_PREFIX_LENGTH, end < 0 ? first.text.length : end));
}

const isExactName = (pattern: ParsedNamePattern) =>
  pattern.pieces.length === 1 && pattern.pieces[0]!.anyAt === null;

/** The longest run of literal characters (no `?`) a name matching the pattern must hold. */
function requiredLiteral(pattern: ParsedNamePattern): string {
  let longest = '';
  for (const { text, anyAt } of pattern.pieces)
    for (const run of anyAt
      ? text
          .split('')
          .map((char, at) => (anyAt[at] ? '\u0000' : char))
          .join('')
          .split('\u0000')
      : [text])
      if (run.length > longest.length) longest = run;
  return longest;
}

function addTo<K>(map: Map<K, Bucket>, key: K, rule: CompiledRule): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(rule);
  else map.set(key, [rule]);
}

/**
 * Compiles a tenant's rules, in creation order, with the hierarchy of their categories and
 * `defaultChain`, the default taxonomy's chain of an id (its depth ranks a category criterion). Undefined
 * when none compiles.
 */
export function compileCategoryRules(
  rules: readonly CategoryRule[],
  hierarchy: CategoryHierarchy,
  defaultChain: (id: string) => readonly Industry[],
): CompiledCategoryRules | undefined {
  const ranked: Array<{ rule: CompiledRule; specificity: number; order: number }> = [];
  rules.forEach(({ categoryId, match }, order) => {
    const chain = hierarchy(categoryId);
    if (!chain) return;
    const parsed = match.namePattern === undefined ? null : parseNamePattern(match.namePattern);
    if (parsed && 'error' in parsed) return;
    const criteria = Object.values(match).filter((value) => value !== undefined).length;
    const depth = match.industryId === undefined ? 0 : defaultChain(match.industryId).length;
    ranked.push({
      order,
      // Criteria first; a category's depth (1 to 4) only among rules with as many.
      specificity: criteria * 8 + Math.min(depth, 7),
      rule: {
        chain,
        rank: 0,
        industryId: match.industryId ?? null,
        mccFrom: match.mcc?.from ?? -1,
        mccTo: match.mcc?.to ?? -1,
        pattern: parsed,
        type: match.type ?? null,
        subType: match.subType ?? null,
        direction: match.direction ?? null,
        channel: match.channel ?? null,
        amountMin: match.amount?.min ?? Number.NEGATIVE_INFINITY,
        amountMax: match.amount?.max ?? Number.POSITIVE_INFINITY,
      },
    });
  });
  if (ranked.length === 0) return undefined;
  ranked.sort((a, b) => b.specificity - a.specificity || b.order - a.order);
  const compiled: CompiledCategoryRules = {
    names: new Map(),
    prefixes: new Map(),
    trigrams: new Map(),
    trigramFilter: new Uint8Array(0),
    industries: new Map(),
    mccs: new Map(),
    mccBlocks: new Map(),
    coarse: new Map(),
    coarseMasks: [],
    others: [],
    upperNames: new Map(),
    readsName: false,
    size: ranked.length,
  };
  const masks = new Set<number>();
  // In rank order, so every bucket is too.
  ranked.forEach(({ rule }, rank) => {
    rule.rank = rank;
    compiled.readsName ||= rule.pattern !== null;
    const prefix = rule.pattern ? leadingLiteral(rule.pattern) : '';
    const literal = rule.pattern ? requiredLiteral(rule.pattern) : '';
    const [type, subType, direction, channel] = [rule.type, rule.subType, rule.direction, rule.channel].map(
      (value, field) => (value === null ? 0 : coarsePlaces[field]!.get(value)!),
    ) as [number, number, number, number];
    const amount = rule.amountMin !== Number.NEGATIVE_INFINITY || rule.amountMax !== Number.POSITIVE_INFINITY;
    const mask = coarseFields.reduce(
      (bits, { bit }, field) => ([type, subType, direction, channel][field] ? bits | bit : bits),
      amount ? AMOUNT_BIT : 0,
    );
    if (rule.pattern && isExactName(rule.pattern)) addTo(compiled.names, rule.pattern.pieces[0]!.text, rule);
    else if (prefix.length >= PREFIX_LENGTH) addTo(compiled.prefixes, prefixKey(prefix, prefix.length), rule);
    else if (literal.length >= 3) addTo(compiled.trigrams, rarestTrigram(compiled.trigrams, literal), rule);
    else if (rule.industryId !== null) addTo(compiled.industries, rule.industryId, rule);
    else if (rule.mccFrom >= 0 && rule.mccTo - rule.mccFrom < MCC_BLOCK)
      for (let code = rule.mccFrom; code <= rule.mccTo; code++) addTo(compiled.mccs, code, rule);
    else if (rule.mccFrom >= 0)
      for (
        let block = Math.floor(rule.mccFrom / MCC_BLOCK);
        block <= Math.floor(rule.mccTo / MCC_BLOCK);
        block++
      )
        addTo(compiled.mccBlocks, block, rule);
    else if (mask !== 0) {
      if (!amount) addTo(compiled.coarse, coarseKey(type, subType, direction, channel, 0), rule);
      else
        for (let band = bandOf(Math.max(rule.amountMin, 0)); band <= bandOf(rule.amountMax); band++)
          addTo(compiled.coarse, coarseKey(type, subType, direction, channel, band + 1), rule);
      masks.add(mask);
    } else compiled.others.push(rule);
  });
  compiled.coarseMasks = [...masks];
  if (compiled.trigrams.size > 0) {
    compiled.trigramFilter = new Uint8Array(65_536);
    for (const key of compiled.trigrams.keys()) compiled.trigramFilter[key & 0xffff] = 1;
  }
  return compiled;
}

/** Whether `text` holds `piece` at `at` (`?` positions hold any character). */
function pieceAt(text: string, piece: ParsedNamePattern['pieces'][number], at: number): boolean {
  const { text: literal, anyAt } = piece;
  if (!anyAt) return text.startsWith(literal, at);
  if (at + literal.length > text.length) return false;
  for (let index = 0; index < literal.length; index++)
    if (!anyAt[index] && text.charCodeAt(at + index) !== literal.charCodeAt(index)) return false;
  return true;
}

/** The first place at or after `from` where `text` holds `piece`, or -1. */
function findPiece(text: string, piece: ParsedNamePattern['pieces'][number], from: number): number {
  if (!piece.anyAt) return text.indexOf(piece.text, from);
  for (let at = from; at + piece.text.length <= text.length; at++) if (pieceAt(text, piece, at)) return at;
  return -1;
}

/**
 * Whether the upper-cased name matches the pattern: its first piece at the start, its last at the end,
 * and those between, in order, each at its first place after the one before (taking the earliest place
 * never loses a match a later one would find). At most the name's length times the pattern's.
 */
export function matchesNamePattern(pattern: ParsedNamePattern, name: string): boolean {
  const { pieces } = pattern;
  const first = pieces[0]!;
  if (pieces.length === 1) return first.text.length === name.length && pieceAt(name, first, 0);
  const last = pieces.at(-1)!;
  const tail = name.length - last.text.length;
  if (tail < first.text.length || !pieceAt(name, first, 0) || !pieceAt(name, last, tail)) return false;
  let at = first.text.length;
  for (let index = 1; index < pieces.length - 1; index++) {
    const piece = pieces[index]!;
    if (piece.text === '') continue;
    const found = findPiece(name, piece, at);
    if (found < 0 || found + piece.text.length > tail) return false;
    at = found + piece.text.length;
  }
  return true;
}

/** What a transaction offers the rules, each read once (the name upper-cased, the MCC a number). */
interface Seen {
  facts: RuleFacts;
  name: string;
  mcc: number;
  amount: number;
  category: readonly Industry[] | null;
}

function inCategory(seen: Seen, industryId: string): boolean {
  seen.category ??= seen.facts.category();
  for (const node of seen.category) if (node.id === industryId) return true;
  return false;
}

function holds(rule: CompiledRule, seen: Seen): boolean {
  const { facts } = seen;
  return (
    (rule.type === null || rule.type === facts.type) &&
    (rule.subType === null || rule.subType === facts.subType) &&
    (rule.direction === null || rule.direction === facts.direction) &&
    (rule.channel === null || rule.channel === facts.channel) &&
    (rule.mccFrom < 0 || (seen.mcc >= rule.mccFrom && seen.mcc <= rule.mccTo)) &&
    (rule.amountMin === Number.NEGATIVE_INFINITY && rule.amountMax === Number.POSITIVE_INFINITY
      ? true
      : seen.amount >= rule.amountMin && seen.amount <= rule.amountMax) &&
    (rule.industryId === null || inCategory(seen, rule.industryId)) &&
    (rule.pattern === null || matchesNamePattern(rule.pattern, seen.name))
  );
}

/** The best rule of `bucket` that holds and outranks `best`, else `best`. */
function scan(bucket: Bucket | undefined, seen: Seen, best: CompiledRule | null): CompiledRule | null {
  if (!bucket) return best;
  for (const rule of bucket) {
    if (best && rule.rank >= best.rank) return best;
    if (holds(rule, seen)) return rule;
  }
  return best;
}

/** The category of the best rule the transaction matches (its hierarchy), or undefined when none does. */
export function ruledCategory(
  compiled: CompiledCategoryRules,
  facts: RuleFacts,
): readonly Industry[] | undefined {
  const seen: Seen = {
    facts,
    name: compiled.readsName ? upperName(compiled, facts.name) : '',
    mcc: facts.mcc === null ? -1 : Number.parseInt(facts.mcc, 10),
    // A missing amount is in no range.
    amount: facts.amount === null ? Number.NaN : Math.abs(facts.amount),
    category: null,
  };
  const { name } = seen;
  let best: CompiledRule | null = null;
  if (compiled.names.size > 0) best = scan(compiled.names.get(name), seen, best);
  if (compiled.prefixes.size > 0)
    for (let length = PREFIX_LENGTH; length <= Math.min(MAX_PREFIX_LENGTH, name.length); length++)
      best = scan(compiled.prefixes.get(prefixKey(name, length)), seen, best);
  if (compiled.trigrams.size > 0)
    for (let at = 0; at + 3 <= name.length; at++)
      if (compiled.trigramFilter[trigramAt(name, at) & 0xffff] === 1)
        best = scan(compiled.trigrams.get(trigramAt(name, at)), seen, best);
  if (compiled.industries.size > 0) {
    seen.category ??= facts.category();
    for (const node of seen.category) best = scan(compiled.industries.get(node.id), seen, best);
  }
  if (seen.mcc >= 0) {
    if (compiled.mccs.size > 0) best = scan(compiled.mccs.get(seen.mcc), seen, best);
    if (compiled.mccBlocks.size > 0)
      best = scan(compiled.mccBlocks.get(Math.floor(seen.mcc / MCC_BLOCK)), seen, best);
  }
  if (compiled.coarseMasks.length > 0) {
    // Each field's place in its list (-1: the transaction has none), read once.
    const type = coarsePlaces[0]!.get(facts.type) ?? -1;
    const subType = facts.subType === null ? -1 : (coarsePlaces[1]!.get(facts.subType) ?? -1);
    const direction = coarsePlaces[2]!.get(facts.direction) ?? -1;
    const channel = facts.channel === null ? -1 : (coarsePlaces[3]!.get(facts.channel) ?? -1);
    const band = Number.isNaN(seen.amount) ? -1 : bandOf(seen.amount) + 1;
    for (const mask of compiled.coarseMasks) {
      // A rule asking for a field the transaction lacks holds for none of it.
      const key = coarseKeyOf(mask, type, subType, direction, channel, band);
      if (key >= 0) best = scan(compiled.coarse.get(key), seen, best);
    }
  }
  if (compiled.others.length > 0) best = scan(compiled.others, seen, best);
  return best?.chain;
}
