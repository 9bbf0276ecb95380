/**
 * The embedded `Store`: one SQLite file in WAL mode, migrated at start, built
 * from one module per concern (batches, enrichments and series, the outbox,
 * triggers, categories and personalizations, reports and corrections, usage,
 * retention). Every method runs
 * synchronously inside (better-sqlite3 is synchronous), so each
 * multi-statement method is one transaction that nothing else in the process
 * can interleave with; writes take the write lock up front (`BEGIN IMMEDIATE`).
 */
import type { Store } from '@txenrich/service';
import { createBatchWriter } from './batch-writer.js';
import { createBatchWrites } from './batch-writes.js';
import { createBatches } from './batches.js';
import { createCategories } from './categories.js';
import { openDatabase, type SqliteStoreOptions } from './connection.js';
import { createDeliveries } from './deliveries.js';
import { createEnrichments } from './enrichments.js';
import { createOperations } from './operations.js';
import { createOutcomes } from './outcomes.js';
import { createReports } from './reports.js';
import { createRetentionSteps } from './retention.js';
import { createRevisions } from './revisions.js';
import { createTriggerLists } from './trigger-lists.js';
import { createUsage } from './usage.js';

export type {
  SqliteStoreDatabaseOptions,
  SqliteStoreFileOptions,
  SqliteStoreOptions,
} from './connection.js';

export function createSqliteStore(options: SqliteStoreOptions): Store {
  const { db, owned, guard, busyTimeoutMs } = openDatabase(options);
  // A file the store opened gets a thread for the batches' large writes (they held the main thread); in
  // memory a second connection would see another database, and a ready connection may carry settings a
  // second one would lack: those writes are made on the store's connection then.
  const writer = owned && guard !== null ? createBatchWriter({ path: db.name, busyTimeoutMs }) : null;
  const { op, write, markClosed } = createOperations(guard);
  const context = { db, op, write };

  const usage = createUsage(context);
  const deliveries = createDeliveries(context);
  const enrichments = createEnrichments(context, usage.addUsage);
  const revisions = createRevisions(context);
  const reachable = db.prepare('SELECT 1');

  const close = async (): Promise<void> => {
    if (!markClosed()) return;
    await writer?.close();
    if (owned) db.close();
  };

  return {
    ...createBatches(context, writer ?? createBatchWrites(db), deliveries.insertDelivery),
    ...enrichments.methods,
    ...deliveries.methods,
    ...createTriggerLists(context, revisions),
    ...revisions.methods,
    ...createCategories(context, revisions),
    ...createReports(context, revisions, deliveries.insertDelivery),
    ...createOutcomes(context, revisions),
    ...usage.methods,
    ...createRetentionSteps(context),

    check: op('check', () => {
      reachable.get();
      guard?.check('check');
    }),

    close,
    [Symbol.asyncDispose]: close,
  };
}
