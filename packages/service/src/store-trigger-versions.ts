/**
 * The trigger methods of the `Store` port over any SQL adapter. A scope's row
 * holds its latest version and status and which version applies; each
 * version's list is kept in pages under a list key the adapter chooses (the
 * version itself for a store one process writes; a key no other writer can
 * take for a shared one). The adapter gives the few statements
 * (`TriggerVersionStatements`); what versions mean, when a write conflicts,
 * which pages go when, and who is still reading them, lives here, once.
 *
 * - A write stores its pages under a new list key, then starts the next
 *   version with them in one transaction; until then nothing refers to them.
 *   Pages a stopped process left that way are deleted at open, or by the next
 *   write of the scope.
 * - A version's pages are deleted once nothing refers to them (the previous
 *   active list when another one applies, a failed write's list) and no
 *   reader of this process is reading them: a reader finishes the version it
 *   started. A long list is written, read and deleted a page (or a few) at a
 *   time, with a turn of the event loop between them: other requests are
 *   served meanwhile, also on a synchronous driver.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Scope, Store, TriggerScopePath, TriggerScopeState, TriggerWrite } from './store.js';
import type { TriggerWriteStatus } from './store-methods.js';

type TriggerStatus = TriggerScopeState['status'];

/** Which pages hold a list: the adapter's choice (`TriggerVersionStatements.newList`). */
export type TriggerListKey = string | number;

/** A scope's row in `trigger_scopes`, with the keys of its lists. */
export interface TriggerScopeRow {
  version: number;
  status: TriggerStatus;
  active_count: number;
  /** How many triggers the latest version holds. */
  version_count: number;
  /** The list whose triggers apply; null: none. */
  active_list: TriggerListKey | null;
  /** The latest version's list. */
  latest_list: TriggerListKey;
}

/** The columns of `TriggerScopeRow` but the list keys, which each adapter names its own way. */
export const triggerScopeColumns = 'version, status, active_count, version_count';

/** A write or a reader of the scope's latest write still to finish. */
export const triggerWriteInProgress = (status: TriggerStatus | undefined): boolean =>
  status === 'pending' || status === 'running';

/**
 * What starting `version` of a scope whose row is `current` does: a `conflict` unless it follows the
 * latest version and that one has ended; else it queues (`pending`) or applies (`succeeded`) at once.
 */
export function startDecision(
  current: TriggerScopeRow | undefined,
  write: TriggerWrite,
  version: number,
): 'conflict' | TriggerWrite['status'] {
  if ((current?.version ?? 0) !== version - 1 || triggerWriteInProgress(current?.status)) return 'conflict';
  return write.status;
}

/**
 * What a status change of the latest write leaves unused (`before`: the row before it): the list a
 * `succeeded` write replaced, a failed write's own.
 */
export function listUnusedAfter(before: TriggerScopeRow, status: TriggerWriteStatus): TriggerListKey | null {
  return status === 'succeeded' ? before.active_list : status === 'failed' ? before.latest_list : null;
}

/** The statements of one adapter, each already a store operation (closed-store check, `StoreError`s). */
export interface TriggerVersionStatements {
  scopeRow(scope: Scope, path: TriggerScopePath): Promise<TriggerScopeRow | undefined>;
  /** The key to write `version`'s pages under. */
  newList(version: number): TriggerListKey;
  /** Page `page` of a list, undefined past its last. */
  readPage(
    scope: Scope,
    path: TriggerScopePath,
    list: TriggerListKey,
    page: number,
  ): Promise<string | undefined>;
  /** Stores (or replaces) page `page` of a list. */
  writePage(
    scope: Scope,
    path: TriggerScopePath,
    list: TriggerListKey,
    page: number,
    text: string,
  ): Promise<void>;
  /**
   * Opens what one list read goes through, from the scope's row to the list's last page, ended once the
   * read is. A store shared by processes reads one snapshot, so that a list another process replaces and
   * deletes meanwhile is still read whole. Without it, the statements above: a list is deleted only once
   * no reader of this process reads it, which is enough for a store one process uses.
   */
  openRead?(): Promise<ListRead>;
  /** Deletes a few of a list's pages; answers how many. */
  deleteSomePages(scope: Scope, path: TriggerScopePath, list: TriggerListKey): Promise<number>;
  /**
   * In one transaction that no other start or status change of the scope interleaves with: reads the
   * scope's row, and when `startDecision` allows, queues or applies `version` with its pages `list`
   * (bumping the triggers revision when it applies). Answers the list it replaced as the active one, or
   * `conflict`.
   */
  startVersion(
    write: TriggerWrite,
    version: number,
    list: TriggerListKey,
  ): Promise<{ replaced: TriggerListKey | null } | 'conflict'>;
  /**
   * In one transaction: moves the latest write on when it is `version` and in progress (`succeeded` makes
   * it the active one, and bumps the revision). Answers the row as it was before, or null when ignored.
   */
  setStatus(
    scope: Scope,
    path: TriggerScopePath,
    version: number,
    status: TriggerWriteStatus,
    at: number,
  ): Promise<TriggerScopeRow | null>;
}

