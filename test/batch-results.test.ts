/**
 * A batch's results end to end, over a socket, on a real SQLite file: the whole document (written a chunk
 * of results at a time) and its pages (`?limit=&cursor=`), with their 400s, 202 and 404.
 */
import { encodeResultsCursor, messages } from '@txenrich/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShared, keys, startServer, type TestServer, waitFor } from './support/server.ts';

/** More than two of the pool's chunks (1,000 items each). */
const SIZE = 2_500;
const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };

let server: TestServer;
let batchId: string;

async function get(path: string, key: string = keys.acmeSandbox) {
  const response = await server.request(path, { key });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const idsOf = (results: unknown) =>
  (results as Array<{ transactionInfo: { transactionId: string } }>).map(
    (item) => item.transactionInfo.transactionId,
  );

beforeAll(async () => {
  server = await startServer();
  const transactions = Array.from({ length: SIZE }, (_, index) => ({ ...card, transactionId: `t-${index}` }));
  const submitted = await server.request('/batches/transactions/cards/enrich', { json: { transactions } });
  batchId = ((await submitted.json()) as { batchId: string }).batchId;
  await waitFor(
    async () => (await get(`/batches/${batchId}`)).body.status,
    (status) => status === 'completed',
    120_000,
  );
}, 180_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

describe('GET /batches/{batchId}/results', () => {
  const inputOrder = Array.from({ length: SIZE }, (_, index) => `t-${index}`);

  it('answers the whole document without limit or cursor, every result in input order', async () => {
    const whole = await get(`/batches/${batchId}/results`);
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body)).toEqual(['batchId', 'results']);
    expect(whole.body.batchId).toBe(batchId);
    expect(idsOf(whole.body.results)).toEqual(inputOrder);
  }, 60_000);

  it('answers pages that follow one another through next, across chunks, until next is null', async () => {
    const whole = (await get(`/batches/${batchId}/results`)).body.results as unknown[];
    const pages: Array<Record<string, unknown>> = [];
    let path: string | null = `/batches/${batchId}/results?limit=700`;
    while (path) {
      const page = await get(path);
      expect(page.status).toBe(200);
      pages.push(page.body);
      const next = page.body.next as string | null;
      path = next === null ? null : `/batches/${batchId}/results?limit=700&cursor=${next}`;
    }
    expect(pages.map((page) => (page.results as unknown[]).length)).toEqual([700, 700, 700, 400]);
    expect(pages.map((page) => page.batchId)).toEqual(Array(4).fill(batchId));
    expect(pages.flatMap((page) => page.results as unknown[])).toEqual(whole);
    expect(pages.at(-1)!.next).toBeNull();
  }, 60_000);

  it('pages 1,000 results by default, and from the item a cursor names', async () => {
    const first = await get(`/batches/${batchId}/results?cursor=${encodeResultsCursor(batchId, 0)}`);
    expect(idsOf(first.body.results)).toEqual(inputOrder.slice(0, 1_000));
    expect(first.body.next).toBe(encodeResultsCursor(batchId, 1_000));
    const last = await get(
      `/batches/${batchId}/results?limit=5000&cursor=${encodeResultsCursor(batchId, 2_499)}`,
    );
    expect(last.body).toMatchObject({ batchId, next: null });
    expect(idsOf(last.body.results)).toEqual(['t-2499']);
  }, 60_000);

  it('answers 400 naming limit or cursor when either is not acceptable', async () => {
    const results = `/batches/${batchId}/results`;
    for (const [query, field, message] of [
      ['limit=0', 'limit', messages.minValue(1)],
      ['limit=5001', 'limit', messages.maxValue(5_000)],
      ['limit=ten', 'limit', messages.invalidInteger],
      ['limit=', 'limit', messages.invalidInteger],
      ['cursor=not-a-cursor', 'cursor', messages.invalidCursor],
      ['cursor=', 'cursor', messages.invalidCursor],
      [`cursor=${encodeResultsCursor(batchId, SIZE)}`, 'cursor', messages.invalidCursor],
      [
        `cursor=${encodeResultsCursor('a1e7c1d2-9b3f-4c8e-8d2a-5f6e7a8b9c0d', 1)}`,
        'cursor',
        messages.invalidCursor,
      ],
    ] as const)
      expect(await get(`${results}?${query}`)).toEqual({ status: 400, body: { [field]: [message] } });
  });

  it('answers 404 for an unknown or another key’s batch, and 202 for a page of a batch not completed', async () => {
    const notFound = { status: 404, body: { details: 'Batch job not found.' } };
    expect(await get('/batches/a1e7c1d2-9b3f-4c8e-8d2a-5f6e7a8b9c0d/results?limit=10')).toEqual(notFound);
    expect(await get(`/batches/${batchId}/results?limit=10`, keys.acmeProduction)).toEqual(notFound);
    // A batch the pool has not finished: queued behind one of 50,000 items.
    const many = Array.from({ length: 50_000 }, (_, index) => ({ ...card, transactionId: `m-${index}` }));
    await server.request('/batches/transactions/cards/enrich', { json: { transactions: many } });
    const submitted = await server.request('/batches/transactions/cards/enrich', {
      json: { transactions: [{ ...card, transactionId: 'late' }] },
    });
    const late = ((await submitted.json()) as { batchId: string }).batchId;
    const page = await get(`/batches/${late}/results?limit=10`);
    expect(page.status).toBe(202);
    expect(page.body).toMatchObject({ batchId: late, status: expect.stringMatching(/^(pending|running)$/) });
  }, 60_000);
});
