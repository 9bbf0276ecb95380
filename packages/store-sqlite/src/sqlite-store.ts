import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  BatchChunk,
  BatchRecord,
  Delivery,
  DeliveryRecord,
  DeliveryState,
  DestinationLimit,
  EnrichmentRecord,
  EnrichmentWrite,
  Environment,
  IdempotentBatch,
  NewBatch,
  NewDelivery,
  ReportRecord,
  ReportStatus,
  RulesRevisions,
  Scope,
  SeriesRef,
  SeriesRow,
  Store,
  TenantCorrections,
  UsageKey,
  UsageRow,
} from '@txenrich/service';
import { StoreError } from '@txenrich/service';
import Database from 'better-sqlite3';
import { toStoreError } from './errors.js';
import { createFileGuard, type FileGuard } from './file-guard.js';
import { migrate } from './migrations.js';
import { createPrivateFile } from './private-file.js';
import { createRetentionSteps } from './retention.js';
import { createTriggerLists, deleteUnusedTriggerPages } from './trigger-lists.js';

type CorrectionRule = TenantCorrections['rules'][number];

interface CommonOptions {
  /** How long a write waits for another connection's lock before failing, in ms. Default 5000. */
  busyTimeoutMs?: number;
}

export interface SqliteStoreFileOptions extends CommonOptions {
  /** The database file, created with its directories when missing; `:memory:` for a throwaway store. */
  path: string;
}

export interface SqliteStoreDatabaseOptions extends CommonOptions {
  /** A ready connection. The store configures and migrates it, and leaves it open on `close()`. */
  database: Database.Database;
}

export type SqliteStoreOptions = SqliteStoreFileOptions | SqliteStoreDatabaseOptions;

// ---------------------------------------------------------------- rows

interface BatchRow {
  id: string;
  tenant: string;
  environment: Environment;
  kind: BatchRecord['kind'];
  status: BatchRecord['status'];
  size: number;
  submitted_at: string;
  callback_url: string | null;
  chunk_size: number;
  chunks_done: number;
  finished_at: number | null;
  results_expired_at: number | null;
}

const batchColumns =
  'id, tenant, environment, kind, status, size, submitted_at, callback_url, chunk_size, chunks_done, finished_at, results_expired_at';

interface ChunkRow {
  results: string;
  lengths: Buffer;
}

interface EnrichmentRow {
  enrichment_id: string;
  kind: EnrichmentRecord['kind'];
  request: string;
  created_at: number;
}

interface DeliveryRow {
  id: string;
  kind: Delivery['kind'];
  tenant: string;
  environment: Environment;
  url: string;
  destination: string;
  body: string;
  created_at: number;
  next_attempt_at: number;
  attempts: number;
  last_error: string | null;
  replayed_at: number | null;
}

const deliveryColumns =
  'id, kind, tenant, environment, url, destination, body, created_at, next_attempt_at, attempts, last_error, replayed_at';

interface DeliveryRecordRow extends DeliveryRow {
  state: DeliveryState;
  delivered_at: number | null;
  abandoned_at: number | null;
}

const deliveryRecordColumns = `${deliveryColumns}, state, delivered_at, abandoned_at`;
/** The delivery columns of the table aliased `d`, where a joined one has columns of the same names. */
const deliveryColumnsOfD = deliveryColumns
  .split(', ')
  .map((column) => `d.${column}`)
  .join(', ');

interface ReportRow {
  id: string;
  tenant: string;
  environment: Environment;
  enrichment_id: string;
  fields: string;
  status: ReportStatus;
  created_at: number;
}

const reportColumns = 'id, tenant, environment, enrichment_id, fields, status, created_at';

interface UsageRowRow {
  tenant: string;
  environment: Environment;
  billing_profile: string | null;
  organization_id: string | null;
  endpoint: string;
  day: string;
  count: number;
}

type ScopeParams = [tenant: string, environment: Environment];
const scopeParams = (scope: Scope): ScopeParams => [scope.tenant, scope.environment];

