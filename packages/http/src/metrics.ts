/**
 * The service's Prometheus metrics (prom-client), one registry per server:
 * HTTP requests and their latency by route pattern and status (observed by
 * `routes/metrics.ts`), and, read from `service.stats()` when scraped, batch
 * items by state, the worker pool's activity, callback delivery attempts,
 * store errors, records pruned by retention and, in a fleet, the chunk jobs
 * by outcome and the queue's depth, labelled with the process's role; plus Node's process metrics
 * (CPU, memory, event loop, GC).
 */
import type { Service, ServiceStats } from '@txenrich/service';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface ServerMetrics {
  readonly registry: Registry;
  /** Counts one answered request. `route` is the route's pattern, never the raw URL (bounded label values). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** From a fast single enrichment to a large batch upload or result. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Sets a counter to totals kept elsewhere (prom-client's counters only go up from their own zero). */
function setTotals<L extends string>(
  counter: Counter<L>,
  totals: ReadonlyArray<[Record<L, string>, number]>,
) {
  counter.reset();
  for (const [labels, total] of totals) counter.inc(labels, total);
}

export function createServerMetrics(service: Service): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // A few numbers copied per collector: cheap enough to read afresh for each.
  const stats = () => service.stats();

  const requests = new Counter({
    name: 'txenrich_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'txenrich_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'txenrich_batch_items',
    help: 'Items of the batches waiting in this process (pending) and of the batch running.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { pending, running } = stats().batchItems;
      this.set({ state: 'pending' }, pending);
      this.set({ state: 'running' }, running);
    },
  });
  new Counter({
    name: 'txenrich_batch_items_total',
    help: 'Items of the batches accepted (submitted), and of those that completed or failed.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const totals = stats().batchItemsTotal;
      setTotals(
        this,
        (['submitted', 'completed', 'failed'] as const).map((state) => [{ state }, totals[state]]),
      );
    },
  });

  const poolGauge = (name: string, help: string, read: (pool: ServiceStats['pool']) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(stats().pool));
      },
    });
  poolGauge('txenrich_pool_threads', 'Worker threads of the pool.', (pool) => pool.threads);
  poolGauge('txenrich_pool_idle_threads', 'Worker threads running no task.', (pool) => pool.idleThreads);
  poolGauge('txenrich_pool_queued_tasks', 'Chunks waiting for a worker thread.', (pool) => pool.queuedTasks);
  poolGauge(
    'txenrich_pool_utilization_ratio',
    "Share of the worker threads' time spent enriching since the pool started (0 to 1).",
    (pool) => pool.utilization,
  );
  new Counter({
    name: 'txenrich_pool_tasks_completed_total',
    help: 'Chunks the worker threads enriched.',
    registers,
    collect() {
      this.reset();
      this.inc(stats().pool.completedTasks);
    },
  });

  new Counter({
    name: 'txenrich_callback_attempts_total',
    help: 'Callback delivery attempts, by kind and outcome: delivered, retried (failed, due again), abandoned (failed at the end of its retry window), refused (by the callback policy).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
    collect() {
      setTotals(
        this,
        Object.entries(stats().callbackAttempts).flatMap(([kind, outcomes]) =>
          Object.entries(outcomes).map(([outcome, total]): [{ kind: string; outcome: string }, number] => [
            { kind, outcome },
            total,
          ]),
        ),
      );
    },
  });
  new Counter({
    name: 'txenrich_store_errors_total',
    help: "Store calls that failed, by the store port's error code.",
    labelNames: ['code'] as const,
    registers,
    collect() {
      setTotals(
        this,
        Object.entries(stats().storeErrors).map(([code, total]): [{ code: string }, number] => [
          { code },
          total,
        ]),
      );
    },
  });

  new Counter({
    name: 'txenrich_retention_pruned_total',
    help: 'Records the retention passes pruned, by kind: enrichments, batchResults (batches whose results expired), idempotencyKeys, deliveredCallbacks, recurrenceSeries, counterpartyActivity, enrichmentOutcomes.',
    labelNames: ['records'] as const,
    registers,
    collect() {
      setTotals(
        this,
        Object.entries(stats().retentionPruned).map(([records, total]): [{ records: string }, number] => [
          { records },
          total,
        ]),
      );
    },
  });

  new Counter({
    name: 'txenrich_chunk_jobs_total',
    help: 'Chunk jobs of queued batches (Postgres fleet) this process took, by outcome: claimed, retried (claimed again after a failure or a lease that ran out), completed, failed (to be tried again), abandoned (out of tries: the batch failed).',
    labelNames: ['role', 'outcome'] as const,
    registers,
    collect() {
      const { role, chunkJobs } = stats();
      setTotals(
        this,
        Object.entries(chunkJobs).map(([outcome, total]): [{ role: string; outcome: string }, number] => [
          { role, outcome },
          total,
        ]),
      );
    },
  });
  new Gauge({
    name: 'txenrich_chunk_queue_depth',
    help: 'Chunk jobs waiting to be claimed in the whole fleet (new or waiting to be tried again), as read at most 5 s ago; absent without a queue (SQLite).',
    labelNames: ['role'] as const,
    registers,
    collect() {
      const { role, queueDepth } = stats();
      this.reset();
      if (queueDepth !== null) this.set({ role }, queueDepth);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}
