/**
 * The retention part of the `Store` conformance suite (`Store.prune`), run by
 * `describeStoreConformance` for every adapter: what a step deletes, what it
 * never deletes, and that a batch's results expire before any of them goes.
 * Recurrence series have no writer in the port yet: each adapter tests their
 * pruning with its own rows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type {
  EnrichmentRecord,
  Environment,
  NewBatch,
  NewDelivery,
  PrunableRecords,
  PruneStep,
  Scope,
  Store,
} from '../src/store.js';
import { dayOf } from '../src/store.js';
import { isStoreError } from '../src/store-errors.js';
import type { OpenStore } from './store-conformance.js';

const day = 86_400_000;
/** "Now" for every test, and the cutoff: records older than `cutoff` go. */
const at = Date.UTC(2025, 5, 1, 12);
const cutoff = at - 30 * day;
const old = cutoff - 1;
const young = cutoff;

const acme: Scope = { tenant: 'acme', environment: 'production' };
const acmeSandbox: Scope = { tenant: 'acme', environment: 'sandbox' };

const enrichment = (enrichmentId: string, createdAt: number): EnrichmentRecord => ({
  enrichmentId,
  kind: 'card',
  request: `{"merchantName":"STARBUCKS ${enrichmentId}"}`,
  createdAt,
  counterpartyId: null,
});

/** A batch of 5 items in chunks of 2 (3 chunks). */
const newBatch = (id: string, scope: Scope = acme, fields: Partial<NewBatch> = {}): NewBatch => ({
  id,
  scope,
  kind: 'card',
  size: 5,
  submittedAt: '2025-04-01T12:00:00.000000Z',
  callbackUrl: null,
  chunkSize: 2,
  items: '[{},{},{},{},{}]',
  ...fields,
});
const results = ['{"n":0}', '{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}'];

/** Stores a batch with its 3 chunks, and finishes it at `finishedAt` (null: left running). */
async function runBatch(
  store: Store,
  id: string,
  finishedAt: number | null,
  options: { scope?: Scope; status?: 'completed' | 'failed' } = {},
) {
  await store.createBatch(newBatch(id, options.scope));
  await store.startBatch(id);
  for (const index of [0, 1, 2])
    await store.saveBatchChunk(id, {
      index,
      results: results.slice(2 * index, 2 * index + 2),
      enrichments: [],
      series: [],
    });
  if (finishedAt !== null) await store.finishBatch(id, options.status ?? 'completed', finishedAt, null);
}

const delivery = (id: string, scope: Scope = acme): NewDelivery => ({
  id,
  kind: 'batch_callback',
  scope,
  url: 'https://client.example/hooks',
  destination: 'client.example',
  body: `{"batchId":"${id}","status":"completed"}`,
  createdAt: old - day,
  nextAttemptAt: old - day,
});

const step = (records: PrunableRecords, fields: Partial<Omit<PruneStep, 'records'>> = {}): PruneStep => ({
  records,
  environment: 'production',
  before: cutoff,
  limit: 100,
  at,
  ...fields,
});

/** Steps until one says there is no more; answers the records pruned in all. */
async function pruneAll(store: Store, records: PrunableRecords, environment: Environment = 'production') {
  let pruned = 0;
  for (let steps = 0; steps < 1000; steps++) {
    const result = await store.prune(step(records, { environment, limit: 1 }));
    pruned += result.pruned;
    if (!result.more) return pruned;
  }
  throw new Error(`prune(${records}) never said it was done`);
}

