/**
 * The statements of the trigger methods on Postgres (what they mean lives in
 * `@txenrich/service`'s `createTriggerVersions`): a scope's row in
 * `trigger_scopes`, each list in `trigger_pages` under a key of its own (a
 * random UUID), so that writers in several processes never write pages under
 * one key. Starting a version holds an advisory lock on the scope: of two
 * processes writing one scope, one gets the version, the other `conflict`.
 *
 * A list is deleted once this process stops naming and reading it. A read
 * is one read-only REPEATABLE READ transaction, from the scope's row to the
 * list's last page: a list another process replaces and deletes meanwhile is
 * still read whole, as it was when the read started.
 */
import { randomUUID } from 'node:crypto';
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
import { lockKey, type Query, type StoreContext } from './operations.js';
import { bumpRevision, revision } from './revisions.js';

/** Pages deleted per statement: a few hundred KB to a few MB each, and no thread held meanwhile. */
const PAGES_DELETED_PER_STEP = 64;

/** How long a writer may take between its first page and starting its version: older pages no scope names are left-overs. */
const ABANDONED_AFTER_MS = 3_600_000;

const scopeSql = `SELECT ${triggerScopeColumns}, active_list, latest_list FROM trigger_scopes
  WHERE tenant = $1 AND environment = $2 AND path = $3`;

/** Deletes the pages of lists no scope names, written long ago: left by writers that stopped before starting them. */
export async function deleteAbandonedPages(query: Query, now: number): Promise<void> {
  await query(
    `DELETE FROM trigger_pages WHERE written_at < $1 AND list NOT IN (
       SELECT active_list FROM trigger_scopes WHERE active_list IS NOT NULL
       UNION SELECT latest_list FROM trigger_scopes)`,
    [now - ABANDONED_AFTER_MS],
  );
}

async function scopeRow(query: Query, scope: Scope, path: TriggerScopePath, lock = '') {
  const { rows } = await query<TriggerScopeRow>(`${scopeSql} ${lock}`, [
    scope.tenant,
    scope.environment,
    path,
  ]);
  return rows[0];
}

async function readPage(query: Query, list: TriggerListKey, page: number): Promise<string | undefined> {
  const { rows } = await query<{ triggers: string }>(
    'SELECT triggers FROM trigger_pages WHERE list = $1 AND page = $2',
    [String(list), page],
  );
  return rows[0]?.triggers;
}

