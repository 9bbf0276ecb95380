/**
 * U+0000 in what a client sends, over HTTP, on each store (Postgres's `text` cannot hold it, SQLite's
 * can): an identifier holding one (a body's id field, a path's userId, cardId or programId) is a 400
 * naming the field, on both stores alike; free text holding one (a descriptor, a description, custom
 * attributes, a trigger's merchant name, a report's description) is kept and answered, never a 500. A
 * callbackUrl holding one is a 400 too.
 */
import { featureNames } from '@txenrich/service';
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
import { storeKinds } from './support/test-stores.ts';

type Json = Record<string, unknown>;

const NUL = '\u0000';
const refused = ['Null characters are not allowed.'];
/** Dated, so that a userId's series are stored. */
const card = {
  merchantName: 'NETFLIX.COM',
  categoryCode: '4899',
  amount: '15.49',
  currencyCode: 'USD',
  occurredAt: '2025-01-02',
};
const everyFeature = {
  keys: testConfig().keys.map((key) => ({ ...key, features: [...featureNames] })),
};

afterAll(() => closeShared());

describe.each(storeKinds)('null characters on %s', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    // Callback hosts resolve to a public address, so that a callbackUrl is refused for itself alone.
    const resolveHost = async () => [{ address: '93.184.216.34', family: 4 }];
    server = await startServer(everyFeature, { store, resolveHost });
  }, 60_000);
  afterAll(() => server.close());

  async function call(path: string, init: { method?: string; json?: unknown; admin?: boolean } = {}) {
    const response = await server.request(path, {
      ...(init.method ? { method: init.method } : {}),
      ...(init.json === undefined ? {} : { json: init.json }),
      ...(init.admin ? { key: null, headers: { 'x-admin-key': adminKey } } : { key: keys.acmeSandbox }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  }

  it('refuses an identifier field holding one with a 400 naming it', async () => {
    const cases: Array<[string, Json, string]> = [
      ['/transactions/cards/enrich', { ...card, userId: `u${NUL}1` }, 'userId'],
      ['/transactions/cards/enrich', { ...card, transactionId: `t${NUL}` }, 'transactionId'],
      ['/transactions/cards/enrich', { ...card, cardId: NUL }, 'cardId'],
      ['/transactions/cards/enrich', { ...card, programId: `p${NUL}` }, 'programId'],
      [
        '/transactions/cards/enrich',
        { ...card, billingProfile: 'resell', organizationId: `o${NUL}` },
        'organizationId',
      ],
      [
        '/transactions/transfers/enrich',
        {
          userId: 'u1',
          accountId: `a${NUL}`,
          transactionType: 'ACH_DEPOSIT',
          description: 'PAYROLL',
          amount: 1,
        },
        'accountId',
      ],
      [
        '/transactions/universal/enrich',
        { userId: `${NUL}`, description: 'NETFLIX.COM', amount: 1 },
        'userId',
      ],
    ];
    for (const [path, json, field] of cases)
      expect(await call(path, { json }), field).toEqual({ status: 400, body: { [field]: refused } });
  });

  it("refuses a trigger's id and a trigger scope's path parameter holding one", async () => {
    const trigger = { id: `t${NUL}1`, merchantName: 'Netflix', website: 'netflix.com', action: {} };
    expect(
      await call('/merchant-action-triggers', { method: 'PUT', json: { merchantTriggers: [trigger] } }),
    ).toEqual({
      status: 400,
      body: { 'merchantTriggers.0.id': refused },
    });
    for (const [path, field] of [
      ['/users/u%00/merchant-action-triggers', 'userId'],
      ['/users/u1/cards/%00c/merchant-action-triggers', 'cardId'],
      ['/programs/p%00/merchant-action-triggers', 'programId'],
      ['/users/u%00/recurring', 'userId'],
    ] as const) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        if (path.endsWith('/recurring') && method !== 'GET') continue;
        const json = method === 'PUT' ? { merchantTriggers: [{ ...trigger, id: 't1' }] } : undefined;
        expect(await call(path, { method, ...(json ? { json } : {}) }), `${method} ${path}`).toEqual({
          status: 400,
          body: { [field]: refused },
        });
      }
    }
  });

  it('refuses a callbackUrl holding one (a URL parser would take it, percent-encoded)', async () => {
    const json = {
      transactions: [{ ...card, transactionId: 't1' }],
      callbackUrl: `https://example.com/a${NUL}`,
    };
    expect(await call('/batches/transactions/cards/enrich', { json })).toEqual({
      status: 400,
      body: { callbackUrl: refused },
    });
  });

  it('answers 404 for a batch, report or callback id holding one, like any unknown id', async () => {
    expect(await call('/batches/%00')).toEqual({ status: 404, body: { details: 'Batch job not found.' } });
    expect((await call('/batches/%00/results')).status).toBe(404);
    for (const path of ['/admin/reports/%00/reject', '/admin/callbacks/%00/replay'])
      expect((await call(path, { method: 'POST', admin: true, json: {} })).status, path).toBe(404);
  });

  it('keeps free text holding one: descriptors, descriptions, custom attributes, merchant triggers, reports', async () => {
    const customAttributes = { [`note${NUL}`]: `a${NUL}b` };
    const enriched = await call('/transactions/cards/enrich', {
      json: { ...card, merchantName: `NETFLIX${NUL}.COM`, userId: 'nul-user', customAttributes },
    });
    expect(enriched.status).toBe(200);
    expect(enriched.body.customAttributes).toEqual(customAttributes);
    const universal = await call('/transactions/universal/enrich', {
      json: { userId: 'nul-user', description: `SPOTIFY${NUL}USA`, amount: 9.99, occurredAt: '2025-01-02' },
    });
    expect(universal.status).toBe(200);
    const transfer = await call('/transactions/transfers/enrich', {
      json: {
        userId: 'nul-user',
        transactionType: 'ACH_DEPOSIT',
        description: `PAY${NUL}ROLL`,
        memo: NUL,
        amount: 5,
      },
    });
    expect(transfer.status).toBe(200);

    const report = await call('/transactions/report', {
      json: {
        enrichmentId: enriched.body.enrichmentId,
        errorDescription: `wrong${NUL}`,
        incorrectCounterparty: true,
      },
    });
    expect(report).toEqual({ status: 200, body: { details: 'Enrichment reported successfully.' } });

    const trigger = {
      id: 't1',
      merchantName: `Net${NUL}flix`,
      website: 'netflix.com',
      action: { note: NUL },
    };
    const put = await call('/users/nul-user/merchant-action-triggers', {
      method: 'PUT',
      json: { merchantTriggers: [trigger] },
    });
    expect(put.status).toBe(201);
    expect((await call('/users/nul-user/merchant-action-triggers')).body).toMatchObject({
      merchantTriggers: [{ id: 't1', action: { note: NUL } }],
    });
  });

  it('enriches a batch whose items hold one: an id is that item 400, free text is enriched', async () => {
    const submitted = await call('/batches/transactions/cards/enrich', {
      json: {
        transactions: [
          { ...card, transactionId: 'ok', userId: 'batch-user', merchantName: `SPOTIFY${NUL}` },
          { ...card, transactionId: 'bad', userId: `batch${NUL}user` },
        ],
      },
    });
    expect(submitted.status).toBe(200);
    const path = `/batches/${submitted.body.batchId as string}/results`;
    const done = await waitFor(
      () => call(path),
      (answer) => answer.status === 200,
    );
    const results = done.body.results as Json[];
    expect(results.map((result) => result.statusCode)).toEqual([200, 400]);
    expect(results[1]!.errors).toEqual({ userId: refused });
  });
});
