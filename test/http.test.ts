/**
 * The HTTP interface end to end: real socket, real SQLite, real worker threads. What keys of other tenants
 * and environments may not see is in tenant-isolation.test.ts, run on each store.
 */
import { createOpenApiDocument } from '@txenrich/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeShared,
  keys,
  startReceiver,
  startServer,
  type TestServer,
  waitFor,
  webhookToken,
} from './support/server.ts';

const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const forbidden = { details: 'Incorrect authentication credentials.' };

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { callbackBackoffMs: 50 });
}, 60_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

async function submit(path: string, json: unknown, key: string = keys.acmeSandbox) {
  const response = await server.request(path, { json, key });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function completed(batchId: string, key: string = keys.acmeSandbox) {
  return waitFor(
    async () => (await (await server.request(`/batches/${batchId}`, { key })).json()) as { status: string },
    (batch) => batch.status === 'completed' || batch.status === 'failed',
  );
}

describe('single enrichment', () => {
  it.each([
    ['/transactions/cards/enrich', card, 'Netflix'],
    ['/transactions/enrich', card, 'Netflix'],
    ['/transactions/cards/enrich/parse', { de43: 'NETFLIX.COM            866-579-7172 CA' }, 'Netflix'],
    ['/transactions/enrich/parse', { de43: 'NETFLIX.COM            866-579-7172 CA' }, 'Netflix'],
    [
      '/transactions/transfers/enrich',
      { userId: 'u1', transactionType: 'ACH_WITHDRAWAL', description: 'NETFLIX.COM PAYMENT', amount: 15.49 },
      'Netflix',
    ],
    [
      '/transactions/universal/enrich',
      { userId: 'u1', description: 'NETFLIX.COM 866-579-7172 CA', amount: -15.49 },
      'Netflix',
    ],
  ])('POST %s answers the enrichment', async (path, body, merchant) => {
    const { status, body: result } = await submit(path, body);
    expect(status).toBe(200);
    expect(result).toMatchObject({ enrichmentId: expect.any(String), counterparty: [{ name: merchant }] });
  });

  it('adds the explanation with ?explain=true, and answers 400 naming explain for another value', async () => {
    const line = { merchantName: 'CHECKCARD 0214 SPRINT MART HOUSTON TX 24445004045123456789012' };
    const plain = await submit('/transactions/cards/enrich', line);
    expect(plain.body).not.toHaveProperty('explanation');
    const { status, body } = await submit('/transactions/cards/enrich?explain=true', line);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      counterparty: [{ name: 'Sprint Mart', verified: false }],
      explanation: {
        anatomy: { wrapper: { id: 'wrapper.checkcard' }, name: 'SPRINT MART', location: { city: 'HOUSTON' } },
        rules: expect.arrayContaining(['wrapper.checkcard']),
        decision: expect.any(String),
      },
    });
    const wrong = await submit('/transactions/cards/enrich?explain=maybe', line);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ explain: [expect.any(String)] });
  });

  it('answers 403 without a key or with a wrong one', async () => {
    for (const key of [null, 'not-a-key']) {
      const response = await server.request('/transactions/cards/enrich', { json: card, key });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(forbidden);
    }
  });

  it('answers the field errors of an invalid body', async () => {
    const { status, body } = await submit('/transactions/cards/enrich', {
      amount: 'abc',
      currencyCode: 'ZZZ',
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      merchantName: ['This field is required.'],
      amount: ['A valid number is required.'],
      currencyCode: ['"ZZZ" is not a valid ISO 4217 currency code.'],
    });
  });

  it('answers 400 to a body that is not JSON or not sent as JSON, never a 500', async () => {
    const notJson = await server.request('/transactions/cards/enrich', {
      method: 'POST',
      body: '{"merchantName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ non_field_errors: [expect.stringMatching(/^JSON parse error/)] });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const wrongType = await server.request('/transactions/cards/enrich', {
        method: 'POST',
        body: 'merchantName=NETFLIX',
        headers: { 'content-type': contentType },
      });
      expect(wrongType.status).toBe(400);
      expect(await wrongType.json()).toEqual({ non_field_errors: [expect.stringMatching(/media type/)] });
    }
    const empty = await server.request('/transactions/cards/enrich', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const response = await server.request('/transactions/cards/enrich', {
      json: { ...card, memo: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ details: 'Request body is too large.' });
  });

  it('refuses billingProfile without the multi-source feature', async () => {
    const { status, body } = await submit('/transactions/cards/enrich', {
      ...card,
      billingProfile: 'standard',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ billingProfile: ['Multi-source is not enabled for this API key.'] });
    const allowed = await submit(
      '/transactions/cards/enrich',
      { ...card, billingProfile: 'standard' },
      keys.globexSandbox,
    );
    expect(allowed.status).toBe(200);
  });

  it('answers 404 with details for an unknown route', async () => {
    const response = await server.request('/transactions/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ details: 'Not found.' });
  });
});

