import { type CategoryRuleMatch, type Industry, parseNamePattern } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { createCategoryHierarchy } from './categories.js';
import {
  type CategoryRule,
  compileCategoryRules,
  matchesNamePattern,
  type RuleFacts,
  ruledCategory,
} from './category-rules.js';

/** A small taxonomy: ids name their chain (`011-002-000-000` is under `011-000-000-000`). */
const names: Record<string, string> = {
  '011-000-000-000': 'Food and Drink',
  '011-002-000-000': 'Restaurants',
  '011-002-003-000': 'Coffee',
  '019-000-000-000': 'Home and Services',
  '019-004-000-000': 'Hardware',
};
function defaultChain(id: string): Industry[] {
  if (!names[id]) return [];
  const parts = id.split('-');
  const chain: Industry[] = [];
  for (let depth = 1; depth <= 4; depth++) {
    if (depth > 1 && parts[depth - 1] === '000') break;
    const ancestor = [...parts.slice(0, depth), ...Array(4 - depth).fill('000')].join('-');
    chain.push({ id: ancestor, name: names[ancestor]!, icon: null });
  }
  return chain;
}
const hierarchy = createCategoryHierarchy(defaultChain, [
  { id: 'budget-eating-out', name: 'Eating out', parentId: '011-000-000-000' },
]);

const facts = (fields: Partial<Omit<RuleFacts, 'category'>> & { industryId?: string } = {}): RuleFacts => ({
  name: 'Blue Bottle Coffee',
  mcc: '5814',
  amount: 4.5,
  type: 'spending',
  subType: null,
  direction: 'outgoing',
  channel: 'physical',
  ...fields,
  category: () => defaultChain(fields.industryId ?? '011-002-003-000'),
});

const rule = (categoryId: string, match: CategoryRuleMatch): CategoryRule => ({ categoryId, match });
const leafOf = (rules: CategoryRule[], of: RuleFacts) =>
  (() => {
    const compiled = compileCategoryRules(rules, hierarchy, defaultChain);
    return compiled ? ruledCategory(compiled, of)?.at(-1)?.id : undefined;
  })();

