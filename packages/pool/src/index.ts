/**
 * @txenrich/pool: the txenrich engine on a Piscina worker pool. Each worker
 * loads the catalog once; rows travel in chunks and come back in input order.
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
export {
  csvColumns,
  type OutputFormat,
  type OutputFormatName,
  outputFormatNames,
  outputFormats,
} from './output.js';
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
export type { ChunkInput, LineBlock, TenantRules, ValueRows } from './protocol.js';
export {
  createRecurrencePass,
  DEFAULT_ENTRIES_PER_SERIES,
  type RecurrencePass,
  type RecurrencePassOptions,
} from './recurrence-pass.js';