describe('batches', () => {
  const batchPaths = [
    ['/batches/transactions/cards/enrich', { transactionId: 't1', ...card }],
    [
      '/batches/transactions/cards/enrich/parse',
      { transactionId: 't1', de43: 'NETFLIX.COM            866-579-7172 CA' },
    ],
    [
      '/batches/transactions/transfers/enrich',
      { transactionId: 't1', userId: 'u', transactionType: 'ACH_WITHDRAWAL', description: 'NETFLIX.COM' },
    ],
    [
      '/batches/transactions/universal/enrich',
      { transactionId: 't1', userId: 'u', description: 'NETFLIX.COM' },
    ],
  ] as const;

  it.each(batchPaths)('%s accepts a batch, runs it, and answers its results in order', async (path, item) => {
    const submitted = await submit(path, { transactions: [item, { transactionId: 't2' }] });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toEqual({
      batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'pending',
      batchSize: 2,
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    });
    const batchId = submitted.body.batchId as string;
    expect(await completed(batchId)).toMatchObject({ batchId, status: 'completed', batchSize: 2 });
    const results = await server.request(`/batches/${batchId}/results`);
    expect(results.status).toBe(200);
    const body = (await results.json()) as { batchId: string; results: Array<Record<string, unknown>> };
    expect(body.batchId).toBe(batchId);
    expect(body.results.map((result) => result.statusCode)).toEqual([200, 400]);
    expect(body.results[0]).toMatchObject({
      transactionInfo: { transactionId: 't1' },
      counterparty: [{ name: 'Netflix' }],
    });
    expect(body.results[1]).toMatchObject({
      transactionInfo: { transactionId: 't2' },
      errors: expect.any(Object),
    });
  });

  it.each(batchPaths)('OPTIONS %s describes the endpoint', async (path) => {
    const response = await server.request(path, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: expect.any(String),
      description: expect.any(String),
      renders: ['application/json'],
      parses: ['application/json'],
      synchronousMax: 100,
    });
  });

  it('fails the whole request on a duplicate transactionId', async () => {
    const { status, body } = await submit('/batches/transactions/cards/enrich', {
      transactions: [
        { transactionId: 'a', ...card },
        { transactionId: 'b', ...card },
        { transactionId: 'a', ...card },
      ],
    });
    expect(status).toBe(400);
    expect(body).toEqual({ transactions: ['Duplicate transactionId at index 2.'] });
  });

  it('answers 400 to a body without a transactions list', async () => {
    for (const json of [{}, { transactions: [] }, { transactions: 'x' }, []]) {
      const { status, body } = await submit('/batches/transactions/cards/enrich', json);
      expect(status).toBe(400);
      expect(Object.keys(body).length).toBeGreaterThan(0);
    }
  });

  it('enriches a microbatch inline, up to synchronousMax', async () => {
    const transactions = [
      { transactionId: 'm1', ...card },
      { transactionId: 'm2', merchantName: '' },
    ];
    const { status, body } = await submit('/batches/transactions/cards/enrich?synchronous=true', {
      transactions,
    });
    expect(status).toBe(200);
    expect((body.results as Array<{ statusCode: number }>).map((item) => item.statusCode)).toEqual([
      200, 400,
    ]);
    const tooMany = Array.from({ length: 101 }, (_, index) => ({ transactionId: `x${index}`, ...card }));
    const over = await submit('/batches/transactions/cards/enrich?synchronous=true', {
      transactions: tooMany,
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ transactions: ['Ensure this field has no more than 100 elements.'] });
  });

  it('runs a 50,000-item batch through to its results, 202 before', async () => {
    const transactions = Array.from({ length: 50_000 }, (_, index) => ({
      transactionId: `big-${index}`,
      merchantName: index % 2 ? 'STARBUCKS STORE 1234 SEATTLE WA' : 'SHELL OIL 12345678',
      amount: 5 + (index % 50),
      userId: `user-${index % 1000}`,
    }));
    const submitted = await submit('/batches/transactions/cards/enrich', { transactions });
    expect(submitted.status).toBe(200);
    const batchId = submitted.body.batchId as string;
    const early = await server.request(`/batches/${batchId}/results`);
    if (early.status === 202)
      expect(await early.json()).toEqual({ batchId, status: expect.stringMatching(/pending|running/) });
    else expect(early.status).toBe(200);
    expect((await completed(batchId)).status).toBe('completed');
    const body = (await (await server.request(`/batches/${batchId}/results`)).json()) as {
      results: Array<{ statusCode: number; transactionInfo: { transactionId: string } }>;
    };
    expect(body.results).toHaveLength(50_000);
    expect(body.results.every((item, index) => item.transactionInfo.transactionId === `big-${index}`)).toBe(
      true,
    );
    expect(body.results.every((item) => item.statusCode === 200)).toBe(true);
  }, 60_000);

  it('POSTs the callback with the webhook token, retrying a failing receiver', async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      const { body } = await submit('/batches/transactions/cards/enrich', {
        transactions: [{ transactionId: 'cb', ...card }],
        callbackUrl: receiver.url,
      });
      await waitFor(
        async () => receiver.received.length,
        (count) => count >= 3,
        20_000,
      );
      for (const delivery of receiver.received) {
        expect(delivery.headers['x-webhook-token']).toBe(webhookToken);
        expect(delivery.body).toEqual({ batchId: body.batchId, status: 'completed' });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('returns the original batch for a repeated Idempotency-Key, 409 for another body', async () => {
    const headers = { 'idempotency-key': `key-${crypto.randomUUID()}` };
    const json = { transactions: [{ transactionId: 'i1', ...card }] };
    const first = await server.request('/batches/transactions/cards/enrich', { json, headers });
    const again = await server.request('/batches/transactions/cards/enrich', { json, headers });
    const firstBody = (await first.json()) as { batchId: string };
    expect(((await again.json()) as { batchId: string }).batchId).toBe(firstBody.batchId);
    const other = await server.request('/batches/transactions/cards/enrich', {
      json: { transactions: [{ transactionId: 'i2', ...card }] },
      headers,
    });
    expect(other.status).toBe(409);
  });
});

describe('long batch bodies, read off the main thread', () => {
  // Over 1 MB: the body reaches the service as bytes, read on its intake thread by the same rules.
  const longBatch = (count: number, item: (index: number) => Record<string, unknown> = () => ({})) => ({
    transactions: Array.from({ length: count }, (_, index) => ({
      transactionId: `long-${index}`,
      ...card,
      description: `CARD PURCHASE ${'X'.repeat(120)}`,
      ...item(index),
    })),
  });
  const path = '/batches/transactions/cards/enrich';

  it('accepts one, and its results come back whole, in order', async () => {
    const json = longBatch(6_000);
    expect(JSON.stringify(json).length).toBeGreaterThan(1024 * 1024);
    const { status, body } = await submit(path, json);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'pending', batchSize: 6_000 });
    expect((await completed(body.batchId as string)).status).toBe('completed');
    const results = (await (await server.request(`/batches/${body.batchId}/results`)).json()) as {
      results: Array<{ transactionInfo: { transactionId: string }; counterparty: Array<{ name: string }> }>;
    };
    expect(results.results).toHaveLength(6_000);
    expect(results.results[0]).toMatchObject({
      transactionInfo: { transactionId: 'long-0' },
      counterparty: [{ name: 'Netflix' }],
    });
    expect(results.results[5_999]?.transactionInfo.transactionId).toBe('long-5999');
  });

  it('answers 400 naming the field: text that is not JSON, a duplicate id, a field the key may not send', async () => {
    const text = JSON.stringify(longBatch(6_000));
    const malformed = await server.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text.slice(0, -3),
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys((await malformed.json()) as object)).toEqual(['non_field_errors']);

    const duplicate = await submit(
      path,
      longBatch(6_000, (index) => (index === 5_999 ? { transactionId: 'long-12' } : {})),
    );
    expect(duplicate.status).toBe(400);
    expect(Object.keys(duplicate.body)).toEqual(['transactions']);

    const billed = longBatch(6_000, (index) => (index === 4_000 ? { billingProfile: 'retail' } : {}));
    const refused = await submit(path, billed);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toEqual(['transactions.4000.billingProfile']);
    // A key with the feature may send it.
    expect((await submit(path, billed, keys.globexSandbox)).status).toBe(200);
  });

  it('keeps an Idempotency-Key: the same body again (keys in another order) is the same batch; another, 409', async () => {
    const headers = { 'idempotency-key': `key-${crypto.randomUUID()}` };
    const json = longBatch(6_000);
    const reordered = {
      transactions: json.transactions.map(({ transactionId, ...rest }) => ({ ...rest, transactionId })),
    };
    const first = await server.request(path, { json, headers });
    const again = await server.request(path, { json: reordered, headers });
    expect(first.status).toBe(200);
    const { batchId } = (await first.json()) as { batchId: string };
    expect(((await again.json()) as { batchId: string }).batchId).toBe(batchId);
    const other = await server.request(path, { json: longBatch(6_001), headers });
    expect(other.status).toBe(409);
  });
});

