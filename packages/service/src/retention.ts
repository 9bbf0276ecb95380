/**
 * The retention pass: deletes what the configuration no longer keeps
 * (`config.retention`, per environment): enrichments, batch results (the
 * batch stays, its results expired), idempotency keys past their window,
 * delivered callbacks and recurrence series inactive for long.
 *
 * A pass is many small steps (`Store.prune`: one kind, one environment, a few
 * hundred rows, one short transaction), with a turn of the event loop between
 * them, so that requests are served in between: a step holds the thread for a
 * few milliseconds (benchmarks/README.md, `bench:retention`). The service runs
 * a pass shortly after it starts and then every `intervalMinutes`.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Config, RetentionPeriods } from './config.js';
import type { Logger } from './logger.js';
import { environments, type PrunableRecords, prunableRecords, type Store } from './store.js';

const DAY_MS = 86_400_000;

/**
 * Rows a step deletes, by kind. Deleting a delivery or a series rewrites a page of its primary key's
 * index (their keys are random: each row is on a page of its own), so 100 rows write about half a
 * megabyte: with random keys, a step of 1,000,000 enrichments took 6 ms (median) and 17 ms at most,
 * against 13 and 46 ms for 200 rows (`bench:retention --random-ids`; the engine's enrichment ids are
 * time-ordered, and their steps cheaper). A batch results row is a chunk of up to 1,000 results (about
 * 1.4 MB) or a batch's submitted items. Clearing an idempotency key rewrites its batch's row only.
 */
export const PRUNE_STEP_ROWS: Readonly<Record<PrunableRecords, number>> = {
  enrichments: 100,
  batchResults: 1,
  idempotencyKeys: 500,
  deliveredCallbacks: 100,
  recurrenceSeries: 100,
  counterpartyActivity: 100,
  enrichmentOutcomes: 100,
};

/** The first pass waits this long after start, out of the way of the start itself. */
export const FIRST_PASS_DELAY_MS = 10_000;

/** The retention period of each kind, but idempotency keys (the service's window, not configured). */
const periodOf: Readonly<Record<Exclude<PrunableRecords, 'idempotencyKeys'>, keyof RetentionPeriods>> = {
  enrichments: 'enrichmentDays',
  batchResults: 'batchResultDays',
  deliveredCallbacks: 'deliveredCallbackDays',
  recurrenceSeries: 'seriesInactiveDays',
  // The outcome counts (per counterparty and day) go with the enrichments they count.
  counterpartyActivity: 'enrichmentDays',
  enrichmentOutcomes: 'enrichmentDays',
};

export type PruneCounts = Record<PrunableRecords, number>;

export interface RetentionPass {
  /** Records pruned, by kind (`PruneStepResult.pruned`). */
  pruned: PruneCounts;
  steps: number;
  /** The longest step, in ms: how long the pass held the thread at once at most. */
  longestStepMs: number;
  /** From the pass's start to its end, turns of the event loop between steps included. */
  elapsedMs: number;
}

export interface RetentionOptions {
  store: Store;
  config: Pick<Config, 'retention'>;
  /** How long an `Idempotency-Key` answers with its batch: keys older than that are cleared. */
  idempotencyWindowMs: number;
  now?: () => number;
  logger?: Logger;
  /** Rows per step, by kind (`PRUNE_STEP_ROWS` by default). */
  stepRows?: Partial<Record<PrunableRecords, number>>;
  /** The first pass waits this long after `start()`: `FIRST_PASS_DELAY_MS` by default. */
  firstPassDelayMs?: number;
  /** Told what each step pruned (the service's counters). */
  onPruned?: (records: PrunableRecords, count: number) => void;
}

export interface Retention {
  /** Runs a pass `FIRST_PASS_DELAY_MS` from now, then one every `intervalMinutes` (timers `unref`ed). */
  start(): void;
  /** Runs a whole pass now, after the one under way if any; rejects with the store's error if a step fails. */
  runPass(): Promise<RetentionPass>;
  /** Stops the timer, and the pass under way at its next step; resolves once it stopped. */
  close(): Promise<void>;
}

export function createRetention(options: RetentionOptions): Retention {
  const { store, config, idempotencyWindowMs, onPruned } = options;
  const now = options.now ?? Date.now;
  const logger = options.logger;
  const stepRows = { ...PRUNE_STEP_ROWS, ...options.stepRows };
  const intervalMs = config.retention.intervalMinutes * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let last: Promise<unknown> = Promise.resolve();

  /** Records of `records` older than this are pruned in `environment`. */
  function cutoff(records: PrunableRecords, environment: (typeof environments)[number], at: number): number {
    if (records === 'idempotencyKeys') return at - idempotencyWindowMs;
    return at - config.retention.environments[environment][periodOf[records]] * DAY_MS;
  }

  async function pass(): Promise<RetentionPass> {
    const started = performance.now();
    const at = now();
    const result: RetentionPass = {
      pruned: Object.fromEntries(prunableRecords.map((records) => [records, 0])) as PruneCounts,
      steps: 0,
      longestStepMs: 0,
      elapsedMs: 0,
    };
    for (const environment of environments) {
      for (const records of prunableRecords) {
        const before = cutoff(records, environment, at);
        for (let more = true; more && !closed; ) {
          const stepStarted = performance.now();
          const step = await store.prune({ records, environment, before, limit: stepRows[records], at });
          result.longestStepMs = Math.max(result.longestStepMs, performance.now() - stepStarted);
          result.steps++;
          result.pruned[records] += step.pruned;
          if (step.pruned > 0) onPruned?.(records, step.pruned);
          more = step.more;
          await nextTurn();
        }
      }
    }
    result.elapsedMs = performance.now() - started;
    return result;
  }

  function runPass(): Promise<RetentionPass> {
    const run = last.then(pass);
    last = run.catch(() => {});
    return run;
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(async () => {
      try {
        const done = await runPass();
        logger?.info(
          {
            pruned: done.pruned,
            steps: done.steps,
            longestStepMs: Math.round(done.longestStepMs),
            elapsedMs: Math.round(done.elapsedMs),
          },
          'retention pass',
        );
      } catch (error) {
        // A store fault (a lock, a full disk...): the next pass starts where this one stopped.
        logger?.warn({ err: error }, 'retention pass failed; the next one will try again');
      }
      if (!closed) schedule(intervalMs);
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (!closed && timer === null) schedule(options.firstPassDelayMs ?? FIRST_PASS_DELAY_MS);
    },
    runPass,
    async close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      await last;
    },
  };
}
