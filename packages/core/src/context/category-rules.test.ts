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
  '011-002-003-001': 'Espresso bars',
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

const facts = (
  fields: Partial<Omit<RuleFacts, 'category'>> & { industryId?: string | null } = {},
): RuleFacts => ({
  name: 'Blue Bottle Coffee',
  mcc: '5814',
  amount: 4.5,
  type: 'spending',
  subType: null,
  direction: 'outgoing',
  channel: 'physical',
  ...fields,
  category: () => (fields.industryId === null ? [] : defaultChain(fields.industryId ?? '011-002-003-000')),
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

  it('answer the same once the rules kept by name are emptied (10,000 names)', () => {
    const rules = [
      rule('019-000-000-000', { namePattern: 'shop 1*' }),
      rule('019-004-000-000', { namePattern: '*7' }),
      rule('budget-eating-out', { namePattern: '*9', direction: 'outgoing' }),
    ];
    const compiled = compileCategoryRules(rules, hierarchy, defaultChain)!;
    const expected = plainScan(rules);
    for (const round of [1, 2])
      for (let n = 0; n < 10_050; n += round) {
        const of = facts({ name: `Shop ${n}` });
        expect(ruledCategory(compiled, of)?.at(-1)?.id, of.name).toBe(expected(of));
      }
    expect(ruledCategory(compiled, facts({ name: 'Shop 17' }))?.at(-1)?.id).toBe('019-004-000-000');
  });

  it.each([7, 11, 23, 101])(
    'answer what a plain scan of every rule answers, over random rules and transactions (seed %i)',
    (seed) => {
      const random = seededRandom(seed);
      const rules = Array.from({ length: 1_500 }, () => randomRule(random));
      const compiled = compileCategoryRules(rules, hierarchy, defaultChain)!;
      const expected = plainScan(rules);
      let matched = 0;
      // Names come back again and again (as a catalog's do), in another case now and then, and new ones.
      const seenNames = Array.from({ length: 40 }, () => randomName(random));
      for (let n = 0; n < 4_000; n++) {
        // A fifth of names no pattern of words holds (`#123`), so that some transactions match no rule.
        const name =
          random() < 0.2
            ? `#${Math.floor(random() * 1_000)}`
            : random() < 0.7
              ? pick(random, seenNames)
              : randomName(random);
        const of = facts({
          name: random() < 0.1 ? name.toLowerCase() : name,
          industryId: random() < 0.5 ? null : pick(random, industries),
          mcc: random() < 0.1 ? null : String(5_700 + Math.floor(random() * 2_000)).padStart(4, '0'),
          amount: random() < 0.1 ? null : Math.floor(random() * 300) - 40 + pick(random, [0, 0.5]),
          type: pick(random, ['spending', 'fee', 'atm'] as const),
          subType: pick(random, [null, 'payment', 'transfer'] as const),
          direction: pick(random, ['incoming', 'outgoing'] as const),
          channel: pick(random, [null, 'physical', 'digital'] as const),
        });
        const leaf = expected(of);
        expect(ruledCategory(compiled, of)?.at(-1)?.id, JSON.stringify(of)).toBe(leaf);
        if (leaf !== undefined) matched++;
      }
      // Neither side of the comparison is trivial: many transactions match a rule, and many none.
      expect(matched).toBeGreaterThan(1_000);
      expect(matched).toBeLessThan(3_900);
    },
  );
});

/** A generator of numbers in [0, 1) that a seed repeats (mulberry32: exact in 32-bit integers). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}
const pick = <T>(random: () => number, values: readonly T[]) => values[Math.floor(random() * values.length)]!;

const industries = Object.keys(names);
const words = [
  'ZED',
  'QUUX',
  'XYZZY',
  'PLUGH',
  'BLUE',
  'BOTTLE',
  'COFFEE',
  'NETFLIX.COM',
  'HOME',
  'DEPOT',
  'ACME',
  'UBER',
  'TRIP',
  'CAFÉ',
  'STRAßE',
  '100%',
  'A*B',
];
const randomName = (random: () => number) =>
  Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, words)).join(' ');
const escapeGlob = (text: string) => text.replace(/[\\*?]/g, (char) => `\\${char}`);

/** Patterns the index cannot key (no three literal characters in a row), most of them matching most names. */
const broadPatterns = ['*', '*E*', '?*', '*E?O*', '??LUE*', '*A?', '**'];

