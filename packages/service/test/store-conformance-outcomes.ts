/**
 * The transaction outcomes part of the `Store` conformance suite, run by
 * `describeStoreConformance` for every adapter: outcomes stored per enrichment
 * and kind (a later one replacing it), the enrichments counted per
 * counterparty and day by `recordEnrichments` and `saveBatchChunk`, the counts
 * over a window, the revision, and isolation between tenants and
 * environments.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dayOf, type EnrichmentRecord, type OutcomeRecord, type Scope, type Store } from '../src/store.js';
import { activityRows } from '../src/store-rows.js';
import type { OpenStore } from './store-conformance.js';

const day = 86_400_000;
const at = Date.UTC(2025, 5, 1, 12);
const acme: Scope = { tenant: 'acme', environment: 'production' };
const acmeSandbox: Scope = { tenant: 'acme', environment: 'sandbox' };
const globex: Scope = { tenant: 'globex', environment: 'production' };

const starbucks = 'c0000000-0000-5000-8000-000000000001';
const netflix = 'c0000000-0000-5000-8000-000000000002';

const enrichment = (id: string, counterpartyId: string | null, createdAt = at): EnrichmentRecord => ({
  enrichmentId: id,
  kind: 'card',
  request: '{"merchantName":"STARBUCKS"}',
  createdAt,
  counterpartyId,
});
const outcome = (enrichmentId: string, fields: Partial<OutcomeRecord> = {}): OutcomeRecord => ({
  enrichmentId,
  kind: 'chargeback',
  body: '{"state":"chargeback_lost","chargebackNotes":"ÉTÉ 1.50"}',
  state: 'chargeback_lost',
  isFraud: false,
  reportedAt: at + 1000,
  ...fields,
});
const counts = (counterpartyId: string, fields: Record<string, number>) => ({
  counterpartyId,
  enrichments: 0,
  chargebacksLost: 0,
  fraudReports: 0,
  declines: 0,
  refunds: 0,
  ...fields,
});
/** Records enrichments, then counts them, as the service does. */
async function record(store: Store, scope: Scope, enrichments: EnrichmentRecord[]) {
  await store.recordEnrichments([{ scope, enrichments, series: [], usage: [] }]);
  await store.countActivity(activityRows([{ scope, enrichments }]));
}

