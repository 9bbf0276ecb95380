/**
 * The conformance suite of the `Store` port: every adapter runs it from its own
 * tests, and passes it unchanged.
 *
 *   describeStoreConformance('sqlite', async (database) => createSqliteStore({ path: join(dir, `${database}.db`) }));
 *
 * `open(database)` opens a store on the database named `database` (a plain
 * identifier, `store_1`, `store_2`, ...), creating it empty the first time.
 * Called again with the same name after that store was closed, it must open
 * the same data: that is how the suite restarts the process. Each test takes
 * a new name, so tests never see each other's data; the adapter's test removes
 * the databases afterwards.
 */
import type { MerchantTrigger } from '@txenrich/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BatchChunk,
  BatchRecord,
  Delivery,
  EnrichmentRecord,
  EnrichmentWrite,
  NewBatch,
  NewDelivery,
  ReportRecord,
  Scope,
  SeriesRow,
  Store,
  TenantCorrections,
  TriggerScopePath,
  TriggerWrite,
  UsageKey,
  UsageRow,
} from '../src/store.js';
import { isStoreError } from '../src/store-errors.js';
import { triggerScopePath } from '../src/trigger-scopes.js';
import { describeCategoryConformance } from './store-conformance-categories.js';
import { describeOutcomeConformance } from './store-conformance-outcomes.js';
import { describeRetentionConformance } from './store-conformance-retention.js';

type CorrectionRule = TenantCorrections['rules'][number];

export type OpenStore = (database: string) => Promise<Store>;

// ---------------------------------------------------------------- fixtures

/** "Now" for every test. */
const at = Date.UTC(2025, 5, 1, 12);
const hour = 3_600_000;

const acme: Scope = { tenant: 'acme', environment: 'production' };
const acmeSandbox: Scope = { tenant: 'acme', environment: 'sandbox' };
const globex: Scope = { tenant: 'globex', environment: 'production' };
/** The same tenant's other environment, and another tenant: neither may see anything of `acme`'s. */
const others = [acmeSandbox, globex];

// Texts a store must keep byte for byte: a parse and re-serialisation would turn `1.50` into `1.5`.
const items = '[{"merchantName":"CAFÉ ☕ #12","amount":1.50},{"merchantName":"B"},{},{},{"amount":"-2"}]';
const resultText = (index: number) => `{"transactionInfo": {"transactionId": "t${index}", "amount": 1.50}}`;

/** A batch of 5 items in chunks of 2: chunks 0 and 1 hold two items, chunk 2 one. */
const newBatch = (id: string, fields: Partial<NewBatch> = {}): NewBatch => ({
  id,
  scope: acme,
  kind: 'card',
  size: 5,
  submittedAt: '2025-06-01T12:00:00.123456Z',
  callbackUrl: 'https://client.example/hooks?batch=1',
  chunkSize: 2,
  items,
  ...fields,
});

const batchRecord = (batch: NewBatch, fields: Partial<BatchRecord> = {}): BatchRecord => ({
  id: batch.id,
  scope: batch.scope,
  kind: batch.kind,
  status: 'pending',
  size: batch.size,
  submittedAt: batch.submittedAt,
  callbackUrl: batch.callbackUrl,
  chunkSize: batch.chunkSize,
  chunksDone: 0,
  finishedAt: null,
  resultsExpiredAt: null,
  ...fields,
});

const enrichment = (enrichmentId: string): EnrichmentRecord => ({
  enrichmentId,
  kind: 'card',
  request: `{"merchantName":"STARBUCKS #1 ${enrichmentId}","amount":1.50}`,
  createdAt: at,
  counterpartyId: null,
});

/** A series state (the store keeps its text as it is) named after the enrichment that wrote it. */
const seriesRow = (enrichmentId: string, userId: string, revision = 1): SeriesRow => ({
  userId,
  key: `series-${enrichmentId}`,
  state: `{"version":1,"written":"${enrichmentId}"}`,
  revision,
  lastDay: 20_000,
  seenAt: at,
});
/** A row as `loadSeries` answers it to a reader that holds no revision of it. */
const stored = ({ revision, state }: SeriesRow) => ({ revision, state });
/** The keys of a user's series. */
const seriesKeys = async (store: Store, scope: Scope, userId: string) =>
  (await store.userSeries(scope, userId)).map((row) => row.key);

/** One inline request's write. */
const write = (
  scope: Scope,
  enrichments: EnrichmentRecord[],
  series: SeriesRow[],
  usage: UsageRow[] = [],
): EnrichmentWrite => ({ scope, enrichments, series, usage });

/** Chunk `index` of a `newBatch` (items `2 * index` and `2 * index + 1` when there are that many), for user `user-1`. */
function chunkOf(batchId: string, index: number): BatchChunk {
  const positions = [2 * index, 2 * index + 1].filter((position) => position < 5);
  const enrichmentIds = positions.map((position) => `${batchId}-e${position}`);
  return {
    index,
    results: positions.map(resultText),
    enrichments: enrichmentIds.map(enrichment),
    series: enrichmentIds.map((id) => seriesRow(id, 'user-1')),
  };
}
const allResults = [0, 1, 2, 3, 4].map(resultText);

const delivery = (id: string, fields: Partial<NewDelivery> = {}): NewDelivery => ({
  id,
  kind: 'batch_callback',
  scope: acme,
  url: 'https://client.example/hooks?batch=1',
  destination: 'client.example',
  body: `{"batchId":"${id}","status":"completed"}`,
  createdAt: at,
  nextAttemptAt: at,
  ...fields,
});
const pending = (d: NewDelivery, fields: Partial<Delivery> = {}): Delivery => ({
  ...d,
  attempts: 0,
  lastError: null,
  replayedAt: null,
  ...fields,
});
const ids = (records: readonly { id: string }[]) => records.map((record) => record.id);
const byId = <T extends { id: string }>(records: readonly T[]) =>
  [...records].sort((a, b) => (a.id < b.id ? -1 : 1));

const trigger = (id: string, fields: Partial<MerchantTrigger> = {}): MerchantTrigger => ({
  id,
  merchantName: 'Starbucks',
  action: { type: 'BLOCK', note: 'café', nested: { limit: 1.5 } },
  website: 'https://starbucks.com',
  level: 'corporation',
  ...fields,
});
const t1 = trigger('t1');
const t2 = trigger('t2', {
  level: 'location',
  city: 'Oakland',
  region: 'CA',
  latitude: 37.8,
  longitude: -122.27,
  customAttributes: { shop: '12' },
});
const t3 = trigger('t3', { action: { type: 'ALLOW_ONLY' } });

/** A list in pages of one trigger each (the store keeps pages as they come, and never parses them). */
const pagesOf = (triggers: readonly MerchantTrigger[]): string[] =>
  triggers.map((item) => JSON.stringify([item]));
/** The triggers of a list's pages. */
const listOf = (pages: readonly string[]) => pages.flatMap((page) => JSON.parse(page) as MerchantTrigger[]);
/** Every page `readTriggers` answers. */
async function pagesRead(store: Store, scope: Scope, path: TriggerScopePath, list: 'active' | 'pending') {
  const pages: string[] = [];
  for await (const page of store.readTriggers(scope, path, list)) pages.push(page);
  return pages;
}