export function createTriggerLists({ op, query, transaction, snapshot }: StoreContext): TriggerMethods {
  const versions = createTriggerVersions({
    scopeRow: op('findTriggerScope', (scope: Scope, path: TriggerScopePath) => scopeRow(query, scope, path)),

    newList: () => randomUUID(),

    readPage: op('readTriggers', (_scope: Scope, _path: string, list: TriggerListKey, page: number) =>
      readPage(query, list, page),
    ),

    // A read sees one snapshot: the list it started is read whole though another process deletes it.
    openRead: op('readTriggers', async () => {
      const { query: inSnapshot, end } = await snapshot();
      return {
        scopeRow: op('findTriggerScope', (scope: Scope, path: TriggerScopePath) =>
          scopeRow(inSnapshot, scope, path),
        ),
        readPage: op('readTriggers', (_scope: Scope, _path: string, list: TriggerListKey, page: number) =>
          readPage(inSnapshot, list, page),
        ),
        end,
      };
    }),

    writePage: op(
      'writeTriggers',
      async (_scope: Scope, _path: string, list: TriggerListKey, page: number, text: string) => {
        await query(
          `INSERT INTO trigger_pages (list, page, triggers, written_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (list, page) DO UPDATE SET triggers = excluded.triggers`,
          [String(list), page, text, Date.now()],
        );
      },
    ),

    deleteSomePages: op('deleteTriggerPages', async (_scope: Scope, _path: string, list: TriggerListKey) => {
      const { rowCount } = await query(
        `DELETE FROM trigger_pages WHERE (list, page) IN (
           SELECT list, page FROM trigger_pages WHERE list = $1 LIMIT $2)`,
        [String(list), PAGES_DELETED_PER_STEP],
      );
      return rowCount ?? 0;
    }),

    startVersion: op('writeTriggers', (triggerWrite: TriggerWrite, version: number, list: TriggerListKey) =>
      transaction(async (tx) => {
        const { scope, path, count, at } = triggerWrite;
        // The scope's row may not exist yet: a lock on its key, not on its row.
        await lockKey(tx, 'triggers', scope.tenant, scope.environment, path);
        const current = await scopeRow(tx, scope, path);
        const decision = startDecision(current, triggerWrite, version);
        if (decision === 'conflict') return 'conflict';
        const values = [scope.tenant, scope.environment, path, version, String(list), count, at];
        if (decision === 'pending') {
          await tx(
            `INSERT INTO trigger_scopes
               (tenant, environment, path, version, status, active_list, active_count, latest_list, version_count,
                updated_at)
             VALUES ($1, $2, $3, $4, 'pending', NULL, 0, $5, $6, $7)
             ON CONFLICT (tenant, environment, path) DO UPDATE SET version = excluded.version, status = 'pending',
               latest_list = excluded.latest_list, version_count = excluded.version_count,
               updated_at = excluded.updated_at`,
            values,
          );
          return { replaced: null };
        }
        await tx(
          `INSERT INTO trigger_scopes
             (tenant, environment, path, version, status, active_list, active_count, latest_list, version_count,
              updated_at)
           VALUES ($1, $2, $3, $4, 'succeeded', $5, $6, $5, $6, $7)
           ON CONFLICT (tenant, environment, path) DO UPDATE SET version = excluded.version, status = 'succeeded',
             active_list = excluded.latest_list, active_count = excluded.version_count,
             latest_list = excluded.latest_list, version_count = excluded.version_count,
             updated_at = excluded.updated_at`,
          values,
        );
        await bumpRevision(tx, scope, 'triggers');
        return { replaced: current?.active_list ?? null };
      }),
    ),

    setStatus: op(
      'setTriggerWriteStatus',
      (scope: Scope, path: TriggerScopePath, version: number, status: TriggerWriteStatus, at: number) =>
        transaction(async (tx) => {
          const before = await scopeRow(tx, scope, path, 'FOR UPDATE');
          // `succeeded` makes the version's list the active one.
          const { rowCount } = await tx(
            `UPDATE trigger_scopes SET status = $1, updated_at = $2,
               active_list = CASE WHEN $1 = 'succeeded' THEN latest_list ELSE active_list END,
               active_count = CASE WHEN $1 = 'succeeded' THEN version_count ELSE active_count END
             WHERE tenant = $3 AND environment = $4 AND path = $5 AND version = $6
               AND status IN ('pending', 'running')`,
            [status, at, scope.tenant, scope.environment, path, version],
          );
          if (rowCount !== 1) return null;
          if (status === 'succeeded') await bumpRevision(tx, scope, 'triggers');
          return before ?? null;
        }),
    ),
  });

  return {
    ...versions,

    unfinishedTriggerWrites: op('unfinishedTriggerWrites', async () => {
      const { rows } = await query<{
        tenant: string;
        environment: Environment;
        path: string;
        version: number;
      }>(
        `SELECT tenant, environment, path, version FROM trigger_scopes
         WHERE status IN ('pending', 'running') ORDER BY updated_at, tenant, environment, path`,
      );
      return rows.map((row) => ({
        scope: { tenant: row.tenant, environment: row.environment },
        path: row.path,
        version: row.version,
      }));
    }),

    // The revision first: a list read afterwards may be newer than it, never older.
    activeTriggerScopes: op('activeTriggerScopes', async (scope: Scope) => {
      const current = await revision(query, scope, 'triggers');
      const { rows } = await query<{ path: string }>(
        `SELECT path FROM trigger_scopes WHERE tenant = $1 AND environment = $2 AND active_count > 0
         ORDER BY path`,
        [scope.tenant, scope.environment],
      );
      return { revision: current, paths: rows.map((row) => row.path) };
    }),
  };
}