export function describeOutcomeConformance(open: OpenStore): void {
  describe('transaction outcomes', () => {
    const opened: Store[] = [];
    let databases = 0;
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    async function fresh(): Promise<{ store: Store; reopen: () => Promise<Store> }> {
      const database = `outcomes_${++databases}`;
      const reopen = async () => {
        const store = await open(database);
        opened.push(store);
        return store;
      };
      return { store: await reopen(), reopen };
    }

    it('keeps an enrichment counterparty, and counts enrichments per counterparty as added and from chunks', async () => {
      const { store, reopen } = await fresh();
      await record(store, acme, [
        enrichment('e1', starbucks),
        enrichment('e2', starbucks),
        enrichment('e3', null),
      ]);
      await store.recordEnrichments([
        { scope: acme, enrichments: [enrichment('e4', starbucks)], series: [], usage: [] },
        { scope: acme, enrichments: [enrichment('e5', netflix)], series: [], usage: [] },
      ]);
      // Counts add up; a row of another scope counts for that scope.
      await store.countActivity([
        ['acme', 'production', starbucks, dayOf(at), 1],
        ['acme', 'production', netflix, dayOf(at), 1],
        ['globex', 'production', netflix, dayOf(at), 7],
      ]);
      expect(await store.findEnrichment(acme, 'e1')).toEqual(enrichment('e1', starbucks));
      await store.createBatch({
        id: 'b1',
        scope: acme,
        kind: 'card',
        size: 2,
        submittedAt: '2025-06-01T12:00:00.000000Z',
        callbackUrl: null,
        chunkSize: 2,
        items: '{}\n{}',
      });
      const chunk = {
        index: 0,
        results: ['{}', '{}'],
        enrichments: [enrichment('b1-e0', starbucks), enrichment('b1-e1', starbucks)],
        series: [],
      };
      await store.saveBatchChunk('b1', chunk);
      // A chunk saved again (a resumed batch) counts nothing twice.
      await store.saveBatchChunk('b1', chunk);
      // Only counterparties with an outcome are counted in the answer.
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual([]);
      expect(await store.recordOutcome(acme, outcome('e1'))).toBe(true);
      expect(
        await store.recordOutcome(acme, outcome('e5', { kind: 'refund', body: '{}', state: null })),
      ).toBe(true);
      const expected = [
        counts(starbucks, { enrichments: 5, chargebacksLost: 1 }),
        counts(netflix, { enrichments: 1, refunds: 1 }),
      ].sort((a, b) => a.counterpartyId.localeCompare(b.counterpartyId));
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual(expected);
      expect(await (await reopen()).counterpartyOutcomes(acme, 0)).toEqual(expected);
    });

    it('replaces an outcome of the same kind, counts fraud once per enrichment, and bumps the revision', async () => {
      const { store } = await fresh();
      await record(store, acme, [enrichment('e1', starbucks), enrichment('e2', starbucks)]);
      const before = (await store.rulesRevisions(acme)).outcomes;
      await store.recordOutcome(
        acme,
        outcome('e1', { state: 'chargeback_pending', body: '{"state":"chargeback_pending"}' }),
      );
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual([counts(starbucks, { enrichments: 2 })]);
      await store.recordOutcome(acme, outcome('e1'));
      await store.recordOutcome(
        acme,
        outcome('e1', { kind: 'fraud', body: '{"isFraud":true}', state: null, isFraud: true }),
      );
      await store.recordOutcome(
        acme,
        outcome('e1', { kind: 'decline', body: '{"isFraud":true}', state: null, isFraud: true }),
      );
      await store.recordOutcome(acme, outcome('e2', { kind: 'decline', body: '{}', state: null }));
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual([
        counts(starbucks, { enrichments: 2, chargebacksLost: 1, fraudReports: 1, declines: 2 }),
      ]);
      // Won after all: the lost chargeback no longer counts.
      await store.recordOutcome(
        acme,
        outcome('e1', { state: 'chargeback_won', body: '{"state":"chargeback_won"}' }),
      );
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual([
        counts(starbucks, { enrichments: 2, fraudReports: 1, declines: 2 }),
      ]);
      expect((await store.rulesRevisions(acme)).outcomes).toBe(before + 6);
    });

    it('answers with changedAfter only the counterparties whose outcomes were stored after that revision', async () => {
      const { store } = await fresh();
      await record(store, acme, [
        enrichment('e1', starbucks),
        enrichment('e2', netflix),
        enrichment('e3', netflix),
      ]);
      await store.recordOutcome(acme, outcome('e1'));
      const first = (await store.rulesRevisions(acme)).outcomes;
      await store.recordOutcome(acme, outcome('e2', { kind: 'refund', body: '{}', state: null }));
      expect(await store.counterpartyOutcomes(acme, 0, first)).toEqual([
        counts(netflix, { enrichments: 2, refunds: 1 }),
      ]);
      const second = (await store.rulesRevisions(acme)).outcomes;
      expect(await store.counterpartyOutcomes(acme, 0, second)).toEqual([]);
      // A chargeback's new state is a change of its counterparty: its counts come whole.
      await store.recordOutcome(acme, outcome('e1', { state: 'chargeback_won', body: '{}' }));
      expect(await store.counterpartyOutcomes(acme, 0, second)).toEqual([
        counts(starbucks, { enrichments: 1 }),
      ]);
    });

    it('counts over the window: enrichments and outcomes of days before it are left out', async () => {
      const { store } = await fresh();
      const old = at - 100 * day;
      await record(store, acme, [enrichment('old', starbucks, old), enrichment('new', starbucks)]);
      await store.recordOutcome(acme, outcome('old'));
      await store.recordOutcome(acme, outcome('new', { kind: 'refund', body: '{}', state: null }));
      expect(await store.counterpartyOutcomes(acme, dayOf(old))).toEqual([
        counts(starbucks, { enrichments: 2, chargebacksLost: 1, refunds: 1 }),
      ]);
      expect(await store.counterpartyOutcomes(acme, dayOf(at) - 89)).toEqual([
        counts(starbucks, { enrichments: 1, refunds: 1 }),
      ]);
    });

    it('finds no enrichment of another tenant or environment, stores nothing for it, and never shares counts', async () => {
      const { store } = await fresh();
      await record(store, acme, [enrichment('e1', starbucks)]);
      await record(store, globex, [enrichment('g1', starbucks)]);
      expect(await store.recordOutcome(acme, outcome('missing'))).toBe(false);
      for (const other of [acmeSandbox, globex])
        expect(await store.recordOutcome(other, outcome('e1'))).toBe(false);
      expect((await store.rulesRevisions(acmeSandbox)).outcomes).toBe(0);
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual([]);
      await store.recordOutcome(acme, outcome('e1'));
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual([
        counts(starbucks, { enrichments: 1, chargebacksLost: 1 }),
      ]);
      expect(await store.counterpartyOutcomes(globex, 0)).toEqual([]);
      expect(await store.counterpartyOutcomes(acmeSandbox, 0)).toEqual([]);
    });

    it('keeps an outcome of an enrichment without a counterparty, counted for none', async () => {
      const { store } = await fresh();
      await record(store, acme, [enrichment('e1', null)]);
      expect(await store.recordOutcome(acme, outcome('e1'))).toBe(true);
      expect(await store.counterpartyOutcomes(acme, 0)).toEqual([]);
    });
  });
}
