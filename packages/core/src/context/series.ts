/**
 * A user's series: the recurrence state of one user with one counterparty
 * (or, for lines without one, one normalised descriptor), which each
 * enrichment of it reads and writes whole. It is bounded whatever the length
 * of the user's history:
 *
 * - its payments fall into amount bands (an annual membership apart from the
 *   weekly orders at the same store), and a payment's recurrence is decided
 *   within its band. Detection only ever weighs payments of amounts similar
 *   to the pattern's, so a band hides little it needs, and a busy
 *   counterparty does not push a yearly bill out of reach;
 * - a band keeps its latest payments, a price paid again and again longer
 *   than one-off amounts (`withPayment`), and the days of those it cut;
 * - a band keeps the schedule found at its latest payment, with the count and
 *   amounts of the payments in it: what the subscriptions view lists.
 *
 * A payment that arrives out of order takes its place by date: its own
 * recurrence is decided from the payments before it, and the band's schedule
 * again at the band's latest payment. The same transaction sent again (its
 * `transactionId`) replaces its earlier entry. Pure: the caller keeps the
 * states (a store, a map) and hands them in; nothing is mutated.
 */
import type {
  IntervalType,
  RecurrenceInfo,
  RecurringSeries,
  RecurringStatus,
  RecurringView,
} from '@txenrich/schema';
import {
  calendarDay,
  type DetectedRecurrence,
  detectAmong,
  idHash,
  isoDate,
  monthPosition,
  type ReadTransactions,
  type RecurrenceTransaction,
  similarAmount,
} from '../recurrence.js';

/** A payment as a series keeps it: `[occurredAt, amount, enrichmentId, transactionId]` (compact as JSON). */
export type KeptPayment = readonly [
  occurredAt: string,
  amount: number | null,
  enrichmentId: string,
  transactionId: string | null,
];

/** The schedule detection found at a band's latest payment, and the payments it has counted in it. */
export interface SeriesSchedule {
  intervalType: IntervalType;
  intervalDays: number;
  nextPaymentExpected: string;
  confidence: number;
  /** `YYYY-MM-DD` of its first payment. */
  firstDate: string;
  count: number;
  /** The sum and the number of its payments' known amounts (absolute). */
  amountTotal: number;
  amountCount: number;
  /** The enrichment id of its latest payment: a later schedule that includes it goes on counting. */
  lastId: string;
}

/** The payments of a series of similar amounts. */
export interface SeriesBand {
  /** Unique within its series, never reused. */
  id: number;
  /** Its latest payments, oldest first. */
  payments: KeptPayment[];
  /**
   * The payments cut from `payments`, as `[day, amount]` (day: since 1970-01-01), oldest first: their
   * ids are gone, not their dates and amounts, which detection still weighs (see `transactionsOf`).
   */
  older: Array<readonly [day: number, amount: number | null]>;
  schedule: SeriesSchedule | null;
}

export interface SeriesState {
  version: 1;
  /** What the subscriptions view calls the series: the counterparty's name, or the line's display name. */
  name: string;
  counterpartyId: string | null;
  nextBandId: number;
  bands: SeriesBand[];
}

/** One user's series: `key` is `recurrenceSeries` of its payments (the counterparty id, or the descriptor's key). */
export interface SeriesRef {
  userId: string;
  key: string;
}

/** One text for a series reference, to key maps by. */
export const seriesRefKey = (ref: SeriesRef) => `${ref.userId}\u0000${ref.key}`;

/**
 * Where the context stage reads and writes series states: a store's rows
 * loaded for the transactions at hand, or a map in memory. Synchronous: the
 * caller loads what `PendingEnrichment.series` names before `finish`.
 */
export interface SeriesBook {
  get(userId: string, key: string): SeriesState | undefined;
  set(userId: string, key: string, state: SeriesState): void;
}

/** Payments kept per band: the longest pattern (12) with room for the unrelated ones between. */
export const PAYMENTS_PER_BAND = 36;
/** Of which payments of a price no other repeats (one-off orders, metered bills): over a year of monthly bills. */
export const ONE_OFF_PAYMENTS = 16;
/** The payments cut that a band remembers, as date and amount. */
const OLDER_PAYMENTS = 48;
/** The payments of a band its schedule is looked for at (see `scheduleAnchors`). */
const SCHEDULE_ANCHORS = 3;
/** Bands kept per series: amounts from one to some thirty times each other, 25% apart. */
export const MAX_BANDS = 12;