const toBatch = (row: BatchRow): BatchRecord => ({
  id: row.id,
  scope: { tenant: row.tenant, environment: row.environment },
  kind: row.kind,
  status: row.status,
  size: row.size,
  submittedAt: row.submitted_at,
  callbackUrl: row.callback_url,
  chunkSize: row.chunk_size,
  chunksDone: row.chunks_done,
  finishedAt: row.finished_at,
  resultsExpiredAt: row.results_expired_at,
});

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  kind: row.kind,
  scope: { tenant: row.tenant, environment: row.environment },
  url: row.url,
  destination: row.destination,
  body: row.body,
  createdAt: row.created_at,
  nextAttemptAt: row.next_attempt_at,
  attempts: row.attempts,
  lastError: row.last_error,
  replayedAt: row.replayed_at,
});

const toDeliveryRecord = (row: DeliveryRecordRow): DeliveryRecord => ({
  ...toDelivery(row),
  state: row.state,
  deliveredAt: row.delivered_at,
  abandonedAt: row.abandoned_at,
});

const toReport = (row: ReportRow): ReportRecord => ({
  id: row.id,
  scope: { tenant: row.tenant, environment: row.environment },
  enrichmentId: row.enrichment_id,
  fields: JSON.parse(row.fields) as ReportRecord['fields'],
  status: row.status,
  createdAt: row.created_at,
});

/** A chunk's result texts as one JSON array text, and their lengths to cut them out again. */
function packChunk(results: readonly string[]): ChunkRow {
  const lengths = Buffer.alloc(results.length * 4);
  for (const [index, text] of results.entries()) lengths.writeUInt32LE(text.length, index * 4);
  return { results: `[${results.join(',')}]`, lengths };
}

function unpackChunk(row: ChunkRow, into: string[]): void {
  let start = 1; // past '['
  for (let offset = 0; offset < row.lengths.length; offset += 4) {
    const end = start + row.lengths.readUInt32LE(offset);
    into.push(row.results.slice(start, end));
    start = end + 1; // past ','
  }
}

// ---------------------------------------------------------------- the store

/**
 * The configured, migrated connection; `owned` when the store opened it (and so closes it), and the guard
 * of its file (none in memory).
 */
function openDatabase(options: SqliteStoreOptions): {
  db: Database.Database;
  owned: boolean;
  guard: FileGuard | null;
} {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new StoreError('INVALID_CONFIG', 'createSqliteStore: `busyTimeoutMs` must be an integer >= 0');
  }
  if (!('database' in options) && (typeof options.path !== 'string' || options.path === '')) {
    throw new StoreError('INVALID_CONFIG', 'createSqliteStore: `path` must be a non-empty string');
  }
  const owned = !('database' in options);
  let db: Database.Database | undefined;
  try {
    db = 'database' in options ? options.database : openFile(options.path);
    configure(db, busyTimeoutMs);
    migrate(db, Date.now());
    db.exec(deleteUnusedTriggerPages);
    const onDisk = !db.memory && db.name !== '';
    return { db, owned, guard: onDisk ? createFileGuard(db.name) : null };
  } catch (error) {
    if (owned) db?.close();
    throw toStoreError('createSqliteStore', error);
  }
}

function openFile(path: string): Database.Database {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    createPrivateFile(path);
  }
  return new Database(path);
}

function configure(db: Database.Database, busyTimeoutMs: number): void {
  // First, so that the statements below wait for another connection's lock too.
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // Before any table exists (it cannot change after, short of a VACUUM). Each commit gives back the
  // pages it freed: replacing a scope's 300,000 triggers frees about 30,000, and left in the file they
  // are where every later insert takes its pages from, searching and rewriting the free list on each
  // commit (single enrichments ran 10% slower on such a file: benchmarks/README.md). A file created
  // before this setting keeps `auto_vacuum = NONE`.
  db.pragma('auto_vacuum = FULL');
  db.pragma('journal_mode = WAL');
  // In WAL mode, NORMAL appends each commit to the WAL without an fsync: a committed transaction
  // survives a crash of the process (kill -9: the bytes are already the OS's), which is what the
  // contract asks of batches and the outbox; a power loss may lose the last commits, never corrupt
  // the file. FULL would add an fsync to every single enrichment.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
}

