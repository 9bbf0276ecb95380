/**
 * The statements of the trigger methods on SQLite (what they mean lives in
 * `@txenrich/service`'s `createTriggerVersions`): a scope's row in
 * `trigger_scopes`, each version's list in `trigger_pages`. better-sqlite3 is
 * synchronous, so each page is its own statement, with a turn of the event
 * loop between them.
 */
import {
  createTriggerVersions,
  type Environment,
  type Scope,
  startDecision,
  type TriggerListKey,
  type TriggerMethods,
  type TriggerScopePath,
  type TriggerScopeRow,
  type TriggerWrite,
  type TriggerWriteStatus,
  triggerScopeColumns,
} from '@txenrich/service';
import type { StoreContext } from './operations.js';
import type { Revisions } from './revisions.js';

type ScopeParams = [tenant: string, environment: Environment];
const scopeParams = (scope: Scope): ScopeParams => [scope.tenant, scope.environment];

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

/**
 * Deletes the pages no version refers to (neither the active one nor a write in progress): those of a
 * write a stopped process left before starting its version. One process writes the file, so at open
 * none is being written.
 */
export const deleteUnusedTriggerPages = `
  DELETE FROM trigger_pages WHERE NOT EXISTS (
    SELECT 1 FROM trigger_scopes s
    WHERE s.tenant = trigger_pages.tenant AND s.environment = trigger_pages.environment
      AND s.path = trigger_pages.path
      AND (trigger_pages.version = s.active_version
        OR (trigger_pages.version = s.version AND s.status IN ('pending', 'running'))))`;

/** A scope's row: a list's key is its version (one process writes the file: no other writer takes it). */
const scopeColumns = `${triggerScopeColumns}, active_version AS active_list, version AS latest_list`;

export function createTriggerLists({ db, op, write }: StoreContext, revisions: Revisions): TriggerMethods {
  const s = {
    scope: db.prepare<[...ScopeParams, path: string], TriggerScopeRow>(
      `SELECT ${scopeColumns} FROM trigger_scopes WHERE tenant = ? AND environment = ? AND path = ?`,
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

  const versions = createTriggerVersions({
    scopeRow: op('findTriggerScope', scopeRow),
    newList: (version) => version,
    readPage: op('readTriggers', (scope: Scope, path: string, version: TriggerListKey, page: number) =>
      s.page.get(...scopeParams(scope), path, Number(version), page),
    ),
    writePage: write(
      'writeTriggers',
      (scope: Scope, path: string, version: TriggerListKey, page: number, text: string) => {
        s.insertPage.run(...scopeParams(scope), path, Number(version), page, text);
      },
    ),
    deleteSomePages: write(
      'deleteTriggerPages',
      (scope: Scope, path: string, version: TriggerListKey) =>
        s.deletePages.run(...scopeParams(scope), path, Number(version), PAGES_DELETED_PER_STEP).changes,
    ),
    startVersion: write(
      'writeTriggers',
      db.transaction((triggerWrite: TriggerWrite, version: number, _list: TriggerListKey) => {
        const current = scopeRow(triggerWrite.scope, triggerWrite.path);
        const decision = startDecision(current, triggerWrite, version);
        if (decision === 'conflict') return 'conflict';
        const { scope, path, count, at } = triggerWrite;
        const params = { ...scope, path, version, count, at };
        if (decision === 'pending') {
          s.queue.run(params);
          return { replaced: null };
        }
        s.apply.run(params);
        revisions.bump(scope, 'triggers');
        return { replaced: current?.active_list ?? null };
      }).immediate,
    ),
    setStatus: write(
      'setTriggerWriteStatus',
      db.transaction(
        (scope: Scope, path: TriggerScopePath, version: number, status: TriggerWriteStatus, at: number) => {
          const before = scopeRow(scope, path);
          const changed = s.setStatus.run({ status, at, ...scope, path, version }).changes === 1;
          if (changed && status === 'succeeded') revisions.bump(scope, 'triggers');
          return changed ? (before ?? null) : null;
        },
      ).immediate,
    ),
  });

  return {
    ...versions,

    unfinishedTriggerWrites: op('unfinishedTriggerWrites', () =>
      s.unfinished.all().map((row) => ({
        scope: { tenant: row.tenant, environment: row.environment },
        path: row.path,
        version: row.version,
      })),
    ),

    // The revision first: a list read afterwards may be newer than it, never older.
    activeTriggerScopes: op('activeTriggerScopes', (scope: Scope) => ({
      revision: revisions.revision(scope, 'triggers'),
      paths: s.activeScopes.all(...scopeParams(scope)),
    })),
  };
}
