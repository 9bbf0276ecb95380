/**
 * A Postgres outage end to end: the server stops under a running service. The API answers 503
 * STORE_UNAVAILABLE with `Retry-After`, never a 500, `/readyz` fails while `/healthz` stays up; once
 * Postgres is back, the same requests succeed, with no restart of the service.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PostgresServer, startPostgresServer } from './support/postgres-server.ts';
import { closeShared, startServer, type TestServer, waitFor } from './support/server.ts';

const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const batch = { transactions: [{ ...card, transactionId: 't1' }] };

// A server of its own, to stop: the other tests' server stays up.
let postgres: PostgresServer;
let server: TestServer;
beforeAll(async () => {
  postgres = await startPostgresServer();
  server = await startServer({}, { store: 'postgres', postgresUrl: postgres.url });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await postgres?.stop();
  await closeShared();
});

async function answer(path: string, json?: unknown) {
  const response = await server.request(path, json === undefined ? {} : { json });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

it('answers 503 STORE_UNAVAILABLE while Postgres is down, and serves again once it is back', async () => {
  await waitFor(
    () => answer('/readyz'),
    (response) => response.status === 200,
  );
  expect((await answer('/transactions/cards/enrich', card)).status).toBe(200);

  await postgres.pause();
  const unavailable = {
    status: 503,
    retryAfter: '5',
    body: {
      details: 'The service is temporarily unavailable. Try again in 5 seconds.',
      code: 'STORE_UNAVAILABLE',
    },
  };
  expect(await answer('/transactions/cards/enrich', card)).toEqual(unavailable);
  expect(await answer('/batches/transactions/cards/enrich', batch)).toEqual(unavailable);
  expect(await answer(`/batches/${crypto.randomUUID()}`)).toEqual(unavailable);
  expect(await answer('/readyz')).toEqual({
    status: 503,
    retryAfter: null,
    body: { status: 'unavailable', checks: { store: 'STORE_UNAVAILABLE', catalog: 'ok' } },
  });
  expect((await answer('/healthz')).status).toBe(200);

  await postgres.resume();
  await waitFor(
    () => answer('/readyz'),
    (response) => response.status === 200,
  );
  expect((await answer('/transactions/cards/enrich', card)).status).toBe(200);
  const submitted = await answer('/batches/transactions/cards/enrich', batch);
  expect(submitted.status).toBe(200);
  const { batchId } = submitted.body as { batchId: string };
  await waitFor(
    async () => ((await answer(`/batches/${batchId}`)).body as { status: string }).status,
    (status) => status === 'completed',
  );
}, 120_000);
