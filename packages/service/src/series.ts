/**
 * The users' series states (recurrence) as the service reads and writes
 * them: one store row per (user, series), read for the series a transaction
 * extends, written back with the enrichment. An enrichment reads and writes
 * one row, whatever the length of the user's history.
 *
 * A state written but not yet committed (group commit, a batch chunk on its
 * way to the store) is answered from here (`unsaved`): a read checks it after
 * the store answered, and an inline request again as its transaction is
 * enriched, so two requests of one user whose reads met in one turn of the
 * event loop each see the other's payment. An inline request
 * reads a state this process holds parsed by its revision alone
 * (`parsed-series.ts`).
 */
import {
  createTextSeriesBook,
  recurringView,
  type SeriesBook,
  type SeriesRef,
  type SeriesState,
} from '@txenrich/core';
import type { SeriesSource, SeriesUpdate } from '@txenrich/pool';
import type { RecurringStatus, RecurringView } from '@txenrich/schema';
import { createParsedSeries } from './parsed-series.js';
import { nextSeriesRevision } from './series-revision.js';
import type { Scope, SeriesRow, Store } from './store.js';

/** The series of one inline request: states as the request read them, and those it changed. */
export interface RequestSeries extends SeriesBook {
  /** Whether the request holds the state of `ref` already (read before, or written). */
  holds(ref: SeriesRef): boolean;
  /** Reads the state of `ref` for the request. */
  load(ref: SeriesRef): Promise<void>;
  /** The states the request changed, as the store keeps them. */
  changed(): SeriesRow[];
}

export interface SeriesStates {
  /** A book for one inline request of `scope`. */
  forRequest(scope: Scope): RequestSeries;
  /** The pool's source for a batch of `scope`. */
  forBatch(scope: Scope): SeriesSource;
  /** A batch chunk's changes, as the store keeps them. */
  rowsOf(updates: readonly SeriesUpdate[]): SeriesRow[];
  /** Marks rows as written but not yet committed; call `saved` with the same rows once they are. */
  unsaved(scope: Scope, rows: readonly SeriesRow[]): void;
  saved(scope: Scope, rows: readonly SeriesRow[]): void;
  /** The user's subscriptions view. */
  recurring(scope: Scope, userId: string, status?: RecurringStatus): Promise<RecurringView>;
}

const unsavedKey = (scope: Scope, ref: SeriesRef) =>
  `${scope.tenant}\u0000${scope.environment}\u0000${ref.userId}\u0000${ref.key}`;

export function createSeriesStates(store: Store, now: () => number): SeriesStates {
  const unsaved = new Map<string, SeriesRow>();
  const parsed = createParsedSeries();

  async function loadTexts(scope: Scope, refs: readonly SeriesRef[]): Promise<(string | null)[]> {
    const stored = await store.loadSeries(scope, refs);
    // After the store's answer: a state written meanwhile is newer than the one stored.
    return refs.map(
      (ref, index) => unsaved.get(unsavedKey(scope, ref))?.state ?? stored[index]?.state ?? null,
    );
  }

  /** A state of `ref` as read, with its revision (null: the series is new). */
  interface Read {
    state: SeriesState | undefined;
    revision: SeriesRow['revision'] | null;
  }

  /** The state of `ref`: the one kept parsed while the store holds it at the same revision. */
  async function loadParsed(scope: Scope, ref: SeriesRef): Promise<Read> {
    const key = unsavedKey(scope, ref);
    // Taken before asking: the cache may drop it meanwhile.
    const kept = parsed.kept(key);
    const [stored] = await store.loadSeries(scope, [ref], [kept?.revision ?? null]);
    const written = unsaved.get(key);
    if (written)
      return { state: parsed.read(key, written.revision, written.state), revision: written.revision };
    if (!stored) return { state: undefined, revision: null };
    // No text: the store holds the revision kept.
    const state = stored.state === null ? kept!.state : parsed.read(key, stored.revision, stored.state);
    return { state, revision: stored.revision };
  }

  return {
    forRequest(scope) {
      const book = createTextSeriesBook();
      // The revision of each series this request read or wrote last, and the states other requests wrote since.
      const seen = new Map<string, SeriesRow['revision'] | null>();
      const newer = new Map<string, SeriesState>();
      return {
        holds: book.holds,
        get(userId, key) {
          // Another request of this process wrote the series after this one read it (two requests of the
          // user whose reads met in one turn of the event loop): its state, or one of the payments is lost.
          // Checked as the transaction is enriched, in the same turn as this request's own write.
          const at = unsavedKey(scope, { userId, key });
          const written = unsaved.get(at);
          if (written && seen.has(at) && seen.get(at) !== written.revision) {
            seen.set(at, written.revision);
            newer.set(at, parsed.read(at, written.revision, written.state));
          }
          return newer.get(at) ?? book.get(userId, key);
        },
        set(userId, key, state) {
          newer.delete(unsavedKey(scope, { userId, key }));
          book.set(userId, key, state);
        },
        async load(ref) {
          const { state, revision } = await loadParsed(scope, ref);
          seen.set(unsavedKey(scope, ref), revision);
          book.hold(ref, state);
        },
        changed() {
          const seenAt = now();
          return book.changes().map(({ written, ...change }) => {
            const revision = nextSeriesRevision();
            const at = unsavedKey(scope, change);
            parsed.keep(at, revision, change.state, written);
            seen.set(at, revision);
            return { ...change, revision, seenAt };
          });
        },
      };
    },

    forBatch: (scope) => ({ load: (refs) => loadTexts(scope, refs) }),

    rowsOf(updates) {
      const seenAt = now();
      return updates.map((update) => ({ ...update, revision: nextSeriesRevision(), seenAt }));
    },

    unsaved(scope, rows) {
      for (const row of rows) unsaved.set(unsavedKey(scope, row), row);
    },

    saved(scope, rows) {
      for (const row of rows) {
        const key = unsavedKey(scope, row);
        // A later write of the same series stays until it is saved itself.
        if (unsaved.get(key)?.revision === row.revision) unsaved.delete(key);
      }
    },

    async recurring(scope, userId, status) {
      const rows = await store.userSeries(scope, userId);
      const states = rows.map((stored) => {
        const at = unsavedKey(scope, { userId, key: stored.key });
        const { revision, state } = unsaved.get(at) ?? stored;
        return { key: stored.key, state: parsed.read(at, revision, state) };
      });
      return recurringView(states, status ? { status } : {});
    },
  };
}
