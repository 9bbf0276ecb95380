/**
 * Deterministic generator of labelled payment histories for recurrence
 * detection: one user's transactions with one counterparty, oldest first, the
 * last being the one enriched. Positives cover every interval type with
 * posting jitter, weekend shifts, month ends, a skipped payment, price rises,
 * metered amounts and unrelated purchases at the same merchant; negatives are
 * frequent irregular purchases, sparse random ones, two-payment series,
 * regular dates with wildly varying amounts, and series that stopped long ago.
 *
 * The same seed gives the same histories everywhere: the PRNG is the
 * generator's mulberry32 (`random.ts`) and all calendar arithmetic is done in UTC.
 *
 *   const cases = generateHistories(1200, 42);
 */
import type { RecurrenceTransaction } from '@txenrich/core';

/** An earlier transaction of the history, with the series it belongs to. */
export type HistoryEntry = RecurrenceTransaction & {
  occurredAt: string;
  counterpartyId: string;
  descriptorKey: string;
};

import { type IntervalType, intervalTypes } from '@txenrich/schema';
import { Random } from './random.js';

export type HistoryKind =
  | IntervalType
  | 'frequent_irregular'
  | 'sparse_random'
  | 'two_payments'
  | 'wild_amounts'
  | 'stopped';

export const positiveKinds: readonly IntervalType[] = intervalTypes;
export const negativeKinds: readonly HistoryKind[] = [
  'frequent_irregular',
  'sparse_random',
  'two_payments',
  'wild_amounts',
  'stopped',
];

export interface GeneratedTransaction {
  enrichmentId: string;
  transactionId: string;
  amount: number;
  occurredAt: string;
}

export interface LabelledHistory {
  kind: HistoryKind;
  /** What a correct detector answers for `current`. */
  expected: IntervalType | null;
  /** Positives: the nominal date of the next payment (`YYYY-MM-DD`), before any weekend shift. */
  nextDue: string | null;
  /** Variations applied (`skip`, `price_rise`, `metered`, `mixed`, `weekend_shift`, `month_end`...). */
  traits: string[];
  current: GeneratedTransaction;
  /** Earlier transactions with the same counterparty, oldest first. */
  history: HistoryEntry[];
}

const DAY_MS = 86_400_000;
/** Day number (days since 1970-01-01) of a calendar date; `day` is clamped to the month's length. */
function dayOf(year: number, monthIndex: number, day: number): number {
  const length = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return Date.UTC(year, monthIndex, Math.min(day, length)) / DAY_MS;
}
const weekday = (day: number) => (day + 4) % 7; // 0 = Sunday
const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const cents = (value: number) => Math.round(value * 100) / 100;
/** A subscription-like price: 4.99, 12.99, 149.00... */
const price = (random: Random) => {
  const base = random.logUniform(4, 400);
  return random.chance(0.6) ? Math.floor(base) + 0.99 : cents(base);
};

/** An `occurredAt` in one of the contract's forms, with a time of day in the local morning to evening. */
function occurredAt(random: Random, day: number): string {
  const date = isoDate(day);
  const hour = String(random.int(6, 22)).padStart(2, '0');
  const minute = String(random.int(0, 59)).padStart(2, '0');
  switch (random.int(0, 3)) {
    case 0:
      return date;
    case 1:
      return `${date}T${hour}:${minute}:00Z`;
    case 2:
      return `${date} ${hour}:${minute}:00Z`;
    default:
      return `${date}T${hour}:${minute}:00.123-05:00`;
  }
}

interface Payment {
  day: number;
  amount: number;
}

type WeekendPolicy = 'none' | 'forward' | 'backward';
/** Moves a due date off the weekend the way banks do: to Monday, or to the Friday before. */
function shiftWeekend(day: number, policy: WeekendPolicy): number {
  const dow = weekday(day);
  if (policy === 'none' || (dow !== 0 && dow !== 6)) return day;
  if (policy === 'forward') return day + (dow === 6 ? 2 : 1);
  return day - (dow === 6 ? 1 : 2);
}

/** A random start in 2022-2024, so series cross month ends, leap days and year ends. */
const startDay = (random: Random) => dayOf(2022, 0, 1) + random.int(0, 3 * 365);

interface Schedule {
  /** Nominal due dates (day numbers), oldest first; one more than the payments (the next due). */
  due: number[];
  /** Whether due dates move off weekends (bills) or keep their weekday (weekly plans, payroll). */
  shifts: boolean;
}

