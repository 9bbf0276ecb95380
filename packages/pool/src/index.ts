/**
 * @txenrich/pool: the txenrich engine on a Piscina worker pool. Each worker
 * loads the catalog once; rows travel in chunks and come back in input order,
 * their recurrence decided in the users' series (`SeriesSource`).
 *
 *   await using pool = createPool({ threads: 2 });
 *   const results = await pool.enrichMany('card', bodies);
 */
export { isPoolError, PoolError, type PoolErrorCode } from './errors.js';
export {
  INTERNAL_ERROR_MESSAGE,
  internalErrorItem,
  unreadableLineItem,
  unreadableRowItem,
} from './failures.js';
export { createMemorySeries, type MemorySeries } from './memory-series.js';
export { jsonLines, type OutputFormat } from './output.js';
export {
  createPool,
  DEFAULT_CHUNK_SIZE,
  type EnrichedChunk,
  type EnrichmentPool,
  type EnrichOptions,
  type PoolOptions,
  type PoolStats,
  type WorkerReady,
  workerFilename,
} from './pool.js';
export type { ChunkInput, LineBlock, SeriesUpdate, TenantRules, ValueRows } from './protocol.js';
export type { SeriesSource } from './series-relay.js';
