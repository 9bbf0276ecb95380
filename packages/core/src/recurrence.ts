/**
 * Recurrence detection: is this transaction one payment of a regular series
 * (weekly, biweekly, semi-monthly, monthly, quarterly, annual) to the same
 * counterparty? Pure and clock-free: the history is handed in, oldest first,
 * and every date comes from the transactions themselves.
 *
 * The method: for each interval type, walk back from the current transaction
 * one period at a time, taking at each step the transaction closest to the
 * expected date (within the type's tolerance) whose amount is within 25% of
 * the last one taken; one missed payment may be stepped over. That chain is a
 * pattern when it has at least three members (four with a missed payment) and
 * it is
 * - regular: its members sit close to one schedule (`scheduleError`), and
 *   none has drifted far from the schedule the current payment anchors;
 * - exclusive: hardly any other transaction within its span could be one of
 *   its payments (`isExclusive`): five coffees a week always contain a
 *   "weekly" chain, but most of the coffees are not in it;
 * - alive: the current payment is one period (or two) after the previous one,
 *   so a series that stopped long ago does not count.
 * Among the patterns found, the longest wins, then the most regular.
 *
 * Dates are calendar dates: the `YYYY-MM-DD` every `occurredAt` form starts
 * with, read as written (a bill paid on the 31st late in the evening at
 * UTC-5 belongs to the 31st, not to the 1st). Monthly, quarterly, annual and
 * semi-monthly schedules are followed in fractional months, so month lengths
 * need no tolerance of their own.
 */
import { type IntervalType, monthLength, type RecurrenceInfo } from '@txenrich/schema';

/** The transaction being enriched, or one earlier transaction of the same user. */
export interface RecurrenceTransaction {
  enrichmentId: string;
  transactionId: string | null;
  amount: number | null;
  /** The contract's `occurredAt`; without it there is no recurrence. */
  occurredAt: string | null;
  /** Its calendar day (days since 1970-01-01) when the caller knows it already: not read again. */
  day?: number;
  /** With `day`, its fractional-month position (`monthPosition(day)`) when the caller knows it already. */
  month?: number;
}

/** At most this many members are reported (and looked for) in `recentRecurrences`. */
export const MAX_RECURRENCES = 12;
/** Two amounts are the same payment when they differ by at most this share of the larger (a 30% price rise fits: 10.00 -> 13.00 differ by 23%). */
export const AMOUNT_TOLERANCE = 0.25;

interface IntervalRule {
  type: IntervalType;
  /** The `intervalDays` reported. */
  days: number;
  /** `day`: the period is `period` days; `month`: `period` calendar months. */
  space: 'day' | 'month';
  period: number;
  /** How far (in days) a member may sit from the date expected from its successor. */
  toleranceDays: number;
}

const DAYS_PER_MONTH = 30.436875;

const rules: readonly IntervalRule[] = [
  { type: 'weekly', days: 7, space: 'day', period: 7, toleranceDays: 2 },
  { type: 'biweekly', days: 14, space: 'day', period: 14, toleranceDays: 3 },
  { type: 'semi_monthly', days: 15, space: 'month', period: 0.5, toleranceDays: 4 },
  { type: 'monthly', days: 30, space: 'month', period: 1, toleranceDays: 5 },
  { type: 'quarterly', days: 91, space: 'month', period: 3, toleranceDays: 6 },
  { type: 'annually', days: 365, space: 'month', period: 12, toleranceDays: 8 },
];