/** The statements one list read goes through (`TriggerVersionStatements.openRead`). */
export interface ListRead extends Pick<TriggerVersionStatements, 'scopeRow' | 'readPage'> {
  /** Ends the read; never rejects. */
  end(): Promise<void>;
}

export type TriggerVersionMethods = Pick<
  Store,
  'findTriggerScope' | 'readTriggers' | 'writeTriggers' | 'setTriggerWriteStatus'
>;

const scopeKey = (scope: Scope, path: TriggerScopePath) =>
  `${scope.tenant}\u0000${scope.environment}\u0000${path}`;

export function createTriggerVersions(statements: TriggerVersionStatements): TriggerVersionMethods {
  const { scopeRow, newList, readPage, writePage, deleteSomePages, startVersion, setStatus } = statements;
  const openRead =
    statements.openRead ?? (async (): Promise<ListRead> => ({ scopeRow, readPage, end: async () => {} }));

  const readKey = (scope: Scope, path: TriggerScopePath, list: TriggerListKey) =>
    `${scopeKey(scope, path)}\u0000${list}`;
  /** Readers of each list being read, and the lists to delete once their readers are done. */
  const readers = new Map<string, number>();
  const deleteAfterReading = new Set<string>();

  /** Deletes a list's pages, a few per turn; once its readers are done, if it has any. */
  async function deletePages(scope: Scope, path: TriggerScopePath, list: TriggerListKey): Promise<void> {
    const key = readKey(scope, path, list);
    if (readers.has(key)) {
      deleteAfterReading.add(key);
      return;
    }
    while ((await deleteSomePages(scope, path, list)) > 0) await nextTurn();
  }

  /** The list `which` reads in `row`, or null when it has none. */
  const listOf = (row: TriggerScopeRow | undefined, which: 'active' | 'pending') =>
    which === 'active'
      ? (row?.active_list ?? null)
      : row && triggerWriteInProgress(row.status)
        ? row.latest_list
        : null;

  function register(key: string): void {
    readers.set(key, (readers.get(key) ?? 0) + 1);
  }

  function release(scope: Scope, path: TriggerScopePath, list: TriggerListKey): void {
    const key = readKey(scope, path, list);
    const left = (readers.get(key) ?? 1) - 1;
    if (left > 0) return void readers.set(key, left);
    readers.delete(key);
    if (deleteAfterReading.delete(key)) void deletePages(scope, path, list).catch(() => undefined);
  }

  /**
   * The list `which` reads now, counted as read until `release`. A list is deleted only after the row
   * stopped naming it: so once counted, a list the row still names stays until released.
   */
  async function startReading(
    read: ListRead,
    scope: Scope,
    path: TriggerScopePath,
    which: 'active' | 'pending',
  ) {
    for (;;) {
      const list = listOf(await read.scopeRow(scope, path), which);
      if (list === null) return null;
      register(readKey(scope, path, list));
      if (listOf(await read.scopeRow(scope, path), which) === list) return list;
      release(scope, path, list); // replaced meanwhile: read the one that applies now
    }
  }

  async function* readTriggers(scope: Scope, path: TriggerScopePath, which: 'active' | 'pending') {
    const read = await openRead();
    try {
      const list = await startReading(read, scope, path, which);
      if (list === null) return;
      try {
        for (let index = 0; ; index++) {
          const page = await read.readPage(scope, path, list, index);
          if (page === undefined) return;
          yield page;
          await nextTurn();
        }
      } finally {
        release(scope, path, list);
      }
    } finally {
      await read.end();
    }
  }

  /** Scopes with a write under way in this process. */
  const writing = new Set<string>();

  return {
    async findTriggerScope(scope, path) {
      const row = await scopeRow(scope, path);
      return row === undefined
        ? null
        : { version: row.version, status: row.status, activeCount: row.active_count };
    },

    readTriggers,

    async writeTriggers(triggerWrite) {
      const { scope, path, pages } = triggerWrite;
      const key = scopeKey(scope, path);
      // Under way from the call on, before any read: a write asked for meanwhile is a conflict.
      if (writing.has(key)) return 'conflict';
      writing.add(key);
      try {
        const current = await scopeRow(scope, path);
        if (triggerWriteInProgress(current?.status)) return 'conflict';
        const version = (current?.version ?? 0) + 1;
        const list = newList(version);
        await deletePages(scope, path, list); // left by a write a stopped process did not finish
        let index = 0;
        for await (const page of pages) {
          await writePage(scope, path, list, index++, page);
          await nextTurn();
        }
        const started = await startVersion(triggerWrite, version, list);
        if (started === 'conflict') {
          await deletePages(scope, path, list);
          return 'conflict';
        }
        if (started.replaced !== null) await deletePages(scope, path, started.replaced);
        return { version };
      } finally {
        writing.delete(key);
      }
    },

    async setTriggerWriteStatus(scope, path, version, status, at) {
      const before = await setStatus(scope, path, version, status, at);
      if (!before) return;
      const unused = listUnusedAfter(before, status);
      if (unused !== null) await deletePages(scope, path, unused);
    },
  };
}