describe('merchant search', () => {
  it('finds merchants by prefix and despite a typo, at most five, best first', async () => {
    for (const [name, expected] of [
      ['star', 'Starbucks'],
      ['starbuks', 'Starbucks'],
      ['wholef', 'Whole Foods Market'],
    ] as const) {
      const response = await server.request(`/corporations?name=${name}`);
      expect(response.status).toBe(200);
      const { corporations } = (await response.json()) as { corporations: Array<{ name: string }> };
      expect(corporations.length).toBeGreaterThan(0);
      expect(corporations.length).toBeLessThanOrEqual(5);
      expect(corporations[0]?.name).toBe(expected);
      for (const corporation of corporations)
        expect(Object.keys(corporation).sort()).toEqual(['logo', 'name', 'website']);
    }
  });

  it('answers 400 without a name and 403 without the feature', async () => {
    for (const path of ['/corporations', '/corporations?name=', '/corporations?name=%20']) {
      const response = await server.request(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ name: ['This field is required.'] });
    }
    const response = await server.request('/corporations?name=star', { key: keys.acmeProduction });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ details: 'Merchant search is not enabled for this API key.' });
  });
});

describe('rate limits', () => {
  it('answers the 11th batch request within a second with 429 and the RateLimit headers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 11 }, () =>
        server.request('/batches/transactions/cards/enrich?synchronous=true', {
          json: {},
          key: keys.globexSandbox,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    for (const response of responses) {
      expect(response.headers.get('ratelimit-limit')).toBe('10');
      expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(response.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
    }
    const limited = responses.find((response) => response.status === 429)!;
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({ details: expect.stringMatching(/^Request was throttled\./) });
  });
});

describe('meta', () => {
  it('serves the OpenAPI document and health without a key', async () => {
    const openApi = await server.request('/openapi.json', { key: null });
    expect(openApi.status).toBe(200);
    expect(await openApi.json()).toEqual(createOpenApiDocument());
    const health = await server.request('/healthz', { key: null });
    expect(await health.json()).toEqual({ status: 'ok', region: 'local' });
  });
});