/** A chain's schedule error (`scheduleError`) must stay under this share of its tolerance. */
const MAX_MEAN_ERROR = 0.45;
/** The largest and smallest amounts of a pattern differ by at most this factor (a price rise on metered amounts). */
const MAX_AMOUNT_SPREAD = 1.6;
/** An unrelated transaction counts against a chain when its amount is within this share of the chain's range. */
const EXTRA_MARGIN = 0.05;
/** An unrelated transaction counts against a fixed-price chain when its amount is within this share of a price. */
const FIXED_PRICE_MARGIN = 0.01;
/** ... or, for a fixed price, this share of the other transactions within its span, whichever is more. */
const MAX_EXTRA_SHARE = 0.1;
/** One unrelated transaction within the pattern's span and amount range is tolerated per this many periods. */
const EXTRAS_PER_ALLOWED = 4;
/** The share of `MAX_MEAN_ERROR` a chain of only three payments may use. */
const SHORT_CHAIN_STRICTNESS = 0.6;
/** A pattern of varying amounts stands among at most this many other transactions per payment of it. */
const VARIED_OTHERS_PER_PAYMENT = 1;
/** ... when it has at most this many payments: a longer one is evidence enough. */
const SHORT_VARIED_PATTERN = 4;
/** How far (in tolerances) any member may drift from the schedule anchored on the current transaction. */
const MAX_DRIFT = 1.5;

// ---------------------------------------------------------------------------
// Calendar arithmetic (proleptic Gregorian, day 0 = 1970-01-01)

/** Days since 1970-01-01 of a calendar date (H. Hinnant's `days_from_civil`). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date of a day number. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : `${value}`);

/** `YYYY-MM-DD` of a day number. */
export function isoDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/**
 * Reads the `YYYY-MM-DD` an `occurredAt` string starts with into `days[at]`
 * (day number) and `months[at]` (fractional-month position); false when there
 * is none or it names an impossible date. Every form the contract accepts
 * starts with one. The calendar date, not the UTC instant of
 * `occurredAtToEpochMs`, which is the wrong day for evening payments west of
 * Greenwich.
 */
function readDate(occurredAt: string, days: Float64Array, months: Float64Array, at: number): boolean {
  if (occurredAt.length < 10 || occurredAt.charCodeAt(4) !== 45 || occurredAt.charCodeAt(7) !== 45)
    return false;
  if (occurredAt.length > 10) {
    const separator = occurredAt.charCodeAt(10);
    if (separator !== 84 && separator !== 32) return false; // `T` or space
  }
  const y0 = occurredAt.charCodeAt(0) - 48;
  const y1 = occurredAt.charCodeAt(1) - 48;
  const y2 = occurredAt.charCodeAt(2) - 48;
  const y3 = occurredAt.charCodeAt(3) - 48;
  const m0 = occurredAt.charCodeAt(5) - 48;
  const m1 = occurredAt.charCodeAt(6) - 48;
  const d0 = occurredAt.charCodeAt(8) - 48;
  const d1 = occurredAt.charCodeAt(9) - 48;
  // Unsigned comparison: a non-digit is below 0 or above 9.
  if (y0 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9) return false;
  if (m0 >>> 0 > 9 || m1 >>> 0 > 9 || d0 >>> 0 > 9 || d1 >>> 0 > 9) return false;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (month < 1 || month > 12 || day < 1) return false;
  const length = monthLength(year, month);
  if (day > length) return false;
  days[at] = daysFromCivil(year, month, day);
  months[at] = year * 12 + month - 1 + (day - 1) / length;
  return true;
}

/** The fractional-month position of a day number (months since year 0, as monthly schedules are followed). */
export function monthPosition(dayNumber: number): number {
  const { year, month, day } = civilFromDays(dayNumber);
  return year * 12 + month - 1 + (day - 1) / monthLength(year, month);
}

/** Writes a known day number into `days[at]` and its fractional-month position into `months[at]`. */
function setDay(entry: RecurrenceTransaction, days: Float64Array, months: Float64Array, at: number): true {
  days[at] = entry.day!;
  months[at] = entry.month ?? monthPosition(entry.day!);
  return true;
}

/** The calendar date an `occurredAt` string starts with, as a day number (1970-01-01 = 0), or NaN. */
export function calendarDay(occurredAt: string): number {
  return readDate(occurredAt, oneDay, oneMonth, 0) ? oneDay[0]! : Number.NaN;
}
const oneDay = new Float64Array(1);
const oneMonth = new Float64Array(1);

/** The day number of `day` (clamped to the month's length) in month index `year * 12 + month - 1`. */
function dayInMonth(monthIndex: number, day: number): number {
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return daysFromCivil(year, month, Math.min(day, monthLength(year, month)));
}

