/**
 * Recurrence across chunks. Workers enrich chunks in parallel, so no worker
 * sees a user's earlier rows of another chunk; the pool therefore decides
 * recurrence afterwards, on the calling thread, walking the rows in input
 * order with each user's history, exactly as the engine would have with the
 * whole history in hand (the same `detectRecurrence` over the same series).
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
  /** Entries kept per user and series: enough for the longest pattern and its neighbours. */
  perSeries?: number;
}

export interface RecurrencePass {
  /** This transaction's recurrence given everything before it; then it joins its user's history. */
  next(entry: UserHistoryEntry): RecurrenceInfo | null;
}

export const DEFAULT_ENTRIES_PER_SERIES = 120;

export function createRecurrencePass(options: RecurrencePassOptions = {}): RecurrencePass {
  const perSeries = options.perSeries ?? DEFAULT_ENTRIES_PER_SERIES;
  // One flat map keyed by user and series; entries keep only what recurrence reads.
  const series = new Map<string, RecurrenceTransaction[]>();
  const seededUsers = new Set<string>();
  const keyOf = (userId: string, entry: Pick<HistoryEntry, 'counterpartyId' | 'descriptorKey'>) =>
    `${userId}\u0000${recurrenceSeries(entry)}`;
  const append = (key: string, entry: RecurrenceTransaction) => {
    const kept = {
      enrichmentId: entry.enrichmentId,
      transactionId: entry.transactionId,
      amount: entry.amount,
      occurredAt: entry.occurredAt,
    };
    const entries = series.get(key);
    if (!entries) series.set(key, [kept]);
    else {
      entries.push(kept);
      if (entries.length > perSeries) entries.shift();
    }
  };
  return {
    next(entry) {
      if (options.history && !seededUsers.has(entry.userId)) {
        seededUsers.add(entry.userId);
        for (const earlier of options.history(entry.userId) ?? [])
          append(keyOf(entry.userId, earlier), earlier);
      }
      const key = keyOf(entry.userId, entry);
      const earlier = series.get(key);
      const info = earlier ? detectRecurrence(entry, earlier) : null;
      append(key, entry);
      return info;
    },
  };
}
