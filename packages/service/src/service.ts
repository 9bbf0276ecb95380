/**
 * The use cases behind every endpoint, independent of HTTP: enrich one
 * transaction or a microbatch in this thread, accept and run batches on the
 * worker pool, answer batch status and results, and send callbacks; merchant
 * action triggers (triggers.ts), categories and counterparty personalization
 * (categories.ts), error reports and their corrections (reports.ts), usage
 * counters (usage.ts).
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  beginResultItem,
  type Engine,
  type EnrichableKind,
  type EnrichmentContext,
  type EnrichOptions,
  type SeriesRef,
} from '@txenrich/core';
import type { EnrichmentPool } from '@txenrich/pool';
import {
  type Batch,
  batchResultsExpired,
  type Corporation,
  type Enrichment,
  type ErrorReport,
  errorDetails,
  type Merchants,
  type RecurringStatus,
  type RecurringView,
  type ResultItem,
  type TransactionByKind,
} from '@txenrich/schema';
import { createActivityCounter } from './activity-counter.js';
import { type BatchBody, readBatchBody } from './batch-intake.js';
import { createBatchWork } from './batch-work.js';
import { STORE_FAULT_RETRIES } from './batches.js';
import { type CallbackAdmin, createCallbackAdmin } from './callback-admin.js';
import { createCallbackPolicy, type ResolveHost } from './callback-policy.js';
import { createDispatcher, type Dispatcher } from './callbacks.js';
import { type Categories, createCategories } from './categories.js';
import type { ChunkQueue } from './chunk-queue.js';
import type { Config } from './config.js';
import { countStoreErrors } from './counted-store.js';
import { newDelivery } from './deliveries.js';
import { ServiceError } from './errors.js';
import { createGroupCommit } from './group-commit.js';
import { isUuid } from './ids.js';
import { createIntakeThread } from './intake-thread.js';
import { createKeyring, type Keyring } from './keys.js';
import { type Logger, silentLogger } from './logger.js';
import { createOutcomeStates } from './outcome-states.js';
import { createOutcomes, type Outcomes } from './outcomes.js';
import { createReadiness, type Readiness } from './readiness.js';
import { createReports, type ReportCorrection, type ReportView } from './reports.js';
import { createRetention, type RetentionPass } from './retention.js';
import { createSeriesStates } from './series.js';
import { createStatsRecorder, type ServiceRole, type ServiceStats } from './stats.js';
import type {
  BatchRecord,
  EnrichmentRecord,
  NewDelivery,
  ReportStatus,
  Scope,
  SeriesRow,
  Store,
} from './store.js';
import { createTenantRulesCache, type TenantRulesCache } from './tenant-rules.js';
import type { TriggerChange } from './trigger-lists.js';
import type { TriggerScopeRef } from './trigger-scopes.js';
import { createTriggerThread } from './trigger-thread.js';
import { createTriggerRegistrations, type TriggerListing, type TriggerWritten } from './triggers.js';
import { createUsageCounter, type UsageView } from './usage.js';

/** An `Idempotency-Key` answers with the original batch for this long. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ServiceOptions {
  config: Config;
  store: Store;
  /** The engine of this thread: single enrichments, microbatches, merchant search. */
  engine: Engine;
  /** The worker pool: batches. */
  pool: EnrichmentPool;
  /**
   * `all` by default. With a chunk queue, `api` serves requests and queues batches' chunks, `worker`
   * runs chunks and sends callbacks, and `all` does both (see `batch-work.ts`).
   */
  role?: ServiceRole;
  /** The fleet's chunk jobs (Postgres); without it, batches run on this process's pool. */
  chunkQueue?: ChunkQueue;
  logger?: Logger;
  now?: () => number;
  /** The DNS of callback hosts, at submission and at delivery; the system's resolver by default (tests). */
  resolveHost?: ResolveHost;
  /** Tests: every callback retry waits this long (with jitter), instead of the schedule's hours. */
  callbackBackoffMs?: number;
  /** Tests: the first wait before a batch interrupted by a transient store fault resumes (then doubling). */
  storeFaultDelayMs?: number;
  /** Tests: how long a queued chunk waits for its turn at recurrence. */
  turnPatienceMs?: number;
}

/** A batch request as it came: `readBatchBody`'s input but for its kind and hash, which the call gives. */
export type BatchSubmission = Omit<BatchBody, 'kind' | 'hashed'>;