function schedule(random: Random, type: IntervalType, count: number, traits: string[]): Schedule {
  const start = startDay(random);
  const due: number[] = [];
  if (type === 'weekly' || type === 'biweekly') {
    const period = type === 'weekly' ? 7 : 14;
    for (let index = 0; index <= count; index++) due.push(start + index * period);
    return { due, shifts: false };
  }
  const first = new Date(start * DAY_MS);
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth();
  if (type === 'semi_monthly') {
    const [a, b] = random.pick([
      [1, 15],
      [15, 31],
      [5, 20],
      [10, 25],
    ] as const);
    if (b === 31) traits.push('month_end');
    for (let index = 0; index <= count; index++) {
      const monthOffset = Math.floor(index / 2);
      due.push(dayOf(year, month + monthOffset, index % 2 === 0 ? a : b));
    }
    return { due, shifts: true };
  }
  const months = type === 'monthly' ? 1 : type === 'quarterly' ? 3 : 12;
  const day = random.chance(0.2) ? random.int(28, 31) : random.int(1, 28);
  if (day >= 29) traits.push('month_end');
  for (let index = 0; index <= count; index++) due.push(dayOf(year, month + index * months, day));
  return { due, shifts: true };
}

const lengths: Record<IntervalType, [number, number]> = {
  weekly: [3, 40],
  biweekly: [3, 30],
  semi_monthly: [3, 30],
  monthly: [3, 30],
  quarterly: [3, 10],
  annually: [3, 5],
};

function positive(
  random: Random,
  type: IntervalType,
): { payments: Payment[]; nextDue: number; traits: string[] } {
  const traits: string[] = [];
  const [min, max] = lengths[type];
  const count = random.int(min, max);
  const { due, shifts } = schedule(random, type, count, traits);
  const policy: WeekendPolicy = shifts ? random.pick(['none', 'forward', 'forward', 'backward']) : 'none';
  if (policy !== 'none') traits.push('weekend_shift');
  const jittery = random.chance(0.3);
  if (jittery) traits.push('jitter');
  let amount = price(random);
  const metered = random.chance(0.2);
  if (metered) traits.push('metered');
  const riseAt = random.chance(0.3) ? random.int(1, count - 1) : -1;
  if (riseAt > 0) traits.push('price_rise');

  const payments: Payment[] = [];
  for (let index = 0; index < count; index++) {
    if (index === riseAt) amount = cents(amount * (1.05 + random.next() * 0.25));
    let day = shiftWeekend(due[index]!, policy);
    // Posting jitter: a day late now and then (a day either way for weekly and biweekly plans).
    if (jittery && random.chance(0.25)) day += shifts ? 1 : random.pick([-1, 1]);
    const paid = metered ? cents(amount * (0.9 + random.next() * 0.2)) : amount;
    payments.push({ day, amount: paid });
  }
  // One skipped payment (a failed card, a paused month), never the first or the current one.
  if (count >= 5 && random.chance(0.2)) {
    payments.splice(random.int(1, count - 2), 1);
    traits.push('skip');
  }
  // Unrelated purchases at the same merchant (the Amazon order beside the Prime fee).
  if (random.chance(0.15)) {
    traits.push('mixed');
    const first = payments[0]!.day;
    const last = payments[payments.length - 1]!.day; // the current payment stays last
    const extras = Math.max(1, Math.round(((last - first) / 30) * (0.5 + random.next())));
    for (let index = 0; index < extras; index++) {
      payments.push({ day: random.int(first, last - 1), amount: cents(random.logUniform(3, 600)) });
    }
    payments.sort((a, b) => a.day - b.day); // stable: extras fall strictly before the current payment
  }
  return { payments, nextDue: due[count]!, traits };
}

