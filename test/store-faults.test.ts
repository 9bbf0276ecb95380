/**
 * A store outage end to end: the SQLite file under a running server fails
 * for real (locked by another process, full, its connection closed, deleted),
 * and the API answers 503 with `Retry-After` and the store's code, never a
 * 500; a batch interrupted by a fault that passes resumes instead of failing;
 * a deleted database file makes `/readyz` fail and every write a 503.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '@txenrich/service';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { capturingLogger, type LogLine } from './support/logger.ts';
import { closeShared, startServer, type TestServer, waitFor } from './support/server.ts';

const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const batchOf = (size: number) => ({
  transactions: Array.from({ length: size }, (_, n) => ({ ...card, transactionId: `t${n}` })),
});

afterAll(closeShared);

/** A server whose store uses a connection the test holds too, to break it under the server. */
async function serverOnOwnConnection(options: { storeFaultDelayMs?: number; logger?: Logger } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'txenrich-e2e-'));
  const db = new Database(join(dataDir, 'txenrich.db'));
  return { db, server: await startServer({}, { dataDir, database: db, ...options }) };
}

/** Caps the database at its size now and `room` pages more (SQLite's own limit: a full disk, for real). */
const capAt = (db: Database.Database, room: number) =>
  db.pragma(`max_page_count = ${(db.pragma('page_count', { simple: true }) as number) + room}`);
const uncap = (db: Database.Database) => db.pragma('max_page_count = 1073741823');

/** Submits a batch of `size` cards and answers its id. */
async function submitBatch(server: TestServer, size: number): Promise<string> {
  const submitted = await answer(server, '/batches/transactions/cards/enrich', batchOf(size));
  expect(submitted.status).toBe(200);
  return (submitted.body as { batchId: string }).batchId;
}

const statusOf = async (server: TestServer, batchId: string) =>
  ((await answer(server, `/batches/${batchId}`)).body as { status: string }).status;

/** The store faults that interrupted a batch, as the service logged them. */
const interruptions = (lines: readonly LogLine[]) =>
  lines.filter((line) => line.message === 'batch interrupted by a store fault, will resume');

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

  it('resumes a batch interrupted by a full disk once there is room again, losing nothing', async () => {
    const { logger, lines } = capturingLogger();
    const { db, server } = await serverOnOwnConnection({ storeFaultDelayMs: 200, logger });
    try {
      // Room for the submitted items (about 40 pages), none for the first chunk's results (about 500).
      capAt(db, 100);
      const batchId = await submitBatch(server, 1500);
      // The first chunk's save fails (STORE_FULL) again and again: resumed after 200 and 400 ms...
      await waitFor(
        async () => interruptions(lines),
        (faults) => faults.length >= 2,
      );
      expect(interruptions(lines)[0]!.object).toMatchObject({ batch: batchId, err: { code: 'STORE_FULL' } });
      expect(await statusOf(server, batchId)).toBe('running');
      // ... and the disk has room again.
      uncap(db);
      await waitFor(
        () => statusOf(server, batchId),
        (status) => status !== 'running',
      );
      expect(await statusOf(server, batchId)).toBe('completed');
      const { body } = await answer(server, `/batches/${batchId}/results`);
      const results = (
        body as { results: Array<{ statusCode: number; transactionInfo: { transactionId: string } }> }
      ).results;
      expect(results.map((item) => item.transactionInfo.transactionId)).toEqual(
        batchOf(1500).transactions.map((item) => item.transactionId),
      );
      expect(results.every((item) => item.statusCode === 200)).toBe(true);
    } finally {
      await server.close();
      db.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails a batch whose store stays full past the retries', async () => {
    const { logger, lines } = capturingLogger();
    const { db, server } = await serverOnOwnConnection({ storeFaultDelayMs: 50, logger });
    try {
      capAt(db, 100);
      const batchId = await submitBatch(server, 1500);
      // Resumed after 50, 100, 200, 400 and 800 ms, then failed.
      await waitFor(
        () => statusOf(server, batchId),
        (status) => status !== 'running' && status !== 'pending',
      );
      expect(await statusOf(server, batchId)).toBe('failed');
      expect(interruptions(lines).map((line) => line.object.waitMs)).toEqual([50, 100, 200, 400, 800]);
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

  it('notices its database file deleted: /readyz fails and every write answers 503, while /healthz stays up', async () => {
    const server = await startServer();
    try {
      const ready = await waitFor(
        () => answer(server, '/readyz'),
        (response) => response.status === 200,
      );
      expect(ready.body).toEqual({ status: 'ready', checks: { store: 'ok', catalog: 'ok' } });
      expect((await answer(server, '/transactions/cards/enrich', card)).status).toBe(200);

      unlinkSync(join(server.dataDir, 'txenrich.db'));
      expect(await answer(server, '/readyz')).toEqual({
        status: 503,
        retryAfter: null,
        body: { status: 'unavailable', checks: { store: 'STORE_UNAVAILABLE', catalog: 'ok' } },
      });
      const unavailable = {
        status: 503,
        retryAfter: '5',
        body: {
          details: 'The service is temporarily unavailable. Try again in 5 seconds.',
          code: 'STORE_UNAVAILABLE',
        },
      };
      // Acknowledged before, though gone at the next start.
      expect(await answer(server, '/transactions/cards/enrich', card)).toEqual(unavailable);
      expect(await answer(server, '/batches/transactions/cards/enrich', batchOf(2))).toEqual(unavailable);
      expect(await answer(server, '/batches/transactions/cards/enrich?synchronous=true', batchOf(2))).toEqual(
        unavailable,
      );
      expect((await answer(server, '/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);
});
