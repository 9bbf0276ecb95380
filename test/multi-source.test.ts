/** Multi-source: billing fields only with the feature, and usage counted per billing profile, end to end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  closeShared,
  keys,
  startServer,
  type TestServer,
  testConfig,
  waitFor,
} from './support/server.ts';

/** A tenant of its own, so that its usage counts are exactly what these tests send. */
const umbrellaKey = 'umbrella-production-key-00000001';
const disabled = 'Multi-source is not enabled for this API key.';
const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const transfer = { userId: 'u1', transactionType: 'ACH_WITHDRAWAL', description: 'NETFLIX.COM PAYMENT' };
const standardA = { billingProfile: 'standard', organizationId: 'source-a' };
const standardB = { billingProfile: 'standard', organizationId: 'source-b' };
const resell = { billingProfile: 'resell', organizationId: 'client-1' };

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    keys: [
      ...testConfig().keys,
      { key: umbrellaKey, tenant: 'umbrella', environment: 'production', features: ['multiSource'] },
    ],
    // These tests send more batches in a second than the default limit lets through.
    rateLimits: { batchPerSecond: 1000, searchPerSecond: 20 },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

async function post(path: string, json: unknown, key: string, headers: Record<string, string> = {}) {
  const response = await server.request(path, { json, key, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function usageOf(tenant: string) {
  const response = await server.request('/admin/usage', { key: null, headers: { 'x-admin-key': adminKey } });
  expect(response.status).toBe(200);
  const { usage } = (await response.json()) as { usage: Array<Record<string, unknown>> };
  return usage.filter((row) => row.tenant === tenant);
}

describe('billing fields without the feature', () => {
  it.each(['/batches/transactions/cards/enrich', '/batches/transactions/cards/enrich?synchronous=true'])(
    'refuse the whole request at %s, naming each item field',
    async (path) => {
      const transactions = [
        { transactionId: 't0', ...card },
        { transactionId: 't1', ...card, ...resell },
        { transactionId: 't2', ...card, organizationId: 'source-a' },
      ];
      expect(await post(path, { transactions }, keys.acmeSandbox)).toEqual({
        status: 400,
        body: {
          'transactions.1.billingProfile': [disabled],
          'transactions.1.organizationId': [disabled],
          'transactions.2.organizationId': [disabled],
        },
      });
    },
  );

  it('are accepted with the feature, and validated per item', async () => {
    const { status, body } = await post(
      '/batches/transactions/cards/enrich?synchronous=true',
      {
        transactions: [
          { transactionId: 't1', ...card, ...resell },
          { transactionId: 't2', ...card, billingProfile: 'resell' },
        ],
      },
      keys.globexSandbox,
    );
    expect(status).toBe(200);
    const results = body.results as Array<{ statusCode: number; errors?: unknown }>;
    expect(results.map((result) => result.statusCode)).toEqual([200, 400]);
    expect(results[1]!.errors).toEqual({
      organizationId: ['This field is required when billingProfile is "resell".'],
    });
  });
});

describe('usage', () => {
  it('counts every enrichment request per billing profile, organization, endpoint and day', async () => {
    const single = '/transactions/cards/enrich';
    for (const body of [{ ...card, ...standardA }, { ...card, ...standardA }, { ...card, ...resell }, card])
      expect((await post(single, body, umbrellaKey)).status).toBe(200);
    // Refused requests are not counted.
    expect((await post(single, { ...card, billingProfile: 'wholesale' }, umbrellaKey)).status).toBe(400);

    const micro = await post(
      '/batches/transactions/cards/enrich?synchronous=true',
      {
        transactions: [
          { transactionId: 'm1', ...card, ...standardA },
          { transactionId: 'm2', ...card },
          { transactionId: 'm3', ...card, ...standardA },
          { transactionId: 'm4', merchantName: '' }, // invalid, still sent and answered: counted
          { transactionId: 'm5', ...card, ...standardA },
        ],
      },
      umbrellaKey,
    );
    expect(micro.status).toBe(200);

    const batch = {
      transactions: [
        { transactionId: 'b1', ...transfer, ...resell },
        { transactionId: 'b2', ...transfer, ...standardB },
        { transactionId: 'b3', ...transfer, ...resell },
      ],
    };
    const headers = { 'idempotency-key': 'usage-batch' };
    const path = '/batches/transactions/transfers/enrich';
    const submitted = await post(path, batch, umbrellaKey, headers);
    // The same submission again is the same batch: not counted twice.
    expect((await post(path, batch, umbrellaKey, headers)).body.batchId).toBe(submitted.body.batchId);
    await waitFor(
      async () => (await server.request(`/batches/${submitted.body.batchId}`, { key: umbrellaKey })).json(),
      (state) => (state as { status: string }).status === 'completed',
    );

    const day = new Date().toISOString().slice(0, 10);
    const row = (endpoint: string, billing: Record<string, string> | null, count: number) => ({
      tenant: 'umbrella',
      environment: 'production',
      billingProfile: billing?.billingProfile ?? null,
      organizationId: billing?.organizationId ?? null,
      endpoint,
      day,
      count,
    });
    const sorted = (rows: Array<Record<string, unknown>>) =>
      [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sorted(await usageOf('umbrella'))).toEqual(
      sorted([
        row('single.card', standardA, 2),
        row('single.card', resell, 1),
        row('single.card', null, 1),
        row('microbatch.card', standardA, 3),
        row('microbatch.card', null, 2),
        row('batch.transfer', resell, 2),
        row('batch.transfer', standardB, 1),
      ]),
    );
  });

  it('counts a key without the feature under no billing profile', async () => {
    const path = '/transactions/transfers/enrich';
    expect((await post(path, transfer, keys.acmeProduction)).status).toBe(200);
    expect((await post(path, { ...transfer, ...standardA }, keys.acmeProduction)).status).toBe(400);
    expect(await usageOf('acme')).toEqual([
      {
        tenant: 'acme',
        environment: 'production',
        billingProfile: null,
        organizationId: null,
        endpoint: 'single.transfer',
        day: new Date().toISOString().slice(0, 10),
        count: 1,
      },
    ]);
  });
});
