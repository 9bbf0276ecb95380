/**
 * The trigger methods of the SQLite store. A scope's row holds its latest
 * version and status and which version applies; each version's list is kept
 * in pages (`trigger_pages`). better-sqlite3 is synchronous, so a long list is
 * written, read and deleted a page at a time, one statement each, with a turn
 * of the event loop between them: other requests are served meanwhile.
 *
 * - A write stores its pages under the next version, then starts that version
 *   in one transaction; until then nothing refers to them. Pages a stopped
 *   process left that way are deleted at open, or by the next write of the
 *   scope.
 * - A version's pages are deleted once nothing refers to them (the previous
 *   active list when another one applies, a failed write's list) and no
 *   reader of this process is reading them: a reader finishes the version it
 *   started.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  ActiveTriggerScopes,
  Environment,
  Scope,
  Store,
  TriggerScopePath,
  TriggerScopeState,
  TriggerWrite,
} from '@txenrich/service';
import type Database from 'better-sqlite3';

type TriggerStatus = TriggerScopeState['status'];
type ScopeParams = [tenant: string, environment: Environment];
const scopeParams = (scope: Scope): ScopeParams => [scope.tenant, scope.environment];

interface ScopeRow {
  version: number;
  status: TriggerStatus;
  active_version: number | null;
  active_count: number;
  version_count: number;
}

/** A version being started: the scope's row's parameters. */
interface VersionParams {
  tenant: string;
  environment: Environment;
  path: string;
  version: number;
  count: number;
  at: number;
}

/** Pages deleted per statement: a statement frees at most a few MB. */
const PAGES_DELETED_PER_STEP = 8;

export const deleteUnusedTriggerPages = `
  DELETE FROM trigger_pages WHERE NOT EXISTS (
    SELECT 1 FROM trigger_scopes s
    WHERE s.tenant = trigger_pages.tenant AND s.environment = trigger_pages.environment
      AND s.path = trigger_pages.path
      AND (trigger_pages.version = s.active_version
        OR (trigger_pages.version = s.version AND s.status IN ('pending', 'running'))))`;

const inProgress = (status: TriggerStatus | undefined) => status === 'pending' || status === 'running';

type TriggerMethods = Pick<
  Store,
  | 'findTriggerScope'
  | 'readTriggers'
  | 'writeTriggers'
  | 'setTriggerWriteStatus'
  | 'unfinishedTriggerWrites'
  | 'activeTriggerScopes'
>;

export interface TriggerListsOptions {
  db: Database.Database;
  /** Wraps a read: rejects once the store is closed, turns failures into `StoreError`s. */
  op<A extends unknown[], R>(name: string, run: (...args: A) => R): (...args: A) => Promise<R>;
  /** Wraps a write: as `op`, and rejects once the database file is not the one opened. */
  write<A extends unknown[], R>(name: string, run: (...args: A) => R): (...args: A) => Promise<R>;
  /** Bumps the tenant's triggers revision (inside the caller's transaction). */
  bumpRevision(scope: Scope): void;
  /** The tenant's triggers revision now. */
  revision(scope: Scope): number;
}

