/** Merchant action triggers end to end: registration rules over HTTP, and their actions in enrichments. */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MerchantTrigger } from '@txenrich/schema';
import { type Scope, triggerPages } from '@txenrich/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShared, keys, startServer, type TestServer, testConfig, waitFor } from './support/server.ts';

/** A tenant of its own for the account scope and background writes, so they touch no other test. */
const initechKey = 'initech-sandbox-key-000000000001';
const initech: Scope = { tenant: 'initech', environment: 'sandbox' };
const config = {
  keys: [
    ...testConfig().keys,
    { key: initechKey, tenant: 'initech', environment: 'sandbox' as const, features: ['triggers' as const] },
  ],
};

const inProgress = { details: 'An action trigger registration is already in progress for this scope.' };
const noTriggers = { details: 'No action triggers exist for this scope' };

const netflix = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const starbucks = { merchantName: 'STARBUCKS STORE 1234 SEATTLE WA', categoryCode: '5814', amount: 4.5 };

function trigger(id: string, name: 'Netflix' | 'Starbucks' | 'PayPal', type = 'BLOCK') {
  const website = { Netflix: 'netflix.com', Starbucks: 'https://www.starbucks.com', PayPal: 'paypal.com' }[
    name
  ];
  return { id, merchantName: name, website, level: 'corporation', action: { type, note: id } };
}

/** `count` distinct triggers with ids `<prefix>-<n>`. */
const many = (prefix: string, count: number): MerchantTrigger[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    merchantName: `Merchant ${index}`,
    website: `merchant-${index}.example`,
    action: { type: 'NOTIFY' },
    level: 'location',
  }));