export interface NewPayment {
  occurredAt: string;
  amount: number | null;
  enrichmentId: string;
  transactionId: string | null;
}

const dayOf = (payment: KeptPayment) => calendarDay(payment[0]);
const lastOf = (band: SeriesBand) => band.payments[band.payments.length - 1]!;

/** An amount in cents: a price. */
const cents = (amount: number) => Math.round(Math.abs(amount) * 100) * Math.sign(amount);

/** A payment as detection reads it, its day and month position read once (one object shape for all). */
const transactionOf = (
  occurredAt: string | null,
  day: number,
  amount: number | null,
  enrichmentId: string,
  transactionId: string | null,
): RecurrenceTransaction => ({
  enrichmentId,
  transactionId,
  amount,
  occurredAt,
  day,
  month: monthPosition(day),
});

/**
 * Entries as detection reads them, with their numbers side by side: a busy series' hundreds of entries are
 * read from the entries themselves once, when a band's version is first read, and merged from here for each
 * payment (`transactionsOf`).
 */
interface Columns {
  entries: RecurrenceTransaction[];
  day: number[];
  month: number[];
  /** NaN where unknown. */
  amount: number[];
  /** `idHash` of each one's enrichment id and transaction id. */
  enrichmentHash: number[];
  transactionHash: number[];
  /** Whether they are in date order (always, unless a state was written by hand). */
  inOrder: boolean;
}

/** An entry's place in columns of either kind: a band's (`Columns`) or the merged ones (`transactionsOf`). */
interface EntryColumns {
  entries: RecurrenceTransaction[];
  day: { [index: number]: number };
  month: { [index: number]: number };
  amount: { [index: number]: number };
  enrichmentHash: { [index: number]: number };
  transactionHash: { [index: number]: number };
}

/** Copies entry `from` of `source` to place `to` of `target`. */
function copyEntry(target: EntryColumns, to: number, source: EntryColumns, from: number): void {
  target.entries[to] = source.entries[from]!;
  target.day[to] = source.day[from]!;
  target.month[to] = source.month[from]!;
  target.amount[to] = source.amount[from]!;
  target.enrichmentHash[to] = source.enrichmentHash[from]!;
  target.transactionHash[to] = source.transactionHash[from]!;
}

/**
 * What the steps of `recordPayment` read of a band, worked out once per band: a band is never changed
 * once a state holds it (a payment makes a new one: `withPayment`), and a busy series' dozen bands
 * were read again, payment by payment and date by date, for each payment of any of them.
 */
interface BandFacts {
  /** Its payments as detection reads them, oldest first. */
  paid: Columns;
  /** The payments it cut (`older`), as detection reads them, without ids. */
  cut: Columns;
  /** The prices (`cents`) of its payments and those it cut; and those paid more than once. */
  prices: Set<number>;
  repeated: Set<number>;
  lastDay: number;
  /** Its latest known amount. */
  latestAmount: number | null;
}

const bandFacts = new WeakMap<SeriesBand, BandFacts>();
const paidTransaction = ([occurredAt, amount, enrichmentId, transactionId]: KeptPayment) =>
  transactionOf(occurredAt, calendarDay(occurredAt), amount, enrichmentId, transactionId);
const cutTransaction = ([day, amount]: SeriesBand['older'][number]) =>
  transactionOf(null, day, amount, '', null);

/**
 * `entries` as detection reads them, in columns; those `before` held (the same entries, in the same
 * order: a band's next version keeps its payments' order) are taken from its columns, the others read
 * with `readOne`.
 */
function readColumns<Entry>(
  entries: readonly Entry[],
  readOne: (entry: Entry) => RecurrenceTransaction,
  before?: { entries: readonly Entry[]; columns: Columns },
): Columns {
  const size = entries.length;
  const columns: Columns = {
    entries: new Array(size),
    day: new Array(size),
    month: new Array(size),
    amount: new Array(size),
    enrichmentHash: new Array(size),
    transactionHash: new Array(size),
    inOrder: true,
  };
  let from = 0;
  for (let index = 0; index < size; index++) {
    const entry = entries[index]!;
    let at = from;
    if (before) while (at < before.entries.length && before.entries[at] !== entry) at++;
    if (before && at < before.entries.length) {
      copyEntry(columns, index, before.columns, at);
      from = at + 1;
      continue;
    }
    const transaction = readOne(entry);
    columns.entries[index] = transaction;
    columns.day[index] = transaction.day!;
    columns.month[index] = transaction.month!;
    columns.amount[index] = transaction.amount ?? Number.NaN;
    columns.enrichmentHash[index] = idHash(transaction.enrichmentId);
    columns.transactionHash[index] = idHash(transaction.transactionId);
  }
  for (let index = 1; index < size && columns.inOrder; index++)
    columns.inOrder = columns.day[index]! >= columns.day[index - 1]!;
  return columns;
}