export function createTriggerLists(options: TriggerListsOptions): TriggerMethods {
  const { db, op, write, bumpRevision, revision } = options;
  const s = {
    scope: db.prepare<[...ScopeParams, path: string], ScopeRow>(
      `SELECT version, status, active_version, active_count, version_count FROM trigger_scopes
       WHERE tenant = ? AND environment = ? AND path = ?`,
    ),
    page: db
      .prepare<[...ScopeParams, path: string, version: number, page: number], string>(
        `SELECT triggers FROM trigger_pages
         WHERE tenant = ? AND environment = ? AND path = ? AND version = ? AND page = ?`,
      )
      .pluck(),
    insertPage: db.prepare<[...ScopeParams, path: string, version: number, page: number, triggers: string]>(
      `INSERT OR REPLACE INTO trigger_pages (tenant, environment, path, version, page, triggers)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    deletePages: db.prepare<[...ScopeParams, path: string, version: number, limit: number]>(
      `DELETE FROM trigger_pages WHERE rowid IN (
         SELECT rowid FROM trigger_pages WHERE tenant = ? AND environment = ? AND path = ? AND version = ?
         LIMIT ?)`,
    ),
    apply: db.prepare<[VersionParams]>(
      `INSERT INTO trigger_scopes
         (tenant, environment, path, version, status, active_version, active_count, version_count, updated_at)
       VALUES (@tenant, @environment, @path, @version, 'succeeded', @version, @count, @count, @at)
       ON CONFLICT (tenant, environment, path) DO UPDATE SET version = excluded.version, status = 'succeeded',
         active_version = excluded.version, active_count = excluded.version_count,
         version_count = excluded.version_count, updated_at = excluded.updated_at`,
    ),
    queue: db.prepare<[VersionParams]>(
      `INSERT INTO trigger_scopes
         (tenant, environment, path, version, status, active_version, active_count, version_count, updated_at)
       VALUES (@tenant, @environment, @path, @version, 'pending', NULL, 0, @count, @at)
       ON CONFLICT (tenant, environment, path) DO UPDATE SET version = excluded.version, status = 'pending',
         version_count = excluded.version_count, updated_at = excluded.updated_at`,
    ),
    // `succeeded` makes the version's list the active one.
    setStatus: db.prepare<
      [{ status: string; at: number; tenant: string; environment: string; path: string; version: number }]
    >(
      `UPDATE trigger_scopes SET status = @status, updated_at = @at,
         active_version = CASE WHEN @status = 'succeeded' THEN version ELSE active_version END,
         active_count = CASE WHEN @status = 'succeeded' THEN version_count ELSE active_count END
       WHERE tenant = @tenant AND environment = @environment AND path = @path AND version = @version
         AND status IN ('pending', 'running')`,
    ),
    unfinished: db.prepare<[], { tenant: string; environment: Environment; path: string; version: number }>(
      `SELECT tenant, environment, path, version FROM trigger_scopes
       WHERE status IN ('pending', 'running') ORDER BY updated_at, tenant, environment, path`,
    ),
    activeScopes: db
      .prepare<ScopeParams, string>(
        `SELECT path FROM trigger_scopes WHERE tenant = ? AND environment = ? AND active_count > 0
         ORDER BY path`,
      )
      .pluck(),
  };

  const scopeRow = (scope: Scope, path: TriggerScopePath) => s.scope.get(...scopeParams(scope), path);
  const readRow = op('findTriggerScope', scopeRow);
  const readPage = op('readTriggers', (scope: Scope, path: string, version: number, page: number) =>
    s.page.get(...scopeParams(scope), path, version, page),
  );
  const writePage = write(
    'writeTriggers',
    (scope: Scope, path: string, version: number, page: number, text: string) => {
      s.insertPage.run(...scopeParams(scope), path, version, page, text);
    },
  );
  const deleteSome = write(
    'deleteTriggerPages',
    (scope: Scope, path: string, version: number) =>
      s.deletePages.run(...scopeParams(scope), path, version, PAGES_DELETED_PER_STEP).changes,
  );

  const versionKey = (scope: Scope, path: TriggerScopePath, version: number) =>
    `${scope.tenant}\u0000${scope.environment}\u0000${path}\u0000${version}`;
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
    while ((await deleteSome(scope, path, version)) > 0) await nextTurn();
  }

  /** The version `list` reads in `row`, or null when it has none. */
  const versionOf = (row: ScopeRow | undefined, list: 'active' | 'pending') =>
    list === 'active' ? (row?.active_version ?? null) : row && inProgress(row.status) ? row.version : null;

  /** The version `list` reads now, counted as read until `release`: one step, so no deletion comes between. */
  const startReading = op(
    'readTriggers',
    (scope: Scope, path: TriggerScopePath, list: 'active' | 'pending') => {
      const version = versionOf(scopeRow(scope, path), list);
      if (version === null) return null;
      const key = versionKey(scope, path, version);
      readers.set(key, (readers.get(key) ?? 0) + 1);
      return version;
    },
  );

  function release(scope: Scope, path: TriggerScopePath, version: number): void {
    const key = versionKey(scope, path, version);
    const left = (readers.get(key) ?? 1) - 1;
    if (left > 0) return void readers.set(key, left);
    readers.delete(key);
    if (deleteAfterReading.delete(key)) void deletePages(scope, path, version).catch(() => undefined);
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

  /** Starts the version whose pages are written: answers the active version it replaced, or `conflict`. */
  const startVersion = write(
    'writeTriggers',
    db.transaction((write: TriggerWrite, version: number): { replaced: number | null } | 'conflict' => {
      const current = scopeRow(write.scope, write.path);
      if ((current?.version ?? 0) !== version - 1 || inProgress(current?.status)) return 'conflict';
      const params = { ...write.scope, path: write.path, version, count: write.count, at: write.at };
      if (write.status === 'pending') {
        s.queue.run(params);
        return { replaced: null };
      }
      s.apply.run(params);
      bumpRevision(write.scope);
      return { replaced: current?.active_version ?? null };
    }).immediate,
  );

  /** Scopes with a write under way in this process (`tenant\0environment\0path`). */
  const writing = new Set<string>();

  const setStatus = write(
    'setTriggerWriteStatus',
    db.transaction(
      (scope: Scope, path: TriggerScopePath, version: number, status: TriggerStatus, at: number) => {
        const before = scopeRow(scope, path);
        const changed = s.setStatus.run({ status, at, ...scope, path, version }).changes === 1;
        if (changed && status === 'succeeded') bumpRevision(scope);
        return changed ? (before ?? null) : null;
      },
    ).immediate,
  );

  return {
    findTriggerScope: op('findTriggerScope', (scope: Scope, path: TriggerScopePath) => {
      const row = scopeRow(scope, path);
      return row === undefined
        ? null
        : { version: row.version, status: row.status, activeCount: row.active_count };
    }),

    readTriggers,

    async writeTriggers(triggerWrite) {
      const { scope, path, pages } = triggerWrite;
      const key = `${scope.tenant}\u0000${scope.environment}\u0000${path}`;
      const current = await readRow(scope, path);
      if (writing.has(key) || inProgress(current?.status)) return 'conflict';
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
      // The list no longer referred to: the one replaced, or the failed write's own.
      const unused = status === 'succeeded' ? before.active_version : status === 'failed' ? version : null;
      if (unused !== null) await deletePages(scope, path, unused);
    },

    unfinishedTriggerWrites: op('unfinishedTriggerWrites', () =>
      s.unfinished.all().map((row) => ({
        scope: { tenant: row.tenant, environment: row.environment },
        path: row.path,
        version: row.version,
      })),
    ),

    activeTriggerScopes: op(
      'activeTriggerScopes',
      (scope: Scope): ActiveTriggerScopes => ({
        revision: revision(scope),
        paths: s.activeScopes.all(...scopeParams(scope)),
      }),
    ),
  };
}
