/**
 * Runs accepted batches on the worker pool, one at a time in submission
 * order, saving each chunk's results, enrichments and series states in one
 * store transaction. A batch the process left `pending` or `running` resumes
 * at its first unsaved chunk; the series states of the chunks already saved
 * are in the store, so recurrence comes out as if the run had never stopped.
 *
 * A store fault that may pass by itself (a full disk, a lock held too long,
 * an outage) does not fail the batch at once: it resumes the same way, from
 * its first unsaved chunk, after a wait that doubles each time, and fails
 * only when the fault outlasts `storeFaultRetries`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EnrichmentPool } from '@txenrich/pool';
import { itemChunks } from './item-chunks.js';
import type { Logger } from './logger.js';
import { saveEnrichedChunk } from './saved-chunk.js';
import type { SeriesStates } from './series.js';
import type { BatchRunEnd, StatsRecorder } from './stats.js';
import type { BatchRecord, NewDelivery, Store } from './store.js';
import { isTransientStoreError } from './store-errors.js';
import type { TenantRulesCache } from './tenant-rules.js';

/** Resumptions of a batch after transient store faults, and the first wait (then doubling): 31 s in all. */
export const STORE_FAULT_RETRIES = { retries: 5, firstDelayMs: 1000 } as const;

export interface BatchRunnerOptions {
  store: Store;
  pool: EnrichmentPool;
  rules: TenantRulesCache;
  logger: Logger;
  /** The users' series states (recurrence). */
  series: SeriesStates;
  /** The batch status callback of a finished batch, or null when it has none (or callbacks are off). */
  callbackOf(batch: BatchRecord, status: 'completed' | 'failed'): NewDelivery | null;
  /** Called after a batch ended, so the dispatcher sends its callback at once. */
  onFinished(batch: BatchRecord): void;
  now: () => number;
  /** Counts the items of the batches queued, running and ended. */
  stats: StatsRecorder;
  /** `STORE_FAULT_RETRIES` by default (tests shorten the wait). */
  storeFaultRetries?: { retries: number; firstDelayMs: number };
}

export interface BatchRunner {
  /** Queues a batch; resolves when it has ended (or the runner closed). */
  enqueue(batch: BatchRecord): Promise<void>;
  /** Stops after the chunk in progress: an interrupted batch stays `running` and resumes at the next start. */
  close(): Promise<void>;
}

export function createBatchRunner(options: BatchRunnerOptions): BatchRunner {
  const { store, pool, logger } = options;
  const stop = new AbortController();
  let queue: Promise<void> = Promise.resolve();

  async function run(batch: BatchRecord): Promise<'completed' | 'interrupted'> {
    const started = options.now();
    await store.startBatch(batch.id);
    const items = await store.batchItems(batch.id);
    const rules = await options.rules.forPool(batch.scope);
    const chunks = itemChunks(items, batch.size, batch.chunkSize, batch.chunksDone);
    let index = batch.chunksDone;
    for await (const chunk of pool.enrichChunks(batch.kind, chunks, {
      batchItems: true,
      keepRequests: true,
      // Recurrence needs users: a batch whose items name none (a cheap look at their text) skips it.
      ...(items.includes('"userId":') ? { series: options.series.forBatch(batch.scope) } : {}),
      signal: stop.signal,
      ...(rules ? { rules } : {}),
    })) {
      const saved = await saveEnrichedChunk(store, options.series, batch, index, chunk, options.now());
      options.rules.counted(batch.scope, saved);
      index++;
      if (stop.signal.aborted) return 'interrupted';
    }
    await finish(batch, 'completed');
    logger.info(
      { batch: batch.id, size: batch.size, resumedAt: batch.chunksDone, ms: options.now() - started },
      'batch completed',
    );
    return 'completed';
  }

  async function finish(batch: BatchRecord, status: 'completed' | 'failed') {
    await store.finishBatch(batch.id, status, options.now(), options.callbackOf(batch, status));
    options.onFinished(batch);
  }

  /** The batch as stored now: where a resumed run starts. */
  async function reread(batch: BatchRecord): Promise<BatchRecord> {
    return (await store.findBatch(batch.scope, batch.id)) ?? batch;
  }

  /** Runs the batch to its end, counting its items as running, then as ended the way it ended. */
  async function runCounted(batch: BatchRecord): Promise<void> {
    options.stats.batchStarted(batch.size);
    const end = await runOrFail(batch);
    options.stats.batchEnded(batch.size, end);
  }

  async function runOrFail(batch: BatchRecord): Promise<BatchRunEnd> {
    const { retries, firstDelayMs } = options.storeFaultRetries ?? STORE_FAULT_RETRIES;
    for (let retry = 0; !stop.signal.aborted; retry++) {
      try {
        return await run(retry === 0 ? batch : await reread(batch));
      } catch (error) {
        if (stop.signal.aborted) return 'interrupted'; // resumed at the next start
        if (isTransientStoreError(error) && retry < retries) {
          const waitMs = firstDelayMs * 2 ** retry;
          logger.warn(
            { batch: batch.id, err: error, waitMs },
            'batch interrupted by a store fault, will resume',
          );
          await sleep(waitMs, undefined, { signal: stop.signal }).catch(() => {});
          continue;
        }
        logger.error({ batch: batch.id, err: error }, 'batch failed');
        await finish(batch, 'failed').catch((finishError: unknown) =>
          logger.error({ batch: batch.id, err: finishError }, 'could not mark the batch failed'),
        );
        return 'failed';
      }
    }
    return 'interrupted';
  }

  return {
    enqueue(batch) {
      options.stats.batchQueued(batch.size);
      queue = queue.then(() => runCounted(batch));
      return queue;
    },
    async close() {
      stop.abort();
      await queue;
    },
  };
}