let server: TestServer;
beforeAll(async () => {
  server = await startServer(config);
}, 60_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

async function call(path: string, method: string, json?: unknown, key: string = keys.acmeSandbox) {
  const response = await server.request(path, { method, key, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function enrich(body: Record<string, unknown>, key: string = keys.acmeSandbox) {
  const { status, body: result } = await call('/transactions/cards/enrich', 'POST', body, key);
  expect(status).toBe(200);
  return result as { actions: Array<Record<string, unknown>> | null; enrichmentId: string };
}

describe('registration', () => {
  it('answers 403 to a key without the feature, before reading the body', async () => {
    const denied = { details: 'Merchant action triggers is not enabled for this API key.' };
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const json = method === 'PUT' ? { merchantTriggers: [trigger('t', 'Netflix')] } : undefined;
      const response = await call('/merchant-action-triggers', method, json, keys.acmeProduction);
      expect(response).toEqual({ status: 403, body: denied });
    }
    const noKey = await server.request('/merchant-action-triggers', { key: null });
    expect(noKey.status).toBe(403);
  });

  it('answers 404 with the details body for a scope that never had triggers', async () => {
    for (const path of [
      '/merchant-action-triggers',
      '/programs/never/merchant-action-triggers',
      '/users/never/merchant-action-triggers',
      '/users/never/cards/c1/merchant-action-triggers',
    ]) {
      expect(await call(path, 'GET')).toEqual({ status: 404, body: noTriggers });
      expect(await call(path, 'DELETE')).toEqual({ status: 404, body: noTriggers });
      expect(await call(path, 'PATCH', { operation: 'remove', triggerIds: ['x'] })).toEqual({
        status: 404,
        body: noTriggers,
      });
    }
  });

  it('versions every PUT, PATCH and DELETE; PATCH add upserts by id, remove ignores unknown ids', async () => {
    const path = '/programs/p-versions/merchant-action-triggers';
    expect(await call(path, 'PUT', { merchantTriggers: [trigger('a', 'Netflix')] })).toEqual({
      status: 201,
      body: { status: 'succeeded', version: 1 },
    });
    expect(await call(path, 'GET')).toEqual({
      status: 200,
      body: {
        status: 'succeeded',
        version: 1,
        merchantTriggers: [{ id: 'a', action: { type: 'BLOCK', note: 'a' } }],
        totalCount: 1,
      },
    });
    const added = await call(path, 'PATCH', {
      operation: 'add',
      merchantTriggers: [trigger('b', 'Starbucks'), { ...trigger('a', 'Netflix'), action: { type: 'FLAG' } }],
    });
    expect(added).toEqual({ status: 201, body: { status: 'succeeded', version: 2 } });
    expect((await call(path, 'GET')).body).toMatchObject({
      version: 2,
      merchantTriggers: [
        { id: 'a', action: { type: 'FLAG' } },
        { id: 'b', action: { type: 'BLOCK', note: 'b' } },
      ],
      totalCount: 2,
    });
    const removed = await call(path, 'PATCH', { operation: 'remove', triggerIds: ['a', 'unknown'] });
    expect(removed).toEqual({ status: 200, body: { status: 'succeeded', version: 3 } });
    expect((await call(path, 'GET')).body).toMatchObject({ version: 3, totalCount: 1 });
    expect(await call(path, 'DELETE')).toEqual({ status: 204, body: null });
    expect((await call(path, 'GET')).body).toEqual({
      status: 'succeeded',
      version: 4,
      merchantTriggers: [],
      totalCount: 0,
    });
    expect((await call(path, 'PUT', { merchantTriggers: [trigger('c', 'Netflix')] })).body).toEqual({
      status: 'succeeded',
      version: 5,
    });
  });

  it('answers field errors for an invalid body', async () => {
    const path = '/programs/p-invalid/merchant-action-triggers';
    const noPlace = { id: 'x', merchantName: 'Netflix', action: { type: 'BLOCK' } };
    expect(await call(path, 'PUT', { merchantTriggers: [noPlace] })).toEqual({
      status: 400,
      body: { 'merchantTriggers.0.website': ['This field is required unless address or city is given.'] },
    });
    expect(await call(path, 'PUT', { merchantTriggers: [] })).toEqual({
      status: 400,
      body: { merchantTriggers: ['This list may not be empty.'] },
    });
    expect(await call(path, 'PATCH', { operation: 'replace' })).toEqual({
      status: 400,
      body: { operation: ['"replace" is not a valid choice.'] },
    });
    expect(await call(path, 'GET')).toEqual({ status: 404, body: noTriggers });
  });

  it('holds user and card scopes to 100 active triggers', async () => {
    const tooMany = { merchantTriggers: many('u', 101) };
    const limit = { merchantTriggers: ['Ensure this scope has no more than 100 active triggers.'] };
    expect(await call('/users/u-limit/merchant-action-triggers', 'PUT', tooMany)).toEqual({
      status: 400,
      body: limit,
    });
    const card = '/users/u-limit/cards/c-limit/merchant-action-triggers';
    expect((await call(card, 'PUT', { merchantTriggers: many('c', 100) })).status).toBe(201);
    // Upserting an id already there keeps the count; one more is over.
    expect((await call(card, 'PATCH', { operation: 'add', merchantTriggers: many('c', 1) })).status).toBe(
      201,
    );
    expect(await call(card, 'PATCH', { operation: 'add', merchantTriggers: many('new', 1) })).toEqual({
      status: 400,
      body: limit,
    });
    expect((await call(card, 'GET')).body).toMatchObject({ version: 2, totalCount: 100 });
  });

  it('holds any scope to 300,000 active triggers', async () => {
    // Seeded through the store: four HTTP requests of 100,000 would only make the test slow.
    const path = 'program:p-full';
    const seeded = await server.service.store.writeTriggers({
      scope: initech,
      path,
      pages: triggerPages(many('full', 300_000)),
      count: 300_000,
      status: 'succeeded',
      at: Date.now(),
    });
    expect(seeded).toEqual({ version: 1 });
    const route = '/programs/p-full/merchant-action-triggers';
    expect(
      await call(route, 'PATCH', { operation: 'add', merchantTriggers: many('more', 1) }, initechKey),
    ).toEqual({
      status: 400,
      body: { merchantTriggers: ['Ensure this scope has no more than 300000 active triggers.'] },
    });
    await call(route, 'DELETE', undefined, initechKey);
  }, 60_000);

  it('processes a registration of more than 100 triggers in the background', async () => {
    const path = '/programs/p-background/merchant-action-triggers';
    const put = await call(path, 'PUT', { merchantTriggers: many('bg', 150) }, initechKey);
    expect(put).toEqual({ status: 201, body: { status: 'pending', version: 1 } });
    const done = await waitFor(
      async () => (await call(path, 'GET', undefined, initechKey)).body as { status: string },
      (state) => state.status !== 'pending' && state.status !== 'running',
    );
    expect(done).toMatchObject({ status: 'succeeded', version: 1, totalCount: 150 });
    const removed = await call(
      path,
      'PATCH',
      { operation: 'remove', triggerIds: many('bg', 101).map((item) => item.id) },
      initechKey,
    );
    expect(removed).toEqual({ status: 200, body: { status: 'pending', version: 2 } });
    await waitFor(
      async () => (await call(path, 'GET', undefined, initechKey)).body as { status: string },
      (state) => state.status === 'succeeded',
    );
    expect((await call(path, 'GET', undefined, initechKey)).body).toMatchObject({
      version: 2,
      totalCount: 49,
    });
  });

  it('answers 409 to any write while a registration is in progress, and resumes it after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'txenrich-triggers-'));
    let first: TestServer | null = await startServer(config, { dataDir });
    try {
      // A registration in progress, as a stopped process leaves it (the store's own state).
      await first.service.store.writeTriggers({
        scope: initech,
        path: 'program:p-busy',
        pages: triggerPages([trigger('busy', 'Netflix') as MerchantTrigger]),
        count: 1,
        status: 'pending',
        at: Date.now(),
      });
      const path = '/programs/p-busy/merchant-action-triggers';
      const request = (method: string, json?: unknown) =>
        first!
          .request(path, { method, key: initechKey, ...(json ? { json } : {}) })
          .then(async (response) => ({ status: response.status, body: await response.json() }));
      for (const [method, json] of [
        ['PUT', { merchantTriggers: [trigger('x', 'Netflix')] }],
        ['PATCH', { operation: 'add', merchantTriggers: [trigger('x', 'Netflix')] }],
        ['PATCH', { operation: 'remove', triggerIds: ['busy'] }],
        ['DELETE', undefined],
      ] as const) {
        expect(await request(method, json)).toEqual({ status: 409, body: inProgress });
      }
      expect(await request('GET')).toEqual({
        status: 200,
        body: { status: 'pending', version: 1, merchantTriggers: [], totalCount: 0 },
      });
      // Not succeeded: it does not apply.
      const pendingEnrichment = await first.request('/transactions/cards/enrich', {
        json: { ...netflix, programId: 'p-busy' },
        key: initechKey,
      });
      expect(((await pendingEnrichment.json()) as { actions: unknown }).actions).toBeNull();
      await first.close();
      first = await startServer(config, { dataDir });
      const resumed = await waitFor(
        () => request('GET'),
        (state) => (state.body as { status: string }).status === 'succeeded',
      );
      expect(resumed.body).toMatchObject({ version: 1, merchantTriggers: [{ id: 'busy' }], totalCount: 1 });
    } finally {
      await first?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('registers 100,000 triggers in the background, running then succeeded, without holding the event loop', async () => {
    // The server runs in this process: its event loop is this one.
    const path = '/programs/p-large/merchant-action-triggers';
    const scopePath = 'program:p-large';
    const body = Buffer.from(
      JSON.stringify({ merchantTriggers: [trigger('large-netflix', 'Netflix'), ...many('large', 99_999)] }),
    );
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const put = await server.request(path, {
      method: 'PUT',
      key: initechKey,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect({ status: put.status, body: await put.json() }).toEqual({
      status: 201,
      body: { status: 'pending', version: 1 },
    });
    // Statuses as the store has them (a GET would answer the 100,000 triggers once they apply).
    const seen = new Set<string>();
    await waitFor(
      async () => (await server.service.store.findTriggerScope(initech, scopePath))?.status,
      (status) => {
        if (status) seen.add(status);
        return status === 'succeeded' || status === 'failed';
      },
      120_000,
    );
    delay.disable();
    expect([...seen].filter((status) => status !== 'pending')).toEqual(['running', 'succeeded']);
    // Succeeded means applied: compiled already, so the next enrichment finds the action.
    const enrichment = await call(
      '/transactions/cards/enrich',
      'POST',
      { ...netflix, programId: 'p-large' },
      initechKey,
    );
    expect(
      (enrichment.body as { actions: Array<{ id: string }> }).actions.map((action) => action.id),
    ).toEqual(['large-netflix']);
    // The answer is written a page at a time: all of them, in order.
    const listed = (await call(path, 'GET', undefined, initechKey)).body as {
      merchantTriggers: Array<{ id: string }>;
    };
    expect(listed).toMatchObject({ status: 'succeeded', version: 1, totalCount: 100_000 });
    expect(listed.merchantTriggers.map((item) => item.id)).toEqual([
      'large-netflix',
      ...many('large', 99_999).map((item) => item.id),
    ]);
    // Before, reading the request and compiling the list held the thread for seconds at a time; now
    // nothing holds it for more than a page (about 25 ms here, with the test's own client in this process).
    expect(delay.max / 1e6).toBeLessThan(200);
    await call(path, 'DELETE', undefined, initechKey);
  }, 180_000);

  it("reads bodies with Fastify's limit and errors: too large before reading, an empty body", async () => {
    const path = '/programs/p-bodies/merchant-action-triggers';
    /** A request written by hand: its Content-Length says what the test wants, not what it sends. */
    const raw = (contentLength: number, body: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const request = httpRequest(`${server.url}${path}`, {
          method: 'PUT',
          headers: {
            'x-api-key': initechKey,
            'content-type': 'application/json',
            'content-length': contentLength,
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        });
        request.on('error', reject);
        request.end(body);
      });
    expect(await raw(64 * 1024 * 1024 + 1, '')).toEqual({
      status: 413,
      body: { details: 'Request body is too large.' },
    });
    expect(await raw(0, '')).toEqual({
      status: 400,
      body: { non_field_errors: ['JSON parse error - the body is empty.'] },
    });
    expect(await call(path, 'GET', undefined, initechKey)).toEqual({ status: 404, body: noTriggers });
  });

  it('reads a long PATCH body off the main thread: add upserts, remove answers 200, errors name the field', async () => {
    const path = '/programs/p-long-patch/merchant-action-triggers';
    const bodyOf = (json: unknown) => ({
      method: 'PATCH',
      key: initechKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    const answer = async (response: Response) => ({ status: response.status, body: await response.json() });
    // Over a megabyte each: handed to the service as bytes.
    const padded = (list: MerchantTrigger[]) =>
      list.map((item) => ({ ...item, merchantName: `${item.id} ${'x'.repeat(120)}` }));
    expect((await call(path, 'PUT', { merchantTriggers: many('p', 50) }, initechKey)).status).toBe(201);
    const added = await server.request(
      path,
      bodyOf({ operation: 'add', merchantTriggers: padded(many('p', 10_000)) }),
    );
    expect(await answer(added)).toEqual({ status: 201, body: { status: 'pending', version: 2 } });
    await waitFor(
      async () => (await server.service.store.findTriggerScope(initech, 'program:p-long-patch'))?.status,
      (status) => status === 'succeeded',
    );
    const ids = many('p', 10_000).map((item) => item.id);
    const removed = await server.request(
      path,
      bodyOf({ operation: 'remove', triggerIds: [...ids, 'x'.repeat(1_100_000)] }),
    );
    expect(await answer(removed)).toEqual({
      status: 400,
      body: { 'triggerIds.10000': ['Ensure this field has no more than 512 characters.'] },
    });
    const removedAll = await server.request(
      path,
      bodyOf({
        operation: 'remove',
        triggerIds: [...ids, 'y'.repeat(500), ...ids.map((id) => `${id}-padding-${'z'.repeat(100)}`)],
      }),
    );
    expect(await answer(removedAll)).toEqual({ status: 200, body: { status: 'pending', version: 3 } });
    await waitFor(
      async () => (await server.service.store.findTriggerScope(initech, 'program:p-long-patch'))?.status,
      (status) => status === 'succeeded',
    );
    expect((await call(path, 'GET', undefined, initechKey)).body).toMatchObject({
      version: 3,
      totalCount: 0,
    });
    const notJson = await server.request(path, {
      ...bodyOf(null),
      body: `{"operation": "add", ${' '.repeat(1_100_000)}`,
    });
    expect(await answer(notJson)).toEqual({
      status: 400,
      body: {
        non_field_errors: [
          'JSON parse error - the body is not valid JSON, or it holds a "__proto__" or "constructor.prototype" key.',
        ],
      },
    });
  }, 120_000);
});

describe('actions in enrichments', () => {
  beforeAll(async () => {
    const put = (path: string, merchantTriggers: unknown[], key: string = keys.acmeSandbox) =>
      call(path, 'PUT', { merchantTriggers }, key);
    await put('/merchant-action-triggers', [trigger('acct-paypal', 'PayPal', 'NOTIFY')], initechKey);
    await put('/users/u-alice/merchant-action-triggers', [trigger('alice-netflix', 'Netflix')]);
    await put('/users/u-carol/cards/c-1/merchant-action-triggers', [
      trigger('carol-starbucks', 'Starbucks', 'ALLOW_ONLY'),
    ]);
    await put('/programs/p-kids/merchant-action-triggers', [trigger('kids-netflix', 'Netflix')]);
  });

  it('fires a user-scope trigger only for that user', async () => {
    expect((await enrich({ ...netflix, userId: 'u-alice' })).actions).toEqual([
      {
        id: 'alice-netflix',
        type: 'merchant_trigger',
        action: { type: 'BLOCK', note: 'alice-netflix' },
        scope: 'user',
        source: 'counterparty',
        authRecommendation: 'BLOCK',
      },
    ]);
    expect((await enrich({ ...netflix, userId: 'u-bob' })).actions).toBeNull();
    expect((await enrich(netflix)).actions).toBeNull();
    expect((await enrich({ ...starbucks, userId: 'u-alice' })).actions).toBeNull();
  });

  it('ALLOW_ONLY allows its merchants and blocks every other one, on that card only', async () => {
    const carol = { userId: 'u-carol', cardId: 'c-1' };
    expect((await enrich({ ...starbucks, ...carol })).actions).toEqual([
      {
        id: 'carol-starbucks',
        type: 'merchant_trigger',
        action: { type: 'ALLOW_ONLY', note: 'carol-starbucks' },
        scope: 'card',
        source: 'counterparty',
        authRecommendation: 'ALLOW',
      },
    ]);
    expect((await enrich({ ...netflix, ...carol })).actions).toEqual([
      {
        id: 'allow-only-default',
        type: 'merchant_trigger',
        action: { type: 'ALLOW_ONLY' },
        scope: 'card',
        source: null,
        authRecommendation: 'BLOCK',
      },
    ]);
    expect((await enrich({ ...netflix, userId: 'u-carol', cardId: 'c-2' })).actions).toBeNull();
  });

  it('matches account triggers on third parties, passing other action types through', async () => {
    const { actions } = await enrich({ merchantName: 'PAYPAL *SPOTIFY', categoryCode: '5815' }, initechKey);
    expect(actions).toEqual([
      {
        id: 'acct-paypal',
        type: 'merchant_trigger',
        action: { type: 'NOTIFY', note: 'acct-paypal' },
        scope: 'account',
        source: 'third_party',
      },
    ]);
  });

  it('keeps triggers to their tenant and environment', async () => {
    expect((await enrich({ ...netflix, programId: 'p-kids' })).actions).toMatchObject([
      { id: 'kids-netflix' },
    ]);
    expect((await enrich({ ...netflix, programId: 'p-kids' }, keys.acmeProduction)).actions).toBeNull();
    expect((await enrich({ ...netflix, programId: 'p-kids' }, keys.globexSandbox)).actions).toBeNull();
    expect((await enrich({ merchantName: 'PAYPAL *SPOTIFY' })).actions).toBeNull();
  });

  it('adds the actions to microbatch and batch results', async () => {
    const transactions = [
      { transactionId: 't-alice', ...netflix, userId: 'u-alice' },
      { transactionId: 't-bob', ...netflix, userId: 'u-bob' },
      { transactionId: 't-kids', ...starbucks, programId: 'p-kids' },
      { transactionId: 't-carol', ...netflix, userId: 'u-carol', cardId: 'c-1' },
    ];
    const expected = [['alice-netflix'], null, null, ['allow-only-default']];
    const idsOf = (results: Array<{ actions: Array<{ id: string }> | null }>) =>
      results.map((result) => result.actions?.map((action) => action.id) ?? null);

    const micro = await call('/batches/transactions/cards/enrich?synchronous=true', 'POST', { transactions });
    expect(idsOf((micro.body as { results: [] }).results)).toEqual(expected);

    const submitted = await call('/batches/transactions/cards/enrich', 'POST', { transactions });
    const batchId = (submitted.body as { batchId: string }).batchId;
    await waitFor(
      async () => (await call(`/batches/${batchId}`, 'GET')).body as { status: string },
      (batch) => batch.status === 'completed',
    );
    const results = await call(`/batches/${batchId}/results`, 'GET');
    expect(idsOf((results.body as { results: [] }).results)).toEqual(expected);
  });

  it('stops firing once the scope is cleared', async () => {
    await call('/programs/p-kids/merchant-action-triggers', 'DELETE');
    expect((await enrich({ ...netflix, programId: 'p-kids' })).actions).toBeNull();
  });
});
