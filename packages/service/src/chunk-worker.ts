/**
 * A worker process's side of queued batches: runs one claimed chunk job on
 * this process's pool and saves it (`saveEnrichedChunk`: results keyed by
 * batch and chunk, stored once however many times the job runs), then ends
 * the batch when its last chunk is saved. Whichever process saves the last
 * chunk ends it; `finishBatch` ends a batch, with its callback, once.
 *
 * A job run again (its process died, or it failed) finds its chunk saved and
 * only checks whether the batch can end. A chunk whose rows failed on the
 * pool is tried again as a job, and saved with its 500 items only on its
 * last try. A job out of tries fails its batch.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EnrichedChunk, EnrichmentPool, LineBlock, TenantRules } from '@txenrich/pool';
import type { ChunkJob, ClaimedChunk } from './chunk-queue.js';
import { createLocalSaves, waitForTurn } from './chunk-turn.js';
import { createHandOverOrder } from './hand-over-order.js';
import { itemChunks } from './item-chunks.js';
import type { Logger } from './logger.js';
import { saveEnrichedChunk } from './saved-chunk.js';
import type { SeriesStates } from './series.js';
import type { BatchRecord, NewDelivery, Scope, Store } from './store.js';
import type { TenantRulesCache } from './tenant-rules.js';

/** What a worker counts of the chunk jobs it claimed (`/metrics`). */
export const chunkJobOutcomes = ['claimed', 'retried', 'completed', 'failed', 'abandoned'] as const;
export type ChunkJobOutcome = (typeof chunkJobOutcomes)[number];

export interface ChunkWorkerOptions {
  store: Store;
  pool: EnrichmentPool;
  rules: TenantRulesCache;
  series: SeriesStates;
  logger: Logger;
  now: () => number;
  callbackOf(batch: BatchRecord, status: 'completed' | 'failed'): NewDelivery | null;
  /** Called after this process ended a batch, so the dispatcher sends its callback at once. */
  onFinished(batch: BatchRecord): void;
  /** Counts a job claimed, tried again, done, failed (to be tried again) or abandoned. */
  count(outcome: ChunkJobOutcome): void;
  /** How long a chunk waits for its turn at recurrence while no chunk of its batch is saved (`waitForTurn`). */
  turnPatienceMs?: number;
}

export interface ChunkWorker {
  run(chunk: ClaimedChunk): Promise<void>;
  /** Fails the batch of a job that ran out of tries. */
  abandon(job: ChunkJob): Promise<void>;
  /** Aborts the chunks under way (their jobs are tried again by another process). */
  close(): void;
}

export const TURN_PATIENCE_MS = 10_000;

/** The batches whose items this process read lately: a batch's chunks mostly land on the same few workers. */
const KEPT_BATCHES = 4;

interface BatchItems {
  chunks: LineBlock[];
  /** Whether any item names a user (else recurrence is skipped, as in one process). */
  users: boolean;
  /** The tenant's rules as the batch's first chunk here found them. */
  rules: TenantRules | undefined;
}

const chunkCount = (batch: BatchRecord) => Math.ceil(batch.size / batch.chunkSize);

