/**
 * Recurrence across chunks. Workers enrich chunks in parallel, so no worker
 * sees a user's earlier rows of another chunk; the pool therefore decides
 * recurrence afterwards, on the calling thread, walking the rows in input
 * order with each user's history, exactly as the engine would have with the
 * whole history in hand (the same `detectRecurrence` over the same series).
 */
import { detectRecurrence, type HistoryEntry, recurrenceSeries, type UserHistoryEntry } from '@txenrich/core';
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
  const users = new Map<string, Map<string, HistoryEntry[]>>();
  const seriesOf = (userId: string) => {
    let series = users.get(userId);
    if (!series) {
      series = new Map();
      for (const entry of options.history?.(userId) ?? []) append(series, entry);
      users.set(userId, series);
    }
    return series;
  };
  const append = (series: Map<string, HistoryEntry[]>, entry: HistoryEntry) => {
    const key = recurrenceSeries(entry);
    const entries = series.get(key);
    if (!entries) series.set(key, [entry]);
    else {
      entries.push(entry);
      if (entries.length > perSeries) entries.shift();
    }
  };
  return {
    next(entry) {
      const series = seriesOf(entry.userId);
      const earlier = series.get(recurrenceSeries(entry));
      const info = earlier ? detectRecurrence(entry, earlier) : null;
      append(series, entry);
      return info;
    },
  };
}
