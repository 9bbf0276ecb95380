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
 * Compiled once per revision so that applying 10,000 rules costs well under a
 * microsecond. Every rule goes into one bucket, keyed by its most selective
 * criterion: its name pattern (`rule-name-index.ts`: the rules a name
 * matches are worked out once per name and kept), else its category, else
 * its MCC (a narrow range under each code, a wide one under each hundred),
 * else the combination of type, subType, direction and channel it asks for
 * with the band (power of two) of the amount it asks for. Every bucket is in
 * rank order (specificity, then latest). A transaction looks up the few
 * buckets its own values key, scans each only while its rules could still
 * beat the best match found, and stops at a bucket's first match. A rule is
 * checked in a few integer comparisons: type, subType, direction and channel
 * packed in one integer, the MCC and the amount as numbers; a transaction
 * builds nothing.
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
import { matchesNamePattern } from './name-pattern-match.js';
import {
  addNamedRule,
  createRuleNameIndex,
  hasNameKey,
  keptMatches,
  type RuleNameIndex,
  scanNameBuckets,
} from './rule-name-index.js';

export { matchesNamePattern } from './name-pattern-match.js';

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

/**
 * Type, subType, direction and channel packed in one integer, a field each: a value's place in its list
 * (from 1), 0 for none, and all ones for a value a rule asks that is in no list (it then holds for none).
 */
function packedField(values: readonly string[], shift: number, bits: number) {
  const never = (1 << bits) - 1;
  // A list that outgrows its field would pack into its neighbour: fail at load, not match wrongly.
  if (values.length >= never) throw new Error(`${bits} bits cannot hold ${values.length} values`);
  return {
    places: new Map<string | null, number>(values.map((value, index) => [value, (index + 1) << shift])),
    mask: never << shift,
    never: never << shift,
  };
}
const packedFields = {
  type: packedField(transactionTypes, 0, 4),
  subType: packedField(transactionSubTypes, 4, 5),
  direction: packedField(transferDirections, 9, 2),
  channel: packedField(channels, 11, 2),
};

/** A transaction's fields packed (a field it lacks, or whose value no list holds, is 0). */
const packTransaction = (facts: RuleFacts) =>
  (packedFields.type.places.get(facts.type) ?? 0) |
  (packedFields.subType.places.get(facts.subType) ?? 0) |
  (packedFields.direction.places.get(facts.direction) ?? 0) |
  (packedFields.channel.places.get(facts.channel) ?? 0);

/** A rule's asked fields packed (`want`), and the mask of those it asks. */
function packRule(match: CategoryRuleMatch): { want: number; mask: number } {
  let want = 0;
  let mask = 0;
  for (const name of ['type', 'subType', 'direction', 'channel'] as const) {
    const value = match[name];
    if (value === undefined) continue;
    const field = packedFields[name];
    want |= field.places.get(value) ?? field.never;
    mask |= field.mask;
  }
  return { want, mask };
}

/** A rule whose MCC range spans fewer codes is listed under each code; a wider one under each hundred. */
const MCC_BLOCK = 100;
/** MCCs are 0 to 9999 (the schema bounds a rule's range to them). */
const MCC_CODES = 10_000;

/** Amount bands: 0 below 1, then one per power of two; a key's band is one more (0: no amount asked). */
const AMOUNT_BANDS = 64;
const bandOf = (amount: number) =>
  amount < 1 ? 0 : Math.min(AMOUNT_BANDS - 2, 1 + Math.floor(Math.log2(amount)));

/** The coarse key of a rule's packed fields (or a transaction's, masked) and an amount band (0: none asked). */
const coarseKey = (packed: number, band: number) => packed * AMOUNT_BANDS + band;

interface CompiledRule {
  /** The category's hierarchy. */
  chain: readonly Industry[];
  /** Its place in the order of precedence: 0 wins over everything. */
  rank: number;
  industryId: string | null;
  /** Both ends included; -1 to `NO_MCC_LIMIT` when not asked (a transaction without an MCC is -1). */
  mccFrom: number;
  mccTo: number;
  /** The magnitude's range, both ends included; from -1 when not asked (a transaction without an amount is -1). */
  amountMin: number;
  amountMax: number;
  /** `(transaction & fieldMask) === fieldWant`: the type, subType, direction and channel it asks for. */
  fieldMask: number;
  fieldWant: number;
  /** The name pattern (the name index matches it). */
  pattern: ParsedNamePattern | null;
  /** The pattern when the name index does not check it (a pattern without a key, the rule filed elsewhere). */
  patternToCheck: ParsedNamePattern | null;
  /** The name index's last fill that met it. */
  mark: number;
}

type Bucket = CompiledRule[];

const NO_MCC_LIMIT = Number.MAX_SAFE_INTEGER;