function negative(random: Random, kind: HistoryKind): Payment[] {
  const payments: Payment[] = [];
  const start = startDay(random);
  switch (kind) {
    case 'frequent_irregular': {
      // Coffee, lunch, groceries: 2-7 times a week on random days, similar amounts.
      const weeks = random.int(3, 52);
      const perWeek = random.int(2, 7);
      const base = random.logUniform(3, 80);
      for (let day = start; day < start + weeks * 7; day++) {
        if (random.chance(perWeek / 7))
          payments.push({ day, amount: cents(base * (0.6 + random.next() * 0.8)) });
      }
      break;
    }
    case 'sparse_random': {
      // A restaurant now and then: 3-15 visits on random days over two months to two years.
      const span = random.int(60, 720);
      const visits = random.int(3, 15);
      const base = random.logUniform(8, 150);
      const days = new Set<number>();
      while (days.size < visits) days.add(start + random.int(0, span));
      for (const day of [...days].sort((a, b) => a - b)) {
        payments.push({ day, amount: cents(base * (0.7 + random.next() * 0.7)) });
      }
      break;
    }
    case 'two_payments': {
      const period = random.pick([7, 14, 30, 91, 365]);
      const amount = price(random);
      payments.push({ day: start, amount }, { day: start + period, amount });
      break;
    }
    case 'wild_amounts': {
      // Regular dates, unrelated amounts: not one subscription.
      const period = random.pick([7, 14, 30]);
      const count = random.int(3, 14);
      for (let index = 0; index < count; index++) {
        payments.push({ day: start + index * period, amount: cents(random.logUniform(5, 800)) });
      }
      break;
    }
    case 'stopped': {
      // A subscription that ended, then one purchase many periods later.
      const period = random.pick([7, 14, 30, 91]);
      const count = random.int(3, 12);
      const amount = price(random);
      for (let index = 0; index < count; index++) payments.push({ day: start + index * period, amount });
      const last = start + (count - 1) * period;
      payments.push({
        day: last + period * random.int(3, 8),
        amount: random.chance(0.5) ? amount : price(random),
      });
      break;
    }
    default:
      throw new Error(`not a negative kind: ${kind}`);
  }
  if (payments.length === 0) payments.push({ day: start, amount: price(random) });
  return payments;
}

/** One labelled history of `kind`. */
function generateHistory(random: Random, kind: HistoryKind, counterpartyId: string): LabelledHistory {
  const isPositive = (positiveKinds as readonly string[]).includes(kind);
  let payments: Payment[];
  let nextDue: number | null = null;
  let traits: string[] = [];
  if (isPositive) {
    const generated = positive(random, kind as IntervalType);
    payments = generated.payments;
    nextDue = generated.nextDue;
    traits = generated.traits;
  } else {
    payments = negative(random, kind);
  }
  const { current, transactions } = toTransactions(random, payments);
  const descriptorKey = `MERCHANT ${counterpartyId.slice(0, 8).toUpperCase()}`;
  return {
    kind,
    expected: isPositive ? (kind as IntervalType) : null,
    nextDue: nextDue === null ? null : isoDate(nextDue),
    traits,
    current,
    history: transactions.map((transaction) => ({ ...transaction, counterpartyId, descriptorKey })),
  };
}

/** The payments as transactions, oldest first; the last one is the transaction being enriched. */
function toTransactions(random: Random, payments: readonly Payment[]) {
  const transactions = payments.map((payment, index) => ({
    enrichmentId: random.uuid(),
    transactionId: `tx-${index + 1}`,
    amount: payment.amount,
    occurredAt: occurredAt(random, payment.day),
  }));
  const current = transactions.pop()!;
  return { current, transactions };
}

/** `count` labelled histories, the kinds taken in turn (six positive kinds, five negative ones). */
export function generateHistories(count: number, seed = 1): LabelledHistory[] {
  const random = new Random(seed);
  const kinds: readonly HistoryKind[] = [...positiveKinds, ...negativeKinds];
  const histories: LabelledHistory[] = [];
  for (let index = 0; index < count; index++) {
    histories.push(generateHistory(random, kinds[index % kinds.length]!, random.uuid()));
  }
  return histories;
}

/**
 * A year of one user's transactions with one merchant, 366 of them, for the
 * benchmark: a monthly fee on the 3rd among daily purchases of other amounts
 * (`mixed`, the current one is the fee), or daily purchases of similar amounts
 * only (`frequent`, the worst case for the detector: every chain is followed).
 */
export function yearOfHistory(seed: number, shape: 'mixed' | 'frequent' = 'mixed'): LabelledHistory {
  const random = new Random(seed);
  const counterpartyId = random.uuid();
  const start = dayOf(2024, 0, 4);
  const payments: Payment[] = [];
  for (let day = start; day <= start + 365; day++) {
    if (shape === 'mixed' && new Date(day * DAY_MS).getUTCDate() === 3) payments.push({ day, amount: 14.99 });
    else
      payments.push({
        day,
        amount: cents(shape === 'mixed' ? random.logUniform(25, 300) : random.logUniform(3, 8)),
      });
  }
  const { current, transactions } = toTransactions(random, payments);
  return {
    kind: shape === 'mixed' ? 'monthly' : 'frequent_irregular',
    expected: shape === 'mixed' ? 'monthly' : null,
    nextDue: shape === 'mixed' ? '2025-02-03' : null,
    traits: [shape],
    current,
    history: transactions.map((transaction) => ({
      ...transaction,
      counterpartyId,
      descriptorKey: 'MERCHANT',
    })),
  };
}
