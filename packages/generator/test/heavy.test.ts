import { loadCatalog } from '@txenrich/catalog';
import { cardTransactionSchema, validate } from '@txenrich/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCards, heavyUserYears } from '../src/cards.js';
import { HeavyUsers } from '../src/heavy.js';
import type { GeneratedCard } from '../src/model.js';
import { createWorld, type World } from '../src/world.js';

const DAY_MS = 86_400_000;
const dateOf = (row: GeneratedCard) => row.occurredAt.slice(0, 10);
const daysBetween = (a: GeneratedCard, b: GeneratedCard) =>
  (Date.parse(dateOf(b)) - Date.parse(dateOf(a))) / DAY_MS;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Rows per `YYYY-MM`, of the months the rows cover in full (the first and last may be cut). */
function fullMonths(rows: readonly GeneratedCard[], first: string, last: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const month = row.occurredAt.slice(0, 7);
    if (month > first.slice(0, 7) && month < last.slice(0, 7))
      counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  return counts;
}

/** A heavy user's quarterly and annual bills, one series each (tag, merchant). */
const billsOf = (rows: readonly GeneratedCard[]) =>
  groupBy(
    rows.filter((row) => row.tags.includes('heavy-annual') || row.tags.includes('heavy-quarterly')),
    (row) => `${row.tags.includes('heavy-annual') ? 'annually' : 'quarterly'}|${row.expect.merchant}`,
  );

/** The bills of a user: each long interval present, 3+ payments, labelled from the third, at its interval. */
function expectBills(rows: readonly GeneratedCard[]): void {
  const bills = billsOf(rows);
  const intervals = new Set([...bills.keys()].map((key) => key.split('|')[0]));
  expect(intervals, rows[0]!.userId).toEqual(new Set(['annually', 'quarterly']));
  for (const [key, payments] of bills) {
    const interval = key.split('|')[0]!;
    const where = `${rows[0]!.userId} ${key}: ${payments.map(dateOf).join(' ')}`;
    expect(payments.length, where).toBeGreaterThanOrEqual(3);
    expect(
      payments.map((row) => row.expect.recurrence),
      where,
    ).toEqual(payments.map((_, index) => (index >= 2 ? interval : null)));
    for (let index = 1; index < payments.length; index++) {
      const gap = daysBetween(payments[index - 1]!, payments[index]!);
      if (interval === 'annually') expect(gap, where).toBeGreaterThanOrEqual(362);
      if (interval === 'annually') expect(gap, where).toBeLessThanOrEqual(369);
      if (interval === 'quarterly') expect(gap, where).toBeGreaterThanOrEqual(86);
      if (interval === 'quarterly') expect(gap, where).toBeLessThanOrEqual(96);
    }
  }
}

let world: World;
let rows: GeneratedCard[];
let heavy: Map<string, GeneratedCard[]>;
beforeAll(() => {
  world = createWorld(loadCatalog());
  rows = [...generateCards(world, { rows: 30_000, seed: 11, years: 3, heavyShare: 0.1 })];
  heavy = groupBy(
    rows.filter((row) => row.tags.includes('heavy-user')),
    (row) => row.userId,
  );
});