// ---------------------------------------------------------------------------
// Detection

/** Whether two amounts (NaN = unknown) can be the same recurring payment. */
export function similarAmount(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return true;
  if (a < 0 !== b < 0) return false;
  const x = Math.abs(a);
  const y = Math.abs(b);
  return Math.abs(x - y) <= AMOUNT_TOLERANCE * Math.max(x, y) + 0.005;
}

/** The usable transactions, oldest first; the current one is last. The columns may be longer than `size`. */
interface Series {
  size: number;
  day: Float64Array;
  month: Float64Array;
  amount: Float64Array;
  /** Index into `history`, or -1 for the current transaction. */
  source: Int32Array;
}

/**
 * The columns every detection reads its series into, grown as needed and
 * reused: detection runs synchronously, one at a time, and a service or pool
 * thread detects for every transaction, so fresh columns would be most of
 * what it allocates.
 */
const scratch = {
  day: new Float64Array(128),
  month: new Float64Array(128),
  amount: new Float64Array(128),
  source: new Int32Array(128),
};

/** The scratch columns, with room for `size` transactions. */
function scratchFor(size: number): typeof scratch {
  if (scratch.day.length < size) {
    const capacity = Math.max(size, scratch.day.length * 2);
    scratch.day = new Float64Array(capacity);
    scratch.month = new Float64Array(capacity);
    scratch.amount = new Float64Array(capacity);
    scratch.source = new Int32Array(capacity);
  }
  return scratch;
}

function readSeries(
  current: RecurrenceTransaction,
  history: readonly RecurrenceTransaction[],
): Series | null {
  const last = history.length;
  const { day, month, amount, source } = scratchFor(last + 1);
  if (current.occurredAt === null || !readDate(current.occurredAt, day, month, last)) return null;
  const currentDay = day[last]!;
  const currentMonth = month[last]!;
  let size = 0;
  let sorted = true;
  for (let index = 0; index < last; index++) {
    const entry = history[index]!;
    if (entry.enrichmentId === current.enrichmentId) continue;
    if (entry.transactionId !== null && entry.transactionId === current.transactionId) continue;
    // Unreadable dates, and transactions later than the current one, are left out.
    const read =
      entry.day === undefined
        ? entry.occurredAt !== null && readDate(entry.occurredAt, day, month, size)
        : setDay(entry, day, month, size);
    if (!read || day[size]! > currentDay) continue;
    if (size > 0 && day[size]! < day[size - 1]!) sorted = false;
    amount[size] = entry.amount ?? Number.NaN;
    source[size] = index;
    size++;
  }
  if (!sorted) {
    // Callers hand the history oldest first; tolerate the odd exception with a stable sort.
    const order = Array.from({ length: size }, (_, index) => index).sort(
      (a, b) => day[a]! - day[b]! || a - b,
    );
    const days = day.slice(0, size);
    const months = month.slice(0, size);
    const amounts = amount.slice(0, size);
    const sources = source.slice(0, size);
    order.forEach((from, to) => {
      day[to] = days[from]!;
      month[to] = months[from]!;
      amount[to] = amounts[from]!;
      source[to] = sources[from]!;
    });
  }
  day[size] = currentDay;
  month[size] = currentMonth;
  amount[size] = current.amount ?? Number.NaN;
  source[size] = -1;
  size++;
  return { size, day, month, amount, source };
}

/**
 * Transactions read once, in date order, for detection at several of them
 * (`detectAmong`): a series' payments, each detected against all the others.
 * The columns may be longer than `size`.
 */
export interface ReadTransactions {
  size: number;
  day: Float64Array;
  month: Float64Array;
  /** NaN where unknown. */
  amount: Float64Array;
  /** The transactions themselves (their ids, their dates as given). */
  entries: readonly RecurrenceTransaction[];
  /** `idHash` of each one's enrichment id and transaction id: compared before the ids themselves. */
  enrichmentHash: Int32Array;
  transactionHash: Int32Array;
}

