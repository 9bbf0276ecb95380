/**
 * A batch whose results retention deleted, over a socket, on a real SQLite file: the whole document and
 * its pages answer 410 with a sentence saying why and when, the batch itself still answers, another
 * environment's longer period keeps its results, and `/metrics` counts the batch.
 */
import { batchResultsExpired, encodeResultsCursor } from '@txenrich/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, closeShared, keys, startServer, type TestServer, waitFor } from './support/server.ts';

const day = 86_400_000;
/** Two of the pool's chunks (1,000 items each): retention deletes them in steps of their own. */
const SIZE = 1_500;
const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };

let server: TestServer;
/** How far ahead of the wall clock the service's clock runs. */
let skew = 0;
let sandboxBatch: string;
let productionBatch: string;

async function get(path: string, key: string = keys.acmeSandbox) {
  const response = await server.request(path, { key });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function completedBatch(key: string): Promise<string> {
  const transactions = Array.from({ length: SIZE }, (_, index) => ({ ...card, transactionId: `t-${index}` }));
  const submitted = await server.request('/batches/transactions/cards/enrich', {
    key,
    json: { transactions },
  });
  const { batchId } = (await submitted.json()) as { batchId: string };
  await waitFor(
    async () => (await get(`/batches/${batchId}`, key)).body.status,
    (status) => status === 'completed',
    120_000,
  );
  return batchId;
}

beforeAll(async () => {
  // Production keeps batch results 60 days; sandbox the default 30.
  server = await startServer(
    { retention: { environments: { production: { batchResultDays: 60 } } } },
    { now: () => Date.now() + skew },
  );
  sandboxBatch = await completedBatch(keys.acmeSandbox);
  productionBatch = await completedBatch(keys.acmeProduction);
}, 180_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

describe('GET /batches/{batchId}/results once retention deleted them', () => {
  it('answers them until the batch is 30 days completed', async () => {
    skew = 29 * day;
    expect((await server.service.runRetentionPass()).pruned.batchResults).toBe(0);
    const whole = await get(`/batches/${sandboxBatch}/results`);
    expect(whole.status).toBe(200);
    expect(whole.body.results).toHaveLength(SIZE);
  });

  it('answers 410 with why and when, to the whole document and to every page, 31 days after', async () => {
    skew = 31 * day;
    expect((await server.service.runRetentionPass()).pruned.batchResults).toBe(1);
    const record = await server.service.store.findBatch(
      { tenant: 'acme', environment: 'sandbox' },
      sandboxBatch,
    );
    expect(record).toMatchObject({ status: 'completed', resultsExpiredAt: expect.any(Number) });
    const gone = {
      status: 410,
      body: { details: batchResultsExpired(30, record!.finishedAt!, record!.resultsExpiredAt!) },
    };
    expect(gone.body.details).toMatch(
      /^The results of this batch were deleted on \d{4}-\d\d-\d\dT[\d:.]+Z: results are kept for 30 days after a batch completes, and this batch completed on \d{4}-\d\d-\d\dT[\d:.]+Z\.$/,
    );
    expect(await get(`/batches/${sandboxBatch}/results`)).toEqual(gone);
    expect(await get(`/batches/${sandboxBatch}/results?limit=10`)).toEqual(gone);
    expect(
      await get(
        `/batches/${sandboxBatch}/results?limit=10&cursor=${encodeResultsCursor(sandboxBatch, 1_200)}`,
      ),
    ).toEqual(gone);
    // An id in upper case names the same batch.
    expect(await get(`/batches/${sandboxBatch.toUpperCase()}/results`)).toEqual(gone);
  });

  it('still answers the batch itself, and 404 to another key', async () => {
    expect(await get(`/batches/${sandboxBatch}`)).toEqual({
      status: 200,
      body: { batchId: sandboxBatch, status: 'completed', batchSize: SIZE, submittedAt: expect.any(String) },
    });
    expect(await get(`/batches/${sandboxBatch}/results`, keys.globexSandbox)).toEqual({
      status: 404,
      body: { details: 'Batch job not found.' },
    });
  });

  it("keeps the results of an environment whose period is longer (production's 60 days)", async () => {
    const whole = await get(`/batches/${productionBatch}/results`, keys.acmeProduction);
    expect(whole.status).toBe(200);
    expect(whole.body.results).toHaveLength(SIZE);
    const page = await get(`/batches/${productionBatch}/results?limit=5`, keys.acmeProduction);
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(5);
  });

  it('counts the batch on /metrics', async () => {
    const response = await server.request('/metrics', { key: null, headers: { 'x-admin-key': adminKey } });
    const text = await response.text();
    expect(text).toContain('txenrich_retention_pruned_total{records="batchResults"} 1\n');
    // The enrichments of the sandbox batch are 31 days old: production's, 31 as well, are not 180.
    expect(text).toContain('txenrich_retention_pruned_total{records="enrichments"} 0\n');
  });
});
