/**
 * The name side of the category rules' index: which rules' name patterns a
 * displayed name matches.
 *
 * A pattern is keyed by what a matching name must hold: its exact text
 * (`NETFLIX.COM`), its leading literal of three to six characters
 * (`NETF*`), or the least-used trigram of its longest literal run
 * (`*COFFEE*`); a pattern with none of these is checked against every name.
 * The first time a name is met, the caller scans the buckets its keys find
 * (`scanNameBuckets`), stopping as soon as no rule left could win. The
 * second time, the rules whose pattern it matches are worked out, in rank
 * order, and kept: from then on the name costs one map lookup, and its rules
 * need no glob (a merchant's name is one string of the catalog, seen again
 * and again). A name met once is not worth keeping matches for: most
 * descriptors of unknown merchants are met once.
 */
import type { ParsedNamePattern } from '@txenrich/schema';
import { matchesNamePattern } from './name-pattern-match.js';

/** What the name index needs of a rule. */
export interface NamedRule {
  pattern: ParsedNamePattern | null;
  /** Its place in the order of precedence: 0 wins over everything. */
  rank: number;
  /** The last fill that met it (rules reached through two keys are taken once). */
  mark: number;
}

/** The rules whose pattern a name matches, in rank order, and the name upper-cased. */
export interface NameMatches<R> {
  upper: string;
  rules: readonly R[];
}

export interface RuleNameIndex<R extends NamedRule> {
  exact: Map<string, R[]>;
  /** By the name's first three to six characters (`prefixKey`), as long as the pattern's leading literal. */
  prefixes: Map<number, R[]>;
  /** By three characters the name must hold (`trigramAt`). */
  trigrams: Map<number, R[]>;
  /** Which `trigrams` keys exist, by their low 16 bits: most of a name's trigrams are ruled out without a lookup. */
  trigramFilter: Uint8Array;
  /** Patterns with no key: checked against every name, once. */
  everyName: R[];
  /** By the name as results carry it; emptied when it holds `MAX_NAMES` names or `MAX_RULES` rules. */
  matches: Map<string, NameMatches<R>>;
  /** Names met once and not kept yet; emptied when it holds `MAX_NAMES`. */
  metOnce: Set<string>;
  /** Rules held in `matches`, all names together. */
  held: number;
  fills: number;
}

/** Leading literal characters of a name pattern that key the prefix buckets: at least 3, at most 6. */
const PREFIX_LENGTH = 3;
const MAX_PREFIX_LENGTH = 6;
/** Bounds of the kept matches (about a megabyte of names, a few of rules). */
const MAX_NAMES = 10_000;
const MAX_RULES = 500_000;

/** The first `length` (3 to 6) characters of `text` as one small integer, colliding now and then. */
function prefixKey(text: string, length: number): number {
  let key = length;
  for (let at = 0; at < length; at++) key = (Math.imul(key, 31) + text.charCodeAt(at)) | 0;
  return key & 0x3fffffff;
}

/** Three characters as one small integer (UTF-16 units), colliding now and then: every rule found is checked. */
const trigramAt = (text: string, at: number) =>
  ((text.charCodeAt(at) << 14) ^ (text.charCodeAt(at + 1) << 7) ^ text.charCodeAt(at + 2)) & 0x3fffffff;

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
  for (const { text, anyAt } of pattern.pieces) {
    let start = 0;
    for (let at = 0; at <= text.length; at++)
      if (at === text.length || anyAt?.[at]) {
        if (at - start > longest.length) longest = text.slice(start, at);
        start = at + 1;
      }
  }
  return longest;
}

/**
 * The trigram of `literal` whose bucket holds the fewest rules so far: a common one (`THE`) would make a
 * long bucket that many names look up.
 */
function rarestTrigram<R>(trigrams: ReadonlyMap<number, R[]>, literal: string): number {
  let rarest = trigramAt(literal, 0);
  for (let at = 1; at + 3 <= literal.length; at++) {
    const key = trigramAt(literal, at);
    if ((trigrams.get(key)?.length ?? 0) < (trigrams.get(rarest)?.length ?? 0)) rarest = key;
  }
  return rarest;
}

function addTo<K, R>(map: Map<K, R[]>, key: K, rule: R): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(rule);
  else map.set(key, [rule]);
}

export function createRuleNameIndex<R extends NamedRule>(): RuleNameIndex<R> {
  return {
    exact: new Map(),
    prefixes: new Map(),
    trigrams: new Map(),
    trigramFilter: new Uint8Array(1 << 16),
    everyName: [],
    matches: new Map(),
    metOnce: new Set(),
    held: 0,
    fills: 0,
  };
}