/**
 * A cheap 32-bit hash of an id, 0 for none: its length and its last four code units, where ids of one
 * kind tell each other apart (counters, random tails). Equal hashes are compared in full.
 */
export function idHash(id: string | null): number {
  if (id === null) return 0;
  let hash = id.length;
  for (let index = Math.max(0, id.length - 4); index < id.length; index++)
    hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  return hash | 0;
}

/**
 * The series `readSeries` reads for `read.entries[index]` among the others, from columns read already: those
 * of its day or before, but itself and those sharing its ids.
 */
function readAmong(read: ReadTransactions, index: number): Series | null {
  const current = read.entries[index]!;
  if (current.occurredAt === null) return null;
  const { day, month, amount, source } = scratchFor(read.size + 1);
  const currentDay = read.day[index]!;
  const enrichmentHash = read.enrichmentHash[index]!;
  const transactionHash = current.transactionId === null ? null : read.transactionHash[index]!;
  let size = 0;
  for (let at = 0; at < read.size && read.day[at]! <= currentDay; at++) {
    if (at === index) continue;
    // The ids compared only where their hashes are equal.
    if (read.enrichmentHash[at] === enrichmentHash && read.entries[at]!.enrichmentId === current.enrichmentId)
      continue;
    if (
      read.transactionHash[at] === transactionHash &&
      read.entries[at]!.transactionId === current.transactionId
    )
      continue;
    day[size] = read.day[at]!;
    month[size] = read.month[at]!;
    amount[size] = read.amount[at]!;
    source[size] = at;
    size++;
  }
  day[size] = currentDay;
  month[size] = read.month[index]!;
  amount[size] = read.amount[index]!;
  source[size] = -1;
  size++;
  return { size, day, month, amount, source };
}