export function createChunkWorker(options: ChunkWorkerOptions): ChunkWorker {
  const { store, pool, logger } = options;
  const patienceMs = options.turnPatienceMs ?? TURN_PATIENCE_MS;
  const stop = new AbortController();
  const kept = new Map<string, Promise<BatchItems>>();
  const order = createHandOverOrder();
  const localSaves = createLocalSaves();

  function itemsOf(batch: BatchRecord): Promise<BatchItems> {
    let items = kept.get(batch.id);
    if (!items) {
      items = (async () => {
        const text = await store.batchItems(batch.id);
        return {
          chunks: [...itemChunks(text, batch.size, batch.chunkSize, 0)],
          users: text.includes('"userId":'),
          rules: await options.rules.forPool(batch.scope),
        };
      })();
      items.catch(() => kept.delete(batch.id));
      kept.set(batch.id, items);
      if (kept.size > KEPT_BATCHES) kept.delete(kept.keys().next().value!);
    }
    return items;
  }

  async function enrich(batch: BatchRecord, index: number, abort: AbortController): Promise<EnrichedChunk> {
    const { signal } = abort;
    const items = await itemsOf(batch);
    const block = items.chunks[index];
    if (!block) throw new Error(`batch ${batch.id} has no chunk ${index}`);
    const fromStore = options.series.forBatch(batch.scope);
    const series = items.users
      ? {
          async load(refs: Parameters<typeof fromStore.load>[0]) {
            // A turn given up ends the run at once, rather than the pool trying the chunk again.
            await waitForTurn(store, batch, index, patienceMs, signal, localSaves).catch((error: unknown) => {
              abort.abort(error);
              throw error;
            });
            return fromStore.load(refs);
          },
        }
      : undefined;
    await order.turn(batch.id, index);
    const chunks = pool.enrichChunks(batch.kind, [block], {
      batchItems: true,
      keepRequests: true,
      signal,
      ...(series ? { series } : {}),
      ...(items.rules ? { rules: items.rules } : {}),
    });
    const enriched = chunks.next();
    // The pool queues the chunk within the microtasks of that call: the next chunk may go after it.
    await nextTurn();
    order.handedOver(batch.id, index);
    const { value } = await enriched;
    await chunks.return(undefined);
    return value as EnrichedChunk;
  }

  /** Ends the batch when every chunk is saved. */
  async function finishIfDone(scope: Scope, batchId: string): Promise<void> {
    const batch = await store.findBatch(scope, batchId);
    if (!batch || batch.finishedAt !== null || batch.chunksDone < chunkCount(batch)) return;
    await store.finishBatch(batch.id, 'completed', options.now(), options.callbackOf(batch, 'completed'));
    options.onFinished(batch);
    logger.info({ batch: batch.id, size: batch.size }, 'batch completed');
  }

  async function run(job: ClaimedChunk): Promise<void> {
    const scope: Scope = { tenant: job.tenant, environment: job.environment };
    const batch = await store.findBatch(scope, job.batchId);
    if (!batch || batch.finishedAt !== null) return;
    if (job.index >= batch.chunksDone) {
      order.claimed(batch.id, job.index);
      // Aborted when this process stops, or when the chunk gave up waiting for its turn.
      const abort = new AbortController();
      const onStop = () => abort.abort();
      stop.signal.addEventListener('abort', onStop, { once: true });
      try {
        await store.startBatch(batch.id);
        const chunk = await enrich(batch, job.index, abort);
        if (chunk.failed > 0 && !job.last)
          throw new Error(`${chunk.failed} rows of chunk ${job.index} failed on the pool: tried again`);
        const saved = await saveEnrichedChunk(store, options.series, batch, job.index, chunk, options.now());
        localSaves.saved(batch.id);
        options.rules.counted(batch.scope, saved);
      } finally {
        order.handedOver(batch.id, job.index);
        abort.abort();
        stop.signal.removeEventListener('abort', onStop);
      }
    }
    await finishIfDone(scope, batch.id);
  }

  return {
    async run(job) {
      options.count('claimed');
      if (job.retries > 0) options.count('retried');
      try {
        await run(job);
        options.count('completed');
      } catch (error) {
        options.count('failed');
        logger.warn(
          { batch: job.batchId, chunk: job.index, retries: job.retries, err: error },
          'chunk failed, to be tried again',
        );
        throw error;
      }
    },

    async abandon(job) {
      options.count('abandoned');
      const batch = await store.findBatch({ tenant: job.tenant, environment: job.environment }, job.batchId);
      if (!batch || batch.finishedAt !== null) return;
      logger.error({ batch: batch.id, chunk: job.index }, 'chunk out of tries: batch failed');
      await store.finishBatch(batch.id, 'failed', options.now(), options.callbackOf(batch, 'failed'));
      options.onFinished(batch);
    },

    close() {
      stop.abort();
    },
  };
}