/** A pattern of every shape the index treats apart: exact, by its start, by a literal inside, neither. */
function randomPattern(random: () => number): string {
  const name = escapeGlob(randomName(random));
  const word = escapeGlob(pick(random, words));
  switch (Math.floor(random() * 10)) {
    case 0:
    case 1:
      return random() < 0.5 ? name : name.toLowerCase();
    case 2:
      return `${name.slice(0, 1 + Math.floor(random() * 8))}*`;
    case 3:
      return `*${word}*`;
    case 4:
      return `*${word}`;
    case 5:
      return `${word.slice(0, 2)}*${word.slice(-2)}*`;
    case 6:
      return name.replace(/[A-Z]/, '?');
    case 7:
      return pick(random, broadPatterns);
    case 8:
      return `?${name.slice(1)}`;
    default:
      return pick(random, ['ABC\\', `*${word}*${pick(random, words)}*`]);
  }
}

/** A rule of 1 to 4 criteria (never an empty one), its category sometimes unknown. */
function randomRule(random: () => number): CategoryRule {
  const match: CategoryRuleMatch = {};
  if (random() < 0.2) match.industryId = pick(random, industries);
  if (random() < 0.25) {
    const from = 5_700 + Math.floor(random() * 400);
    match.mcc = { from, to: from + Math.floor(random() * pick(random, [1, 20, 400])) };
  }
  if (random() < 0.45) match.namePattern = randomPattern(random);
  if (random() < 0.2) match.type = pick(random, ['spending', 'fee', 'atm'] as const);
  if (random() < 0.15) match.subType = pick(random, ['payment', 'transfer'] as const);
  if (random() < 0.25) match.direction = pick(random, ['incoming', 'outgoing'] as const);
  if (random() < 0.2)
    match.amount = pick(random, [
      { min: Math.floor(random() * 50) },
      { max: Math.floor(random() * 300) },
      { min: 10.5, max: 10.5 + Math.floor(random() * 100) },
    ]);
  if (random() < 0.25) match.channel = pick(random, ['physical', 'digital'] as const);
  // Broad rules would match nearly everything: most get an MCC range, the rest two fields at least.
  if (
    match.industryId === undefined &&
    match.mcc === undefined &&
    (match.namePattern === undefined || broadPatterns.includes(match.namePattern))
  ) {
    if (random() < 0.99) {
      const from = 5_700 + Math.floor(random() * 400);
      match.mcc = { from, to: from + Math.floor(random() * 20) };
    } else {
      match.type ??= 'spending';
      match.channel ??= 'digital';
    }
  }
  return rule(pick(random, [...industries, 'budget-eating-out', 'no-such-category']), match);
}

/**
 * The definition, without an index: of every rule whose category is known and whose every criterion
 * holds, the one with the most criteria, then the deepest `industryId`, then the latest.
 */
function plainScan(rules: readonly CategoryRule[]): (of: RuleFacts) => string | undefined {
  const parsed = rules.map(({ match }) =>
    match.namePattern === undefined ? null : parseNamePattern(match.namePattern),
  );
  return (of) => {
    const chain = of.category();
    const amount = of.amount === null ? Number.NaN : Math.abs(of.amount);
    const mcc = of.mcc === null ? -1 : Number(of.mcc);
    const name = of.name.toUpperCase();
    let best: { key: number[]; categoryId: string } | null = null;
    rules.forEach(({ categoryId, match }, order) => {
      const pattern = parsed[order];
      const holds =
        hierarchy(categoryId) !== null &&
        (!match.industryId || chain.some((node) => node.id === match.industryId)) &&
        (!match.mcc || (mcc >= match.mcc.from && mcc <= match.mcc.to)) &&
        (!pattern || ('pieces' in pattern && matchesNamePattern(pattern, name))) &&
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
}