/** Whether a pattern has a key (exact text, a leading literal, a trigram): else every name must be checked. */
export function hasNameKey(pattern: ParsedNamePattern): boolean {
  return (
    isExactName(pattern) ||
    leadingLiteral(pattern).length >= PREFIX_LENGTH ||
    requiredLiteral(pattern).length >= 3
  );
}

/** Files a rule with a pattern under its key, or under every name when it has none. Rules come in rank order. */
export function addNamedRule<R extends NamedRule>(index: RuleNameIndex<R>, rule: R): void {
  const pattern = rule.pattern!;
  const prefix = leadingLiteral(pattern);
  const literal = requiredLiteral(pattern);
  if (isExactName(pattern)) addTo(index.exact, pattern.pieces[0]!.text, rule);
  else if (prefix.length >= PREFIX_LENGTH) addTo(index.prefixes, prefixKey(prefix, prefix.length), rule);
  else if (literal.length >= 3) {
    const key = rarestTrigram(index.trigrams, literal);
    addTo(index.trigrams, key, rule);
    index.trigramFilter[key & 0xffff] = 1;
  } else index.everyName.push(rule);
}

/**
 * The rules whose pattern `name` matches (in rank order), with the name upper-cased, for a name met before;
 * null the first time (the name is remembered, and the caller scans the buckets: `scanNameBuckets`).
 */
export function keptMatches<R extends NamedRule>(
  index: RuleNameIndex<R>,
  name: string,
): NameMatches<R> | null {
  const kept = index.matches.get(name);
  if (kept !== undefined) return kept;
  if (index.metOnce.delete(name)) return fill(index, name);
  if (index.metOnce.size >= MAX_NAMES) index.metOnce.clear();
  index.metOnce.add(name);
  return null;
}

/**
 * `scan` over every bucket the upper-cased name's keys find (a bucket may come twice), carrying the best
 * rule found so far: `scan` checks each rule's pattern and stops where no rule left could win.
 */
export function scanNameBuckets<R extends NamedRule>(
  index: RuleNameIndex<R>,
  upper: string,
  best: R | null,
  scan: (bucket: readonly R[] | undefined, best: R | null) => R | null,
): R | null {
  let found = scan(index.exact.get(upper), best);
  for (let length = PREFIX_LENGTH; length <= Math.min(MAX_PREFIX_LENGTH, upper.length); length++)
    found = scan(index.prefixes.get(prefixKey(upper, length)), found);
  if (index.trigrams.size > 0)
    for (let at = 0; at + 3 <= upper.length; at++) {
      const key = trigramAt(upper, at);
      if (index.trigramFilter[key & 0xffff] === 1) found = scan(index.trigrams.get(key), found);
    }
  return index.everyName.length > 0 ? scan(index.everyName, found) : found;
}

function fill<R extends NamedRule>(index: RuleNameIndex<R>, name: string): NameMatches<R> {
  const upper = name.toUpperCase();
  const rules: R[] = [];
  const mark = ++index.fills;
  take(rules, index.exact.get(upper), upper, mark);
  for (let length = PREFIX_LENGTH; length <= Math.min(MAX_PREFIX_LENGTH, upper.length); length++)
    take(rules, index.prefixes.get(prefixKey(upper, length)), upper, mark);
  if (index.trigrams.size > 0)
    for (let at = 0; at + 3 <= upper.length; at++) {
      const key = trigramAt(upper, at);
      if (index.trigramFilter[key & 0xffff] === 1) take(rules, index.trigrams.get(key), upper, mark);
    }
  take(rules, index.everyName, upper, mark);
  rules.sort(byRank);
  if (index.matches.size >= MAX_NAMES || index.held + rules.length > MAX_RULES) {
    index.matches.clear();
    index.held = 0;
  }
  const matches = { upper, rules };
  index.matches.set(name, matches);
  index.held += rules.length;
  return matches;
}

const byRank = (a: NamedRule, b: NamedRule) => a.rank - b.rank;

/** Adds to `rules` those of `bucket` whose pattern `upper` matches, each once a fill (`mark`). */
function take<R extends NamedRule>(
  rules: R[],
  bucket: readonly R[] | undefined,
  upper: string,
  mark: number,
) {
  if (bucket === undefined) return;
  for (const rule of bucket)
    if (rule.mark !== mark) {
      rule.mark = mark;
      if (matchesNamePattern(rule.pattern!, upper)) rules.push(rule);
    }
}