export interface CompiledCategoryRules {
  /** Rules with a name pattern the index keys, or with a pattern alone. */
  names: RuleNameIndex<CompiledRule>;
  industries: Map<string, Bucket>;
  /** By MCC (`MCC_CODES` places), empty when no rule is filed by a narrow MCC range. */
  mccs: Array<Bucket | undefined>;
  /** By the MCC's hundred (`mcc / MCC_BLOCK`). */
  mccBlocks: Array<Bucket | undefined>;
  /** By `coarseKey` (rules asking for an amount under every band their range covers). */
  coarse: Map<number, Bucket>;
  /** The field masks of the rules in `coarse`, each with whether they ask for an amount. */
  coarseMasks: Array<{ fieldMask: number; amount: boolean }>;
  /** Whether any rule reads the name: else it is not upper-cased. */
  readsName: boolean;
  /** Whether any rule reads the category: else `RuleFacts.category` is not called. */
  readsCategory: boolean;
  /** Rules compiled (those naming an unknown category are left out). */
  size: number;
}

function addTo<K>(map: Map<K, Bucket>, key: K, rule: CompiledRule): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(rule);
  else map.set(key, [rule]);
}

function addAt(list: Array<Bucket | undefined>, at: number, rule: CompiledRule): void {
  const bucket = list[at];
  if (bucket) bucket.push(rule);
  else list[at] = [rule];
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
    // A range from below 0 asks nothing (the schema allows none); an amount range with neither end neither.
    const mcc = match.mcc && match.mcc.from >= 0 ? match.mcc : null;
    const amount =
      match.amount && (match.amount.min !== undefined || match.amount.max !== undefined)
        ? match.amount
        : null;
    const fields = packRule(match);
    ranked.push({
      order,
      // Criteria first; a category's depth (1 to 4) only among rules with as many.
      specificity: criteria * 8 + Math.min(depth, 7),
      rule: {
        chain,
        rank: 0,
        industryId: match.industryId ?? null,
        mccFrom: mcc ? mcc.from : -1,
        mccTo: mcc ? mcc.to : NO_MCC_LIMIT,
        // A magnitude is never below 0, so a lower end below 0 is 0, and -1 (no amount) is in no range.
        amountMin: amount ? Math.max(amount.min ?? 0, 0) : -1,
        amountMax: amount?.max ?? Number.POSITIVE_INFINITY,
        fieldMask: fields.mask,
        fieldWant: fields.want,
        pattern: parsed,
        patternToCheck: null,
        mark: 0,
      },
    });
  });
  if (ranked.length === 0) return undefined;
  ranked.sort((a, b) => b.specificity - a.specificity || b.order - a.order);
  const compiled: CompiledCategoryRules = {
    names: createRuleNameIndex(),
    industries: new Map(),
    mccs: [],
    mccBlocks: [],
    coarse: new Map(),
    coarseMasks: [],
    readsName: false,
    readsCategory: false,
    size: ranked.length,
  };
  // In rank order, so every bucket is too.
  ranked.forEach(({ rule }, rank) => {
    rule.rank = rank;
    compiled.readsName ||= rule.pattern !== null;
    compiled.readsCategory ||= rule.industryId !== null;
    const amount = rule.amountMin >= 0;
    const asksMore = rule.industryId !== null || rule.mccFrom >= 0 || rule.fieldMask !== 0 || amount;
    // A pattern without a key goes with the rule's other criteria when it has any: checked there, per
    // transaction; alone, the name index checks it against every name, once per name.
    if (rule.pattern !== null && (hasNameKey(rule.pattern) || !asksMore)) addNamedRule(compiled.names, rule);
    else {
      rule.patternToCheck = rule.pattern;
      if (rule.industryId !== null) addTo(compiled.industries, rule.industryId, rule);
      else if (rule.mccFrom >= 0 && rule.mccTo - rule.mccFrom < MCC_BLOCK) {
        if (compiled.mccs.length === 0) compiled.mccs = new Array(MCC_CODES).fill(undefined);
        for (let code = rule.mccFrom; code <= Math.min(rule.mccTo, MCC_CODES - 1); code++)
          addAt(compiled.mccs, code, rule);
      } else if (rule.mccFrom >= 0) {
        const blocks = MCC_CODES / MCC_BLOCK;
        if (compiled.mccBlocks.length === 0) compiled.mccBlocks = new Array(blocks).fill(undefined);
        const last = Math.min(Math.floor(rule.mccTo / MCC_BLOCK), blocks - 1);
        for (let block = Math.floor(rule.mccFrom / MCC_BLOCK); block <= last; block++)
          addAt(compiled.mccBlocks, block, rule);
      } else {
        if (!amount) addTo(compiled.coarse, coarseKey(rule.fieldWant, 0), rule);
        else
          for (let band = bandOf(rule.amountMin); band <= bandOf(rule.amountMax); band++)
            addTo(compiled.coarse, coarseKey(rule.fieldWant, band + 1), rule);
        if (!compiled.coarseMasks.some((mask) => mask.fieldMask === rule.fieldMask && mask.amount === amount))
          compiled.coarseMasks.push({ fieldMask: rule.fieldMask, amount });
      }
    }
  });
  return compiled;
}