/** First index in `[0, end)` whose position is >= `value`. */
function lowerBound(positions: Float64Array, end: number, value: number): number {
  let low = 0;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positions[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface Chain {
  rule: IntervalRule;
  /** Series indices, most recent first (the current transaction is `members[0]`). */
  members: number[];
  /** Periods between the current transaction and each member. */
  periods: number[];
  /** Mean distance (days) of the members from the schedule (see `scheduleError`). */
  meanError: number;
}

/**
 * The chain of `rule` ending at the current transaction: walks back one
 * period at a time (two when a payment was skipped and nothing at all sits
 * where it was due, once per chain).
 */
function followChain(series: Series, rule: IntervalRule): Chain | null {
  const positions = rule.space === 'day' ? series.day : series.month;
  const scale = rule.space === 'day' ? 1 : DAYS_PER_MONTH;
  const tolerance = rule.toleranceDays / scale;
  const anchorIndex = series.size - 1;
  const anchor = positions[anchorIndex]!;
  const members = [anchorIndex];
  const periods = [0];
  const semiMonthly = rule.type === 'semi_monthly';
  let skipped = false;
  let last = anchorIndex;
  let periodsBack = 0;

  // Semi-monthly days (1st and 15th) are not half a month apart: 14 days, then 17 in a long month. Each
  // member is due exactly a month before the member two periods later; half a month before its
  // successor when there is none yet.
  const expectedAt = (total: number, steps: number) => {
    if (semiMonthly) {
      for (let index = members.length - 1; index >= 0 && periods[index]! >= total - 2; index--) {
        if (periods[index] === total - 2) return positions[members[index]!]! - 1;
      }
    }
    return positions[last]! - steps * rule.period;
  };

  while (members.length < MAX_RECURRENCES && last > 0) {
    let found = -1;
    let steps = 1;
    for (; steps <= 2; steps++) {
      const expected = expectedAt(periodsBack + steps, steps);
      const start = lowerBound(positions, last, expected - tolerance);
      let best = Number.POSITIVE_INFINITY;
      for (let index = start; index < last && positions[index]! <= expected + tolerance; index++) {
        const distance = Math.abs(positions[index]! - expected);
        if (distance < best && similarAmount(series.amount[index]!, series.amount[last]!)) {
          best = distance;
          found = index;
        }
      }
      // A skip is allowed once, and only over an empty slot (no payment of another amount stood there).
      const slotTaken = start < last && positions[start]! <= expected + tolerance;
      if (found >= 0 || skipped || slotTaken) break;
    }
    if (found < 0) break;
    const total = periodsBack + steps;
    // Drift guard: small local errors must not add up to a different period.
    if (Math.abs(anchor - total * rule.period - positions[found]!) > MAX_DRIFT * tolerance) break;
    if (steps === 2) skipped = true;
    members.push(found);
    periods.push(total);
    periodsBack = total;
    last = found;
  }
  if (members.length < 3 || (skipped && members.length < 4)) return null;
  return { rule, members, periods, meanError: scheduleError(positions, scale, rule, members, periods) };
}

/**
 * How far (mean, in days) the members sit from one schedule: each member's
 * offset from the date `k` periods before the current one, measured against
 * the median offset (so a current payment posted two days late does not make
 * the whole series look late). Semi-monthly series keep one median per day
 * of the pair. A biweekly chain laid over 1st-and-15th payments drifts a day
 * per month and scores badly; the semi-monthly one scores well.
 */
function scheduleError(
  positions: Float64Array,
  scale: number,
  rule: IntervalRule,
  members: readonly number[],
  periods: readonly number[],
): number {
  const anchor = positions[members[0]!]!;
  const phases = rule.type === 'semi_monthly' ? 2 : 1;
  let total = 0;
  for (let phase = 0; phase < phases; phase++) {
    const offsets: number[] = [];
    members.forEach((member, index) => {
      if (periods[index]! % phases === phase) {
        offsets.push((positions[member]! - (anchor - periods[index]! * rule.period)) * scale);
      }
    });
    offsets.sort((a, b) => a - b);
    const middle = offsets.length >> 1;
    const median =
      offsets.length % 2 === 1 ? offsets[middle]! : (offsets[middle - 1]! + offsets[middle]!) / 2;
    for (const offset of offsets) total += Math.abs(offset - median);
  }
  return total / members.length;
}

/**
 * Whether the chain stands out from the user's other transactions with the
 * counterparty: hardly any of those within its span (one per
 * `EXTRAS_PER_ALLOWED` periods) has an amount that could be one of its
 * payments. A fixed price (at most two distinct amounts, a price rise
 * included) is matched to the cent, give or take 1%; varying amounts (metered
 * bills) by their range, widened 5%. Five coffees a week always contain a
 * "weekly" chain, but most of the coffees fall outside it; an annual fee
 * stands out from two years of unrelated orders at the same store.
 */
function isExclusive(series: Series, chain: Chain): boolean {
  const { members } = chain;
  const amounts = series.amount;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let first = Number.NaN;
  let second = Number.NaN;
  let distinct = 0;
  for (const member of members) {
    const amount = Math.abs(amounts[member]!);
    if (Number.isNaN(amount)) continue;
    if (amount < low) low = amount;
    if (amount > high) high = amount;
    if (
      distinct === 0 ||
      (Math.abs(amount - first) > 0.005 && (distinct === 1 || Math.abs(amount - second) > 0.005))
    ) {
      if (distinct === 0) first = amount;
      else if (distinct === 1) second = amount;
      distinct++;
    }
  }
  const known = low <= high;
  if (known && high > low * MAX_AMOUNT_SPREAD) return false;
  const fixed = known && distinct <= 2;
  const oldest = members[members.length - 1]!;
  const others = members[0]! - oldest + 1 - members.length;
  // Varying amounts on a schedule are a metered bill, paid where little else is: among a busy
  // merchant's orders, a few of similar amounts fall near any schedule by chance.
  if (!fixed && members.length <= SHORT_VARIED_PATTERN && others > VARIED_OTHERS_PER_PAYMENT * members.length)
    return false;
  const negative = amounts[members[0]!]! < 0;
  const couldBeOne = (value: number) => {
    // Unknown amounts leave the question open: they count.
    if (!known || Number.isNaN(value)) return true;
    if (value < 0 !== negative) return false;
    const amount = Math.abs(value);
    if (!fixed) return amount >= low * (1 - EXTRA_MARGIN) && amount <= high * (1 + EXTRA_MARGIN);
    return (
      Math.abs(amount - first) <= FIXED_PRICE_MARGIN * first ||
      (distinct === 2 && Math.abs(amount - second) <= FIXED_PRICE_MARGIN * second)
    );
  };
  const perPeriods = Math.floor((members.length - 1) / EXTRAS_PER_ALLOWED);
  const allowed = fixed ? Math.max(perPeriods, Math.floor(others * MAX_EXTRA_SHARE)) : perPeriods;
  let extras = 0;
  let next = 1; // members[next] is the next member at or before `index`
  for (let index = members[0]! - 1; index > oldest; index--) {
    if (index === members[next]) {
      next++;
      continue;
    }
    if (!couldBeOne(amounts[index]!) || isDuplicate(series, index, members[next - 1]!, members[next]!))
      continue;
    if (++extras > allowed) return false;
  }
  return true;
}

/** Whether transaction `index` repeats a neighbouring member (same day, same amount): a duplicate, not a rival. */
function isDuplicate(series: Series, index: number, newer: number, older: number): boolean {
  const { day, amount } = series;
  for (const member of [newer, older]) {
    if (day[index] !== day[member]) continue;
    const a = amount[index]!;
    const b = amount[member]!;
    if (
      (Number.isNaN(a) && Number.isNaN(b)) ||
      Math.abs(a - b) <= FIXED_PRICE_MARGIN * Math.max(Math.abs(a), Math.abs(b))
    ) {
      return true;
    }
  }
  return false;
}

/** The normalised day of month: month-end days count as 31, so 28 Feb, 30 Apr and 31 May agree. */
function dayOfMonth(days: number): number {
  const { year, month, day } = civilFromDays(days);
  return day >= 28 && day === monthLength(year, month) ? 31 : day;
}

/** The most frequent of small positive integers; ties go to the first seen. */
function mode(values: readonly number[]): number {
  let best = values[0]!;
  let bestCount = 0;
  for (const value of values) {
    let count = 0;
    for (const other of values) if (other === value) count++;
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** The expected date of the next payment after the current one (`days`). */
function nextPayment(series: Series, chain: Chain): number {
  const { rule, members, periods } = chain;
  const current = series.day[members[0]!]!;
  if (rule.space === 'day') return current + rule.period;
  const { year, month } = civilFromDays(current);
  const monthIndex = year * 12 + month - 1;
  if (rule.type === 'semi_monthly') {
    const even: number[] = [];
    const odd: number[] = [];
    members.forEach((member, index) => {
      (periods[index]! % 2 === 0 ? even : odd).push(dayOfMonth(series.day[member]!));
    });
    const days = [mode(even), mode(odd)];
    let next = Number.POSITIVE_INFINITY;
    for (let offset = -1; offset <= 2; offset++) {
      for (const day of days) {
        const candidate = dayInMonth(monthIndex + offset, day);
        // The first due date at least half a period after this payment (a payment made early still counts as the due one).
        if (candidate > current + 7 && candidate < next) next = candidate;
      }
    }
    return next;
  }
  // Keep the day of month the series is due on (clamped to the month's length), in the month nearest to one period on.
  const due = mode(members.map((member) => dayOfMonth(series.day[member]!)));
  const target = current + rule.period * DAYS_PER_MONTH;
  let next = dayInMonth(monthIndex + rule.period, due);
  for (const offset of [-1, 1]) {
    const candidate = dayInMonth(monthIndex + rule.period + offset, due);
    if (Math.abs(candidate - target) < Math.abs(next - target)) next = candidate;
  }
  return next;
}

/** A recurrence found, and how sure detection is of it (see `confidenceOf`). */
export interface DetectedRecurrence {
  info: RecurrenceInfo;
  /** 0 to 1: from a bare three payments near their schedule to a dozen right on it. */
  confidence: number;
}

/**
 * How sure a pattern is: its length (three payments are the least evidence, nine or more as much as
 * there is) weighed by its regularity (its schedule error against the most its interval allows) and its
 * steadiness (one price paid again and again).
 */
function confidenceOf(series: Series, chain: Chain): number {
  const length = Math.min(1, (chain.members.length - 3) / 6);
  const regularity = 1 - Math.min(1, chain.meanError / (MAX_MEAN_ERROR * chain.rule.toleranceDays));
  return (
    Math.round(
      (0.5 + 0.45 * length) * (0.8 + 0.2 * regularity) * (0.7 + 0.3 * steadiness(series, chain)) * 100,
    ) / 100
  );
}

/**
 * The share of a chain's payments at its most frequent price, to the cent (1 when no amount is known): a
 * bill repeats its price, while payments that fall into a schedule by chance (three coffees a month
 * apart) seldom cost the same.
 */
function steadiness(series: Series, chain: Chain): number {
  const prices = new Map<number, number>();
  let known = 0;
  let most = 0;
  for (const member of chain.members) {
    const amount = series.amount[member]!;
    if (Number.isNaN(amount)) continue;
    const price = Math.round(amount * 100);
    const count = (prices.get(price) ?? 0) + 1;
    prices.set(price, count);
    most = Math.max(most, count);
    known++;
  }
  return known === 0 ? 1 : most / known;
}

/**
 * The recurrence of `current` given the user's earlier transactions with the
 * same counterparty (`history`, oldest first; the caller filters), or null
 * when it is not one payment of a regular series. Three payments at least,
 * the current one included.
 */
export function detectRecurrence(
  current: RecurrenceTransaction,
  history: readonly RecurrenceTransaction[],
): RecurrenceInfo | null {
  return detectWithConfidence(current, history)?.info ?? null;
}

/** `detectRecurrence`, with the pattern's confidence. */
export function detectWithConfidence(
  current: RecurrenceTransaction,
  history: readonly RecurrenceTransaction[],
): DetectedRecurrence | null {
  if (history.length < 2) return null;
  const series = readSeries(current, history);
  return series && detectIn(series, (source) => (source < 0 ? current : history[source]!));
}

/**
 * `detectWithConfidence` for `read.entries[index]` given all the others (`history` as the whole list),
 * from columns read once for all the transactions it is asked of.
 */
export function detectAmong(read: ReadTransactions, index: number): DetectedRecurrence | null {
  if (read.size < 3) return null;
  const series = readAmong(read, index);
  return series && detectIn(series, (source) => read.entries[source < 0 ? index : source]!);
}

/** Detection in a series read (`entryOf`: the transaction of a `source`). */
function detectIn(
  series: Series,
  entryOf: (source: number) => RecurrenceTransaction,
): DetectedRecurrence | null {
  if (series.size < 3) return null;
  let best: Chain | null = null;
  for (const rule of rules) {
    const chain = followChain(series, rule);
    if (!chain) continue;
    // Three payments are the least evidence there is: they must sit closer to their schedule.
    const strictness = chain.members.length === 3 ? SHORT_CHAIN_STRICTNESS : 1;
    if (chain.meanError > MAX_MEAN_ERROR * strictness * rule.toleranceDays) continue;
    if (
      best &&
      (chain.members.length < best.members.length ||
        (chain.members.length === best.members.length && chain.meanError >= best.meanError))
    ) {
      continue;
    }
    if (isExclusive(series, chain)) best = chain;
  }
  if (!best) return null;

  const recentRecurrences: RecurrenceInfo['recentRecurrences'] = [];
  for (let index = best.members.length - 1; index >= 0; index--) {
    const entry = entryOf(series.source[best.members[index]!]!);
    recentRecurrences.push({
      amount: entry.amount,
      enrichmentId: entry.enrichmentId,
      occurredAt: entry.occurredAt ?? (entry.day === undefined ? '' : isoDate(entry.day)),
      transactionId: entry.transactionId,
    });
  }
  return {
    info: {
      intervalType: best.rule.type,
      intervalDays: best.rule.days,
      nextPaymentExpected: isoDate(nextPayment(series, best)),
      recentRecurrences,
    },
    confidence: confidenceOf(series, best),
  };
}