const triggerWrite = (
  path: TriggerScopePath,
  triggers: readonly MerchantTrigger[],
  status: TriggerWrite['status'] = 'succeeded',
  scope: Scope = acme,
): TriggerWrite => ({ scope, path, pages: pagesOf(triggers), count: triggers.length, status, at });

const report = (id: string, fields: Partial<ReportRecord> = {}): ReportRecord => ({
  id,
  scope: acme,
  enrichmentId: `enrichment-of-${id}`,
  fields: {
    errorDescription: 'Wrong merchant: this is a café',
    incorrectCounterparty: true,
    incorrectCounterpartyDescription: 'Blue Bottle Coffee',
  },
  status: 'open',
  createdAt: at,
  ...fields,
});

const rule = (descriptorKey: string): CorrectionRule => ({
  descriptorKey,
  mcc: '5814',
  counterparty: { name: 'Blue Bottle Coffee', website: 'https://bluebottlecoffee.com' },
  industryId: '011-001-000-000',
  channel: 'physical',
  location: { city: 'Oakland', region: 'CA' },
});
const returned = (id: string) =>
  delivery(id, {
    kind: 'returned_enrichment',
    url: 'https://acme.example/returned',
    destination: 'acme.example',
    body: '{"enrichmentId":"e"}',
  });

// ---------------------------------------------------------------- the suite