export function describeRetentionConformance(open: OpenStore): void {
  describe('retention', () => {
    const opened: Store[] = [];
    let databases = 0;
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    async function fresh(): Promise<{ store: Store; reopen: () => Promise<Store> }> {
      const database = `retention_${++databases}`;
      const reopen = async () => {
        const store = await open(database);
        opened.push(store);
        return store;
      };
      return { store: await reopen(), reopen };
    }

    it('deletes enrichments created before the cutoff, oldest first, at most `limit` a step, in one environment', async () => {
      const { store } = await fresh();
      const write = (scope: Scope, records: EnrichmentRecord[]) => ({
        scope,
        enrichments: records,
        series: [],
        usage: [],
      });
      await store.recordEnrichments([
        write(acme, [
          enrichment('e1', old - 2),
          enrichment('e2', old - 1),
          enrichment('e3', old),
          enrichment('e4', young),
        ]),
        write(acmeSandbox, [enrichment('s1', old)]),
      ]);
      const kept = async (scope: Scope, ids: string[]) =>
        Promise.all(ids.map(async (id) => (await store.findEnrichment(scope, id)) !== null));

      expect(await store.prune(step('enrichments', { limit: 2 }))).toEqual({ pruned: 2, more: true });
      expect(await kept(acme, ['e1', 'e2', 'e3', 'e4'])).toEqual([false, false, true, true]);
      expect(await store.prune(step('enrichments', { limit: 2 }))).toEqual({ pruned: 1, more: false });
      expect(await store.prune(step('enrichments', { limit: 2 }))).toEqual({ pruned: 0, more: false });
      expect(await kept(acme, ['e3', 'e4'])).toEqual([false, true]);
      // The other environment's enrichment is as old, and stays until a step of its own.
      expect(await kept(acmeSandbox, ['s1'])).toEqual([true]);
      expect(await store.prune(step('enrichments', { environment: 'sandbox' }))).toEqual({
        pruned: 1,
        more: false,
      });
      expect(await kept(acmeSandbox, ['s1'])).toEqual([false]);
    });

    it("deletes the outcome counts of days before the cutoff's: activity per day, outcomes by their enrichment's day", async () => {
      const { store } = await fresh();
      const dayBefore = old - day; // the cutoff's own day is kept
      const counted = (enrichmentId: string, createdAt: number) => ({
        ...enrichment(enrichmentId, createdAt),
        counterpartyId: 'cp-1',
      });
      await store.recordEnrichments([
        { scope: acme, enrichments: [counted('e1', dayBefore), counted('e2', young)], series: [], usage: [] },
        { scope: acmeSandbox, enrichments: [counted('s1', dayBefore)], series: [], usage: [] },
      ]);
      await store.countActivity([
        ['acme', 'production', 'cp-1', dayOf(dayBefore), 1],
        ['acme', 'production', 'cp-1', dayOf(young), 1],
        ['acme', 'sandbox', 'cp-1', dayOf(dayBefore), 1],
      ]);
      const refund = (enrichmentId: string) => ({
        enrichmentId,
        kind: 'refund' as const,
        body: '{}',
        state: null,
        isFraud: false,
        reportedAt: at,
      });
      for (const [scope, id] of [
        [acme, 'e1'],
        [acme, 'e2'],
        [acmeSandbox, 's1'],
      ] as const)
        expect(await store.recordOutcome(scope, refund(id))).toBe(true);
      const counts = (enrichments: number, refunds: number) => [
        { counterpartyId: 'cp-1', enrichments, chargebacksLost: 0, fraudReports: 0, declines: 0, refunds },
      ];
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual(counts(2, 2));

      expect(await pruneAll(store, 'counterpartyActivity')).toBe(1);
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual(counts(1, 2));
      expect(await pruneAll(store, 'enrichmentOutcomes')).toBe(1);
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual(counts(1, 1));
      expect(await store.prune(step('counterpartyActivity'))).toEqual({ pruned: 0, more: false });
      expect(await store.prune(step('enrichmentOutcomes'))).toEqual({ pruned: 0, more: false });
      // The other environment's are as old, and stay until steps of its own.
      expect(await store.counterpartyOutcomes(acmeSandbox, 0)).toEqual(counts(1, 1));
      expect(await pruneAll(store, 'counterpartyActivity', 'sandbox')).toBe(1);
      expect(await pruneAll(store, 'enrichmentOutcomes', 'sandbox')).toBe(1);
      expect(await store.counterpartyOutcomes(acmeSandbox, 0)).toEqual([]);
    });

    it('keeps an enrichment an open report names until the report is closed', async () => {
      const { store } = await fresh();
      await store.recordEnrichments([
        { scope: acme, enrichments: [enrichment('e1', old), enrichment('e2', old)], series: [], usage: [] },
      ]);
      await store.createReport({
        id: 'r1',
        scope: acme,
        enrichmentId: 'e1',
        fields: { errorDescription: 'Wrong merchant' },
        status: 'open',
        createdAt: old,
      });
      expect(await store.prune(step('enrichments'))).toEqual({ pruned: 1, more: false });
      expect(await store.findEnrichment(acme, 'e1')).not.toBeNull();
      expect(await store.findEnrichment(acme, 'e2')).toBeNull();
      await store.closeReport('r1', { status: 'rejected' }, at);
      expect(await store.prune(step('enrichments'))).toEqual({ pruned: 1, more: false });
      expect(await store.findEnrichment(acme, 'e1')).toBeNull();
    });

    it("expires a finished batch's results before deleting any of them; the batch stays", async () => {
      const { store, reopen } = await fresh();
      await runBatch(store, 'b1', old);
      // The step that picks the batch marks it only: it reads no results from then on.
      expect(await store.prune(step('batchResults', { limit: 1 }))).toEqual({ pruned: 1, more: true });
      expect(await store.findBatch(acme, 'b1')).toMatchObject({
        status: 'completed',
        finishedAt: old,
        resultsExpiredAt: at,
      });
      expect(await store.batchResults('b1')).toEqual([]);
      expect(await store.batchResultsPage('b1', 0, 5)).toEqual([]);
      expect(await store.batchItems('b1')).toBe('[{},{},{},{},{}]');
      // Then its 3 chunks and its items, a row a step (the steps count no records: none expired).
      for (let rows = 0; rows < 3; rows++)
        expect(await store.prune(step('batchResults', { limit: 1 }))).toEqual({ pruned: 0, more: true });
      expect(await store.batchItems('b1')).toBe('[{},{},{},{},{}]');
      expect(await store.prune(step('batchResults', { limit: 1 }))).toEqual({ pruned: 0, more: true });
      const gone = await store.batchItems('b1').catch((error: unknown) => error);
      expect(isStoreError(gone) && gone.code).toBe('STORE_NOT_FOUND');
      expect(await store.prune(step('batchResults', { limit: 1 }))).toEqual({ pruned: 0, more: false });
      await store.close();
      const again = await reopen();
      expect(await again.findBatch(acme, 'b1')).toMatchObject({ status: 'completed', resultsExpiredAt: at });
    });

    it('never expires the results of a batch not finished, finished since the cutoff, or of another environment', async () => {
      const { store } = await fresh();
      await runBatch(store, 'running', null);
      await runBatch(store, 'young', young);
      await runBatch(store, 'failed', old, { status: 'failed' });
      await runBatch(store, 'oldest', old - 1);
      await runBatch(store, 'sandbox', old, { scope: acmeSandbox });

      expect(await pruneAll(store, 'batchResults')).toBe(2);
      const expiredAt = async (id: string, scope: Scope = acme) =>
        (await store.findBatch(scope, id))?.resultsExpiredAt;
      expect(await expiredAt('oldest')).toBe(at);
      expect(await expiredAt('failed')).toBe(at);
      for (const id of ['running', 'young']) expect(await expiredAt(id)).toBeNull();
      expect(await expiredAt('sandbox', acmeSandbox)).toBeNull();
      expect(await store.batchItems('running')).toBe('[{},{},{},{},{}]');
      expect(await store.unfinishedBatches()).toMatchObject([{ id: 'running', chunksDone: 3 }]);
      expect(await store.batchResultsPage('young', 0, 5)).toEqual(results);
      // A batch still running keeps its chunks: finished now, it has all its results.
      await store.finishBatch('running', 'completed', at, null);
      expect(await store.batchResults('running')).toEqual(results);

      expect(await pruneAll(store, 'batchResults', 'sandbox')).toBe(1);
      expect(await expiredAt('sandbox', acmeSandbox)).toBe(at);
    });

    it('clears idempotency keys created before the cutoff: the key then makes a new batch', async () => {
      const { store } = await fresh();
      const keyed = (id: string, key: string, createdAt: number) =>
        newBatch(id, acme, { idempotency: { key, requestHash: 'h', createdAt, since: 0 } });
      await store.createBatch(keyed('b-old', 'k-old', old));
      await store.createBatch(keyed('b-young', 'k-young', young));
      expect(await store.prune(step('idempotencyKeys'))).toEqual({ pruned: 1, more: false });
      expect(await store.prune(step('idempotencyKeys'))).toEqual({ pruned: 0, more: false });
      // Asked with a window open since 0, the cleared key finds nothing; the younger one its batch.
      expect(await store.createBatch(keyed('b-old-again', 'k-old', at))).toBeNull();
      expect(await store.createBatch(keyed('b-young-again', 'k-young', at))).toMatchObject({
        batch: { id: 'b-young' },
        requestHash: 'h',
      });
      // The batch itself is untouched.
      expect(await store.findBatch(acme, 'b-old')).toMatchObject({ id: 'b-old', status: 'pending' });
    });

    it('deletes callbacks delivered before the cutoff; pending and abandoned ones stay', async () => {
      const { store } = await fresh();
      for (const id of ['delivered-old', 'delivered-young', 'abandoned', 'pending'])
        await store.enqueueDelivery(delivery(id));
      await store.enqueueDelivery(delivery('sandbox', acmeSandbox));
      await store.claimDueDeliveries(old - day, 10, 1);
      await store.markDelivered('delivered-old', 1, old);
      await store.markDelivered('delivered-young', 1, young);
      await store.markDelivered('sandbox', 1, old);
      await store.abandonDelivery('abandoned', 13, 'HTTP 500', old);

      expect(await store.prune(step('deliveredCallbacks', { limit: 1 }))).toEqual({ pruned: 1, more: true });
      expect(await store.prune(step('deliveredCallbacks', { limit: 1 }))).toEqual({
        pruned: 0,
        more: false,
      });
      const states = async () =>
        (await store.listDeliveries(undefined, 10)).map((each) => `${each.id}:${each.state}`).sort();
      expect(await states()).toEqual([
        'abandoned:abandoned',
        'delivered-young:delivered',
        'pending:pending',
        'sandbox:delivered',
      ]);
    });

    it('answers a step of nothing for a limit below 1, and for kinds with nothing to prune', async () => {
      const { store } = await fresh();
      await store.recordEnrichments([
        { scope: acme, enrichments: [enrichment('e1', old)], series: [], usage: [] },
      ]);
      expect(await store.prune(step('enrichments', { limit: 0 }))).toEqual({ pruned: 0, more: false });
      expect(await store.findEnrichment(acme, 'e1')).not.toBeNull();
      for (const records of [
        'batchResults',
        'recurrenceSeries',
        'deliveredCallbacks',
        'counterpartyActivity',
        'enrichmentOutcomes',
      ] as const)
        expect(await store.prune(step(records))).toEqual({ pruned: 0, more: false });
    });
  });
}
