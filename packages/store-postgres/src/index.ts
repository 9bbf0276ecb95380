/**
 * @txenrich/store-postgres: the `Store` of `@txenrich/service` on Postgres
 * (node-postgres), for many API and worker processes on one database,
 * migrated at start. Postgres 15 or newer.
 *
 *   await using store = await createPostgresStore({ url: process.env.DATABASE_URL });
 */
// The port's errors, which this adapter throws, re-exported for convenience (their home is the service).
export {
  isStoreError,
  StoreError,
  type StoreErrorCode,
  type StoreErrorOptions,
} from '@txenrich/service';
export {
  ABANDONED_QUEUE,
  CHUNK_QUEUE,
  chunkJobId,
  createPgBossChunkQueue,
  type PgBossChunkQueueOptions,
} from './chunk-queue.js';
export {
  createPostgresStore,
  type PostgresStoreCommonOptions,
  type PostgresStoreOptions,
  type PostgresStorePoolOptions,
  type PostgresStoreUrlOptions,
} from './postgres-store.js';
