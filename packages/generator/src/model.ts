/**
 * Shapes shared by the generator's parts: a generated row (request body plus
 * its truth), a user and the feed style of their bank, the draft a purchase
 * or payment builder returns, and the calendar of the days covered.
 */
import type { IntervalType } from '@txenrich/schema';
import type { CaseStyle } from './descriptor.js';
import type { City } from './world.js';

/** What a correct enrichment of the row says; the same keys as the labelled sets, plus `recurrence`. */
export interface Truth {
  /** The catalog name of the counterparty, or null (unknown local business, person, unnamed ATM). */
  merchant: string | null;
  /** Its bare domain, or null. */
  website: string | null;
  channel: 'physical' | 'digital' | null;
  type: 'spending' | 'atm';
  thirdParty: string | null;
  isPeerToPeer: boolean;
  /** The interval once a series has two earlier payments in the file, else null. */
  recurrence: IntervalType | null;
}

/** One generated line: a card request body (CONTRACT.md 1.1) with its truth and tags. */
export interface GeneratedCard {
  transactionId: string;
  userId: string;
  merchantName: string;
  amount: number;
  currencyCode: 'USD';
  occurredAt: string;
  categoryCode: string;
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
  location?: { city: string; region: string; country: string; postalCode?: string } | undefined;
  expect: Truth;
  tags: readonly string[];
}

export type DateStyle = 'iso' | 'date' | 'space' | 'offset';
export type LocationStyle = 'fields' | 'location' | 'none';

/** A cardholder: where they live and how their bank's feed prints their transactions. */
export interface User {
  index: number;
  id: string;
  home: City;
  zip: string;
  last4: string;
  /** Relative number of one-off purchases. */
  activity: number;
  caseStyle: CaseStyle;
  dateStyle: DateStyle;
  locationStyle: LocationStyle;
  /** Index into `bankTexts`, or -1: most banks add nothing. */
  bankText: number;
  /** Share of in-store purchases paid with a phone wallet. */
  walletRate: number;
  /** Chains the user usually goes to, by segment number (picked on first use). */
  favorites: unknown[][];
  /** People the user pays by P2P. */
  payees: string[];
  /** A heavy user's habits (`heavy.ts`); null for everyone else. */
  heavy: HeavyHabits | null;
}

/** Where a heavy user buys again and again: a chain in their home city, or an online merchant. */
export interface Haunt {
  at: 'store' | 'online';
  /** The segment (in store) or online group the merchant is drawn from. */
  group: string;
  /** The catalog name of the merchant. */
  name: string;
  /** One-off purchases there a month, on average. */
  perMonth: number;
}

/** How much a heavy user buys: one-off purchases a month, some of them at their haunts. */
export interface HeavyHabits {
  /** One-off purchases a month elsewhere, on average. */
  perMonth: number;
  haunts: Haunt[];
}

/** Where a purchase happened: a store, or a remote merchant's phone/URL slot. */
export type Place =
  | { kind: 'store'; city: City; zip: string }
  | { kind: 'remote'; slot: string; state: string };

/** A row before the user's feed style is applied. */
export interface Draft {
  user: User;
  descriptor: string;
  mcc: string;
  amount: number;
  /** Local time of day, in seconds. */
  seconds: number;
  place: Place | null;
  /** An in-store purchase without a third party may get a wallet marker. */
  walletable: boolean;
  /** Owned by the draft (a wallet marker may set its third party). */
  truth: Truth;
  /** May be shared between drafts: never mutated. */
  tags: readonly string[];
}

const DAY_MS = 86_400_000;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The days covered: day 0 is the start date; all arithmetic in UTC calendar days. */
export class Calendar {
  readonly days: number;
  /** Epoch day of day 0. */
  readonly epochStart: number;
  /** Per day: `YYYY-MM-DD`, the month (0-11), the weekday (0 = Sunday), `SEP 2025`. */
  readonly dates: string[] = [];
  private readonly months: number[] = [];
  private readonly weekdays: number[] = [];
  private readonly monthLabels: string[] = [];
  constructor(start: string, days: number) {
    const epoch = Date.parse(`${start}T00:00:00Z`);
    if (Number.isNaN(epoch)) throw new Error(`not a date: ${start}`);
    this.days = days;
    this.epochStart = epoch / DAY_MS;
    for (let day = 0; day < days; day++) {
      const date = new Date((this.epochStart + day) * DAY_MS);
      this.dates.push(date.toISOString().slice(0, 10));
      this.months.push(date.getUTCMonth());
      this.weekdays.push(date.getUTCDay());
      this.monthLabels.push(`${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`);
    }
  }
  /** 0 = Sunday. */
  weekday(day: number): number {
    return this.weekdays[day] ?? (((this.epochStart + day + 4) % 7) + 7) % 7;
  }
  monthLabel(day: number): string {
    return this.monthLabels[day]!;
  }
  monthIndex(day: number): number {
    return this.months[day]!;
  }
  /** Day index of the same calendar date `years` later (29 February becomes the 28th). */
  yearsAfter(day: number, years: number): number {
    const date = new Date((this.epochStart + day) * DAY_MS);
    const year = date.getUTCFullYear() + years;
    const month = date.getUTCMonth();
    const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return Date.UTC(year, month, Math.min(date.getUTCDate(), length)) / DAY_MS - this.epochStart;
  }
  /** Day index of the `dayOfMonth` (clamped to the month's length) `monthsAfter` months after day 0's month. */
  dayInMonth(monthsAfter: number, dayOfMonth: number): number {
    const year = Number(this.dates[0]!.slice(0, 4));
    const month = Number(this.dates[0]!.slice(5, 7)) - 1 + monthsAfter;
    const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return Date.UTC(year, month, Math.min(dayOfMonth, length)) / DAY_MS - this.epochStart;
  }
}
