/**
 * The service's retention pass on a real SQLite file, with its clock set: it deletes what each
 * environment's periods no longer keep and nothing else, a few hundred rows a step with a turn of the
 * event loop between steps, runs on its timer, stops when closed, and logs a failed pass.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Config,
  createRetention,
  type EnrichmentRecord,
  IDEMPOTENCY_WINDOW_MS,
  PRUNE_STEP_ROWS,
  parseConfig,
  type RetentionOptions,
  type Scope,
  type Store,
} from '@txenrich/service';
import { createSqliteStore } from '@txenrich/store-sqlite';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { capturingLogger } from './support/logger.ts';
import { testConfig, waitFor } from './support/server.ts';

const day = 86_400_000;
const hour = 3_600_000;
const now = Date.UTC(2025, 5, 1, 12);
const production: Scope = { tenant: 'acme', environment: 'production' };
const sandbox: Scope = { tenant: 'acme', environment: 'sandbox' };

// Sandbox keeps enrichments a week, production the default 180 days.
const config: Config = parseConfig(
  testConfig({ retention: { environments: { sandbox: { enrichmentDays: 7 } } } }),
);

const dir = mkdtempSync(join(tmpdir(), 'txenrich-retention-pass-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const open: Array<{ store: Store; db: Database.Database }> = [];
afterEach(async () => {
  for (const { store, db } of open.splice(0)) {
    await store.close();
    db.close();
  }
});

/** A store on a new file, and its connection for what the port cannot write or count. */
function freshStore() {
  const db = new Database(join(dir, `store-${++files}.db`));
  const store = createSqliteStore({ database: db });
  open.push({ store, db });
  const count = (sql: string) => db.prepare<[], number>(sql).pluck().get();
  return { store, db, count };
}

const retentionOf = (store: Store, options: Partial<RetentionOptions> = {}) =>
  createRetention({ store, config, idempotencyWindowMs: IDEMPOTENCY_WINDOW_MS, now: () => now, ...options });

const enrichments = (prefix: string, count: number, createdAt: number): EnrichmentRecord[] =>
  Array.from({ length: count }, (_, index) => ({
    enrichmentId: `${prefix}-${index}`,
    kind: 'card',
    request: '{"merchantName":"NETFLIX.COM"}',
    createdAt,
    counterpartyId: null,
  }));

async function recordEnrichments(store: Store, scope: Scope, records: EnrichmentRecord[]) {
  await store.recordEnrichments([{ scope, enrichments: records, series: [], usage: [] }]);
}

/** A one-item batch, finished at `finishedAt` unless null, with an idempotency key created at `keyAt`. */
async function batch(store: Store, id: string, finishedAt: number | null, keyAt: number | null = null) {
  await store.createBatch({
    id,
    scope: production,
    kind: 'card',
    size: 1,
    submittedAt: '2025-01-01T00:00:00.000000Z',
    callbackUrl: null,
    chunkSize: 1,
    items: '[{}]',
    ...(keyAt === null
      ? {}
      : { idempotency: { key: `key-${id}`, requestHash: 'h', createdAt: keyAt, since: 0 } }),
  });
  await store.saveBatchChunk(id, { index: 0, results: ['{"n":0}'], enrichments: [], series: [] });
  if (finishedAt !== null) await store.finishBatch(id, 'completed', finishedAt, null);
}

async function delivery(store: Store, id: string, end: { deliveredAt: number } | { abandonedAt: number }) {
  const createdAt = now - 90 * day;
  await store.enqueueDelivery({
    id,
    kind: 'batch_callback',
    scope: production,
    url: 'https://client.example/hooks',
    destination: 'client.example',
    body: '{}',
    createdAt,
    nextAttemptAt: createdAt,
  });
  await store.claimDueDeliveries(createdAt, 10, 1);
  if ('deliveredAt' in end) await store.markDelivered(id, 1, end.deliveredAt);
  else await store.abandonDelivery(id, 13, 'HTTP 500', end.abandonedAt);
}

