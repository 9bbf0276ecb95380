/**
 * The service's `ChunkQueue` on pg-boss, in the same database as the store
 * (its own schema, `pgboss` by default, installed by the first process to
 * start). A job's id is derived from its batch and chunk index, so queueing
 * a batch again (an API process resuming it) adds nothing. A claimed job is
 * leased for `leaseSeconds`: when its process dies, pg-boss's maintenance
 * (every `maintenanceSeconds`, in one process of the fleet) gives it to
 * another. A job out of tries goes to a dead-letter queue, whose handler
 * fails the batch. A dead letter whose handler fails (the store away for a
 * moment) is handled again every `abandonedRetryDelaySeconds` for up to
 * `abandonedPatienceSeconds`, then failed to pg-boss, which gives it to a
 * worker again as many times as its chunk job had tries (pg-boss copies
 * them into the dead letter; the dead-letter queue's own settings do not
 * apply): no batch is left running for a passing outage.
 */
import { createHash } from 'node:crypto';
import type { ChunkJob, ChunkQueue, Environment, WorkHandle } from '@txenrich/service';
import PgBoss from 'pg-boss';

export interface PgBossChunkQueueOptions {
  /** The store's database: `postgres://user:password@host:5432/database`. */
  url: string;
  /** pg-boss's schema. Default `pgboss`. */
  schema?: string;
  /** Connections the queue keeps open at most. Default 4. */
  maxConnections?: number;
  /** How long a claimed job may run before it is given to another worker, in seconds. Default 30. */
  leaseSeconds?: number;
  /** Tries after the first. Default 10 (a chunk waiting for a dead worker's chunk gives up and uses one). */
  retries?: number;
  /** Seconds before a failed job is tried again. Default 1. */
  retryDelaySeconds?: number;
  /** Seconds before a dead letter whose handler failed is handled again. Default 5. */
  abandonedRetryDelaySeconds?: number;
  /** How long a dead letter's handler is tried again in one claim, in seconds. Default 600 (its lease is 900). */
  abandonedPatienceSeconds?: number;
  /** How often leases that ran out are looked for, in seconds. Default 5. */
  maintenanceSeconds?: number;
  /** How often an idle worker looks for jobs, in seconds (at least 0.5). Default 0.5. */
  pollSeconds?: number;
  /** Errors of pg-boss's own loops (a lost connection while Postgres restarts): they pass, and are retried. */
  onError?: (error: Error) => void;
}

export const CHUNK_QUEUE = 'txenrich-chunks';
export const ABANDONED_QUEUE = 'txenrich-chunks-abandoned';

interface JobData {
  batchId: string;
  tenant: string;
  environment: Environment;
  index: number;
}

/**
 * The same UUID for the same batch and chunk: the batch's SHA-256 then the chunk index, shaped as a
 * version 8 UUID. Jobs queued together share a creation time, and pg-boss then claims them in id order:
 * with the index last, in chunk order, so a chunk is rarely claimed before the one whose turn it waits for.
 */
export function chunkJobId(batchId: string, index: number): string {
  const hex = createHash('sha256').update(batchId).digest('hex');
  const tail = index.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${tail}`;
}

const dataOf = ({ batchId, tenant, environment, index }: ChunkJob): JobData => ({
  batchId,
  tenant,
  environment,
  index,
});

/**
 * Runs `attempt` until it succeeds, `delayMs` apart, for `patienceMs` at most or until `stop`: then
 * its last error.
 */
async function tryUntil(
  attempt: () => Promise<void>,
  delayMs: number,
  patienceMs: number,
  stop: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (stop.aborted || Date.now() + delayMs > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** Starts pg-boss on the database (installing or migrating its schema) and answers the queue. */
export async function createPgBossChunkQueue(options: PgBossChunkQueueOptions): Promise<ChunkQueue> {
  const retries = options.retries ?? 10;
  const boss = new PgBoss({
    connectionString: options.url,
    schema: options.schema ?? 'pgboss',
    max: options.maxConnections ?? 4,
    application_name: 'txenrich-queue',
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 5,
  });
  // Without a listener, an idle connection lost (Postgres restarting) would end the process.
  boss.on('error', options.onError ?? (() => undefined));
  await boss.start();
  await boss.createQueue(ABANDONED_QUEUE, { name: ABANDONED_QUEUE });
  const abandonedRetryMs = (options.abandonedRetryDelaySeconds ?? 5) * 1000;
  const abandonedPatienceMs = (options.abandonedPatienceSeconds ?? 600) * 1000;
  const chunkQueue = {
    name: CHUNK_QUEUE,
    retryLimit: retries,
    retryDelay: options.retryDelaySeconds ?? 1,
    expireInSeconds: options.leaseSeconds ?? 30,
    deadLetter: ABANDONED_QUEUE,
  };
  // Created once by whichever process comes first; its settings are this process's from now on.
  await boss.createQueue(CHUNK_QUEUE, chunkQueue);
  await boss.updateQueue(CHUNK_QUEUE, chunkQueue);
  const pollingIntervalSeconds = options.pollSeconds ?? 0.5;

  return {
    async send(jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((job) => ({ id: chunkJobId(job.batchId, job.index), name: CHUNK_QUEUE, data: dataOf(job) })),
      );
    },

    async work(concurrency, handler, abandoned): Promise<WorkHandle> {
      const ids: string[] = [];
      const underWay = new Set<Promise<void>>();
      /** Runs a handler, known to `stop` until it ends. */
      const tracked = (run: Promise<void>) => {
        underWay.add(run);
        return run.finally(() => underWay.delete(run));
      };
      // One poller per slot, each claiming one job at a time: a slot is free as soon as its job ends.
      for (let slot = 0; slot < concurrency; slot++) {
        const id: string = await boss.work<JobData>(
          CHUNK_QUEUE,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            try {
              await tracked(
                handler({
                  ...dataOf(job.data),
                  retries: job.retryCount,
                  last: job.retryCount >= job.retryLimit,
                }),
              );
            } finally {
              // The next job at once: pg-boss otherwise waits out the rest of its polling interval.
              boss.notifyWorker(id);
            }
          },
        );
        ids.push(id);
      }
      const stopping = new AbortController();
      ids.push(
        await boss.work<JobData>(ABANDONED_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
          if (!job) return;
          const handle = () => abandoned(dataOf(job.data));
          await tracked(tryUntil(handle, abandonedRetryMs, abandonedPatienceMs, stopping.signal));
        }),
      );
      return {
        async stop() {
          stopping.abort();
          await Promise.all(ids.map((id) => boss.offWork({ id })));
          await Promise.allSettled([...underWay]);
        },
      };
    },

    depth: () => boss.getQueueSize(CHUNK_QUEUE),

    async close() {
      await boss.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
    },
  };
}
