/**
 * The `ChunkQueue` port: a batch's chunks as durable jobs that worker
 * processes on any host claim (`@txenrich/store-postgres` implements it on
 * pg-boss). A job whose handler rejects is tried again later; a job claimed
 * by a process that died is tried again once its lease ran out; a job out of
 * tries is abandoned, and its batch fails.
 */
import type { Environment } from './store.js';

/** Chunk `index` of a batch: items `[index * chunkSize, (index + 1) * chunkSize)`. */
export interface ChunkJob {
  batchId: string;
  tenant: string;
  environment: Environment;
  index: number;
}

/** A job as a worker claimed it. */
export interface ClaimedChunk extends ChunkJob {
  /** Earlier tries of this job (0 on the first). */
  retries: number;
  /** No try comes after this one: if it fails, the job is abandoned. */
  last: boolean;
}

export interface ChunkQueue {
  /** Queues the jobs; a job of the same batch and index queued before is not queued again. */
  send(jobs: readonly ChunkJob[]): Promise<void>;
  /**
   * Claims jobs, `concurrency` at a time, and runs `handler` on each: resolved, the job is done;
   * rejected, it is tried again later. `abandoned` hears of each job that ran out of tries (its
   * handler rejected on its last try, or its lease ran out on it).
   */
  work(
    concurrency: number,
    handler: (chunk: ClaimedChunk) => Promise<void>,
    abandoned: (chunk: ChunkJob) => Promise<void>,
  ): Promise<WorkHandle>;
  /** Jobs waiting to be claimed (new, or waiting to be tried again), in every process. */
  depth(): Promise<number>;
  /** Stops claiming, and closes the queue's connections once the jobs under way ended. */
  close(): Promise<void>;
}

export interface WorkHandle {
  /** Stops claiming jobs, and resolves once the jobs under way ended. */
  stop(): Promise<void>;
}