/**
 * The facts of `band`; `previous`, the band it is the next version of, lends the entries it read
 * already (a busy band's next version shares all its payments but one).
 */
function factsOf(band: SeriesBand, previous?: SeriesBand): BandFacts {
  let facts = bandFacts.get(band);
  if (facts) return facts;
  const before = previous && bandFacts.get(previous);
  const paid = readColumns(
    band.payments,
    paidTransaction,
    before && { entries: previous.payments, columns: before.paid },
  );
  const cut = readColumns(
    band.older,
    cutTransaction,
    before && { entries: previous.older, columns: before.cut },
  );
  const prices = new Set<number>();
  const repeated = new Set<number>();
  const count = (amount: number) => {
    if (Number.isNaN(amount)) return;
    const price = cents(amount);
    if (prices.has(price)) repeated.add(price);
    else prices.add(price);
  };
  for (const amount of cut.amount) count(amount);
  for (const amount of paid.amount) count(amount);
  facts = {
    paid,
    cut,
    prices,
    repeated,
    lastDay: paid.day[paid.day.length - 1]!,
    latestAmount: latestAmount(band),
  };
  bandFacts.set(band, facts);
  return facts;
}

/** The latest payment day of a band. */
const lastDayOf = (band: SeriesBand) => factsOf(band).lastDay;

/** The prices (`cents`) paid more than once among a band's payments and those it cut. */
function repeatedPrices(payments: readonly KeptPayment[], older: SeriesBand['older']): Set<number> {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  const count = (amount: number | null) => {
    if (amount === null) return;
    const price = cents(amount);
    if (seen.has(price)) repeated.add(price);
    else seen.add(price);
  };
  for (const payment of payments) count(payment[1]);
  for (const [, amount] of older) count(amount);
  return repeated;
}

/**
 * The band of `amount`: one that has been paid this very price (a membership renewed), else the one
 * whose latest known amount is closest to it within detection's tolerance, else none (-1). An unknown
 * amount joins the band paid last.
 */
