/**
 * The shape of the anatomy stage's rule tables: one row per pattern, with a
 * stable id (what an explanation reports), the pattern, what the row yields,
 * and example lines with the parts the whole stage must read from them. The
 * examples are tests: `anatomy.test.ts` runs every one.
 */

/** The parts of a line an example pins (any subset). */
export interface ExpectedParts {
  /** The merchant or payee name part, as read (upper case). */
  name?: string;
  /** The clean display name. */
  display?: string;
  wrapper?: string | null;
  city?: string | null;
  region?: string | null;
  /** An ISO country code, as the line prints it (alpha-2 or alpha-3). */
  country?: string | null;
  postalCode?: string | null;
  phone?: string | null;
  host?: string | null;
  storeNumber?: string | null;
  /** The third parties' ids named by prefixes and markers (catalog ids replaced by names in tests). */
  thirdParties?: readonly string[];
}

export interface RuleExample {
  line: string;
  /** The account's country, when the example needs one (`AU`: the line is an Australian card's). */
  homeCountry?: string;
  expect: ExpectedParts;
}

export interface Rule<Yield> {
  id: string;
  pattern: RegExp;
  yields: Yield;
  examples: readonly RuleExample[];
}

/** One alternation of anchored patterns, so that a line without any costs one test. */
export function combinePatterns(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}

/** The first rule of `rules` whose pattern matches `text`, and the match. */
export function firstMatch<Y>(
  rules: readonly { id: string; pattern: RegExp; yields: Y }[],
  text: string,
): [{ id: string; pattern: RegExp; yields: Y }, RegExpExecArray] | null {
  for (const rule of rules) {
    const found = rule.pattern.exec(text);
    if (found) return [rule, found];
  }
  return null;
}
