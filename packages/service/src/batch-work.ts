/**
 * How this process runs batches, by its role. Without a chunk queue (SQLite,
 * one process) a batch runs on this process's pool (`createBatchRunner`).
 * With one (Postgres), a batch accepted here is cut into chunk jobs
 * (`ChunkQueue`), and the processes of role `worker` or `all`, on any host,
 * claim and run them (`createChunkWorker`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type BatchRunner, type BatchRunnerOptions, createBatchRunner } from './batches.js';
import type { ChunkJob, ChunkQueue, WorkHandle } from './chunk-queue.js';
import { type ChunkWorker, createChunkWorker } from './chunk-worker.js';
import type { ServiceRole } from './stats.js';
import type { BatchRecord } from './store.js';

export interface BatchWorkOptions extends BatchRunnerOptions {
  role: ServiceRole;
  queue: ChunkQueue | undefined;
  /** Tests: how long a chunk waits for its turn at recurrence (`TURN_PATIENCE_MS` by default). */
  turnPatienceMs?: number;
}

export interface BatchWork {
  /** Where accepted (and resumed) batches go. */
  runner: BatchRunner;
  /** Whether this process resumes the batches left unfinished, at start: the API's side does. */
  resumes: boolean;
  /** A worker starts claiming chunk jobs. */
  start(): Promise<void>;
  /** Chunk jobs waiting in the fleet, as last read; null without a queue. */
  queueDepth(): number | null;
  close(): Promise<void>;
}

/** The longest wait between tries to queue a batch's chunks while the queue cannot be reached. */
const SEND_DELAY_CAP_MS = 30_000;

/** How often a process with a queue reads its depth, for `/metrics`. */
const DEPTH_READ_MS = 5000;

const runsChunks = (role: ServiceRole) => role !== 'api';

export function createBatchWork(options: BatchWorkOptions): BatchWork {
  const { role, queue } = options;
  if (!queue) {
    if (role !== 'all')
      throw new Error(`The ${role} role needs a chunk queue (the Postgres store): use role all.`);
    const runner = createBatchRunner(options);
    return { runner, resumes: true, start: async () => {}, queueDepth: () => null, close: runner.close };
  }
  return queuedBatchWork(options, queue);
}

function queuedBatchWork(options: BatchWorkOptions, queue: ChunkQueue): BatchWork {
  const { role, logger } = options;
  const stop = new AbortController();
  let depth: number | null = null;
  let depthTimer: NodeJS.Timeout | undefined;
  let worker: ChunkWorker | undefined;
  let working: WorkHandle | undefined;

  const jobsOf = (batch: BatchRecord): ChunkJob[] => {
    const jobs: ChunkJob[] = [];
    for (let index = batch.chunksDone; index * batch.chunkSize < batch.size; index++)
      jobs.push({ batchId: batch.id, ...batch.scope, index });
    return jobs;
  };

  /**
   * Queues the batch's chunks, trying again through an outage (waits doubling from 1 s up to 30 s)
   * while this process lives; a batch left unqueued by a process that stopped is `pending`, and the next
   * API process to start queues it.
   */
  async function send(batch: BatchRecord): Promise<void> {
    const firstDelayMs = options.storeFaultRetries?.firstDelayMs ?? 1000;
    for (let retry = 0; !stop.signal.aborted; retry++) {
      try {
        return await queue.send(jobsOf(batch));
      } catch (error) {
        const waitMs = Math.min(SEND_DELAY_CAP_MS, firstDelayMs * 2 ** retry);
        logger.warn({ batch: batch.id, err: error, waitMs }, 'could not queue the batch: trying again');
        await sleep(waitMs, undefined, { signal: stop.signal }).catch(() => {});
      }
    }
  }

  async function readDepth(): Promise<void> {
    depth = await queue.depth().catch(() => depth);
  }

  return {
    runner: { enqueue: send, close: async () => {} },
    resumes: role !== 'worker',
    async start() {
      await readDepth();
      depthTimer = setInterval(() => void readDepth(), DEPTH_READ_MS).unref();
      if (!runsChunks(role)) return;
      worker = createChunkWorker({
        ...options,
        count: options.stats.chunkJob,
        ...(options.turnPatienceMs ? { turnPatienceMs: options.turnPatienceMs } : {}),
      });
      // One chunk per thread and one more, which enriches while another's results are saved. Not more: a
      // chunk waiting in the pool's queue could be the one a running chunk waits for (then the running one
      // gives up after its patience, and the waiting one runs).
      working = await queue.work(options.pool.threads + 1, worker.run, worker.abandon);
    },
    queueDepth: () => depth,
    async close() {
      stop.abort();
      clearInterval(depthTimer);
      worker?.close();
      await working?.stop();
    },
  };
}