describe('name patterns', () => {
  const matches = (pattern: string, name: string) => {
    const parsed = parseNamePattern(pattern);
    if ('error' in parsed) throw new Error(parsed.error);
    return matchesNamePattern(parsed, name.toUpperCase());
  };

  it.each([
    ['NETFLIX*', 'Netflix.com', true],
    ['NETFLIX*', 'My Netflix', false],
    ['*coffee*', 'Blue Bottle Coffee', true],
    ['*coffee*', 'Blue Bottle Cafe', false],
    ['*coffee', 'Coffee', true],
    ['uber ??? trip', 'UBER ABC TRIP', true],
    ['uber ??? trip', 'UBER AB TRIP', false],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxbyy', false],
    ['a*bc*bc', 'abcbc', true],
    ['a*bc*bc', 'abc', false],
    ['ab*ab', 'ab', false],
    ['*', '', true],
    ['**x', 'x', true],
    ['100\\%', '100%', true],
    ['50\\*', '50*', true],
    ['50\\*', '500', false],
    ['what\\?', 'WHAT?', true],
    ['what\\?', 'WHATS', false],
    ['exact', 'EXACT', true],
    ['exact', 'EXACTLY', false],
  ])('%s on %s: %s', (pattern, name, expected) => {
    expect(matches(pattern, name)).toBe(expected);
  });

  it('refuses a trailing escape and too many stars', () => {
    expect(parseNamePattern('ABC\\')).toEqual({
      error: 'Invalid pattern: a "\\" at its end escapes nothing.',
    });
    expect(parseNamePattern('*a*b*c*d*e*f*g*h*')).toEqual({
      error: 'Ensure this pattern has no more than 8 "*".',
    });
  });

  it('takes linear-ish time on a pattern that would make a backtracking regex blow up', () => {
    const parsed = parseNamePattern('*a*a*a*a*a*a*a*b');
    if ('error' in parsed) throw new Error(parsed.error);
    const started = performance.now();
    expect(matchesNamePattern(parsed, 'A'.repeat(5_000))).toBe(false);
    // A backtracking regex (a.*a.*...b) takes seconds on this; the glob, well under a second even when slow.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('category rules', () => {
  it('match an industry with its descendants, and none of a sibling', () => {
    const rules = [rule('budget-eating-out', { industryId: '011-000-000-000' })];
    expect(leafOf(rules, facts())).toBe('budget-eating-out');
    expect(leafOf(rules, facts({ industryId: '019-004-000-000' }))).toBeUndefined();
  });

  it('hold only when every criterion holds', () => {
    const rules = [
      rule('019-004-000-000', {
        mcc: { from: 5800, to: 5899 },
        amount: { min: 4, max: 5 },
        direction: 'outgoing',
        channel: 'physical',
        type: 'spending',
        namePattern: 'blue*',
      }),
    ];
    expect(leafOf(rules, facts())).toBe('019-004-000-000');
    expect(leafOf(rules, facts({ amount: -4.5 }))).toBe('019-004-000-000'); // its magnitude
    for (const miss of [
      { mcc: '5900' },
      { mcc: null },
      { amount: 6 },
      { amount: null },
      { direction: 'incoming' as const },
      { channel: 'digital' as const },
      { channel: null },
      { type: 'fee' as const },
      { name: 'Red Bottle' },
    ])
      expect(leafOf(rules, facts(miss)), JSON.stringify(miss)).toBeUndefined();
  });

  it('let the most specific rule win, then the deeper category, and ties go to the latest', () => {
    const coffeeWide = rule('019-000-000-000', { industryId: '011-000-000-000' });
    const coffeeDeep = rule('019-004-000-000', { industryId: '011-002-003-000' });
    const twoCriteria = rule('budget-eating-out', { mcc: { from: 5814, to: 5814 }, direction: 'outgoing' });
    // The deeper category wins whatever the order.
    expect(leafOf([coffeeDeep, coffeeWide], facts())).toBe('019-004-000-000');
    expect(leafOf([coffeeWide, coffeeDeep], facts())).toBe('019-004-000-000');
    // Two criteria beat one, even a deep one.
    expect(leafOf([twoCriteria, coffeeWide, coffeeDeep], facts())).toBe('budget-eating-out');
    // Equal: the latest.
    const first = rule('019-000-000-000', { channel: 'physical' });
    const second = rule('019-004-000-000', { direction: 'outgoing' });
    expect(leafOf([first, second], facts())).toBe('019-004-000-000');
    expect(leafOf([second, first], facts())).toBe('019-000-000-000');
  });

  it('leave out rules whose category is unknown, and compile to nothing when none is left', () => {
    expect(
      compileCategoryRules([rule('nope', { type: 'spending' })], hierarchy, defaultChain),
    ).toBeUndefined();
  });

  it('answer what a plain scan of every rule answers, over random rules and transactions', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const industries = Object.keys(names);
    const words = ['BLUE BOTTLE COFFEE', 'NETFLIX.COM', 'HOME DEPOT', 'ACME', 'UBER TRIP'];
    const patterns = [
      'BLUE*',
      'NETFLIX.COM',
      '*DEPOT',
      'AC?E',
      '*',
      'UBER*TRIP',
      'HOM*',
      '*OTTLE*',
      '?LUE BOTTLE*',
      '*E?O*',
    ];
    const categories = [...industries, 'budget-eating-out'];
    const randomMatch = (): CategoryRuleMatch => {
      const match: CategoryRuleMatch = {};
      if (random() < 0.3) match.industryId = pick(industries);
      if (random() < 0.3) {
        const from = 5_700 + Math.floor(random() * 300);
        match.mcc = { from, to: from + Math.floor(random() * (random() < 0.5 ? 20 : 400)) };
      }
      if (random() < 0.3) match.namePattern = pick(patterns);
      if (random() < 0.2) match.type = pick(['spending', 'fee'] as const);
      if (random() < 0.2) match.subType = pick(['payment', 'transfer'] as const);
      if (random() < 0.3) match.direction = pick(['incoming', 'outgoing'] as const);
      if (random() < 0.2) match.amount = { min: Math.floor(random() * 50) };
      if (random() < 0.3) match.channel = pick(['physical', 'digital'] as const);
      if (Object.keys(match).length === 0) match.direction = 'outgoing';
      return match;
    };
    const rules = Array.from({ length: 300 }, () => rule(pick(categories), randomMatch()));
    const compiled = compileCategoryRules(rules, hierarchy, defaultChain)!;

    /** Every rule that holds, best by (criteria, depth, latest): the definition, without buckets. */
    const naive = (of: RuleFacts) => {
      let best: { key: number[]; categoryId: string } | null = null;
      rules.forEach(({ categoryId, match }, order) => {
        const chain = of.category();
        const amount = of.amount === null ? Number.NaN : Math.abs(of.amount);
        const mcc = of.mcc === null ? -1 : Number(of.mcc);
        const pattern = match.namePattern ? parseNamePattern(match.namePattern) : null;
        const holds =
          (!match.industryId || chain.some((node) => node.id === match.industryId)) &&
          (!match.mcc || (mcc >= match.mcc.from && mcc <= match.mcc.to)) &&
          (!pattern || ('pieces' in pattern && matchesNamePattern(pattern, of.name.toUpperCase()))) &&
          (!match.type || match.type === of.type) &&
          (!match.subType || match.subType === of.subType) &&
          (!match.direction || match.direction === of.direction) &&
          (!match.channel || match.channel === of.channel) &&
          (!match.amount || (amount >= (match.amount.min ?? 0) && amount <= (match.amount.max ?? Infinity)));
        if (!holds) return;
        const key = [
          Object.keys(match).length,
          match.industryId ? defaultChain(match.industryId).length : 0,
          order,
        ];
        const at = best ? key.findIndex((value, index) => value !== best!.key[index]) : 0;
        if (!best || key[at]! > best.key[at]!) best = { key, categoryId };
      });
      return (best as { categoryId: string } | null)?.categoryId;
    };

    for (let n = 0; n < 1_000; n++) {
      const of = facts({
        name: pick(words),
        industryId: pick(industries),
        mcc: random() < 0.1 ? null : String(5_700 + Math.floor(random() * 400)),
        amount: random() < 0.1 ? null : Math.floor(random() * 100) - 20,
        type: pick(['spending', 'fee'] as const),
        subType: pick([null, 'payment', 'transfer'] as const),
        direction: pick(['incoming', 'outgoing'] as const),
        channel: pick([null, 'physical', 'digital'] as const),
      });
      expect(ruledCategory(compiled, of)?.at(-1)?.id, JSON.stringify(of)).toBe(naive(of));
    }
  });
});