export interface Service extends Keyring {
  readonly config: Config;
  readonly engine: Engine;
  readonly store: Store;
  /** This process's role in a fleet (`all` alone, or on SQLite): a worker's HTTP server answers probes only. */
  readonly role: ServiceRole;
  enrichOne<K extends EnrichableKind>(
    scope: Scope,
    kind: K,
    body: TransactionByKind[K],
    options?: EnrichOptions,
  ): Promise<Enrichment>;
  /** Enriches up to `synchronousMax` raw batch items inline, in order, each in its user's series. */
  enrichMicrobatch(
    scope: Scope,
    kind: EnrichableKind,
    transactions: readonly unknown[],
  ): Promise<ResultItem[]>;
  /**
   * Reads a batch request (a body given as bytes on the intake thread), accepts the batch (`pending`,
   * stored in one transaction) and queues it: the answer of the submission. A body that breaks the
   * batch-level rules is an `INVALID_INPUT` naming its fields; an `idempotencyKey` used before answers
   * the batch of that request, or a `CONFLICT` when its body differed.
   */
  submitBatch(
    scope: Scope,
    kind: EnrichableKind,
    submission: BatchSubmission,
    idempotencyKey?: string,
  ): Promise<Batch>;
  /** The batch, if it is this scope's; else a `NOT_FOUND` error. */
  findBatch(scope: Scope, batchId: string): Promise<Batch>;
  /**
   * The batch and, once completed, its result items' JSON texts in input order, a chunk of them at a
   * time (each read in a turn of the event loop of its own).
   */
  batchResults(
    scope: Scope,
    batchId: string,
  ): Promise<{ batch: Batch; results: AsyncIterable<string[]> | null }>;
  /** The batch and, once completed, `limit` of its result items' JSON texts from item `offset` on. */
  batchResultsPage(
    scope: Scope,
    batchId: string,
    page: { offset: number; limit: number },
  ): Promise<{ batch: Batch; results: string[] | null }>;
  /** The user's recurring series (subscriptions and bills), as of the user's latest payment. */
  recurring(scope: Scope, userId: string, status?: RecurringStatus): Promise<RecurringView>;
  searchMerchants(name: string, limit: number): Corporation[];
  /** Merchant details for a name: `engine.lookupMerchants`. */
  lookupMerchants(name: string): Merchants;
  /** A trigger scope's status and active triggers, read a page at a time; `NOT_FOUND` when it never had any. */
  readTriggers(scope: Scope, ref: TriggerScopeRef): Promise<TriggerListing>;
  /** A new version of a trigger scope: `succeeded` at once, or `pending` above 100 triggers; 409 while one runs. */
  writeTriggers(scope: Scope, ref: TriggerScopeRef, change: TriggerChange): Promise<TriggerWritten>;
  /** The default taxonomy, custom categories and counterparty personalizations (`categories.ts`). */
  readonly categories: Categories;
  /** Records a transaction outcome of an enrichment of the scope (`outcomes.ts`); `NOT_FOUND` for another's. */
  recordOutcome: Outcomes['record'];
  /** Records an error report; `INVALID_INPUT` when the scope never received the enrichment. */
  reportEnrichment(scope: Scope, report: ErrorReport): Promise<void>;
  /** Admin: every tenant's reports, oldest first, optionally of one status. */
  listReports(status?: ReportStatus): Promise<ReportView[]>;
  /** Admin: closes an open report without a correction (nothing is sent). */
  rejectReport(id: string): Promise<ReportView>;
  /** Admin: closes an open report with a correction; answers the corrected enrichment, also sent to the tenant. */
  resolveReport(id: string, correction: ReportCorrection): Promise<Enrichment>;
  /** Admin: the usage counters of every tenant. */
  usage(): Promise<UsageView[]>;
  /** Admin: callback deliveries by state (abandoned ones above all), the latest first. */
  listCallbacks: CallbackAdmin['list'];
  /** Admin: sends an abandoned callback again, with a fresh retry window. */
  replayCallback: CallbackAdmin['replay'];
  /** Whether the service can serve now (`/readyz`): its store is usable, the catalog loaded everywhere. */
  readiness(): Promise<Readiness>;
  /** What it counted since it started, and its pool's activity now (`/metrics`). */
  stats(): ServiceStats;
  /** Runs a retention pass now (after the one under way, if any), as the service does every `intervalMinutes`. */
  runRetentionPass(): Promise<RetentionPass>;
  /**
   * Resumes the batches and trigger registrations a stopped process left
   * unfinished and starts the callback dispatcher.
   */
  start(): Promise<void>;
  /** Stops the dispatcher, the batch runner and trigger processing (unfinished work resumes at the next start). */
  close(): Promise<void>;
}

