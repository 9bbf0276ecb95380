/**
 * The enrichments of inline requests counted per counterparty and day in
 * memory, and added to the store's counts once a second in one transaction:
 * a row per counterparty and day seen in that second, not a write per
 * request. Written with each group commit, the counts cost every commit a
 * page of the counts table at a random place (a counterparty id is random):
 * 6-15% of single-enrichment throughput on SQLite (`bench:outcomes`). This
 * process counts them into its compiled outcome state at once
 * (`OutcomeStates.counted`); other processes see them within the second. A
 * process that dies loses at most the last second's counts; `close` adds the
 * rest. A batch's chunk counts its own in its transaction.
 */
import type { Logger } from './logger.js';
import type { ActivityRow, EnrichmentRecord, Scope, Store } from './store.js';
import { activityRows } from './store-rows.js';

/** How often the counts gathered in memory are added to the store. */
export const ACTIVITY_FLUSH_MS = 1_000;

export interface ActivityCounter {
  /** Counts recorded enrichments of `scope`, to be added to the store within a second. */
  add(scope: Scope, enrichments: readonly EnrichmentRecord[]): void;
  /** Adds what was counted to the store now. */
  flush(): Promise<void>;
  /** Stops the timer and adds what is left. */
  close(): Promise<void>;
}

export function createActivityCounter(options: {
  store: Store;
  logger: Logger;
  flushMs?: number;
}): ActivityCounter {
  const { store, logger } = options;
  let pending: Array<{ scope: Scope; enrichments: readonly EnrichmentRecord[] }> = [];
  let flushing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (pending.length === 0) return flushing;
    const taken = pending;
    pending = [];
    const rows: ActivityRow[] = activityRows(taken);
    flushing = flushing
      .then(() => (rows.length > 0 ? store.countActivity(rows) : undefined))
      .catch((error: unknown) => {
        // Kept for the next flush: a passing store fault delays the counts, it does not lose them.
        pending.unshift(...taken);
        logger.warn(
          { err: error, rows: rows.length },
          'counting enrichments per counterparty failed; retrying',
        );
      });
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? ACTIVITY_FLUSH_MS);
  timer.unref();

  return {
    add(scope, enrichments) {
      if (enrichments.length > 0) pending.push({ scope, enrichments });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