function bandOf(bands: readonly SeriesBand[], amount: number | null): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  let latest = -1;
  let priced = -1;
  const facts = bands.map((band) => factsOf(band));
  const price = amount === null ? 0 : cents(amount);
  facts.forEach(({ lastDay, prices, latestAmount: reference }, index) => {
    if (latest < 0 || lastDay >= facts[latest]!.lastDay) latest = index;
    if (amount === null) return;
    // Paid this very price, to the cent.
    if (prices.has(price)) {
      if (priced < 0 || lastDay >= facts[priced]!.lastDay) priced = index;
    }
    if (reference === null || !similarAmount(amount, reference)) return;
    const distance = Math.abs(Math.log((Math.abs(amount) + 0.01) / (Math.abs(reference) + 0.01)));
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  if (amount === null) return latest;
  return priced >= 0 ? priced : best;
}

function latestAmount(band: SeriesBand): number | null {
  for (let index = band.payments.length - 1; index >= 0; index--) {
    const amount = band.payments[index]![1];
    if (amount !== null) return amount;
  }
  return null;
}

/**
 * The band to drop for a new one: the least worth keeping (no schedule, then no price paid twice),
 * then the one paid longest ago.
 */
function bandToDrop(bands: readonly SeriesBand[]): number {
  const worth = (band: SeriesBand) => (band.schedule ? 2 : 0) + (factsOf(band).repeated.size > 0 ? 1 : 0);
  let drop = 0;
  bands.forEach((band, index) => {
    const candidate = bands[drop]!;
    const difference = worth(band) - worth(candidate);
    if (difference < 0 || (difference === 0 && lastDayOf(band) < lastDayOf(candidate))) drop = index;
  });
  return drop;
}

/**
 * The payments with `payment` in its place by date (after those of its day), replacing the same
 * transaction's, then cut to size: the oldest of the payments of a price paid once (one-off orders,
 * metered bills) past `ONE_OFF_PAYMENTS` of them, then the oldest of all past `PAYMENTS_PER_BAND`. A
 * price paid again and again (a membership, a subscription) outlives the one-off orders of similar
 * amounts around it. The payments cut join `older`.
 */
function withPayment(band: SeriesBand, payment: KeptPayment, day: number) {
  const kept = band.payments.filter(
    (earlier) => earlier[2] !== payment[2] && (payment[3] === null || earlier[3] !== payment[3]),
  );
  let at = kept.length;
  while (at > 0 && dayOf(kept[at - 1]!) > day) at--;
  kept.splice(at, 0, payment);
  const repeated = repeatedPrices(kept, band.older);
  const oneOffs = kept
    .map((_, index) => index)
    .filter((index) => kept[index]![1] === null || !repeated.has(cents(kept[index]![1]!)));
  const cut: KeptPayment[] = [];
  // Indices in ascending order: each removal from the front shifts the later ones by one.
  const excess = Math.max(0, oneOffs.length - ONE_OFF_PAYMENTS);
  for (let removed = 0; removed < excess; removed++)
    cut.push(kept.splice(oneOffs[removed]! - removed, 1)[0]!);
  while (kept.length > PAYMENTS_PER_BAND) cut.push(kept.shift()!);
  if (cut.length === 0) return { payments: kept, older: band.older };
  const older = [...band.older, ...cut.map((each) => [dayOf(each), each[1]] as const)].sort(
    (a, b) => a[0] - b[0],
  );
  return {
    payments: kept,
    older: older.length > OLDER_PAYMENTS ? older.slice(older.length - OLDER_PAYMENTS) : older,
  };
}

/**
 * What detection reads of a series for a payment of `band`: every band's payments, and those `band` cut
 * (without their ids), in date order, read once for each payment detection is asked of. Other bands'
 * payments are seldom a pattern's (their amounts differ), but they count among the transactions a pattern
 * must stand out from (`isExclusive`). In columns reused from one payment to the next (`merged`): one
 * series is detected in at a time.
 */
function transactionsOf(bands: readonly SeriesBand[], band: SeriesBand): ReadTransactions {
  const lists = [factsOf(band).cut, ...bands.map((each) => factsOf(each).paid)];
  let size = 0;
  for (const list of lists) size += list.day.length;
  const read = mergedColumns(size);
  read.size = size;
  const copy = (list: Columns, position: number, to: number) => copyEntry(read, to, list, position);
  if (!lists.every((list) => list.inOrder)) {
    // A state written by hand: a stable sort by date of the lists one after the other.
    const order = lists.flatMap((list) => list.day.map((_, position) => ({ list, position })));
    order.sort((a, b) => a.list.day[a.position]! - b.list.day[b.position]!);
    order.forEach(({ list, position }, to) => {
      copy(list, position, to);
    });
    return read;
  }
  // The lists merged by date (the earliest head next, a day's entries in list order: the band's older
  // payments first, then each band's), each list's next day at hand in `headDays`.
  const heads = lists.map(() => 0);
  const headDays = lists.map(({ day }) => (day.length > 0 ? day[0]! : Number.POSITIVE_INFINITY));
  for (let to = 0; to < size; to++) {
    let next = 0;
    for (let index = 1; index < headDays.length; index++)
      if (headDays[index]! < headDays[next]!) next = index;
    const list = lists[next]!;
    const position = heads[next]!++;
    copy(list, position, to);
    headDays[next] = position + 1 < list.day.length ? list.day[position + 1]! : Number.POSITIVE_INFINITY;
  }
  return read;
}

/**
 * The columns `transactionsOf` fills, with room for `size` entries. Past the last payment's size, `entries` may
 * still hold an earlier series' transactions until overwritten: a few hundred small objects at most.
 */
let merged = mergedOfSize(256);
function mergedOfSize(size: number) {
  return {
    size: 0,
    entries: new Array<RecurrenceTransaction>(size),
    day: new Float64Array(size),
    month: new Float64Array(size),
    amount: new Float64Array(size),
    enrichmentHash: new Int32Array(size),
    transactionHash: new Int32Array(size),
  };
}
function mergedColumns(size: number) {
  if (merged.day.length < size) merged = mergedOfSize(Math.max(size, merged.day.length * 2));
  return merged;
}

/**
 * The payments a band's schedule is looked for at, by position in its payments: its latest payment, then the
 * latest payment of each price paid more than once, newest first (`SCHEDULE_ANCHORS` in all). A
 * membership renewed once a year shares its band with the orders of similar amounts around it: the
 * band's latest payment is mostly an order, the schedule is the renewal's.
 */
function scheduleAnchors(band: SeriesBand): number[] {
  const { payments } = band;
  const { repeated } = factsOf(band);
  const anchors = [payments.length - 1];
  const anchored = new Set<number>();
  for (let index = payments.length - 2; index >= 0 && anchors.length < SCHEDULE_ANCHORS; index--) {
    const amount = payments[index]![1];
    if (amount === null || !repeated.has(cents(amount)) || anchored.has(cents(amount))) continue;
    // The latest payment of its price only.
    anchored.add(cents(amount));
    anchors.push(index);
  }
  return anchors;
}

/** The earliest of calendar dates (`occurredAt` forms), as `YYYY-MM-DD`. */
const minDate = (...dates: string[]) => dates.map((date) => date.slice(0, 10)).sort()[0]!;

/**
 * The band's schedule after a payment (`added`, or null when it was already in): the pattern found at
 * its latest payment. One that goes on from the schedule before (same interval, including its latest
 * payment) adds the payment to its counts; a new one counts the payments of its pattern.
 */
function nextSchedule(
  before: SeriesSchedule | null,
  detected: DetectedRecurrence | null,
  added: KeptPayment | null,
): SeriesSchedule | null {
  if (!detected) return null;
  const { intervalType, intervalDays, nextPaymentExpected, recentRecurrences: members } = detected.info;
  const found = { intervalType, intervalDays, nextPaymentExpected, confidence: detected.confidence };
  const lastId = members[members.length - 1]!.enrichmentId;
  if (
    before?.intervalType === intervalType &&
    members.some((member) => member.enrichmentId === before.lastId)
  ) {
    const counted = added !== null && members.some((member) => member.enrichmentId === added[2]);
    const amount = counted && added[1] !== null ? Math.abs(added[1]) : null;
    return {
      ...found,
      firstDate: minDate(before.firstDate, members[0]!.occurredAt),
      count: before.count + (counted ? 1 : 0),
      amountTotal: before.amountTotal + (amount ?? 0),
      amountCount: before.amountCount + (amount === null ? 0 : 1),
      lastId,
    };
  }
  const known = members.filter((member) => member.amount !== null);
  return {
    ...found,
    firstDate: minDate(members[0]!.occurredAt),
    count: members.length,
    amountTotal: known.reduce((sum, member) => sum + Math.abs(member.amount!), 0),
    amountCount: known.length,
    lastId,
  };
}

/** The recurrence with the payments whose ids the series still holds (not those cut to a date and amount). */
function withKnownPayments(info: RecurrenceInfo): RecurrenceInfo {
  const known = info.recentRecurrences.filter((payment) => payment.enrichmentId !== '');
  return known.length === info.recentRecurrences.length ? info : { ...info, recentRecurrences: known };
}

export interface RecordedPayment {
  /** The series with the payment: a new object (the one given is not changed); undefined when the date is unreadable. */
  state: SeriesState | undefined;
  /** The payment's recurrence, given the series' payments before it. */
  recurrence: RecurrenceInfo | null;
}

/**
 * Adds a payment to a series (`state`, undefined for a new one) and decides
 * its recurrence. `who` names the series for the subscriptions view (the
 * latest name wins).
 */
export function recordPayment(
  state: SeriesState | undefined,
  payment: NewPayment,
  who: { name: string; counterpartyId: string | null },
): RecordedPayment {
  const day = calendarDay(payment.occurredAt);
  if (Number.isNaN(day)) return { state, recurrence: null };
  const kept: KeptPayment = [payment.occurredAt, payment.amount, payment.enrichmentId, payment.transactionId];
  const bands = state ? [...state.bands] : [];
  let nextBandId = state?.nextBandId ?? 0;
  let index = bandOf(bands, payment.amount);
  if (index < 0) {
    if (bands.length >= MAX_BANDS) bands.splice(bandToDrop(bands), 1);
    bands.push({ id: nextBandId++, payments: [], older: [], schedule: null });
    index = bands.length - 1;
  }
  const band = bands[index]!;
  const repeated = band.payments.some(
    (earlier) => earlier[2] === kept[2] || (kept[3] !== null && earlier[3] === kept[3]),
  );
  const { payments, older } = withPayment(band, kept, day);
  bands[index] = { id: band.id, payments, older, schedule: band.schedule };
  factsOf(bands[index]!, band);
  const transactions = transactionsOf(bands, bands[index]!);
  const newBand = bands[index]!;
  const { paid } = factsOf(newBand);
  // Found by identity (the band's own entries), not by id: a busy series holds hundreds.
  const indexOf = (position: number) => transactions.entries.indexOf(paid.entries[position]!);
  const keptAt = payments.indexOf(kept);
  const detected = keptAt < 0 ? null : detectAmong(transactions, indexOf(keptAt));
  let latest: DetectedRecurrence | null = null;
  for (const anchor of scheduleAnchors(newBand)) {
    latest = anchor === keptAt ? detected : detectAmong(transactions, indexOf(anchor));
    if (latest) break;
  }
  bands[index]!.schedule = nextSchedule(band.schedule, latest, repeated ? null : kept);
  return {
    state: { version: 1, name: who.name, counterpartyId: who.counterpartyId, nextBandId, bands },
    recurrence: detected && withKnownPayments(detected.info),
  };
}

/**
 * The least confidence of a series the view lists: three payments of one price near their schedule (an
 * annual bill in its third year), or five of varying amounts (a utility). Three payments of varying
 * amounts, a month apart by chance among a user's coffees, stay unlisted (their payments are still
 * marked recurring).
 */
export const MIN_LISTED_CONFIDENCE = 0.42;

/** How overdue (days) a series' next payment may be for it to count as active. */
const graceDays = (intervalDays: number) => Math.max(3, Math.round(intervalDays / 4));

/**
 * The subscriptions view of one user's series (`states`: every series of the
 * user, keyed as stored): each band with a schedule sure enough
 * (`MIN_LISTED_CONFIDENCE`), active ones first, then
 * by next expected date. Activity is judged at the user's latest payment,
 * not the clock, so a statement imported later reads as it did then.
 */
export function recurringView(
  states: ReadonlyArray<{ key: string; state: SeriesState }>,
  options: { status?: RecurringStatus } = {},
): RecurringView {
  let asOf = Number.NaN;
  for (const { state } of states)
    for (const band of state.bands) {
      const day = lastDayOf(band);
      if (!(day <= asOf)) asOf = day;
    }
  const series: RecurringSeries[] = [];
  for (const { key, state } of states) {
    for (const band of state.bands) {
      const { schedule } = band;
      if (!schedule || schedule.confidence < MIN_LISTED_CONFIDENCE) continue;
      const last = lastOf(band);
      const active = calendarDay(schedule.nextPaymentExpected) + graceDays(schedule.intervalDays) >= asOf;
      if (options.status && (options.status === 'active') !== active) continue;
      const average = schedule.amountCount > 0 ? schedule.amountTotal / schedule.amountCount : null;
      series.push({
        seriesId: `${key}#${band.id}`,
        counterparty: { id: state.counterpartyId, name: state.name },
        firstDate: schedule.firstDate,
        lastDate: last[0].slice(0, 10),
        count: schedule.count,
        averageAmount: average === null ? null : Math.round(average * 100) / 100,
        lastAmount: last[1] === null ? null : Math.abs(last[1]),
        periodicity: { days: schedule.intervalDays, label: schedule.intervalType },
        nextExpected: {
          date: schedule.nextPaymentExpected,
          amount: last[1] === null ? null : Math.abs(last[1]),
        },
        confidence: schedule.confidence,
        active,
      });
    }
  }
  series.sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      a.nextExpected.date.localeCompare(b.nextExpected.date) ||
      a.seriesId.localeCompare(b.seriesId),
  );
  return { asOf: Number.isNaN(asOf) ? null : isoDate(asOf), series };
}

/** The latest payment day of a series (days since 1970-01-01), what a store indexes it by. */
export function lastPaymentDay(state: SeriesState): number {
  let last = Number.NEGATIVE_INFINITY;
  for (const band of state.bands) last = Math.max(last, lastDayOf(band));
  return last;
}

/** A `SeriesBook` in memory, with each user's subscriptions view: for a program or a file run. */
export interface MemorySeriesBook extends SeriesBook {
  recurring(userId: string, options?: { status?: RecurringStatus }): RecurringView;
  /** The users with at least one series, in the order first seen. */
  users(): IterableIterator<string>;
}

export function createSeriesBook(): MemorySeriesBook {
  const byUser = new Map<string, Map<string, SeriesState>>();
  return {
    get: (userId, key) => byUser.get(userId)?.get(key),
    set(userId, key, state) {
      const series = byUser.get(userId) ?? new Map<string, SeriesState>();
      byUser.set(userId, series);
      series.set(key, state);
    },
    recurring(userId, options = {}) {
      const states = [...(byUser.get(userId) ?? [])].map(([key, state]) => ({ key, state }));
      return recurringView(states, options);
    },
    users: () => byUser.keys(),
  };
}