export function describeStoreConformance(name: string, open: OpenStore): void {
  describe(`Store conformance: ${name}`, () => {
    const opened: Store[] = [];
    let databases = 0;
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    /** A store on a new, empty database, and `reopen` to open that database again (a restart). */
    async function fresh(): Promise<{ store: Store; reopen: () => Promise<Store> }> {
      const database = `store_${++databases}`;
      const reopen = async () => {
        const store = await open(database);
        opened.push(store);
        return store;
      };
      return { store: await reopen(), reopen };
    }

    it('shows nothing of a tenant to another tenant or environment', async () => {
      const { store } = await fresh();
      await store.createBatch(
        newBatch('b1', { idempotency: { key: 'k1', requestHash: 'h1', createdAt: at, since: 0 } }),
      );
      await store.recordEnrichments([write(acme, [enrichment('e1')], [seriesRow('e1', 'user-1')])]);
      await store.writeTriggers(triggerWrite('account', [t1]));
      await store.createReport(report('r1'));
      await store.closeReport('r1', { status: 'resolved', rule: rule('starbucks'), delivery: null }, at);

      const reads = (scope: Scope) =>
        Promise.all([
          store.findBatch(scope, 'b1'),
          store.findEnrichment(scope, 'e1'),
          store.userSeries(scope, 'user-1').then((rows) => rows.length),
          store.findTriggerScope(scope, 'account'),
          store.activeTriggerScopes(scope).then((active) => active.paths.length),
          store.corrections(scope).then((corrections) => corrections.rules.length),
        ]);
      expect((await reads(acme)).map((read) => read === null || read === 0)).toEqual(Array(6).fill(false));
      for (const [index, other] of others.entries()) {
        expect(await reads(other)).toEqual([null, null, 0, null, 0, 0]);
        // The key is the scope's own: another tenant or environment using it gets a new batch.
        const reused = newBatch(`b-other-${index}`, {
          scope: other,
          idempotency: { key: 'k1', requestHash: 'h1', createdAt: at, since: 0 },
        });
        expect(await store.createBatch(reused)).toBeNull();
      }
    });

    describe('batches', () => {
      it('createBatch stores a pending batch and its items text unchanged', async () => {
        const { store } = await fresh();
        const batch = newBatch('b1');
        await store.createBatch(batch);
        expect(await store.findBatch(acme, 'b1')).toEqual(batchRecord(batch));
        expect(await store.batchItems('b1')).toBe(items);
        expect(await store.findBatch(acme, 'b2')).toBeNull();

        const quiet = newBatch('b2', { kind: 'transfer', callbackUrl: null, size: 1, items: '[{}]' });
        await store.createBatch(quiet);
        expect(await store.findBatch(acme, 'b2')).toEqual(batchRecord(quiet));
      });

      it('createBatch is atomic: a second batch with the same id rejects and changes nothing', async () => {
        const { store } = await fresh();
        await store.createBatch(newBatch('b1'));
        const idempotency = { key: 'k2', requestHash: 'h2', createdAt: at, since: 0 };
        const again = newBatch('b1', { size: 1, items: '[{}]', idempotency });
        await expect(store.createBatch(again)).rejects.toThrow();
        expect(await store.findBatch(acme, 'b1')).toEqual(batchRecord(newBatch('b1')));
        expect(await store.batchItems('b1')).toBe(items);
        // The failed batch left no trace of its key.
        expect(await store.createBatch(newBatch('b2', { idempotency }))).toBeNull();
      });

      it('createBatch answers the latest batch of a key created at or after `since`, storing nothing', async () => {
        const { store } = await fresh();
        const keyed = (id: string, key: string, createdAt: number, since: number) =>
          newBatch(id, { idempotency: { key, requestHash: `hash-${id}`, createdAt, since } });
        const first = keyed('b1', 'k', at, 0);
        expect(await store.createBatch(first)).toBeNull();
        expect(await store.createBatch(newBatch('b2'))).toBeNull();
        expect(await store.createBatch(keyed('b3', 'other', at, 0))).toBeNull();

        const repeat = keyed('b5', 'k', at + hour, at + hour - 24 * hour);
        expect(await store.createBatch(repeat)).toEqual({
          batch: batchRecord(first),
          requestHash: 'hash-b1',
        });
        expect(await store.createBatch(keyed('b5', 'k', at + hour, at))).not.toBeNull();
        expect(await store.findBatch(acme, 'b5')).toBeNull();

        // The key may be used again once its window is over; then the new batch answers.
        const later = at + 25 * hour;
        const second = keyed('b4', 'k', later, later - 24 * hour);
        expect(await store.createBatch(second)).toBeNull();
        expect(await store.findBatch(acme, 'b4')).toEqual(batchRecord(second));
        expect(await store.createBatch(keyed('b6', 'k', later, 0))).toEqual({
          batch: batchRecord(second),
          requestHash: 'hash-b4',
        });
      });

      it('createBatch creates one batch when submissions with one key race', async () => {
        const { store } = await fresh();
        const answers = await Promise.all(
          ['b1', 'b2', 'b3'].map((id) =>
            store.createBatch(
              newBatch(id, { idempotency: { key: 'k', requestHash: 'h', createdAt: at, since: 0 } }),
            ),
          ),
        );
        expect(answers.filter((answer) => answer === null)).toHaveLength(1);
        const created = ['b1', 'b2', 'b3'].filter((_, index) => answers[index] === null);
        for (const answer of answers) if (answer) expect(answer.batch.id).toBe(created[0]);
      });

      it('runs a batch: start, chunks, finish with its callback; results in input order once completed', async () => {
        const { store } = await fresh();
        await store.createBatch(newBatch('b1'));
        await store.startBatch('b1');
        await store.startBatch('b1');
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ status: 'running', chunksDone: 0 });

        await store.saveBatchChunk('b1', chunkOf('b1', 0));
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ status: 'running', chunksDone: 1 });
        await store.saveBatchChunk('b1', chunkOf('b1', 1));
        await store.saveBatchChunk('b1', chunkOf('b1', 2));
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ status: 'running', chunksDone: 3 });
        expect(await store.batchResults('b1')).toEqual([]);
        expect(await store.pendingDeliveries()).toEqual([]);

        const callback = delivery('cb-b1');
        await store.finishBatch('b1', 'completed', at + 5000, callback);
        expect(await store.findBatch(acme, 'b1')).toEqual(
          batchRecord(newBatch('b1'), { status: 'completed', chunksDone: 3, finishedAt: at + 5000 }),
        );
        expect(await store.batchResults('b1')).toEqual(allResults);
        expect(await store.pendingDeliveries()).toEqual([pending(callback)]);
        expect(await store.findEnrichment(acme, 'b1-e3')).toEqual(enrichment('b1-e3'));
        expect(await seriesKeys(store, acme, 'user-1')).toEqual(
          [0, 1, 2, 3, 4].map((i) => `series-b1-e${i}`),
        );
      });

      it("keeps a chunk's results given as the pool's UTF-8 lines as it keeps them given as texts", async () => {
        const { store } = await fresh();
        await store.createBatch(newBatch('b1'));
        // Texts beyond ASCII and beyond 16 bits: the store counts lengths in UTF-16 code units.
        const texts = ['{"name":"Café Zürich €"}', '{"name":"😀 emoji"}'];
        await store.saveBatchChunk('b1', { ...chunkOf('b1', 0), results: texts });
        const lines = (list: string[]) => new TextEncoder().encode(list.join('\n'));
        await store.saveBatchChunk('b1', { ...chunkOf('b1', 1), results: lines(texts.toReversed()) });
        await store.saveBatchChunk('b1', { ...chunkOf('b1', 2), results: lines(['{"n":4}']) });
        await store.finishBatch('b1', 'completed', at, null);
        expect(await store.batchResults('b1')).toEqual([...texts, ...texts.toReversed(), '{"n":4}']);
        expect(await store.batchResultsPage('b1', 1, 3)).toEqual([texts[1], texts[1], texts[0]]);
      });

      it('batchResultsPage reads a page of results from an item on, across chunks, once completed', async () => {
        const { store } = await fresh();
        await store.createBatch(newBatch('b1'));
        for (const index of [0, 1, 2]) await store.saveBatchChunk('b1', chunkOf('b1', index));
        expect(await store.batchResultsPage('b1', 0, 2)).toEqual([]);
        await store.finishBatch('b1', 'completed', at, null);
        // Chunks of 2: items 0-1, 2-3 and 4.
        expect(await store.batchResultsPage('b1', 0, 2)).toEqual(allResults.slice(0, 2));
        expect(await store.batchResultsPage('b1', 1, 3)).toEqual(allResults.slice(1, 4));
        expect(await store.batchResultsPage('b1', 3, 10)).toEqual(allResults.slice(3));
        expect(await store.batchResultsPage('b1', 0, 5)).toEqual(allResults);
        expect(await store.batchResultsPage('b1', 5, 1)).toEqual([]);
        expect(await store.batchResultsPage('b1', 2, 0)).toEqual([]);
        expect(await store.batchResultsPage('nope', 0, 1)).toEqual([]);
      });

      it('finishBatch without a callback enqueues nothing', async () => {
        const { store } = await fresh();
        await store.createBatch(newBatch('b1', { callbackUrl: null }));
        await store.finishBatch('b1', 'failed', at, null);
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ status: 'failed', finishedAt: at });
        expect(await store.pendingDeliveries()).toEqual([]);
      });

      it('saveBatchChunk keeps a chunk saved again as it was; chunksDone counts chunks stored from 0 without a gap', async () => {
        const { store } = await fresh();
        await store.createBatch(newBatch('b1'));
        await store.startBatch('b1');
        await store.saveBatchChunk('b1', chunkOf('b1', 1));
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 0 });
        await store.saveBatchChunk('b1', chunkOf('b1', 0));
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 2 });

        // A resumed batch redoes a chunk: nothing of the second attempt is stored.
        await store.saveBatchChunk('b1', {
          index: 1,
          results: ['{"redone":true}', '{"redone":true}'],
          enrichments: [enrichment('redone')],
          series: [seriesRow('redone', 'user-2')],
        });
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 2 });
        expect(await store.findEnrichment(acme, 'redone')).toBeNull();
        expect(await store.userSeries(acme, 'user-2')).toEqual([]);

        await store.saveBatchChunk('b1', chunkOf('b1', 2));
        await store.finishBatch('b1', 'completed', at, null);
        expect(await store.batchResults('b1')).toEqual(allResults);
        expect(await store.userSeries(acme, 'user-1')).toHaveLength(5);
      });

      it('saveBatchChunk is atomic: a chunk that fails stores none of its results, enrichments or series', async () => {
        const { store } = await fresh();
        await store.recordEnrichments([write(acme, [enrichment('taken')], [])]);
        await store.createBatch(newBatch('b1'));
        await store.startBatch('b1');
        const failing: BatchChunk = {
          ...chunkOf('b1', 0),
          enrichments: [enrichment('fresh'), enrichment('taken')],
          series: [seriesRow('fresh', 'user-9')],
        };
        await expect(store.saveBatchChunk('b1', failing)).rejects.toMatchObject({
          name: 'StoreError',
          code: 'STORE_CONFLICT',
        });
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 0 });
        expect(await store.findEnrichment(acme, 'fresh')).toBeNull();
        expect(await store.userSeries(acme, 'user-9')).toEqual([]);

        // The chunk was not stored, so its next attempt is.
        await store.saveBatchChunk('b1', chunkOf('b1', 0));
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 1 });
        expect(await store.findEnrichment(acme, 'b1-e0')).toEqual(enrichment('b1-e0'));
      });

      it('finishBatch on a finished batch changes nothing and enqueues nothing; startBatch neither', async () => {
        const { store } = await fresh();
        await store.createBatch(newBatch('b1'));
        await store.startBatch('b1');
        await store.saveBatchChunk('b1', chunkOf('b1', 0));
        const callback = delivery('cb-1');
        await store.finishBatch('b1', 'failed', at + 1, callback);
        const failed = batchRecord(newBatch('b1'), { status: 'failed', chunksDone: 1, finishedAt: at + 1 });
        expect(await store.findBatch(acme, 'b1')).toEqual(failed);
        expect(await store.batchResults('b1')).toEqual([]);

        await store.finishBatch('b1', 'completed', at + 2, delivery('cb-2'));
        await store.startBatch('b1');
        expect(await store.findBatch(acme, 'b1')).toEqual(failed);
        expect(await store.batchResults('b1')).toEqual([]);
        expect(await store.pendingDeliveries()).toEqual([pending(callback)]);
      });

      it('finishBatch is atomic with its callback: when the callback cannot be stored, the batch stays running', async () => {
        const { store } = await fresh();
        const taken = delivery('taken');
        await store.enqueueDelivery(taken);
        await store.createBatch(newBatch('b1'));
        await store.startBatch('b1');
        await expect(
          store.finishBatch('b1', 'completed', at, delivery('taken', { body: '{"batchId":"b1"}' })),
        ).rejects.toThrow();
        expect(await store.findBatch(acme, 'b1')).toMatchObject({ status: 'running', finishedAt: null });
        expect(await store.pendingDeliveries()).toEqual([pending(taken)]);
      });

      it('rejects an unknown batch id, except batchResults, which is empty', async () => {
        const { store } = await fresh();
        await expect(store.batchItems('nope')).rejects.toThrow();
        await expect(store.startBatch('nope')).rejects.toThrow();
        await expect(store.saveBatchChunk('nope', chunkOf('nope', 0))).rejects.toMatchObject({
          name: 'StoreError',
          code: 'STORE_NOT_FOUND',
        });
        await expect(store.finishBatch('nope', 'completed', at, delivery('cb'))).rejects.toThrow();
        expect(await store.batchResults('nope')).toEqual([]);
        expect(await store.pendingDeliveries()).toEqual([]);
        expect(await store.findEnrichment(acme, 'nope-e0')).toBeNull();
      });

      it('keeps batches across a restart: unfinished ones are listed oldest first, in every scope, and resume', async () => {
        const { store, reopen } = await fresh();
        const waiting = newBatch('b-pending');
        const running = newBatch('b-running', { scope: globex });
        await store.createBatch(waiting);
        await store.createBatch(running);
        await store.startBatch('b-running');
        await store.saveBatchChunk('b-running', chunkOf('b-running', 0));
        await store.createBatch(newBatch('b-done'));
        await store.finishBatch('b-done', 'completed', at, null);
        await store.close(); // the process stops with two batches unfinished

        const restarted = await reopen();
        expect(await restarted.unfinishedBatches()).toEqual([
          batchRecord(waiting),
          batchRecord(running, { status: 'running', chunksDone: 1 }),
        ]);
        expect(await restarted.batchItems('b-running')).toBe(items);
        await restarted.saveBatchChunk('b-running', chunkOf('b-running', 1));
        await restarted.saveBatchChunk('b-running', chunkOf('b-running', 2));
        await restarted.finishBatch('b-running', 'completed', at + 1, null);
        expect(await restarted.batchResults('b-running')).toEqual(allResults);
        expect(ids(await restarted.unfinishedBatches())).toEqual(['b-pending']);
      });
    });

    describe('enrichments and series', () => {
      it('records enrichments and their series, and finds an enrichment by id', async () => {
        const { store } = await fresh();
        await store.recordEnrichments([
          write(acme, [enrichment('e1'), enrichment('e2')], [seriesRow('e1', 'user-1')]),
        ]);
        expect(await store.findEnrichment(acme, 'e1')).toEqual(enrichment('e1'));
        expect(await store.findEnrichment(acme, 'e2')).toEqual(enrichment('e2'));
        expect(await store.findEnrichment(acme, 'e3')).toBeNull();
        expect(await store.loadSeries(acme, [{ userId: 'user-1', key: 'series-e1' }])).toEqual([
          stored(seriesRow('e1', 'user-1')),
        ]);
      });

      it('recordEnrichments is atomic: an enrichment id recorded before rejects the whole write', async () => {
        const { store } = await fresh();
        await store.recordEnrichments([write(acme, [enrichment('e1')], [])]);
        await expect(
          store.recordEnrichments([
            write(acme, [enrichment('e2'), enrichment('e1')], [seriesRow('e2', 'user-1')]),
          ]),
        ).rejects.toThrow();
        expect(await store.findEnrichment(acme, 'e2')).toBeNull();
        expect(await store.userSeries(acme, 'user-1')).toEqual([]);
        // The same id in another scope is another enrichment.
        await store.recordEnrichments([write(globex, [enrichment('e1')], [])]);
        expect(await store.findEnrichment(globex, 'e1')).toEqual(enrichment('e1'));
      });

      it('records the writes of several requests, scopes and usage counts together, all or nothing', async () => {
        const { store } = await fresh();
        const usage = (scope: Scope, count: number): UsageRow => ({
          scope,
          billingProfile: null,
          organizationId: null,
          endpoint: 'single.card',
          day: '2025-06-01',
          count,
        });
        await store.recordEnrichments([
          write(acme, [enrichment('e1')], [seriesRow('e1', 'user-1')], [usage(acme, 1)]),
          write(globex, [enrichment('e2')], [seriesRow('e2', 'user-1')], [usage(globex, 1)]),
          write(acme, [enrichment('e3')], [seriesRow('e3', 'user-1')], [usage(acme, 1)]),
        ]);
        expect(await store.findEnrichment(acme, 'e3')).toEqual(enrichment('e3'));
        expect(await store.findEnrichment(globex, 'e2')).toEqual(enrichment('e2'));
        expect(await seriesKeys(store, acme, 'user-1')).toEqual(['series-e1', 'series-e3']);
        expect(await store.usage()).toEqual(expect.arrayContaining([usage(acme, 2), usage(globex, 1)]));

        // A taken id in the last write rolls back the first one too, usage included.
        await expect(
          store.recordEnrichments([
            write(acme, [enrichment('e4')], [], [usage(acme, 1)]),
            write(globex, [enrichment('e2')], [], []),
          ]),
        ).rejects.toThrow();
        expect(await store.findEnrichment(acme, 'e4')).toBeNull();
        expect(await store.usage()).toEqual(expect.arrayContaining([usage(acme, 2)]));
      });

      it('keeps one state per user and series: a later write replaces it, from single and batch writes alike', async () => {
        const { store } = await fresh();
        const first = seriesRow('e1', 'user-1');
        await store.recordEnrichments([write(acme, [enrichment('e1')], [first])]);
        await store.createBatch(newBatch('b1', { size: 2, chunkSize: 2, items: '{}\n{}' }));
        await store.startBatch('b1');
        const again: SeriesRow = {
          ...first,
          state: '{"version":1,"written":"again"}',
          revision: 2,
          lastDay: 20_001,
        };
        const other = seriesRow('b-e4', 'user-2');
        await store.saveBatchChunk('b1', {
          index: 0,
          results: ['{}', '{}'],
          enrichments: [enrichment('b-e3'), enrichment('b-e4')],
          series: [again, other],
        });
        // In the order asked, null for a series not stored.
        expect(
          await store.loadSeries(acme, [
            { userId: 'user-2', key: other.key },
            { userId: 'user-1', key: first.key },
            { userId: 'user-3', key: first.key },
          ]),
        ).toEqual([stored(other), stored(again), null]);
        expect(await store.userSeries(acme, 'user-1')).toEqual([
          { key: first.key, state: again.state, revision: 2 },
        ]);
        expect(await store.loadSeries(globex, [{ userId: 'user-1', key: first.key }])).toEqual([null]);
      });

      it('answers a state without its text to a reader holding its revision, with it once another handle wrote', async () => {
        const { store, reopen } = await fresh();
        const netflix = { userId: 'user-1', key: 'series-e1' };
        const hulu = { userId: 'user-1', key: 'series-e2' };
        await store.recordEnrichments([
          write(
            acme,
            [enrichment('e1'), enrichment('e2')],
            [seriesRow('e1', 'user-1', 7), seriesRow('e2', 'user-1', 8)],
          ),
        ]);
        // Held: no text. Another revision held, or none: the text. Not stored: null, whatever is held.
        expect(
          await store.loadSeries(acme, [netflix, hulu, { userId: 'user-2', key: 'series-e1' }], [7, 3, 7]),
        ).toEqual([{ revision: 7, state: null }, stored(seriesRow('e2', 'user-1', 8)), null]);
        expect(await store.loadSeries(acme, [netflix, hulu], [null, 8])).toEqual([
          stored(seriesRow('e1', 'user-1', 7)),
          { revision: 8, state: null },
        ]);
        // Another process on the same database writes the series: a reader holding revision 7 gets the text.
        const other = await reopen();
        const written: SeriesRow = {
          ...seriesRow('e1', 'user-1', 9),
          state: '{"version":1,"written":"other"}',
        };
        await other.recordEnrichments([write(acme, [enrichment('e3')], [written])]);
        expect(await store.loadSeries(acme, [netflix], [7])).toEqual([stored(written)]);
        expect(await store.loadSeries(globex, [netflix], [9])).toEqual([null]);
      });
    });

    describe('callback outbox', () => {
      it('claims due deliveries oldest due first, up to the limit, and leases them', async () => {
        const { store } = await fresh();
        const first = delivery('d-first', { nextAttemptAt: at });
        await store.enqueueDelivery(delivery('d-late', { nextAttemptAt: at + 3000 }));
        await store.enqueueDelivery(first);
        await store.enqueueDelivery(delivery('d-second', { nextAttemptAt: at + 1000 }));
        await store.enqueueDelivery(delivery('d-future', { nextAttemptAt: at + 60_000 }));

        const claimed = await store.claimDueDeliveries(at + 5000, 2, 30_000);
        expect(ids(claimed)).toEqual(['d-first', 'd-second']);
        expect(claimed[0]).toEqual(pending(first, { nextAttemptAt: at + 35_000 }));

        // Leased: no other dispatcher takes them before the lease ends.
        expect(ids(await store.claimDueDeliveries(at + 5000, 10, 30_000))).toEqual(['d-late']);
        expect(await store.claimDueDeliveries(at + 34_999, 10, 30_000)).toEqual([]);
        // The lease is over and none was marked: the dispatcher holding them died. Due again.
        const again = await store.claimDueDeliveries(at + 35_000, 10, 30_000);
        expect(ids(again).sort()).toEqual(['d-first', 'd-late', 'd-second']);
        expect(await store.claimDueDeliveries(at + 60_000, 10, 30_000)).toEqual([
          pending(delivery('d-future'), { nextAttemptAt: at + 90_000 }),
        ]);
      });

      it('reschedules, delivers and abandons; pending deliveries survive a restart', async () => {
        const { store, reopen } = await fresh();
        const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => delivery(id)) as [
          NewDelivery,
          NewDelivery,
          NewDelivery,
          NewDelivery,
        ];
        const e = returned('e');
        for (const each of [a, b, c, d, e]) await store.enqueueDelivery(each);
        expect(byId(await store.pendingDeliveries())).toEqual([a, b, c, d, e].map((each) => pending(each)));

        expect(ids(await store.claimDueDeliveries(at, 10, 1000)).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
        await store.rescheduleDelivery('a', 1, at + 60_000, 'HTTP 503');
        await store.markDelivered('b', 1, at + 10);
        await store.abandonDelivery('c', 12, 'connect ECONNREFUSED', at + 20);
        await store.rescheduleDelivery('e', 3, at + 120_000, 'HTTP 500');
        // A late dispatcher's failure report does not bring a delivered one back.
        await store.rescheduleDelivery('b', 1, at + 60_000, 'HTTP 502');
        await store.rescheduleDelivery('c', 13, at + 60_000, 'HTTP 502');

        const expected = [
          pending(a, { attempts: 1, nextAttemptAt: at + 60_000, lastError: 'HTTP 503' }),
          pending(d, { nextAttemptAt: at + 1000 }),
          pending(e, { attempts: 3, nextAttemptAt: at + 120_000, lastError: 'HTTP 500' }),
        ];
        expect(byId(await store.pendingDeliveries())).toEqual(expected);
        await store.close();

        const restarted = await reopen();
        expect(byId(await restarted.pendingDeliveries())).toEqual(expected);
        expect(ids(await restarted.claimDueDeliveries(at + 59_999, 10, 1000))).toEqual(['d']);
        expect(await restarted.claimDueDeliveries(at + 60_000, 10, 1000)).toEqual([
          { ...expected[0], nextAttemptAt: at + 61_000 },
        ]);
        expect(ids(await restarted.claimDueDeliveries(at + 10 * hour, 10, 1000)).sort()).toEqual([
          'a',
          'd',
          'e',
        ]);
      });
    });

    describe('callback outbox: destinations, operators, replay', () => {
      /** A delivery to `host`, due `dueIn` ms after `at`. */
      const to = (id: string, host: string, dueIn: number) =>
        delivery(id, { url: `https://${host}/hooks`, destination: host, nextAttemptAt: at + dueIn });

      it('claims at most the per-destination limit, counting deliveries in progress', async () => {
        const { store } = await fresh();
        for (const each of [
          to('slow-1', 'slow.example', 0),
          to('slow-2', 'slow.example', 1),
          to('slow-3', 'slow.example', 2),
          to('fast-1', 'fast.example', 3),
          to('fast-2', 'fast.example', 4),
          to('fast-3', 'fast.example', 5),
          to('other-1', 'other.example', 6),
        ])
          await store.enqueueDelivery(each);

        const inProgress = new Map([['slow.example', 1]]);
        const claimed = await store.claimDueDeliveries(at + 10, 10, 1000, { max: 2, inProgress });
        // slow.example had one under way: one more of it; then two of each other destination, oldest due first.
        expect(ids(claimed)).toEqual(['slow-1', 'fast-1', 'fast-2', 'other-1']);
        expect(claimed[0]).toEqual(pending(to('slow-1', 'slow.example', 0), { nextAttemptAt: at + 1010 }));

        // The limit applies before `limit`: the next due of other destinations come first.
        expect(
          ids(await store.claimDueDeliveries(at + 10, 1, 1000, { max: 2, inProgress: new Map() })),
        ).toEqual(['slow-2']);
        expect(
          ids(
            await store.claimDueDeliveries(at + 10, 10, 1000, {
              max: 1,
              inProgress: new Map([['slow.example', 1]]),
            }),
          ),
        ).toEqual(['fast-3']);
      });

      it('lists deliveries by state for operators, the latest created first, with when they ended', async () => {
        const { store, reopen } = await fresh();
        const [a, b, c] = [0, 1, 2].map((n) => delivery(`d${n}`, { createdAt: at + n })) as [
          NewDelivery,
          NewDelivery,
          NewDelivery,
        ];
        for (const each of [a, b, c]) await store.enqueueDelivery(each);
        await store.claimDueDeliveries(at + 10, 10, 1000);
        await store.markDelivered('d0', 2, at + 20);
        await store.abandonDelivery('d1', 13, 'HTTP 500', at + 30);

        const abandoned = {
          ...pending(b, { attempts: 13, lastError: 'HTTP 500', nextAttemptAt: at + 1010 }),
          state: 'abandoned',
          deliveredAt: null,
          abandonedAt: at + 30,
        };
        expect(await store.listDeliveries('abandoned', 10)).toEqual([abandoned]);
        expect(ids(await store.listDeliveries('delivered', 10))).toEqual(['d0']);
        expect(await store.listDeliveries('pending', 10)).toEqual([
          {
            ...pending(c, { nextAttemptAt: at + 1010 }),
            state: 'pending',
            deliveredAt: null,
            abandonedAt: null,
          },
        ]);
        expect(ids(await store.listDeliveries(undefined, 10))).toEqual(['d2', 'd1', 'd0']);
        expect(ids(await store.listDeliveries(undefined, 2))).toEqual(['d2', 'd1']);
        expect(await store.findDelivery('d0')).toMatchObject({
          state: 'delivered',
          attempts: 2,
          deliveredAt: at + 20,
        });
        expect(await store.findDelivery('nope')).toBeNull();
        await store.close();
        expect(await (await reopen()).findDelivery('d1')).toEqual(abandoned);
      });

      it('replays an abandoned delivery only: pending again, due now, attempts from 0, window from now', async () => {
        const { store } = await fresh();
        for (const each of ['gone', 'done', 'waiting']) await store.enqueueDelivery(delivery(each));
        await store.claimDueDeliveries(at, 10, 1000);
        await store.abandonDelivery('gone', 13, 'HTTP 500', at + 30);
        await store.markDelivered('done', 1, at + 40);

        expect(await store.replayDelivery('done', at + hour)).toBe(false);
        expect(await store.replayDelivery('waiting', at + hour)).toBe(false);
        expect(await store.replayDelivery('nope', at + hour)).toBe(false);
        expect(await store.replayDelivery('gone', at + hour)).toBe(true);
        expect(await store.findDelivery('gone')).toEqual({
          ...pending(delivery('gone'), {
            lastError: 'HTTP 500',
            nextAttemptAt: at + hour,
            replayedAt: at + hour,
          }),
          state: 'pending',
          deliveredAt: null,
          abandonedAt: null,
        });
        // Pending once more: claimed when due, and it can be replayed again only once abandoned again.
        expect(await store.replayDelivery('gone', at + hour)).toBe(false);
        expect(ids(await store.claimDueDeliveries(at + hour, 10, 1000))).toEqual(['waiting', 'gone']);
      });
    });

    describe('check', () => {
      it('resolves while the store can be used, and rejects with STORE_UNAVAILABLE once closed', async () => {
        const { store } = await fresh();
        await expect(store.check()).resolves.toBeUndefined();
        await store.close();
        await expect(store.check()).rejects.toMatchObject({ name: 'StoreError', code: 'STORE_UNAVAILABLE' });
      });
    });

    describe('merchant action triggers', () => {
      /** The scope's state and its lists. */
      const stateOf = async (store: Store, path: TriggerScopePath, scope: Scope = acme) => ({
        state: await store.findTriggerScope(scope, path),
        active: listOf(await pagesRead(store, scope, path, 'active')),
        pending: listOf(await pagesRead(store, scope, path, 'pending')),
      });

      it('numbers the writes of each scope from 1; a small write applies at once', async () => {
        const { store } = await fresh();
        expect(await store.findTriggerScope(acme, 'account')).toBeNull();
        expect(await pagesRead(store, acme, 'account', 'active')).toEqual([]);
        expect(await store.writeTriggers(triggerWrite('account', [t1]))).toEqual({ version: 1 });
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 1, status: 'succeeded', activeCount: 1 },
          active: [t1],
          pending: [],
        });
        expect(await store.writeTriggers(triggerWrite('account', [t1, t2]))).toEqual({ version: 2 });
        expect(await stateOf(store, 'account')).toMatchObject({
          state: { version: 2, activeCount: 2 },
          active: [t1, t2],
        });
        // DELETE: a new version with an empty list.
        expect(await store.writeTriggers(triggerWrite('account', []))).toEqual({ version: 3 });
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 3, status: 'succeeded', activeCount: 0 },
          active: [],
          pending: [],
        });

        expect(await store.findTriggerScope(acme, 'user:u%201')).toBeNull();
        expect(await store.writeTriggers(triggerWrite('user:u%201', [t3]))).toEqual({ version: 1 });
        expect(await store.writeTriggers(triggerWrite('account', [t3], 'succeeded', globex))).toEqual({
          version: 1,
        });
      });

      it('keeps a list of many pages in order, as its pages were given', async () => {
        const { store } = await fresh();
        const long = Array.from({ length: 120 }, (_, index) => trigger(`long-${index}`));
        await store.writeTriggers(triggerWrite('account', long));
        const pages = await pagesRead(store, acme, 'account', 'active');
        expect(pages).toEqual(pagesOf(long));
        const shorter = { ...triggerWrite('account', []), pages: [JSON.stringify([t1, t2]), '[]'], count: 2 };
        await store.writeTriggers(shorter);
        expect(await pagesRead(store, acme, 'account', 'active')).toEqual(shorter.pages);
      });

      it('reads a list all of one version while a write replaces it', async () => {
        const { store } = await fresh();
        const before = Array.from({ length: 60 }, (_, index) => trigger(`before-${index}`));
        const after = Array.from({ length: 40 }, (_, index) => trigger(`after-${index}`));
        await store.writeTriggers(triggerWrite('account', before));
        const [read, written] = await Promise.all([
          pagesRead(store, acme, 'account', 'active'),
          store.writeTriggers(triggerWrite('account', after)),
        ]);
        expect(written).toEqual({ version: 2 });
        expect([pagesOf(before), pagesOf(after)]).toContainEqual(read);
        expect(await pagesRead(store, acme, 'account', 'active')).toEqual(pagesOf(after));
      });

      it('answers conflict to a second write of a scope while the first is written', async () => {
        const { store } = await fresh();
        const long = Array.from({ length: 50 }, (_, index) => trigger(`long-${index}`));
        const answers = await Promise.all([
          store.writeTriggers(triggerWrite('account', long)),
          store.writeTriggers(triggerWrite('account', [t1])),
          store.writeTriggers(triggerWrite('program:p1', [t1])),
        ]);
        expect(answers).toEqual([{ version: 1 }, 'conflict', { version: 1 }]);
        expect(listOf(await pagesRead(store, acme, 'account', 'active'))).toEqual(long);
      });

      it('runs a background write: pending, running, succeeded; another write is a conflict meanwhile', async () => {
        const { store } = await fresh();
        await store.writeTriggers(triggerWrite('account', [t1]));
        expect(await store.writeTriggers(triggerWrite('account', [t2, t3], 'pending'))).toEqual({
          version: 2,
        });
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 2, status: 'pending', activeCount: 1 },
          active: [t1],
          pending: [t2, t3],
        });
        expect((await store.activeTriggerScopes(acme)).paths).toEqual(['account']);
        expect(await store.writeTriggers(triggerWrite('account', [t3]))).toBe('conflict');
        expect(await store.writeTriggers(triggerWrite('account', [t3], 'pending'))).toBe('conflict');
        // Other scopes are not held up.
        expect(await store.writeTriggers(triggerWrite('program:p1', [t3]))).toEqual({ version: 1 });

        await store.setTriggerWriteStatus(acme, 'account', 2, 'running', at + 1);
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 2, status: 'running', activeCount: 1 },
          active: [t1],
          pending: [t2, t3],
        });
        expect(await store.writeTriggers(triggerWrite('account', []))).toBe('conflict');

        await store.setTriggerWriteStatus(acme, 'account', 2, 'succeeded', at + 2);
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 2, status: 'succeeded', activeCount: 2 },
          active: [t2, t3],
          pending: [],
        });
        expect(await store.writeTriggers(triggerWrite('account', [t1]))).toEqual({ version: 3 });
      });

      it('a failed background write keeps the active triggers', async () => {
        const { store } = await fresh();
        await store.writeTriggers(triggerWrite('account', [t1]));
        await store.writeTriggers(triggerWrite('account', [t2], 'pending'));
        await store.setTriggerWriteStatus(acme, 'account', 2, 'running', at);
        await store.setTriggerWriteStatus(acme, 'account', 2, 'failed', at);
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 2, status: 'failed', activeCount: 1 },
          active: [t1],
          pending: [],
        });
        expect((await store.activeTriggerScopes(acme)).paths).toEqual(['account']);
        expect(await store.writeTriggers(triggerWrite('account', [t3]))).toEqual({ version: 3 });
      });

      it('ignores a status for a write that is not the latest, or that has ended', async () => {
        const { store } = await fresh();
        await store.writeTriggers(triggerWrite('account', [t1], 'pending'));
        await store.setTriggerWriteStatus(acme, 'account', 2, 'succeeded', at);
        await store.setTriggerWriteStatus(globex, 'account', 1, 'succeeded', at);
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 1, status: 'pending', activeCount: 0 },
          active: [],
          pending: [t1],
        });
        await store.setTriggerWriteStatus(acme, 'account', 1, 'failed', at);
        await store.setTriggerWriteStatus(acme, 'account', 1, 'succeeded', at);
        await store.setTriggerWriteStatus(acme, 'account', 1, 'running', at);
        expect(await stateOf(store, 'account')).toEqual({
          state: { version: 1, status: 'failed', activeCount: 0 },
          active: [],
          pending: [],
        });
        expect(await store.findTriggerScope(globex, 'account')).toBeNull();
      });

      it('lists background writes left unfinished, in every tenant, after a restart', async () => {
        const { store, reopen } = await fresh();
        await store.writeTriggers(triggerWrite('account', [t1], 'pending'));
        await store.writeTriggers(triggerWrite('user:u1', [t2], 'pending', globex));
        await store.setTriggerWriteStatus(globex, 'user:u1', 1, 'running', at);
        await store.writeTriggers(triggerWrite('program:p1', [t3]));
        await store.writeTriggers(triggerWrite('card:u1:c1', [t3], 'pending'));
        await store.setTriggerWriteStatus(acme, 'card:u1:c1', 1, 'failed', at);
        await store.writeTriggers(triggerWrite('program:p2', [t3], 'pending'));
        await store.setTriggerWriteStatus(acme, 'program:p2', 1, 'succeeded', at);
        await store.close();

        const restarted = await reopen();
        const unfinished = await restarted.unfinishedTriggerWrites();
        expect([...unfinished].sort((x, y) => (x.path < y.path ? -1 : 1))).toEqual([
          { scope: acme, path: 'account', version: 1 },
          { scope: globex, path: 'user:u1', version: 1 },
        ]);
        expect(await stateOf(restarted, 'user:u1', globex)).toEqual({
          state: { version: 1, status: 'running', activeCount: 0 },
          active: [],
          pending: [t2],
        });
      });

      it("activeTriggerScopes lists the tenant's scopes with active triggers, in order; the revision changes on every change", async () => {
        const { store } = await fresh();
        const revisions = new Set<number>();
        const active = async () => {
          const answer = await store.activeTriggerScopes(acme);
          revisions.add(answer.revision);
          expect((await store.rulesRevisions(acme)).triggers).toBe(answer.revision);
          const scopes = [];
          for (const path of answer.paths)
            scopes.push({ path, triggers: listOf(await pagesRead(store, acme, path, 'active')) });
          return scopes;
        };
        expect(await active()).toEqual([]);

        await store.writeTriggers(triggerWrite('account', [t1]));
        expect(await active()).toEqual([{ path: 'account', triggers: [t1] }]);
        expect(revisions.size).toBe(2);
        expect(await active()).toEqual([{ path: 'account', triggers: [t1] }]);
        expect(revisions.size).toBe(2); // nothing changed

        await store.writeTriggers(triggerWrite('user:u1', [t2]));
        await store.writeTriggers(triggerWrite('account', [t3], 'succeeded', globex));
        await store.writeTriggers(triggerWrite('program:p1', [t3], 'pending'));
        expect(await active()).toEqual([
          { path: 'account', triggers: [t1] },
          { path: 'user:u1', triggers: [t2] },
        ]);
        expect(revisions.size).toBe(3);

        await store.setTriggerWriteStatus(acme, 'program:p1', 1, 'succeeded', at);
        expect(await active()).toEqual([
          { path: 'account', triggers: [t1] },
          { path: 'program:p1', triggers: [t3] },
          { path: 'user:u1', triggers: [t2] },
        ]);
        expect(revisions.size).toBe(4);

        await store.writeTriggers(triggerWrite('account', []));
        expect(await active()).toEqual([
          { path: 'program:p1', triggers: [t3] },
          { path: 'user:u1', triggers: [t2] },
        ]);
        expect(revisions.size).toBe(5);
      });

      it('keeps a scope’s category triggers as a scope of their own: versions, states, pages and revision', async () => {
        const { store } = await fresh();
        const card = { scope: 'card', userId: 'u:1', cardId: 'c/1' } as const;
        const merchantPath = triggerScopePath(card);
        const categoryPath = triggerScopePath({ ...card, kind: 'category' });
        const onFood = { id: 'food', categoryId: '011-000-000-000', action: { type: 'NOTIFY' } };
        const categoryWrite = (status: TriggerWrite['status']): TriggerWrite => ({
          scope: acme,
          path: categoryPath,
          pages: [JSON.stringify([onFood])],
          count: 1,
          status,
          at,
        });
        expect(await store.writeTriggers(triggerWrite(merchantPath, [t1]))).toEqual({ version: 1 });
        const before = (await store.rulesRevisions(acme)).triggers;
        expect(await store.writeTriggers(categoryWrite('succeeded'))).toEqual({ version: 1 });
        expect(await store.writeTriggers(categoryWrite('pending'))).toEqual({ version: 2 });
        // A write in progress of the category list holds back neither list's reads nor the merchant list's writes.
        expect(await store.writeTriggers(categoryWrite('pending'))).toBe('conflict');
        expect(await store.writeTriggers(triggerWrite(merchantPath, [t1, t2]))).toEqual({ version: 2 });
        expect(await store.findTriggerScope(acme, categoryPath)).toEqual({
          version: 2,
          status: 'pending',
          activeCount: 1,
        });
        expect(await pagesRead(store, acme, categoryPath, 'active')).toEqual([JSON.stringify([onFood])]);
        await store.setTriggerWriteStatus(acme, categoryPath, 2, 'succeeded', at);
        expect([...(await store.activeTriggerScopes(acme)).paths].sort()).toEqual(
          [categoryPath, merchantPath].sort(),
        );
        expect((await store.rulesRevisions(acme)).triggers).toBeGreaterThan(before);
        expect(listOf(await pagesRead(store, acme, merchantPath, 'active'))).toEqual([t1, t2]);
        expect(await store.findTriggerScope(globex, categoryPath)).toBeNull();
      });
    });

    describe('error reports and correction rules', () => {
      it('creates reports, finds them, and lists them, all or by status', async () => {
        const { store } = await fresh();
        const r1 = report('r1');
        const r2 = report('r2', { scope: globex, createdAt: at + 1, fields: { errorDescription: 'x' } });
        const r3 = report('r3', { scope: acmeSandbox, createdAt: at + 2 });
        for (const each of [r1, r2, r3]) await store.createReport(each);

        expect(await store.findReport('r2')).toEqual(r2);
        expect(await store.findReport('r4')).toBeNull();
        expect(byId(await store.listReports())).toEqual([r1, r2, r3]);
        expect(byId(await store.listReports('open'))).toEqual([r1, r2, r3]);

        expect(await store.closeReport('r2', { status: 'rejected' }, at + 10)).toBe(true);
        expect(byId(await store.listReports('open'))).toEqual([r1, r3]);
        expect(await store.listReports('rejected')).toEqual([{ ...r2, status: 'rejected' }]);
        expect(await store.listReports('resolved')).toEqual([]);
        expect(byId(await store.listReports())).toEqual([r1, { ...r2, status: 'rejected' }, r3]);
      });

      it('resolving stores the correction rule and enqueues the returned enrichment, once', async () => {
        const { store } = await fresh();
        await store.createReport(report('r1'));
        const before = await store.corrections(acme);
        expect(before.rules).toEqual([]);

        const fix = rule('blue bottle');
        const sent = returned('returned-r1');
        expect(
          await store.closeReport('r1', { status: 'resolved', rule: fix, delivery: sent }, at + 10),
        ).toBe(true);
        expect(await store.findReport('r1')).toEqual({ ...report('r1'), status: 'resolved' });
        const after = await store.corrections(acme);
        expect(after.rules).toEqual([fix]);
        expect(after.revision).not.toBe(before.revision);
        expect((await store.rulesRevisions(acme)).corrections).toBe(after.revision);
        expect(await store.pendingDeliveries()).toEqual([pending(sent)]);

        // Closed already: nothing more happens.
        const second = {
          status: 'resolved' as const,
          rule: rule('other'),
          delivery: returned('returned-again'),
        };
        expect(await store.closeReport('r1', second, at + 20)).toBe(false);
        expect(await store.closeReport('r1', { status: 'rejected' }, at + 20)).toBe(false);
        expect(await store.closeReport('r9', { status: 'rejected' }, at + 20)).toBe(false);
        expect(await store.findReport('r1')).toMatchObject({ status: 'resolved' });
        expect(await store.corrections(acme)).toEqual(after);
        expect(await store.pendingDeliveries()).toEqual([pending(sent)]);
      });

      it('resolving without a rule (a personalization alone) stores none, and still enqueues the returned enrichment', async () => {
        const { store } = await fresh();
        await store.createReport(report('r1'));
        const before = await store.corrections(acme);
        const sent = returned('returned-r1');
        expect(await store.closeReport('r1', { status: 'resolved', rule: null, delivery: sent }, at)).toBe(
          true,
        );
        expect(await store.findReport('r1')).toMatchObject({ status: 'resolved' });
        expect(await store.corrections(acme)).toEqual(before);
        expect(await store.pendingDeliveries()).toEqual([pending(sent)]);
      });

      it('rejecting stores no rule and sends nothing', async () => {
        const { store } = await fresh();
        await store.createReport(report('r1'));
        expect(await store.closeReport('r1', { status: 'rejected' }, at)).toBe(true);
        expect(await store.findReport('r1')).toMatchObject({ status: 'rejected' });
        expect((await store.corrections(acme)).rules).toEqual([]);
        expect(await store.pendingDeliveries()).toEqual([]);
        expect(
          await store.closeReport('r1', { status: 'resolved', rule: rule('x'), delivery: null }, at),
        ).toBe(false);
        expect((await store.corrections(acme)).rules).toEqual([]);
      });

      it('closeReport is atomic: when the delivery cannot be stored, the report stays open and keeps no rule', async () => {
        const { store } = await fresh();
        const taken = returned('taken');
        await store.enqueueDelivery(taken);
        await store.createReport(report('r1'));
        await expect(
          store.closeReport('r1', { status: 'resolved', rule: rule('x'), delivery: returned('taken') }, at),
        ).rejects.toThrow();
        expect(await store.findReport('r1')).toEqual(report('r1'));
        expect((await store.corrections(acme)).rules).toEqual([]);
        expect(await store.pendingDeliveries()).toEqual([pending(taken)]);
      });

      it('keeps the rules of each tenant and environment in resolution order; the revision changes with each', async () => {
        const { store } = await fresh();
        for (const [id, scope] of [
          ['r1', acme],
          ['r2', acme],
          ['r3', globex],
          ['r4', acme],
        ] as const) {
          await store.createReport(report(id, { scope }));
        }
        const resolve = (id: string) =>
          store.closeReport(id, { status: 'resolved', rule: rule(`rule of ${id}`), delivery: null }, at);
        const revisions = new Set([(await store.corrections(acme)).revision]);
        for (const id of ['r2', 'r1']) {
          await resolve(id);
          revisions.add((await store.corrections(acme)).revision);
        }
        expect(revisions.size).toBe(3);
        await resolve('r3');
        expect((await store.corrections(acme)).rules).toEqual([rule('rule of r2'), rule('rule of r1')]);
        expect((await store.corrections(globex)).rules).toEqual([rule('rule of r3')]);
        expect((await store.corrections(acmeSandbox)).rules).toEqual([]);
      });
    });

    it('adds usage up per key', async () => {
      const { store } = await fresh();
      const key: UsageKey = {
        scope: acme,
        billingProfile: null,
        organizationId: null,
        endpoint: 'POST /v2/transactions/enrich',
        day: '2025-06-01',
      };
      const keys: UsageKey[] = [
        key,
        { ...key, billingProfile: 'standard', organizationId: 'bank-feed-1' },
        { ...key, billingProfile: 'resell', organizationId: 'bank-feed-1' },
        { ...key, day: '2025-06-02' },
        { ...key, scope: acmeSandbox },
        { ...key, scope: globex },
        { ...key, endpoint: 'POST /v2/batches/enrich' },
      ];
      await store.countUsage(key, 1);
      await store.countUsage(key, 2);
      for (const [index, each] of keys.entries()) await store.countUsage(each, 10 * (index + 1));
      await store.countUsage(keys[1]!, 5);

      const expected: UsageRow[] = keys.map((each, index) => ({ ...each, count: 10 * (index + 1) }));
      expected[0]!.count += 3;
      expected[1]!.count += 5;
      const keyOf = (row: UsageRow) =>
        JSON.stringify([
          row.scope.tenant,
          row.scope.environment,
          row.billingProfile,
          row.organizationId,
          row.endpoint,
          row.day,
        ]);
      const sorted = (rows: UsageRow[]) => [...rows].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
      expect(sorted(await store.usage())).toEqual(sorted(expected));
    });

    it('closes once and for all: closing again is harmless, other calls reject; asyncDispose closes', async () => {
      const { store, reopen } = await fresh();
      await store.createBatch(newBatch('b1'));
      await store.close();
      await store.close();
      // The port's own error, not the driver's: the HTTP adapter answers it with a 503.
      const closed = await store.findBatch(acme, 'b1').catch((error: unknown) => error);
      expect(isStoreError(closed)).toBe(true);
      expect(closed).toMatchObject({ name: 'StoreError', code: 'STORE_UNAVAILABLE' });

      const again = await reopen();
      expect(await again.findBatch(acme, 'b1')).toEqual(batchRecord(newBatch('b1')));
      await again[Symbol.asyncDispose]();
      await expect(again.findBatch(acme, 'b1')).rejects.toThrow();
    });

    describeRetentionConformance(open);
    describeCategoryConformance(open);
    describeOutcomeConformance(open);
  });
}