/** What the transaction being matched offers the rules, each read once; one object, reused. */
const probe = {
  /** `packTransaction`. */
  fields: 0,
  /** The MCC as a number, -1 without one. */
  mcc: -1,
  /** The amount's magnitude, -1 without one. */
  amount: -1,
  category: [] as readonly Industry[],
  /** The name upper-cased, when a rule reads it. */
  name: '',
};

function inCategory(category: readonly Industry[], industryId: string): boolean {
  for (let at = 0; at < category.length; at++) if (category[at]!.id === industryId) return true;
  return false;
}

function holds(rule: CompiledRule): boolean {
  return (
    (probe.fields & rule.fieldMask) === rule.fieldWant &&
    probe.mcc >= rule.mccFrom &&
    probe.mcc <= rule.mccTo &&
    probe.amount >= rule.amountMin &&
    probe.amount <= rule.amountMax &&
    (rule.industryId === null || inCategory(probe.category, rule.industryId)) &&
    (rule.patternToCheck === null || matchesNamePattern(rule.patternToCheck, probe.name))
  );
}

/** The best rule of `bucket` that holds and outranks `best`, else `best`. */
function scan(bucket: readonly CompiledRule[] | undefined, best: CompiledRule | null): CompiledRule | null {
  if (bucket === undefined) return best;
  const limit = best === null ? Number.POSITIVE_INFINITY : best.rank;
  for (let at = 0; at < bucket.length; at++) {
    const rule = bucket[at]!;
    if (rule.rank >= limit) return best;
    if (holds(rule)) return rule;
  }
  return best;
}

/** `scan` of a bucket of the name index, whose patterns are checked here (a name met the first time). */
function scanNamed(
  bucket: readonly CompiledRule[] | undefined,
  best: CompiledRule | null,
): CompiledRule | null {
  if (bucket === undefined) return best;
  const limit = best === null ? Number.POSITIVE_INFINITY : best.rank;
  for (let at = 0; at < bucket.length; at++) {
    const rule = bucket[at]!;
    if (rule.rank >= limit) return best;
    if (holds(rule) && matchesNamePattern(rule.pattern!, probe.name)) return rule;
  }
  return best;
}

const noCategory: readonly Industry[] = [];

/** The category of the best rule the transaction matches (its hierarchy), or undefined when none does. */
export function ruledCategory(
  compiled: CompiledCategoryRules,
  facts: RuleFacts,
): readonly Industry[] | undefined {
  const named = compiled.readsName ? keptMatches(compiled.names, facts.name) : null;
  const mcc = facts.mcc === null ? -1 : Number.parseInt(facts.mcc, 10);
  probe.fields = packTransaction(facts);
  probe.mcc = Number.isNaN(mcc) ? -1 : mcc;
  // A missing amount is in no range.
  probe.amount = facts.amount === null || Number.isNaN(facts.amount) ? -1 : Math.abs(facts.amount);
  probe.category = compiled.readsCategory ? facts.category() : noCategory;
  probe.name = named ? named.upper : compiled.readsName ? facts.name.toUpperCase() : '';
  let best: CompiledRule | null = null;
  if (named) best = scan(named.rules, best);
  else if (compiled.readsName) best = scanNameBuckets(compiled.names, probe.name, best, scanNamed);
  if (compiled.industries.size > 0)
    for (let at = 0; at < probe.category.length; at++)
      best = scan(compiled.industries.get(probe.category[at]!.id), best);
  if (probe.mcc >= 0 && probe.mcc < MCC_CODES) {
    if (compiled.mccs.length > 0) best = scan(compiled.mccs[probe.mcc], best);
    if (compiled.mccBlocks.length > 0)
      best = scan(compiled.mccBlocks[Math.floor(probe.mcc / MCC_BLOCK)], best);
  }
  if (compiled.coarseMasks.length > 0) {
    const band = probe.amount < 0 ? -1 : bandOf(probe.amount) + 1;
    for (const { fieldMask, amount } of compiled.coarseMasks) {
      // A rule asking for a field the transaction lacks, or for an amount it lacks, holds for none of it.
      if (amount && band < 0) continue;
      best = scan(compiled.coarse.get(coarseKey(probe.fields & fieldMask, amount ? band : 0)), best);
    }
  }
  probe.category = noCategory;
  return best?.chain;
}
