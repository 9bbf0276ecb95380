/**
 * Abandoned callbacks end to end: a receiver that fails for the whole retry
 * window loses nothing for good; the operator sees the abandoned delivery
 * (`GET /admin/callbacks?state=abandoned`) and replays it once the receiver
 * is back (`POST /admin/callbacks/{id}/replay`), with the admin key only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  closeShared,
  keys,
  startReceiver,
  startServer,
  type TestServer,
  waitFor,
} from './support/server.ts';

type Json = Record<string, unknown>;

// The receiver answers 500 until the test empties this list.
const failures = Array.from({ length: 1000 }, () => 500);
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let server: TestServer;

beforeAll(async () => {
  receiver = await startReceiver(failures);
  // A retry window of 1.8 s, retries 100 ms apart (the outbox is polled every second).
  server = await startServer(
    { callbacks: { allowlist: ['127.0.0.1'], retryHours: 0.0005 } },
    { callbackBackoffMs: 100 },
  );
}, 60_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
  await closeShared();
});

async function admin(path: string, init: { method?: string; key?: string } = {}) {
  const response = await server.request(path, {
    ...(init.method ? { method: init.method } : {}),
    key: null,
    headers: { 'x-admin-key': init.key ?? adminKey },
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const callbacks = async (state: string) =>
  (await admin(`/admin/callbacks?state=${state}`)).body.callbacks as Json[];

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('abandoned callbacks', () => {
  it('are listed for the operator and replayed once the receiver is back', async () => {
    const submitted = await server.request('/batches/transactions/cards/enrich', {
      json: {
        transactions: [{ transactionId: 't1', merchantName: 'NETFLIX.COM', amount: '15.49' }],
        callbackUrl: receiver.url,
      },
    });
    const { batchId } = (await submitted.json()) as { batchId: string };

    const [abandoned] = await waitFor(
      () => callbacks('abandoned'),
      (list) => list.length === 1,
      20_000,
    );
    expect(abandoned).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'batch_callback',
      tenant: 'acme',
      environment: 'sandbox',
      url: receiver.url,
      state: 'abandoned',
      attempts: expect.any(Number),
      lastError: 'HTTP 500',
      createdAt: iso,
      nextAttemptAt: null,
      deliveredAt: null,
      abandonedAt: iso,
      replayedAt: null,
      body: { batchId, status: 'completed' },
    });
    const tried = receiver.received.length;
    expect(abandoned!.attempts).toBe(tried);
    expect(tried).toBeGreaterThanOrEqual(2);
    expect(await callbacks('pending')).toEqual([]);

    failures.length = 0; // the receiver is back
    const id = abandoned!.id as string;
    const replayed = await admin(`/admin/callbacks/${id}/replay`, { method: 'POST' });
    expect(replayed).toEqual({
      status: 200,
      body: {
        ...abandoned,
        state: 'pending',
        attempts: 0,
        nextAttemptAt: iso,
        abandonedAt: null,
        replayedAt: iso,
      },
    });
    const [delivered] = await waitFor(
      () => callbacks('delivered'),
      (list) => list.length === 1,
      10_000,
    );
    expect(delivered).toMatchObject({ id, state: 'delivered', attempts: 1, deliveredAt: iso });
    expect(receiver.received).toHaveLength(tried + 1);
    expect(receiver.received.at(-1)!.body).toEqual({ batchId, status: 'completed' });
    expect(await callbacks('abandoned')).toEqual([]);

    expect(await admin(`/admin/callbacks/${id}/replay`, { method: 'POST' })).toEqual({
      status: 409,
      body: { details: 'Only an abandoned callback can be replayed; this one is delivered.' },
    });
    expect(
      await admin('/admin/callbacks/00000000-0000-4000-8000-000000000000/replay', { method: 'POST' }),
    ).toEqual({ status: 404, body: { details: 'Callback not found.' } });
    expect((await admin('/admin/callbacks')).body.callbacks).toEqual([delivered]);
  }, 60_000);

  it('answer only the admin key, and name a bad query parameter', async () => {
    const forbidden = { status: 403, body: { details: 'Incorrect authentication credentials.' } };
    expect(await admin('/admin/callbacks', { key: 'wrong-admin-key-000000000000000' })).toEqual(forbidden);
    const withApiKey = await server.request('/admin/callbacks?state=abandoned', { key: keys.acmeSandbox });
    expect(withApiKey.status).toBe(403);
    expect(await admin('/admin/callbacks/x/replay', { method: 'POST', key: keys.acmeSandbox })).toEqual(
      forbidden,
    );

    expect(await admin('/admin/callbacks?state=lost')).toEqual({
      status: 400,
      body: { state: ['"lost" is not a valid choice.'] },
    });
    for (const [limit, message] of [
      ['0', 'Ensure this value is greater than or equal to 1.'],
      ['1001', 'Ensure this value is less than or equal to 1000.'],
      ['ten', 'A valid integer is required.'],
    ])
      expect(await admin(`/admin/callbacks?limit=${limit}`), limit).toEqual({
        status: 400,
        body: { limit: [message] },
      });
    expect((await admin('/admin/callbacks?state=delivered&limit=1')).status).toBe(200);
  });

  it('are described in the OpenAPI document the service serves', async () => {
    const document = (await (await server.request('/openapi.json', { key: null })).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.paths['/admin/callbacks']?.get?.security).toEqual([{ adminKey: [] }]);
    expect(document.paths['/admin/callbacks/{id}/replay']?.post?.security).toEqual([{ adminKey: [] }]);
    expect(document.paths['/readyz']?.get?.security).toEqual([]);
  });
});
