/**
 * Group commit for inline enrichments: the writes of every request enriched
 * in one turn of the event loop go to the store in one transaction, and each
 * request answers once its write is committed (so a client that saw an
 * answer can report on it, and its next request sees the history).
 *
 * On SQLite a commit costs more than the rows in it (it appends the touched
 * pages to the WAL): under load, ten concurrent requests share one commit
 * instead of paying ten.
 */
import type { EnrichmentWrite, Store } from './store.js';

export interface GroupCommit {
  /** Resolves once `write` is committed; rejects with the store's error if it is not. */
  record(write: EnrichmentWrite): Promise<void>;
}

interface Pending {
  write: EnrichmentWrite;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit(store: Store): GroupCommit {
  let pending: Pending[] = [];

  async function commit(): Promise<void> {
    const group = pending;
    pending = [];
    try {
      await store.recordEnrichments(group.map((each) => each.write));
      for (const each of group) each.resolve();
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // One request's bad write must not fail the others: each alone, so only it fails.
      for (const each of group) await store.recordEnrichments([each.write]).then(each.resolve, each.reject);
    }
  }

  return {
    record(write) {
      return new Promise((resolve, reject) => {
        // The first write of a turn schedules the commit after the turn's I/O callbacks.
        if (pending.push({ write, resolve, reject }) === 1) setImmediate(() => void commit());
      });
    },
  };
}