describe('heavy users in generated user-years', () => {
  it('name only brands the catalog has', () => {
    expect(HeavyUsers.unresolved(world)).toEqual([]);
  });

  it('cover three years with the same users, oldest first, as valid request bodies', () => {
    expect(rows).toHaveLength(30_000);
    const dates = rows.map(dateOf);
    expect([...dates].sort()).toEqual(dates);
    expect(dates[0]).toBe('2024-11-01');
    expect(dates.at(-1)! >= '2027-10-01' && dates.at(-1)! <= '2027-10-31').toBe(true);
    const users = groupBy(rows, (row) => row.userId);
    expect(users.size).toBe(30);
    const throughout = [...users.values()].filter(
      (own) => dateOf(own[0]!) < '2025-02-01' && dateOf(own.at(-1)!) > '2027-08-01',
    );
    expect(throughout.length).toBeGreaterThanOrEqual(28);
    for (const row of rows.slice(0, 3000)) {
      expect(validate(cardTransactionSchema, JSON.parse(JSON.stringify(row))).ok, row.transactionId).toBe(
        true,
      );
    }
  });

  it('are a tenth of the users, with 30 rows or more in every month', () => {
    expect([...heavy.keys()].sort()).toEqual(['user-00010', 'user-00020', 'user-00030']);
    for (const [user, own] of heavy) {
      expect(own.every((row) => row.tags.includes('heavy-user'))).toBe(true);
      const months = fullMonths(own, '2024-11-01', '2027-10-31');
      expect(months.size, user).toBe(34);
      for (const [month, count] of months) expect(count, `${user} ${month}`).toBeGreaterThanOrEqual(30);
    }
    const ordinary = rows.filter((row) => !heavy.has(row.userId));
    expect(ordinary.some((row) => row.tags.includes('heavy-user'))).toBe(false);
    // each has more than twice the rows of the average ordinary user
    for (const own of heavy.values()) expect(own.length).toBeGreaterThan((2 * ordinary.length) / 27);
  });

  it('pay annual and quarterly bills: three payments and more, labelled from the third', () => {
    for (const own of heavy.values()) expectBills(own);
  });

  it('buy again and again at the merchants of their memberships', () => {
    let shared = 0;
    for (const own of heavy.values()) {
      for (const [key, payments] of billsOf(own)) {
        const merchant = key.split('|')[1];
        const oneOffs = own.filter(
          (row) => row.expect.merchant === merchant && !row.tags.includes('subscription'),
        );
        if (oneOffs.length >= 3 * 12) {
          shared++;
          // the one-off purchases there are not labelled, and print otherwise than the bill
          expect(oneOffs.every((row) => row.expect.recurrence === null)).toBe(true);
          expect(payments.every((payment) => payment.merchantName !== oneOffs[0]!.merchantName)).toBe(true);
        }
      }
    }
    expect(shared).toBeGreaterThanOrEqual(2);
  });

  it('are the same rows for the same seed, and other rows for another', () => {
    const options = { rows: 6000, seed: 3, years: 2, heavyShare: 0.2 };
    const first = JSON.stringify([...generateCards(world, options)]);
    expect(JSON.stringify([...generateCards(world, options)])).toBe(first);
    expect(JSON.stringify([...generateCards(world, { ...options, seed: 4 })])).not.toBe(first);
  });

  it('leave the one-year default as it was: no heavy user, no long-interval label', () => {
    const plain = [...generateCards(world, { rows: 3000, seed: 5 })];
    expect(JSON.stringify([...generateCards(world, { rows: 3000, seed: 5, years: 1, heavyShare: 0 })])).toBe(
      JSON.stringify(plain),
    );
    expect(plain.some((row) => row.tags.includes('heavy-user'))).toBe(false);
    expect(plain.some((row) => row.expect.recurrence === 'annually')).toBe(false);
  });

  it('reject a number of years or a share they cannot make', () => {
    expect(() => [...generateCards(world, { rows: 10, seed: 1, years: 0 })]).toThrow(RangeError);
    expect(() => [...generateCards(world, { rows: 10, seed: 1, years: 1.5 })]).toThrow(RangeError);
    expect(() => [...generateCards(world, { rows: 10, seed: 1, heavyShare: 1 })]).toThrow(RangeError);
  });
});

describe('heavyUserYears', () => {
  it("is one heavy user's years, oldest first, the same for the same seed", () => {
    const own = [...heavyUserYears(world, { years: 3, seed: 21 })];
    expect(new Set(own.map((row) => row.userId))).toEqual(new Set(['heavy-21']));
    expect(own[0]!.transactionId).toBe('heavy-21-1');
    const dates = own.map(dateOf);
    expect([...dates].sort()).toEqual(dates);
    for (const [month, count] of fullMonths(own, '2024-11-01', '2027-10-31'))
      expect(count, month).toBeGreaterThanOrEqual(30);
    expectBills(own);
    expect(JSON.stringify([...heavyUserYears(world, { years: 3, seed: 21 })])).toBe(JSON.stringify(own));
    const other = [...heavyUserYears(world, { years: 3, seed: 22 })];
    expect(other[0]!.userId).toBe('heavy-22');
    expect(other.map((row) => row.merchantName)).not.toEqual(own.map((row) => row.merchantName));
  });

  it('starts where asked and covers the years asked', () => {
    const own = [...heavyUserYears(world, { years: 1, seed: 2, start: '2023-01-01' })];
    expect(dateOf(own[0]!) >= '2023-01-01' && dateOf(own[0]!) <= '2023-01-03').toBe(true);
    expect(dateOf(own.at(-1)!) >= '2023-12-25' && dateOf(own.at(-1)!) <= '2023-12-31').toBe(true);
    expect(own.length).toBeGreaterThan(12 * 40);
  });
});
