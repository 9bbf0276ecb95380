/**
 * What the edge bounds before anything is stored or echoed: deep bodies and items, oversized items,
 * custom attributes over their limits; and the small hardening of request ids, batch ids and
 * idempotent submissions.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShared, startServer, type TestServer, waitFor } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

const card = { merchantName: 'NETFLIX.COM', amount: 15.49 };
const deepText = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const depthMessage = ['Ensure the body nests no more than 32 levels deep.'];
const batchPaths = [
  '/batches/transactions/cards/enrich',
  '/batches/transactions/cards/enrich?synchronous=true',
];

async function postText(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await server.request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** How many batches the store holds, read from its file. */
function batchCount(): number {
  const db = new Database(join(server.dataDir, 'txenrich.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM batches').pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('deep nesting', () => {
  it.each(batchPaths)('%s answers 400 naming the item field nested 5,000 levels deep', async (path) => {
    const before = batchCount();
    const item = `{"transactionId":"t2","merchantName":"X","customAttributes":${deepText(5000)}}`;
    const answer = await postText(
      path,
      `{"transactions":[{"transactionId":"t1","merchantName":"X"},${item}]}`,
    );
    expect(answer).toEqual({ status: 400, body: { 'transactions.1.customAttributes': depthMessage } });
    const unknownField = `{"transactionId":"t1","merchantName":"X","extra":${deepText(5000)}}`;
    expect(await postText(path, `{"transactions":[${unknownField}]}`)).toEqual({
      status: 400,
      body: { 'transactions.0.extra': depthMessage },
    });
    const deepItem = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(await postText(path, `{"transactions":[${deepItem}]}`)).toEqual({
      status: 400,
      body: { 'transactions.0': depthMessage },
    });
    expect(batchCount()).toBe(before);
  });

  it('answers 400 for a single body and a trigger action nested too deep', async () => {
    expect(
      await postText('/transactions/cards/enrich', `{"merchantName":"X","memo":${deepText(100_000)}}`),
    ).toEqual({
      status: 400,
      body: { memo: depthMessage },
    });
    const trigger = `{"id":"t","merchantName":"X","website":"https://x.com","action":${deepText(40)}}`;
    const response = await server.request('/merchant-action-triggers', {
      method: 'PUT',
      body: `{"merchantTriggers":[${trigger}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ 'merchantTriggers.0.action': depthMessage });
  });
});

describe('oversized items and custom attributes', () => {
  it.each(batchPaths)(
    '%s refuses a 60 MB merchantName before anything is stored',
    async (path) => {
      const before = batchCount();
      const body = `{"transactions":[{"transactionId":"t1","merchantName":"${'x'.repeat(60 * 1024 * 1024)}"}]}`;
      expect(await postText(path, body)).toEqual({
        status: 400,
        body: { 'transactions.0.merchantName': ['Ensure this field has no more than 1024 characters.'] },
      });
      expect(batchCount()).toBe(before);
    },
    30_000,
  );

  it('echoes an invalid item’s custom attributes only when they pass their limits', async () => {
    const tooLong = { note: 'x'.repeat(251) };
    const tooMany = Object.fromEntries(Array.from({ length: 31 }, (_, index) => [`k${index}`, 'v']));
    const { status, body } = await postText(
      '/batches/transactions/cards/enrich?synchronous=true',
      JSON.stringify({
        transactions: [
          { transactionId: 'a', customAttributes: { ref: 'A-19' } },
          { transactionId: 'b', customAttributes: tooLong },
          { transactionId: 'c', customAttributes: tooMany },
          { transactionId: 'd', customAttributes: { nested: { a: 'b' } } },
        ],
      }),
    );
    expect(status).toBe(200);
    const results = body.results as Array<Record<string, unknown>>;
    expect(results.map((result) => [result.statusCode, result.customAttributes])).toEqual([
      [400, { ref: 'A-19' }],
      [400, undefined],
      [400, undefined],
      [400, undefined],
    ]);
    expect(results[1]?.errors).toEqual({
      merchantName: ['This field is required.'],
      'customAttributes.note': ['Ensure this field has no more than 250 characters.'],
    });
  });

  it('keeps the echo bounded in the stored results of a batch too', async () => {
    const tooMany = Object.fromEntries(
      Array.from({ length: 1000 }, (_, index) => [`k${index}`, 'v'.repeat(20)]),
    );
    const submitted = await postText(
      '/batches/transactions/cards/enrich',
      JSON.stringify({ transactions: [{ transactionId: 'a', customAttributes: tooMany }] }),
    );
    const batchId = submitted.body.batchId as string;
    const results = await waitFor(
      async () => server.request(`/batches/${batchId}/results`),
      (response) => response.status === 200,
    );
    const text = await results.text();
    expect(text.length).toBeLessThan(1000);
    expect(JSON.parse(text).results[0]).not.toHaveProperty('customAttributes');
  });
});

describe('request ids, batch ids and idempotent bodies', () => {
  it('echoes a safe X-Request-Id and replaces a long or unsafe one', async () => {
    const echoed = await server.request('/healthz', { headers: { 'x-request-id': 'client-req-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-req-42');
    for (const id of ['x'.repeat(8000), 'two words', 'a"b'])
      expect(
        (await server.request('/healthz', { headers: { 'x-request-id': id } })).headers.get('x-request-id'),
      ).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('finds a batch by its id in upper case', async () => {
    const submitted = await postText(
      '/batches/transactions/cards/enrich',
      JSON.stringify({ transactions: [{ transactionId: 'u1', ...card }] }),
    );
    const batchId = submitted.body.batchId as string;
    const upper = await server.request(`/batches/${batchId.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(await upper.json()).toMatchObject({ batchId });
    const results = await waitFor(
      async () => server.request(`/batches/${batchId.toUpperCase()}/results`),
      (response) => response.status === 200,
    );
    expect(await results.json()).toMatchObject({ batchId, results: [{ statusCode: 200 }] });
  });

  it('answers the original batch to an Idempotency-Key retried with its keys in another order', async () => {
    const headers = { 'idempotency-key': `key-${crypto.randomUUID()}` };
    const first = await postText(
      '/batches/transactions/cards/enrich',
      '{"transactions":[{"transactionId":"i1","merchantName":"X","amount":1}]}',
      headers,
    );
    const reordered = await postText(
      '/batches/transactions/cards/enrich',
      '{"transactions":[{"amount":1,"merchantName":"X","transactionId":"i1"}]}',
      headers,
    );
    expect(reordered.status).toBe(200);
    expect(reordered.body.batchId).toBe(first.body.batchId);
    const other = await postText(
      '/batches/transactions/cards/enrich',
      '{"transactions":[{"amount":2,"merchantName":"X","transactionId":"i1"}]}',
      headers,
    );
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ details: 'This Idempotency-Key was used with a different request body.' });
  });
});
