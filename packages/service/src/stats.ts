/**
 * What the service counts for its operator: the items of the batches it
 * runs, callback delivery attempts by outcome, store errors by code, records
 * pruned by retention, and the worker pool's activity. An exporter reads
 * `snapshot()` when it is scraped (the HTTP adapter's Prometheus `/metrics`);
 * the service knows no metrics library. Counters count since the process
 * started: nothing here is stored.
 */
import type { PoolStats } from '@txenrich/pool';
import { type DeliveryKind, deliveryKinds } from '@txenrich/schema';
import { type ChunkJobOutcome, chunkJobOutcomes } from './chunk-worker.js';
import { type PrunableRecords, prunableRecords } from './store.js';
import { type StoreErrorCode, storeErrorCodes } from './store-errors.js';

/**
 * What became of one callback delivery attempt: `delivered` (a 2xx), `retried` (failed, due again
 * later), `abandoned` (failed at the end of its retry window), `refused` (the callback policy forbids
 * its URL whatever DNS says: abandoned without a request).
 */
export const callbackOutcomes = ['delivered', 'retried', 'abandoned', 'refused'] as const;
export type CallbackOutcome = (typeof callbackOutcomes)[number];

/** How a batch run ended: `completed`, `failed`, or `interrupted` by shutdown (it resumes at the next start). */
export type BatchRunEnd = 'completed' | 'failed' | 'interrupted';

export interface ServiceStats {
  /** Items of the batches waiting in this process's queue (`pending`) and of the one running, now. */
  batchItems: { pending: number; running: number };
  /** Items of the batches accepted, completed and failed since the process started. */
  batchItemsTotal: { submitted: number; completed: number; failed: number };
  callbackAttempts: Record<DeliveryKind, Record<CallbackOutcome, number>>;
  /** Store calls that rejected, by the port's error code. */
  storeErrors: Record<StoreErrorCode, number>;
  /** Records the retention passes pruned, by kind (`PruneStepResult.pruned`). */
  retentionPruned: Record<PrunableRecords, number>;
  pool: PoolStats;
  /** This process's role: `all`, or in a fleet on Postgres `api` or `worker`. */
  role: ServiceRole;
  /** Chunk jobs of queued batches this process claimed, tried again, did, failed, abandoned (`ChunkWorker`). */
  chunkJobs: Record<ChunkJobOutcome, number>;
  /** Chunk jobs waiting to be claimed in the whole fleet, as last read (null without a queue). */
  queueDepth: number | null;
}

/** What a process does: serve the API, run batch chunks, or both (one process, or each of a fleet). */
export const serviceRoles = ['all', 'api', 'worker'] as const;
export type ServiceRole = (typeof serviceRoles)[number];

export interface StatsRecorder {
  batchSubmitted(items: number): void;
  batchQueued(items: number): void;
  batchStarted(items: number): void;
  batchEnded(items: number, end: BatchRunEnd): void;
  callbackAttempt(kind: DeliveryKind, outcome: CallbackOutcome): void;
  storeError(code: StoreErrorCode): void;
  pruned(records: PrunableRecords, count: number): void;
  chunkJob(outcome: ChunkJobOutcome): void;
  /** The counts now, with the pool's and what else the process reads. */
  snapshot(pool: PoolStats, role?: ServiceRole, queueDepth?: number | null): ServiceStats;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

export function createStatsRecorder(): StatsRecorder {
  const batchItems = { pending: 0, running: 0 };
  const batchItemsTotal = { submitted: 0, completed: 0, failed: 0 };
  const callbackAttempts = Object.fromEntries(
    deliveryKinds.map((kind) => [kind, zeros(callbackOutcomes)]),
  ) as ServiceStats['callbackAttempts'];
  const storeErrors = zeros(storeErrorCodes);
  const retentionPruned = zeros(prunableRecords);
  const chunkJobs = zeros(chunkJobOutcomes);

  return {
    batchSubmitted(items) {
      batchItemsTotal.submitted += items;
    },
    batchQueued(items) {
      batchItems.pending += items;
    },
    batchStarted(items) {
      batchItems.pending -= items;
      batchItems.running += items;
    },
    batchEnded(items, end) {
      batchItems.running -= items;
      if (end !== 'interrupted') batchItemsTotal[end] += items;
    },
    callbackAttempt(kind, outcome) {
      callbackAttempts[kind][outcome]++;
    },
    storeError(code) {
      storeErrors[code]++;
    },
    pruned(records, count) {
      retentionPruned[records] += count;
    },
    chunkJob(outcome) {
      chunkJobs[outcome]++;
    },
    snapshot(pool, role = 'all', queueDepth = null) {
      return {
        batchItems: { ...batchItems },
        batchItemsTotal: { ...batchItemsTotal },
        callbackAttempts: Object.fromEntries(
          deliveryKinds.map((kind) => [kind, { ...callbackAttempts[kind] }]),
        ) as ServiceStats['callbackAttempts'],
        storeErrors: { ...storeErrors },
        retentionPruned: { ...retentionPruned },
        pool,
        role,
        chunkJobs: { ...chunkJobs },
        queueDepth,
      };
    },
  };
}
