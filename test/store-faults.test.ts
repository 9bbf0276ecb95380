/**
 * A store outage end to end: the SQLite file under a running server fails
 * for real (locked by another process, full, its connection closed), and the
 * API answers 503 with `Retry-After` and the store's code, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { closeShared, startServer, type TestServer } from './support/server.ts';

const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const batchOf = (size: number) => ({
  transactions: Array.from({ length: size }, (_, n) => ({ ...card, transactionId: `t${n}` })),
});

afterAll(closeShared);

/** A server whose store uses a connection the test holds too, to break it under the server. */
async function serverOnOwnConnection() {
  const dataDir = mkdtempSync(join(tmpdir(), 'txenrich-e2e-'));
  const db = new Database(join(dataDir, 'txenrich.db'));
  return { db, server: await startServer({}, { dataDir, database: db }) };
}

async function answer(server: TestServer, path: string, json?: unknown) {
  const response = await server.request(path, json === undefined ? {} : { json });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as unknown,
  };
}

describe('store faults', () => {
  it('answers 503 STORE_BUSY while another process holds the write lock, and recovers', async () => {
    const server = await startServer({}, { busyTimeoutMs: 100 });
    const locker = new Database(join(server.dataDir, 'txenrich.db'));
    try {
      locker.exec('BEGIN IMMEDIATE');
      const busy = {
        status: 503,
        retryAfter: '1',
        body: {
          details: 'The service is temporarily unavailable. Try again in 1 second.',
          code: 'STORE_BUSY',
        },
      };
      expect(await answer(server, '/transactions/cards/enrich', card)).toEqual(busy);
      expect(await answer(server, '/batches/transactions/cards/enrich', batchOf(2))).toEqual(busy);

      locker.exec('ROLLBACK');
      expect((await answer(server, '/transactions/cards/enrich', card)).status).toBe(200);
      expect(await answer(server, '/batches/transactions/cards/enrich', batchOf(2))).toMatchObject({
        status: 200,
        body: { status: 'pending', batchSize: 2 },
      });
    } finally {
      locker.close();
      await server.close();
    }
  }, 60_000);

  it('answers 503 STORE_FULL when the database may not grow', async () => {
    const { db, server } = await serverOnOwnConnection();
    try {
      db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
      expect(await answer(server, '/batches/transactions/cards/enrich', batchOf(1000))).toEqual({
        status: 503,
        retryAfter: '30',
        body: {
          details: 'The service is temporarily unavailable. Try again in 30 seconds.',
          code: 'STORE_FULL',
        },
      });
      db.pragma('max_page_count = 1073741823');
      expect((await answer(server, '/batches/transactions/cards/enrich', batchOf(1000))).status).toBe(200);
    } finally {
      await server.close();
      db.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers 503 STORE_UNAVAILABLE once the connection is closed under the server', async () => {
    const { db, server } = await serverOnOwnConnection();
    try {
      expect((await answer(server, '/transactions/cards/enrich', card)).status).toBe(200);
      db.close();
      const unavailable = {
        status: 503,
        retryAfter: '5',
        body: {
          details: 'The service is temporarily unavailable. Try again in 5 seconds.',
          code: 'STORE_UNAVAILABLE',
        },
      };
      expect(await answer(server, '/transactions/cards/enrich', card)).toEqual(unavailable);
      expect(await answer(server, '/batches/transactions/cards/enrich', batchOf(2))).toEqual(unavailable);
      expect(await answer(server, `/batches/${randomUUID()}`)).toEqual(unavailable);
    } finally {
      await server.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
