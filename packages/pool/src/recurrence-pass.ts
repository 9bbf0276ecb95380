/**
 * Recurrence across chunks. Workers enrich chunks in parallel, so no worker
 * sees a user's earlier rows of another chunk; the pool therefore decides
 * recurrence afterwards, on the calling thread, walking the rows in input
 * order with each user's history, exactly as the engine would have with the
 * whole history in hand (the same `detectRecurrence` over the same series).
 *
 * The history of a long file lives here until the run ends (a user's next
 * row may come last), so it is kept compact: per transaction one string and
 * a few numbers in shared columns, never an object. A series is a chain of
 * links from its latest transaction back; detection rebuilds the few entries
 * it reads.
 */
import {
  detectRecurrence,
  type HistoryEntry,
  type RecurrenceTransaction,
  recurrenceSeries,
  type UserHistoryEntry,
} from '@txenrich/core';
import type { RecurrenceInfo } from '@txenrich/schema';

export interface RecurrencePassOptions {
  /** The user's history from before this run, oldest first (e.g. from a store). */
  history?: (userId: string) => readonly HistoryEntry[] | undefined;
  /** Entries read per user and series: enough for the longest pattern and its neighbours. */
  perSeries?: number;
}

export interface RecurrencePass {
  /** This transaction's recurrence given everything before it; then it joins its user's history. */
  next(entry: UserHistoryEntry): RecurrenceInfo | null;
}

export const DEFAULT_ENTRIES_PER_SERIES = 120;

/** Every transaction of the run, as columns; transaction `i` is row `i` of each. */
class TransactionColumns {
  /** `enrichmentId`, `occurredAt` and `transactionId` joined into one flat string. */
  readonly texts: string[] = [];
  #previous = new Int32Array(1 << 16);
  #amounts = new Float64Array(1 << 16);
  /** Lengths of the enrichment id and of `occurredAt` in the text; -1 as the latter: no transaction id. */
  #idLengths = new Int32Array(1 << 16);
  #dateLengths = new Int32Array(1 << 16);

  /** Adds a transaction whose series' latest transaction is `previous` (-1: none); answers its index. */
  add(entry: RecurrenceTransaction, previous: number): number {
    const index = this.texts.length;
    if (index === this.#previous.length) this.#grow();
    const occurredAt = entry.occurredAt ?? '';
    // `join` makes one flat string; `+` would keep the three pieces alive behind a rope.
    this.texts.push([entry.enrichmentId, occurredAt, entry.transactionId ?? ''].join(''));
    this.#previous[index] = previous;
    this.#amounts[index] = entry.amount ?? Number.NaN;
    this.#idLengths[index] = entry.enrichmentId.length;
    this.#dateLengths[index] = entry.transactionId === null ? -1 - occurredAt.length : occurredAt.length;
    return index;
  }

  previous(index: number): number {
    return this.#previous[index]!;
  }

  /** Transaction `index` as detection reads it. */
  transaction(index: number): RecurrenceTransaction {
    const text = this.texts[index]!;
    const idLength = this.#idLengths[index]!;
    const dateLength = this.#dateLengths[index]!;
    const occurredAtEnd = idLength + (dateLength < 0 ? -1 - dateLength : dateLength);
    const amount = this.#amounts[index]!;
    return {
      enrichmentId: text.slice(0, idLength),
      occurredAt: text.slice(idLength, occurredAtEnd),
      transactionId: dateLength < 0 ? null : text.slice(occurredAtEnd),
      amount: Number.isNaN(amount) ? null : amount,
    };
  }

  #grow() {
    const grown = <T extends Int32Array | Float64Array>(column: T): T => {
      const larger = new (column.constructor as new (length: number) => T)(column.length * 2);
      larger.set(column);
      return larger;
    };
    this.#previous = grown(this.#previous);
    this.#amounts = grown(this.#amounts);
    this.#idLengths = grown(this.#idLengths);
    this.#dateLengths = grown(this.#dateLengths);
  }
}

export function createRecurrencePass(options: RecurrencePassOptions = {}): RecurrencePass {
  const perSeries = options.perSeries ?? DEFAULT_ENTRIES_PER_SERIES;
  const transactions = new TransactionColumns();
  /** User and series -> the index of the series' latest transaction. */
  const latest = new Map<string, number>();
  const seededUsers = new Set<string>();
  const keyOf = (userId: string, entry: Pick<HistoryEntry, 'counterpartyId' | 'descriptorKey'>) =>
    [userId, recurrenceSeries(entry)].join('\u0000');
  const append = (key: string, entry: RecurrenceTransaction) => {
    latest.set(key, transactions.add(entry, latest.get(key) ?? -1));
  };
  /** The last `perSeries` transactions of the series whose latest is `last`, oldest first. */
  const seriesOf = (last: number): RecurrenceTransaction[] => {
    const indices: number[] = [];
    let index = last;
    for (; index >= 0 && indices.length < perSeries; index = transactions.previous(index))
      indices.push(index);
    return indices.reverse().map((index) => transactions.transaction(index));
  };
  return {
    next(entry) {
      if (options.history && !seededUsers.has(entry.userId)) {
        seededUsers.add(entry.userId);
        for (const earlier of options.history(entry.userId) ?? [])
          append(keyOf(entry.userId, earlier), earlier);
      }
      const key = keyOf(entry.userId, entry);
      const last = latest.get(key) ?? -1;
      // Detection needs two earlier transactions: most series never get that far.
      const info =
        last >= 0 && transactions.previous(last) >= 0 ? detectRecurrence(entry, seriesOf(last)) : null;
      append(key, entry);
      return info;
    },
  };
}