describe('the retention pass', () => {
  it("deletes what each environment's periods no longer keep, and nothing else", async () => {
    const { store, db, count } = freshStore();
    await recordEnrichments(store, production, enrichments('p-old', 600, now - 181 * day));
    await recordEnrichments(store, production, enrichments('p-young', 600, now - 179 * day));
    await recordEnrichments(store, sandbox, enrichments('s-old', 10, now - 8 * day));
    await recordEnrichments(store, sandbox, enrichments('s-young', 10, now - 6 * day));
    await batch(store, 'expired', now - 31 * day, now - 25 * hour);
    await batch(store, 'kept', now - 29 * day, now - 23 * hour);
    await batch(store, 'running', null);
    await delivery(store, 'delivered-old', { deliveredAt: now - 31 * day });
    await delivery(store, 'delivered-young', { deliveredAt: now - 29 * day });
    await delivery(store, 'abandoned', { abandonedAt: now - 60 * day });
    const series = db.prepare(
      `INSERT INTO recurrence_series (tenant, environment, user_id, series_key, state, last_day, seen_at)
       VALUES ('acme', 'production', ?, 'netflix', '{}', 0, ?)`,
    );
    series.run('inactive', now - 731 * day);
    series.run('active', now - 729 * day);
    // Outcome counts go with the enrichments (180 days in production), by their day.
    const dayOf = (at: number) => Math.floor(at / day);
    await store.countActivity([
      ['acme', 'production', 'cp-1', dayOf(now - 181 * day), 3],
      ['acme', 'production', 'cp-1', dayOf(now - 179 * day), 3],
    ]);
    for (const enrichmentId of ['p-old-0', 'p-young-0'])
      await store.recordOutcome(production, {
        enrichmentId,
        kind: 'decline',
        body: '{}',
        state: null,
        isFraud: false,
        reportedAt: now,
      });

    const pass = await retentionOf(store).runPass();
    expect(pass.pruned).toEqual({
      enrichments: 610,
      batchResults: 1,
      idempotencyKeys: 1,
      deliveredCallbacks: 1,
      recurrenceSeries: 1,
      counterpartyActivity: 1,
      enrichmentOutcomes: 1,
    });
    // 600 production enrichments past 180 days take several steps (and one that finds none left).
    expect(pass.steps).toBeGreaterThanOrEqual(600 / PRUNE_STEP_ROWS.enrichments + 1 + 2 * 4);

    const left = (environment: string) =>
      db
        .prepare<[string], string>(
          `SELECT DISTINCT substr(enrichment_id, 1, instr(enrichment_id, '-') + 1) FROM enrichments
           WHERE environment = ? ORDER BY 1`,
        )
        .pluck()
        .all(environment);
    expect(left('production')).toEqual(['p-y']);
    expect(left('sandbox')).toEqual(['s-y']);
    expect(count('SELECT count(*) FROM enrichments')).toBe(610);

    expect(await store.findBatch(production, 'expired')).toMatchObject({
      status: 'completed',
      resultsExpiredAt: now,
    });
    expect(await store.batchResults('expired')).toEqual([]);
    expect(count(`SELECT count(*) FROM batch_chunks WHERE batch_id = 'expired'`)).toBe(0);
    expect(count(`SELECT count(*) FROM batch_items WHERE batch_id = 'expired'`)).toBe(0);
    expect(await store.batchResults('kept')).toEqual(['{"n":0}']);
    expect(await store.batchItems('running')).toBe('[{}]');
    expect(count(`SELECT count(*) FROM batch_chunks WHERE batch_id = 'running'`)).toBe(1);
    expect(
      db.prepare('SELECT id FROM batches WHERE idempotency_key IS NOT NULL ORDER BY id').pluck().all(),
    ).toEqual(['kept']);

    expect(db.prepare('SELECT id FROM deliveries ORDER BY id').pluck().all()).toEqual([
      'abandoned',
      'delivered-young',
    ]);
    expect(db.prepare('SELECT user_id FROM recurrence_series').pluck().all()).toEqual(['active']);
    expect(db.prepare('SELECT day FROM counterparty_activity').pluck().all()).toEqual([
      dayOf(now - 179 * day),
    ]);
    expect(db.prepare('SELECT enrichment_id FROM enrichment_outcomes').pluck().all()).toEqual(['p-young-0']);

    // A second pass finds nothing more.
    expect(Object.values((await retentionOf(store).runPass()).pruned)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('lets the event loop turn between steps', async () => {
    const { store } = freshStore();
    await recordEnrichments(store, production, enrichments('old', 5_000, now - 200 * day));
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const pass = await retentionOf(store).runPass();
    ticking = false;
    expect(pass.pruned.enrichments).toBe(5_000);
    expect(pass.steps).toBeGreaterThanOrEqual(10);
    // Another callback ran between any two steps.
    expect(turns).toBeGreaterThanOrEqual(pass.steps - 1);
  });

  it('stops the pass under way at its next step when closed', async () => {
    const { store, count } = freshStore();
    await recordEnrichments(store, production, enrichments('old', 2_000, now - 200 * day));
    const retention = retentionOf(store, {
      onPruned: () => void retention.close(),
    });
    // Closed within its first step of enrichments, the pass takes no other.
    expect((await retention.runPass()).pruned.enrichments).toBe(PRUNE_STEP_ROWS.enrichments);
    expect(count('SELECT count(*) FROM enrichments')).toBe(2_000 - PRUNE_STEP_ROWS.enrichments);
  });

  it('runs a pass on its timer and logs its counts; a pass that fails is logged and tried again later', async () => {
    const { store } = freshStore();
    await recordEnrichments(store, production, enrichments('old', 3, now - 200 * day));
    const { logger, lines } = capturingLogger();
    const retention = retentionOf(store, { logger, firstPassDelayMs: 0 });
    retention.start();
    const logged = await waitFor(
      async () => lines.find((line) => line.message === 'retention pass'),
      (line) => line !== undefined,
    );
    expect(logged).toMatchObject({
      level: 'info',
      object: {
        pruned: { enrichments: 3, batchResults: 0, idempotencyKeys: 0, deliveredCallbacks: 0 },
        steps: expect.any(Number),
        longestStepMs: expect.any(Number),
      },
    });
    await retention.close();

    await store.close();
    const failing = retentionOf(store, { logger, firstPassDelayMs: 0 });
    failing.start();
    const warned = await waitFor(
      async () => lines.find((line) => line.level === 'warn'),
      (line) => line !== undefined,
    );
    expect(warned).toMatchObject({
      message: 'retention pass failed; the next one will try again',
      object: { err: expect.objectContaining({ code: 'STORE_UNAVAILABLE' }) },
    });
    await failing.close();
  });
});
