/**
 * The `Store` on Postgres, shared by any number of processes: one module per
 * concern (batches, enrichments and series, the outbox, triggers, categories
 * and personalizations, reports and corrections, usage, retention),
 * statements through a `pg.Pool`, and each
 * multi-statement method one transaction. Where two processes could both
 * decide on a row that does not exist yet (an idempotency key, a trigger
 * scope's next version), the transaction first takes an advisory lock on its
 * key; a batch's row is locked while a chunk is saved or the batch finishes.
 */
import { type Store, StoreError } from '@txenrich/service';
import pg from 'pg';
import { createBatches } from './batches.js';
import { createCategories } from './categories.js';
import { createDeliveries } from './deliveries.js';
import { createEnrichments } from './enrichments.js';
import { toStoreError } from './errors.js';
import { migrate } from './migrations.js';
import { createOperations } from './operations.js';
import { createOutcomes } from './outcomes.js';
import { createRateWindows } from './rate-windows.js';
import { createReports } from './reports.js';
import { createRetentionSteps } from './retention.js';
import { createRevisions } from './revisions.js';
import { createTriggerLists, deleteAbandonedPages } from './trigger-lists.js';
import { createUsage } from './usage.js';

/** What both ways of opening the store take. */
export interface PostgresStoreCommonOptions {
  /**
   * Prepare the statements every enrichment runs (a few fixed names per connection), so that Postgres
   * parses and plans them once per connection. Turn off behind a pooler in transaction mode that does not
   * support prepared statements (PgBouncer before 1.21, or without `max_prepared_statements`). Default true.
   */
  preparedStatements?: boolean;
}

export interface PostgresStoreUrlOptions extends PostgresStoreCommonOptions {
  /** `postgres://user:password@host:5432/database` (a `?host=/socket/dir` query for a Unix socket). */
  url: string;
  /** Connections the store keeps open at most. Default 10. */
  maxConnections?: number;
  /** How long a call waits for a connection before failing with `STORE_UNAVAILABLE`, in ms. Default 5000. */
  connectionTimeoutMs?: number;
}

export interface PostgresStorePoolOptions extends PostgresStoreCommonOptions {
  /** A ready pool. The store migrates its database, and leaves it open on `close()`. */
  pool: pg.Pool;
}

export type PostgresStoreOptions = PostgresStoreUrlOptions | PostgresStorePoolOptions;

const positiveInteger = (value: unknown) => Number.isInteger(value) && (value as number) > 0;

function ownPool(options: PostgresStoreUrlOptions): pg.Pool {
  const { url, maxConnections = 10, connectionTimeoutMs = 5000 } = options;
  if (typeof url !== 'string' || url === '')
    throw new StoreError('INVALID_CONFIG', 'createPostgresStore: `url` must be a non-empty string');
  if (!positiveInteger(maxConnections) || !positiveInteger(connectionTimeoutMs))
    throw new StoreError(
      'INVALID_CONFIG',
      'createPostgresStore: `maxConnections` and `connectionTimeoutMs` must be integers > 0',
    );
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectionTimeoutMs,
    application_name: 'txenrich',
  });
  // An idle connection lost (the server restarted) is dropped by the pool: the next call opens another,
  // or fails as STORE_UNAVAILABLE while the server is away. Without a listener it would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens the store and migrates its database (once across processes starting together). */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const { preparedStatements = true } = options;
  if (typeof preparedStatements !== 'boolean')
    throw new StoreError('INVALID_CONFIG', 'createPostgresStore: `preparedStatements` must be a boolean');
  const owned = !('pool' in options);
  const pool = 'pool' in options ? options.pool : ownPool(options);
  const context = createOperations(pool, { preparedStatements });
  try {
    await migrate(context, Date.now());
    await deleteAbandonedPages(context.query, Date.now());
  } catch (error) {
    if (owned) await pool.end().catch(() => undefined);
    throw toStoreError('createPostgresStore', error);
  }

  const close = async (): Promise<void> => {
    if (context.markClosed() && owned) await pool.end();
  };

  return {
    ...createBatches(context),
    ...createEnrichments(context),
    ...createDeliveries(context),
    ...createTriggerLists(context),
    ...createRevisions(context),
    ...createCategories(context),
    ...createReports(context),
    ...createOutcomes(context),
    ...createUsage(context),
    ...createRateWindows(context),
    ...createRetentionSteps(context),

    check: context.op('check', async () => {
      await context.query('SELECT 1');
    }),

    close,
    [Symbol.asyncDispose]: close,
  };
}