/**
 * The embedded `Store`: one SQLite file in WAL mode, migrated at start. Every
 * method runs synchronously inside (better-sqlite3 is synchronous), so each
 * multi-statement method is one transaction that nothing else in the process
 * can interleave with; writes take the write lock up front (`BEGIN IMMEDIATE`).
 */
export function createSqliteStore(options: SqliteStoreOptions): Store {
  const { db, owned, guard } = openDatabase(options);

  const s = {
    insertBatch: db.prepare<
      [
        id: string,
        ...ScopeParams,
        kind: string,
        size: number,
        submittedAt: string,
        callbackUrl: string | null,
        chunkSize: number,
        idempotencyKey: string | null,
        requestHash: string | null,
        idempotencyCreatedAt: number | null,
      ]
    >(
      `INSERT INTO batches (id, tenant, environment, kind, status, size, submitted_at, callback_url, chunk_size,
         idempotency_key, request_hash, idempotency_created_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertItems: db.prepare<[id: string, items: string]>(
      'INSERT INTO batch_items (batch_id, items) VALUES (?, ?)',
    ),
    batch: db.prepare<[id: string], BatchRow>(`SELECT ${batchColumns} FROM batches WHERE id = ?`),
    scopedBatch: db.prepare<[id: string, ...ScopeParams], BatchRow>(
      `SELECT ${batchColumns} FROM batches WHERE id = ? AND tenant = ? AND environment = ?`,
    ),
    batchByIdempotencyKey: db.prepare<
      [...ScopeParams, key: string, since: number],
      BatchRow & { request_hash: string }
    >(
      `SELECT ${batchColumns}, request_hash FROM batches
       WHERE tenant = ? AND environment = ? AND idempotency_key = ? AND idempotency_created_at >= ?
       ORDER BY idempotency_created_at DESC, seq DESC LIMIT 1`,
    ),
    items: db.prepare<[id: string], string>('SELECT items FROM batch_items WHERE batch_id = ?').pluck(),
    startBatch: db.prepare<[id: string]>(
      `UPDATE batches SET status = 'running' WHERE id = ? AND status = 'pending'`,
    ),
    insertChunk: db.prepare<[id: string, index: number, results: string, lengths: Buffer]>(
      `INSERT INTO batch_chunks (batch_id, chunk_index, results, lengths) VALUES (?, ?, ?, ?)
       ON CONFLICT (batch_id, chunk_index) DO NOTHING`,
    ),
    chunkStored: db
      .prepare<[id: string, index: number], number>(
        'SELECT 1 FROM batch_chunks WHERE batch_id = ? AND chunk_index = ?',
      )
      .pluck(),
    setChunksDone: db.prepare<[chunksDone: number, id: string]>(
      'UPDATE batches SET chunks_done = ? WHERE id = ?',
    ),
    finishBatch: db.prepare<[status: string, finishedAt: number, id: string]>(
      'UPDATE batches SET status = ?, finished_at = ? WHERE id = ?',
    ),
    chunks: db.prepare<[id: string], ChunkRow>(
      'SELECT results, lengths FROM batch_chunks WHERE batch_id = ? ORDER BY chunk_index',
    ),
    chunkRange: db.prepare<[id: string, first: number, last: number], ChunkRow>(
      `SELECT results, lengths FROM batch_chunks WHERE batch_id = ? AND chunk_index BETWEEN ? AND ?
       ORDER BY chunk_index`,
    ),
    unfinishedBatches: db.prepare<[], BatchRow>(
      `SELECT ${batchColumns} FROM batches WHERE status IN ('pending', 'running') ORDER BY seq`,
    ),

    insertEnrichment: db.prepare<
      [...ScopeParams, enrichmentId: string, kind: string, request: string, createdAt: number]
    >(
      `INSERT INTO enrichments (tenant, environment, enrichment_id, kind, request, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    enrichment: db.prepare<[...ScopeParams, enrichmentId: string], EnrichmentRow>(
      `SELECT enrichment_id, kind, request, created_at FROM enrichments
       WHERE tenant = ? AND environment = ? AND enrichment_id = ?`,
    ),
    upsertSeries: db.prepare<
      [...ScopeParams, userId: string, key: string, state: string, lastDay: number, seenAt: number]
    >(
      `INSERT INTO recurrence_series (tenant, environment, user_id, series_key, state, last_day, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant, environment, user_id, series_key)
       DO UPDATE SET state = excluded.state, last_day = excluded.last_day, seen_at = excluded.seen_at`,
    ),
    series: db
      .prepare<[...ScopeParams, userId: string, key: string], string>(
        `SELECT state FROM recurrence_series
       WHERE tenant = ? AND environment = ? AND user_id = ? AND series_key = ?`,
      )
      .pluck(),
    userSeries: db.prepare<[...ScopeParams, userId: string], { series_key: string; state: string }>(
      `SELECT series_key, state FROM recurrence_series
       WHERE tenant = ? AND environment = ? AND user_id = ? ORDER BY series_key`,
    ),

    insertDelivery: db.prepare<
      [
        id: string,
        kind: string,
        ...ScopeParams,
        url: string,
        destination: string,
        body: string,
        createdAt: number,
        nextAttemptAt: number,
      ]
    >(
      `INSERT INTO deliveries (id, kind, tenant, environment, url, destination, body, created_at, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    dueDeliveries: db.prepare<[now: number, limit: number], DeliveryRow>(
      `SELECT ${deliveryColumns} FROM deliveries WHERE state = 'pending' AND next_attempt_at <= ?
       ORDER BY next_attempt_at, created_at, id LIMIT ?`,
    ),
    // Each due delivery ranked within its destination, oldest due first; a destination takes as many as
    // its limit leaves after those in progress (`inProgress`: a JSON object, destination -> count).
    dueDeliveriesPerDestination: db.prepare<
      [inProgress: string, now: number, max: number, limit: number],
      DeliveryRow
    >(
      `WITH busy (destination, count) AS (SELECT key, value FROM json_each(?)),
       ranked AS (
         SELECT id, destination,
           row_number() OVER (PARTITION BY destination ORDER BY next_attempt_at, created_at, id) AS rank
         FROM deliveries WHERE state = 'pending' AND next_attempt_at <= ?
       )
       SELECT ${deliveryColumnsOfD} FROM ranked JOIN deliveries d ON d.id = ranked.id
       WHERE ranked.rank + coalesce((SELECT count FROM busy WHERE busy.destination = ranked.destination), 0) <= ?
       ORDER BY d.next_attempt_at, d.created_at, d.id LIMIT ?`,
    ),
    leaseDelivery: db.prepare<[until: number, id: string]>(
      'UPDATE deliveries SET next_attempt_at = ? WHERE id = ?',
    ),
    markDelivered: db.prepare<[attempts: number, at: number, id: string]>(
      `UPDATE deliveries SET state = 'delivered', attempts = ?, delivered_at = ? WHERE id = ? AND state = 'pending'`,
    ),
    rescheduleDelivery: db.prepare<[attempts: number, nextAttemptAt: number, lastError: string, id: string]>(
      `UPDATE deliveries SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND state = 'pending'`,
    ),
    abandonDelivery: db.prepare<[attempts: number, lastError: string, at: number, id: string]>(
      `UPDATE deliveries SET state = 'abandoned', attempts = ?, last_error = ?, abandoned_at = ?
       WHERE id = ? AND state = 'pending'`,
    ),
    pendingDeliveries: db.prepare<[], DeliveryRow>(
      `SELECT ${deliveryColumns} FROM deliveries WHERE state = 'pending'
       ORDER BY next_attempt_at, created_at, id`,
    ),
    deliveries: db.prepare<[limit: number], DeliveryRecordRow>(
      `SELECT ${deliveryRecordColumns} FROM deliveries ORDER BY created_at DESC, id LIMIT ?`,
    ),
    deliveriesByState: db.prepare<[state: DeliveryState, limit: number], DeliveryRecordRow>(
      `SELECT ${deliveryRecordColumns} FROM deliveries WHERE state = ? ORDER BY created_at DESC, id LIMIT ?`,
    ),
    delivery: db.prepare<[id: string], DeliveryRecordRow>(
      `SELECT ${deliveryRecordColumns} FROM deliveries WHERE id = ?`,
    ),
    replayDelivery: db.prepare<[at: number, at: number, id: string]>(
      `UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, replayed_at = ?, abandoned_at = NULL
       WHERE id = ? AND state = 'abandoned'`,
    ),

    revision: db
      .prepare<[...ScopeParams, subject: Subject], number>(
        'SELECT revision FROM revisions WHERE tenant = ? AND environment = ? AND subject = ?',
      )
      .pluck(),
    revisions: db.prepare<ScopeParams, { subject: Subject; revision: number }>(
      'SELECT subject, revision FROM revisions WHERE tenant = ? AND environment = ?',
    ),
    bumpRevision: db.prepare<[...ScopeParams, subject: Subject]>(
      `INSERT INTO revisions (tenant, environment, subject, revision) VALUES (?, ?, ?, 1)
       ON CONFLICT (tenant, environment, subject) DO UPDATE SET revision = revision + 1`,
    ),

    insertReport: db.prepare<
      [
        id: string,
        ...ScopeParams,
        enrichmentId: string,
        fields: string,
        status: ReportStatus,
        createdAt: number,
      ]
    >(
      `INSERT INTO reports (id, tenant, environment, enrichment_id, fields, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    reports: db.prepare<[], ReportRow>(`SELECT ${reportColumns} FROM reports ORDER BY created_at, seq`),
    reportsByStatus: db.prepare<[status: ReportStatus], ReportRow>(
      `SELECT ${reportColumns} FROM reports WHERE status = ? ORDER BY created_at, seq`,
    ),
    report: db.prepare<[id: string], ReportRow>(`SELECT ${reportColumns} FROM reports WHERE id = ?`),
    closeReport: db.prepare<[status: ReportStatus, at: number, id: string]>(
      `UPDATE reports SET status = ?, closed_at = ? WHERE id = ? AND status = 'open'`,
    ),
    insertCorrection: db.prepare<[...ScopeParams, reportId: string, rule: string, createdAt: number]>(
      'INSERT INTO corrections (tenant, environment, report_id, rule, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    corrections: db
      .prepare<ScopeParams, string>(
        'SELECT rule FROM corrections WHERE tenant = ? AND environment = ? ORDER BY seq',
      )
      .pluck(),

    addUsage: db.prepare<
      [
        count: number,
        ...ScopeParams,
        endpoint: string,
        day: string,
        billingProfile: string | null,
        organizationId: string | null,
      ]
    >(
      `UPDATE usage SET count = count + ?
       WHERE tenant = ? AND environment = ? AND endpoint = ? AND day = ?
         AND billing_profile IS ? AND organization_id IS ?`,
    ),
    insertUsage: db.prepare<
      [
        ...ScopeParams,
        billingProfile: string | null,
        organizationId: string | null,
        endpoint: string,
        day: string,
        count: number,
      ]
    >(
      `INSERT INTO usage (tenant, environment, billing_profile, organization_id, endpoint, day, count)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    reachable: db.prepare('SELECT 1'),

    usage: db.prepare<[], UsageRowRow>(
      `SELECT tenant, environment, billing_profile, organization_id, endpoint, day, count FROM usage
       ORDER BY day, tenant, environment, endpoint, billing_profile, organization_id`,
    ),
  };

  // ------------------------------------------------------------ shared steps

  function requireBatch(id: string): BatchRow {
    return s.batch.get(id) ?? batchNotFound(id);
  }

  function insertEnrichments(scope: Scope, enrichments: readonly EnrichmentRecord[]): void {
    for (const e of enrichments) {
      s.insertEnrichment.run(...scopeParams(scope), e.enrichmentId, e.kind, e.request, e.createdAt);
    }
  }

  function addUsage(key: UsageKey, count: number): void {
    const { billingProfile, organizationId, endpoint, day } = key;
    const scope = scopeParams(key.scope);
    if (s.addUsage.run(count, ...scope, endpoint, day, billingProfile, organizationId).changes === 0) {
      s.insertUsage.run(...scope, billingProfile, organizationId, endpoint, day, count);
    }
  }

  function upsertSeries(scope: Scope, series: readonly SeriesRow[]): void {
    for (const row of series)
      s.upsertSeries.run(...scopeParams(scope), row.userId, row.key, row.state, row.lastDay, row.seenAt);
  }

  function insertDelivery(d: NewDelivery): void {
    s.insertDelivery.run(
      d.id,
      d.kind,
      ...scopeParams(d.scope),
      d.url,
      d.destination,
      d.body,
      d.createdAt,
      d.nextAttemptAt,
    );
  }

  /** A scope's rows of `subject` with its revision, read in one transaction (one snapshot). */
  function withRevision<T>(
    subject: Subject,
    load: (scope: Scope) => T,
  ): (scope: Scope) => T & { revision: number } {
    return db.transaction((scope: Scope) => ({
      revision: s.revision.get(...scopeParams(scope), subject) ?? 0,
      ...load(scope),
    }));
  }

  let closed = false;

  /** A store method: rejects once closed, and turns every failure into a `StoreError`. */
  function op<A extends unknown[], R>(name: string, run: (...args: A) => R): (...args: A) => Promise<R> {
    return async (...args) => {
      if (closed) throw new StoreError('STORE_UNAVAILABLE', `${name}: the store is closed`);
      try {
        return run(...args);
      } catch (error) {
        throw toStoreError(name, error);
      }
    };
  }

  /** A store method that writes: it also rejects once the database file is not the one opened. */
  function write<A extends unknown[], R>(name: string, run: (...args: A) => R): (...args: A) => Promise<R> {
    return op(name, (...args: A) => {
      guard?.check(name);
      return run(...args);
    });
  }

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    if (owned) db.close();
  };

  // ------------------------------------------------------------ the port

  return {
    createBatch: write(
      'createBatch',
      db.transaction((batch: NewBatch): IdempotentBatch | null => {
        const idempotency = batch.idempotency;
        if (idempotency) {
          const earlier = s.batchByIdempotencyKey.get(
            ...scopeParams(batch.scope),
            idempotency.key,
            idempotency.since,
          );
          if (earlier) return { batch: toBatch(earlier), requestHash: earlier.request_hash };
        }
        s.insertBatch.run(
          batch.id,
          ...scopeParams(batch.scope),
          batch.kind,
          batch.size,
          batch.submittedAt,
          batch.callbackUrl,
          batch.chunkSize,
          idempotency?.key ?? null,
          idempotency?.requestHash ?? null,
          idempotency?.createdAt ?? null,
        );
        s.insertItems.run(batch.id, batch.items);
        return null;
      }).immediate,
    ),

    findBatch: op('findBatch', (scope: Scope, id: string) => {
      const row = s.scopedBatch.get(id, ...scopeParams(scope));
      return row === undefined ? null : toBatch(row);
    }),

    batchItems: op('batchItems', (id: string) => s.items.get(id) ?? batchNotFound(id)),

    startBatch: write(
      'startBatch',
      db.transaction((id: string) => {
        if (s.startBatch.run(id).changes === 0) requireBatch(id);
      }).immediate,
    ),

    saveBatchChunk: write(
      'saveBatchChunk',
      db.transaction((id: string, chunk: BatchChunk) => {
        const batch = requireBatch(id);
        const { results, lengths } = packChunk(chunk.results);
        // A chunk stored before (by a process that died before finishing the batch) stays as it was.
        if (s.insertChunk.run(id, chunk.index, results, lengths).changes === 1) {
          const scope = { tenant: batch.tenant, environment: batch.environment };
          insertEnrichments(scope, chunk.enrichments);
          upsertSeries(scope, chunk.series);
        }
        let done = batch.chunks_done;
        while (s.chunkStored.get(id, done) !== undefined) done++;
        if (done !== batch.chunks_done) s.setChunksDone.run(done, id);
      }).immediate,
    ),

    finishBatch: write(
      'finishBatch',
      db.transaction(
        (id: string, status: 'completed' | 'failed', finishedAt: number, callback: NewDelivery | null) => {
          const batch = requireBatch(id);
          if (batch.status === 'completed' || batch.status === 'failed') return;
          s.finishBatch.run(status, finishedAt, id);
          if (callback !== null) insertDelivery(callback);
        },
      ).immediate,
    ),

    batchResults: op(
      'batchResults',
      db.transaction((id: string) => {
        const results: string[] = [];
        const batch = s.batch.get(id);
        if (batch?.status !== 'completed' || batch.results_expired_at !== null) return results;
        for (const row of s.chunks.iterate(id)) unpackChunk(row, results);
        return results;
      }),
    ),

    batchResultsPage: op(
      'batchResultsPage',
      db.transaction((id: string, offset: number, limit: number) => {
        const batch = s.batch.get(id);
        if (batch?.status !== 'completed' || batch.results_expired_at !== null || limit < 1) return [];
        // Chunk i holds items i * chunk_size and on.
        const first = Math.floor(offset / batch.chunk_size);
        const last = Math.floor((offset + limit - 1) / batch.chunk_size);
        const results: string[] = [];
        for (const row of s.chunkRange.iterate(id, first, last)) unpackChunk(row, results);
        const skipped = offset - first * batch.chunk_size;
        return results.slice(skipped, skipped + limit);
      }),
    ),

    unfinishedBatches: op('unfinishedBatches', () => s.unfinishedBatches.all().map(toBatch)),

    recordEnrichments: write(
      'recordEnrichments',
      db.transaction((writes: readonly EnrichmentWrite[]) => {
        for (const { scope, enrichments, series, usage } of writes) {
          insertEnrichments(scope, enrichments);
          upsertSeries(scope, series);
          for (const row of usage) addUsage(row, row.count);
        }
      }).immediate,
    ),

    findEnrichment: op('findEnrichment', (scope: Scope, enrichmentId: string) => {
      const row = s.enrichment.get(...scopeParams(scope), enrichmentId);
      return row === undefined
        ? null
        : {
            enrichmentId: row.enrichment_id,
            kind: row.kind,
            request: row.request,
            createdAt: row.created_at,
          };
    }),

    loadSeries: op(
      'loadSeries',
      db.transaction((scope: Scope, refs: readonly SeriesRef[]) =>
        refs.map((ref) => s.series.get(...scopeParams(scope), ref.userId, ref.key) ?? null),
      ),
    ),

    userSeries: op('userSeries', (scope: Scope, userId: string) =>
      s.userSeries
        .all(...scopeParams(scope), userId)
        .map((row) => ({ key: row.series_key, state: row.state })),
    ),

    enqueueDelivery: write('enqueueDelivery', insertDelivery),

    claimDueDeliveries: write(
      'claimDueDeliveries',
      db.transaction((now: number, limit: number, leaseMs: number, perDestination?: DestinationLimit) => {
        if (limit < 1) return [];
        const leasedUntil = now + leaseMs;
        const due = perDestination
          ? s.dueDeliveriesPerDestination.all(
              JSON.stringify(Object.fromEntries(perDestination.inProgress)),
              now,
              perDestination.max,
              limit,
            )
          : s.dueDeliveries.all(now, limit);
        return due.map((row) => {
          s.leaseDelivery.run(leasedUntil, row.id);
          return toDelivery({ ...row, next_attempt_at: leasedUntil });
        });
      }).immediate,
    ),

    markDelivered: write('markDelivered', (id: string, attempts: number, at: number) => {
      s.markDelivered.run(attempts, at, id);
    }),

    rescheduleDelivery: write(
      'rescheduleDelivery',
      (id: string, attempts: number, nextAttemptAt: number, lastError: string) => {
        s.rescheduleDelivery.run(attempts, nextAttemptAt, lastError, id);
      },
    ),

    abandonDelivery: write(
      'abandonDelivery',
      (id: string, attempts: number, lastError: string, at: number) => {
        s.abandonDelivery.run(attempts, lastError, at, id);
      },
    ),

    pendingDeliveries: op('pendingDeliveries', () => s.pendingDeliveries.all().map(toDelivery)),

    listDeliveries: op('listDeliveries', (state: DeliveryState | undefined, limit: number) =>
      (state === undefined ? s.deliveries.all(limit) : s.deliveriesByState.all(state, limit)).map(
        toDeliveryRecord,
      ),
    ),

    findDelivery: op('findDelivery', (id: string) => {
      const row = s.delivery.get(id);
      return row === undefined ? null : toDeliveryRecord(row);
    }),

    replayDelivery: write(
      'replayDelivery',
      (id: string, at: number) => s.replayDelivery.run(at, at, id).changes === 1,
    ),

    ...createTriggerLists({
      db,
      op,
      write,
      bumpRevision: (scope) => s.bumpRevision.run(...scopeParams(scope), 'triggers'),
      revision: (scope) => s.revision.get(...scopeParams(scope), 'triggers') ?? 0,
    }),

    rulesRevisions: op('rulesRevisions', (scope: Scope) => {
      const revisions: RulesRevisions = { triggers: 0, corrections: 0 };
      for (const row of s.revisions.all(...scopeParams(scope))) revisions[row.subject] = row.revision;
      return revisions;
    }),

    createReport: write('createReport', (report: ReportRecord) => {
      s.insertReport.run(
        report.id,
        ...scopeParams(report.scope),
        report.enrichmentId,
        JSON.stringify(report.fields),
        report.status,
        report.createdAt,
      );
    }),

    listReports: op('listReports', (status?: ReportStatus) =>
      (status === undefined ? s.reports.all() : s.reportsByStatus.all(status)).map(toReport),
    ),

    findReport: op('findReport', (id: string) => {
      const row = s.report.get(id);
      return row === undefined ? null : toReport(row);
    }),

    closeReport: write(
      'closeReport',
      db.transaction(
        (
          id: string,
          outcome:
            | { status: 'rejected' }
            | { status: 'resolved'; rule: CorrectionRule; delivery: NewDelivery | null },
          at: number,
        ): boolean => {
          const report = s.report.get(id);
          if (report === undefined || s.closeReport.run(outcome.status, at, id).changes === 0) return false;
          if (outcome.status === 'resolved') {
            const scope: ScopeParams = [report.tenant, report.environment];
            s.insertCorrection.run(...scope, id, JSON.stringify(outcome.rule), at);
            s.bumpRevision.run(...scope, 'corrections');
            if (outcome.delivery !== null) insertDelivery(outcome.delivery);
          }
          return true;
        },
      ).immediate,
    ),

    corrections: op(
      'corrections',
      withRevision(
        'corrections',
        (scope): Omit<TenantCorrections, 'revision'> => ({
          rules: s.corrections.all(...scopeParams(scope)).map((rule) => JSON.parse(rule) as CorrectionRule),
        }),
      ),
    ),

    countUsage: write('countUsage', db.transaction(addUsage).immediate),

    usage: op('usage', () =>
      s.usage.all().map(
        (row): UsageRow => ({
          scope: { tenant: row.tenant, environment: row.environment },
          billingProfile: row.billing_profile,
          organizationId: row.organization_id,
          endpoint: row.endpoint,
          day: row.day,
          count: row.count,
        }),
      ),
    ),

    ...createRetentionSteps({ db, write }),

    check: op('check', () => {
      s.reachable.get();
      guard?.check('check');
    }),

    close,
    [Symbol.asyncDispose]: close,
  };
}

type Subject = 'triggers' | 'corrections';

function batchNotFound(id: string): never {
  throw new StoreError('STORE_NOT_FOUND', `no batch ${id}`, { details: { batchId: id } });
}