/** `2024-11-21T20:07:20.213000Z`: the contract's six fractional digits. */
export function submittedAtOf(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/Z$/, '000Z');
}

function batchView(record: BatchRecord): Batch {
  return {
    batchId: record.id,
    status: record.status,
    batchSize: record.size,
    submittedAt: record.submittedAt,
  };
}

export function createService(options: ServiceOptions): Service {
  const { config, engine, pool } = options;
  const recorder = createStatsRecorder();
  const store = countStoreErrors(options.store, recorder.storeError);
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const keyring = createKeyring(config);
  // Counted in memory, added to the store every second, and before outcome counts are read from it.
  const activity = createActivityCounter({ store, logger });
  const outcomeStates = createOutcomeStates({ store, config, now, flushCounts: activity.flush });
  const rules: TenantRulesCache = createTenantRulesCache(store, engine, outcomeStates);
  const outcomes = createOutcomes({ store, now });
  let dispatcher: Dispatcher | null = null;
  if (!config.webhookToken) logger.warn({}, 'no webhookToken configured: callbacks are not sent');
  const callbackPolicy = createCallbackPolicy({
    allowlist: config.callbacks.allowlist,
    ...(options.resolveHost ? { resolve: options.resolveHost } : {}),
  });

  const callbackOf = (batch: BatchRecord, status: 'completed' | 'failed'): NewDelivery | null =>
    batch.callbackUrl && config.webhookToken
      ? newDelivery('batch_callback', batch.scope, batch.callbackUrl, { batchId: batch.id, status }, now())
      : null;

  const seriesStates = createSeriesStates(store, now);
  const intake = createIntakeThread();
  const categories = createCategories({ store, engine, now });
  const triggers = createTriggerRegistrations({
    store,
    rules,
    thread: createTriggerThread(),
    // A user's and a card's category triggers may also name the user's own categories.
    knownCategories: (scope, ref) =>
      categories.knownIds(scope, ref.scope === 'user' || ref.scope === 'card' ? (ref.userId ?? null) : null),
    logger,
    now,
  });
  const reports = createReports({
    config,
    store,
    categories,
    engine,
    rules,
    series: seriesStates,
    now,
    onDelivery: () => dispatcher?.wake(),
  });
  const usage = createUsageCounter({ store, logger, now });
  const callbackAdmin = createCallbackAdmin({ store, now, onReplay: () => dispatcher?.wake() });
  const readiness = createReadiness({ store, engine, pool, logger });
  const groupCommit = createGroupCommit(store);
  const retention = createRetention({
    store,
    config,
    idempotencyWindowMs: IDEMPOTENCY_WINDOW_MS,
    now,
    logger,
    onPruned: recorder.pruned,
  });

  const role = options.role ?? 'all';
  const batchWork = createBatchWork({
    role,
    queue: options.chunkQueue,
    ...(options.turnPatienceMs ? { turnPatienceMs: options.turnPatienceMs } : {}),
    store,
    pool,
    rules,
    logger,
    series: seriesStates,
    callbackOf,
    onFinished: () => dispatcher?.wake(),
    now,
    stats: recorder,
    ...(options.storeFaultDelayMs
      ? { storeFaultRetries: { ...STORE_FAULT_RETRIES, firstDelayMs: options.storeFaultDelayMs } }
      : {}),
  });
  const runner = batchWork.runner;

  async function findRecord(scope: Scope, batchId: string): Promise<BatchRecord> {
    // Batch ids are UUIDs, written in lower case; a client may have kept one in upper case.
    const record = isUuid(batchId) ? await store.findBatch(scope, batchId.toLowerCase()) : null;
    if (!record) throw new ServiceError('NOT_FOUND', errorDetails.batchNotFound);
    return record;
  }

  /** The batch whose results are asked for: `GONE` once retention deleted them. */
  async function findResultsRecord(scope: Scope, batchId: string): Promise<BatchRecord> {
    const record = await findRecord(scope, batchId);
    const { resultsExpiredAt, finishedAt } = record;
    if (record.status === 'completed' && resultsExpiredAt !== null && finishedAt !== null) {
      const days = config.retention.environments[scope.environment].batchResultDays;
      throw new ServiceError('GONE', batchResultsExpired(days, finishedAt, resultsExpiredAt));
    }
    return record;
  }

  /**
   * Enriches bodies in order in this thread with the tenant's rules, each in
   * its user's series (read from the store when a body first extends it), then
   * records the enrichments, the changed series and the usage (committed with
   * the other requests of this turn of the event loop).
   */
  async function enrichInline<T>(
    scope: Scope,
    mode: 'single' | 'microbatch',
    kind: EnrichableKind,
    bodies: readonly unknown[],
    begin: (body: unknown, context: EnrichmentContext) => { readonly series: SeriesRef | null; finish(): T },
    enrichmentOf: (result: T) => Enrichment | null,
  ): Promise<T[]> {
    const compiled = await rules.compiled(scope);
    const series = seriesStates.forRequest(scope);
    // Spelled out, not spread: a spread copy plus members took V8's slow path (a map transition at run
    // time) on every request of a server holding triggers.
    const context: EnrichmentContext = {
      corrections: compiled.corrections,
      categories: compiled.categories,
      triggers: compiled.triggers,
      outcomes: compiled.outcomes,
      series,
    };
    const enrichments: EnrichmentRecord[] = [];
    const createdAt = now();
    const results: T[] = [];
    let changed: SeriesRow[] = [];
    for (const body of bodies) {
      const pending = begin(body, context);
      if (pending.series && !series.holds(pending.series)) await series.load(pending.series);
      const result = pending.finish();
      results.push(result);
      const enrichment = enrichmentOf(result);
      if (enrichment)
        enrichments.push({
          enrichmentId: enrichment.enrichmentId,
          kind,
          request: JSON.stringify(body),
          createdAt,
          counterpartyId: enrichment.counterparty[0]?.id ?? null,
        });
      if (pending.series) {
        // Seen at once by other requests of the user, before the commit.
        changed = series.changed();
        seriesStates.unsaved(scope, changed);
      }
    }
    try {
      await groupCommit.record({
        scope,
        enrichments,
        series: changed,
        usage: usage.rowsOf(scope, mode, kind, bodies),
      });
    } finally {
      seriesStates.saved(scope, changed);
    }
    // Counted once committed: in the store within a second, in this process's state at once.
    activity.add(scope, enrichments);
    if (compiled.outcomes)
      rules.counted(
        scope,
        enrichments.flatMap((record) => (record.counterpartyId === null ? [] : [record.counterpartyId])),
      );
    return results;
  }

  return {
    config,
    engine,
    store,
    role,
    authenticate: keyring.authenticate,
    isAdmin: keyring.isAdmin,

    async enrichOne(scope, kind, body, options = {}) {
      const [enrichment] = await enrichInline(
        scope,
        'single',
        kind,
        [body],
        (valid, context) => engine.begin(kind, valid as TransactionByKind[typeof kind], context, options),
        (result) => result,
      );
      return enrichment!;
    },

    async enrichMicrobatch(scope, kind, transactions) {
      return enrichInline(
        scope,
        'microbatch',
        kind,
        transactions,
        (raw, context) => beginResultItem(engine, kind, raw, { batchItem: true, context }),
        (result) => (result.statusCode === 200 ? result : null),
      );
    },

    recurring: (scope, userId, status) => seriesStates.recurring(scope, userId, status),

    async submitBatch(scope, kind, submission, idempotencyKey) {
      const body: BatchBody = { kind, ...submission, hashed: idempotencyKey !== undefined };
      const read = 'bytes' in body.body ? await intake.read(body) : readBatchBody(body);
      if (!read.ok) throw new ServiceError('INVALID_INPUT', 'Invalid input.', { body: read.errors });
      const { items, size, callbackUrl, billing, requestHash } = read.value;
      const idempotency =
        idempotencyKey !== undefined && requestHash !== null
          ? { key: idempotencyKey, requestHash }
          : undefined;
      if (callbackUrl !== undefined) {
        const refused = await callbackPolicy.check(callbackUrl);
        if (refused !== null)
          throw new ServiceError('INVALID_INPUT', refused, { body: { callbackUrl: [refused] } });
      }
      const at = now();
      const record: BatchRecord = {
        id: randomUUID(),
        scope,
        kind,
        status: 'pending',
        size,
        submittedAt: submittedAtOf(at),
        callbackUrl: callbackUrl ?? null,
        chunkSize: pool.chunkSize,
        chunksDone: 0,
        finishedAt: null,
        resultsExpiredAt: null,
      };
      const earlier = await store.createBatch({
        id: record.id,
        scope,
        kind,
        size: record.size,
        submittedAt: record.submittedAt,
        callbackUrl: record.callbackUrl,
        chunkSize: record.chunkSize,
        items,
        ...(idempotency
          ? { idempotency: { ...idempotency, createdAt: at, since: at - IDEMPOTENCY_WINDOW_MS } }
          : {}),
      });
      if (earlier) {
        if (earlier.requestHash === idempotency?.requestHash) return batchView(earlier.batch);
        throw new ServiceError('CONFLICT', 'This Idempotency-Key was used with a different request body.');
      }
      await usage.count(scope, 'batch', kind, billing);
      recorder.batchSubmitted(record.size);
      void runner.enqueue(record);
      return batchView(record);
    },

    async findBatch(scope, batchId) {
      return batchView(await findRecord(scope, batchId));
    },

    async batchResults(scope, batchId) {
      const record = await findResultsRecord(scope, batchId);
      async function* chunks(): AsyncGenerator<string[]> {
        for (let offset = 0; offset < record.size; offset += record.chunkSize) {
          const page = await store.batchResultsPage(record.id, offset, record.chunkSize);
          // Retention expired them while they were read: the answer breaks off rather than end short.
          if (page.length < Math.min(record.chunkSize, record.size - offset))
            throw new ServiceError('GONE', 'The results of this batch expired while they were read.');
          yield page;
          await nextTurn();
        }
      }
      return { batch: batchView(record), results: record.status === 'completed' ? chunks() : null };
    },

    async batchResultsPage(scope, batchId, { offset, limit }) {
      const record = await findResultsRecord(scope, batchId);
      const results =
        record.status === 'completed' ? await store.batchResultsPage(record.id, offset, limit) : null;
      return { batch: batchView(record), results };
    },

    searchMerchants: (name, limit) => engine.searchMerchants(name, limit),
    lookupMerchants: (name) => engine.lookupMerchants(name),

    categories,
    readTriggers: triggers.read,
    writeTriggers: triggers.write,
    recordOutcome: outcomes.record,
    reportEnrichment: reports.report,
    listReports: reports.list,
    rejectReport: reports.reject,
    resolveReport: reports.resolve,
    usage: usage.list,
    listCallbacks: callbackAdmin.list,
    replayCallback: callbackAdmin.replay,
    readiness: readiness.check,
    stats: () => recorder.snapshot(pool.stats(), role, batchWork.queueDepth()),
    runRetentionPass: retention.runPass,

    async start() {
      const unfinished = batchWork.resumes ? await store.unfinishedBatches() : [];
      for (const batch of unfinished) {
        logger.warn(
          { batch: batch.id, status: batch.status, chunksDone: batch.chunksDone },
          'resuming batch',
        );
        void runner.enqueue(batch);
      }
      await batchWork.start();
      // Background trigger writes are the API's; retention and callbacks the workers'.
      if (role !== 'worker') await triggers.resume();
      if (role === 'api') return;
      retention.start();
      if (config.webhookToken) {
        dispatcher = createDispatcher({
          store,
          webhookToken: config.webhookToken,
          policy: callbackPolicy,
          logger,
          retryWindowMs: config.callbacks.retryHours * 3_600_000,
          timeoutMs: config.callbacks.timeoutMs,
          maxConcurrent: config.callbacks.maxConcurrent,
          maxConcurrentPerHost: config.callbacks.maxConcurrentPerHost,
          now,
          onAttempt: recorder.callbackAttempt,
          ...(options.callbackBackoffMs ? { schedule: [options.callbackBackoffMs] } : {}),
        });
      }
    },

    async close() {
      await Promise.all([
        batchWork.close(),
        triggers.close(),
        intake.close(),
        dispatcher?.close(),
        retention.close(),
        activity.close(),
      ]);
    },
  };
}
