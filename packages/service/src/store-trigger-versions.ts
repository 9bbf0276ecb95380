/**
 * The trigger methods of the `Store` port over any SQL adapter. A scope's row
 * holds its latest version and status and which version applies; each
 * version's list is kept in pages. The adapter gives the few statements
 * (`TriggerVersionStatements`); what versions mean, when a write conflicts,
 * which pages go when, and who is still reading them, lives here, once.
 *
 * - A write stores its pages under the next version, then starts that version
 *   in one transaction; until then nothing refers to them. Pages a stopped
 *   process left that way are deleted at open, or by the next write of the
 *   scope.
 * - A version's pages are deleted once nothing refers to them (the previous
 *   active list when another one applies, a failed write's list) and no
 *   reader of this process is reading them: a reader finishes the version it
 *   started. A long list is written, read and deleted a page (or a few) at a
 *   time, with a turn of the event loop between them: other requests are
 *   served meanwhile, also on a synchronous driver.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Scope, Store, TriggerScopePath, TriggerScopeState, TriggerWrite } from './store.js';

type TriggerStatus = TriggerScopeState['status'];

/** A scope's row in `trigger_scopes`. */
export interface TriggerScopeRow {
  version: number;
  status: TriggerStatus;
  /** The version whose pages apply; null: none. */
  active_version: number | null;
  active_count: number;
  /** How many triggers the latest version holds. */
  version_count: number;
}

export const triggerScopeColumns = 'version, status, active_version, active_count, version_count';

/**
 * Deletes the pages no version refers to (neither the active one nor a write in progress): those of a
 * write a stopped process left before starting its version. For a store only this process writes.
 */
export const unusedTriggerPagesDelete = `
  DELETE FROM trigger_pages WHERE NOT EXISTS (
    SELECT 1 FROM trigger_scopes s
    WHERE s.tenant = trigger_pages.tenant AND s.environment = trigger_pages.environment
      AND s.path = trigger_pages.path
      AND (trigger_pages.version = s.active_version
        OR (trigger_pages.version = s.version AND s.status IN ('pending', 'running'))))`;

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

/** What a status change leaves unused: the list replaced by a `succeeded` write, a failed write's own. */
export function versionUnusedAfter(
  before: TriggerScopeRow,
  version: number,
  status: 'running' | 'succeeded' | 'failed',
): number | null {
  return status === 'succeeded' ? before.active_version : status === 'failed' ? version : null;
}

/** The statements of one adapter, each already a store operation (closed-store check, `StoreError`s). */
export interface TriggerVersionStatements {
  scopeRow(scope: Scope, path: TriggerScopePath): Promise<TriggerScopeRow | undefined>;
  /** Page `page` of a version, undefined past its last. */
  readPage(scope: Scope, path: TriggerScopePath, version: number, page: number): Promise<string | undefined>;
  /** Stores (or replaces) page `page` of a version. */
  writePage(scope: Scope, path: TriggerScopePath, version: number, page: number, text: string): Promise<void>;
  /** Deletes a few of a version's pages; answers how many. */
  deleteSomePages(scope: Scope, path: TriggerScopePath, version: number): Promise<number>;
  /**
   * In one transaction that no other start or status change of the scope interleaves with: reads the
   * scope's row, and when `startDecision` allows, queues or applies `version` (bumping the triggers
   * revision when it applies). Answers the version it replaced as the active one, or `conflict`.
   */
  startVersion(write: TriggerWrite, version: number): Promise<{ replaced: number | null } | 'conflict'>;
  /**
   * In one transaction: moves the latest write on when it is `version` and in progress (`succeeded` makes
   * it the active one, and bumps the revision). Answers the row as it was before, or null when ignored.
   */
  setStatus(
    scope: Scope,
    path: TriggerScopePath,
    version: number,
    status: 'running' | 'succeeded' | 'failed',
    at: number,
  ): Promise<TriggerScopeRow | null>;
}

export type TriggerVersionMethods = Pick<
  Store,
  'findTriggerScope' | 'readTriggers' | 'writeTriggers' | 'setTriggerWriteStatus'
>;

const scopeKey = (scope: Scope, path: TriggerScopePath) =>
  `${scope.tenant}\u0000${scope.environment}\u0000${path}`;

export function createTriggerVersions(statements: TriggerVersionStatements): TriggerVersionMethods {
  const { scopeRow, readPage, writePage, deleteSomePages, startVersion, setStatus } = statements;

  const versionKey = (scope: Scope, path: TriggerScopePath, version: number) =>
    `${scopeKey(scope, path)}\u0000${version}`;
  /** Readers of each version being read, and the versions to delete once their readers are done. */
  const readers = new Map<string, number>();
  const deleteAfterReading = new Set<string>();

  /** Deletes a version's pages, a few per turn; once its readers are done, if it has any. */
  async function deletePages(scope: Scope, path: TriggerScopePath, version: number): Promise<void> {
    const key = versionKey(scope, path, version);
    if (readers.has(key)) {
      deleteAfterReading.add(key);
      return;
    }
    while ((await deleteSomePages(scope, path, version)) > 0) await nextTurn();
  }

  /** The version `list` reads in `row`, or null when it has none. */
  const versionOf = (row: TriggerScopeRow | undefined, list: 'active' | 'pending') =>
    list === 'active'
      ? (row?.active_version ?? null)
      : row && triggerWriteInProgress(row.status)
        ? row.version
        : null;

  function register(key: string): void {
    readers.set(key, (readers.get(key) ?? 0) + 1);
  }

  function release(scope: Scope, path: TriggerScopePath, version: number): void {
    const key = versionKey(scope, path, version);
    const left = (readers.get(key) ?? 1) - 1;
    if (left > 0) return void readers.set(key, left);
    readers.delete(key);
    if (deleteAfterReading.delete(key)) void deletePages(scope, path, version).catch(() => undefined);
  }

  /**
   * The version `list` reads now, counted as read until `release`. A version is deleted only after the
   * row stopped naming it: so once counted, a version the row still names stays until released.
   */
  async function startReading(scope: Scope, path: TriggerScopePath, list: 'active' | 'pending') {
    for (;;) {
      const version = versionOf(await scopeRow(scope, path), list);
      if (version === null) return null;
      register(versionKey(scope, path, version));
      if (versionOf(await scopeRow(scope, path), list) === version) return version;
      release(scope, path, version); // replaced meanwhile: read the one that applies now
    }
  }

  async function* readTriggers(scope: Scope, path: TriggerScopePath, list: 'active' | 'pending') {
    const version = await startReading(scope, path, list);
    if (version === null) return;
    try {
      for (let index = 0; ; index++) {
        const page = await readPage(scope, path, version, index);
        if (page === undefined) return;
        yield page;
        await nextTurn();
      }
    } finally {
      release(scope, path, version);
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
      const current = await scopeRow(scope, path);
      if (writing.has(key) || triggerWriteInProgress(current?.status)) return 'conflict';
      const version = (current?.version ?? 0) + 1;
      writing.add(key);
      try {
        await deletePages(scope, path, version); // left by a write a stopped process did not finish
        let index = 0;
        for await (const page of pages) {
          await writePage(scope, path, version, index++, page);
          await nextTurn();
        }
        const started = await startVersion(triggerWrite, version);
        if (started === 'conflict') {
          await deletePages(scope, path, version);
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
      const unused = versionUnusedAfter(before, version, status);
      if (unused !== null) await deletePages(scope, path, unused);
    },
  };
}
