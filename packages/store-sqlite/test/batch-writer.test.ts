/**
 * A store on a file creates batches and saves their chunks on the batch writer
 * thread: the main thread goes on meanwhile (reads answer, timers fire) even
 * while a write waits for a lock, a write resolves once committed, its faults
 * come back as the port's `StoreError`s, and `close` waits for the writes
 * under way. In memory, they are made on the store's own connection.
 * (The thread runs built JavaScript: `pnpm build` first.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BatchChunk, NewBatch, Scope } from '@txenrich/service';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createBatchWriter } from '../src/batch-writer.js';
import { createSqliteStore } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-chunk-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const acme: Scope = { tenant: 'acme', environment: 'production' };
const batch: NewBatch = {
  id: 'b1',
  scope: acme,
  kind: 'card',
  size: 2,
  submittedAt: '2025-06-01T12:00:00.000000Z',
  callbackUrl: null,
  chunkSize: 1,
  items: '[{"merchantName":"A"},{"merchantName":"B"}]',
};
const chunk = (index: number, enrichmentId = `e${index}`): BatchChunk => ({
  index,
  results: [`{"n":${index}}`],
  enrichments: [{ enrichmentId, kind: 'card', request: '{}', createdAt: 1, counterpartyId: null }],
  series: [{ userId: 'u1', key: `k${index}`, state: '{}', revision: 1, lastDay: 1, seenAt: 1 }],
});

/** A store on a new file holding running batch b1, and a second connection to that file. */
async function storeOnFile(name: string, busyTimeoutMs = 5000) {
  const path = join(dir, `${name}.db`);
  const store = createSqliteStore({ path, busyTimeoutMs });
  await store.createBatch(batch);
  await store.startBatch('b1');
  return { store, other: new Database(path) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the batch writer thread', () => {
  it('saves a chunk while the main thread goes on, waiting for a lock another connection holds', async () => {
    const { store, other } = await storeOnFile('waits');
    other.exec('BEGIN IMMEDIATE');
    let saved = false;
    const saving = store.saveBatchChunk('b1', chunk(0)).then(() => {
      saved = true;
    });
    // On the main thread, the save would hold it until the busy timeout, and then fail: here reads
    // answer and timers fire meanwhile, and the save waits for the lock.
    await sleep(100);
    expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 0 });
    expect(saved).toBe(false);
    other.exec('ROLLBACK');
    await saving;
    expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 1 });
    expect(await store.findEnrichment(acme, 'e0')).toMatchObject({ enrichmentId: 'e0' });
    expect(await store.userSeries(acme, 'u1')).toEqual([{ key: 'k0', state: '{}', revision: 1 }]);
    other.close();
    await store.close();
  });

  it('answers STORE_BUSY with the driver code when the lock is held past the busy timeout, storing nothing', async () => {
    const { store, other } = await storeOnFile('busy', 100);
    other.exec('BEGIN IMMEDIATE');
    const refused = await store.saveBatchChunk('b1', chunk(0)).catch((error: unknown) => error);
    other.exec('ROLLBACK');
    expect(refused).toMatchObject({
      name: 'StoreError',
      code: 'STORE_BUSY',
      details: { operation: 'saveBatchChunk', sqliteCode: 'SQLITE_BUSY' },
      cause: { code: 'SQLITE_BUSY' },
    });
    expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 0 });
    // The lock is free: the same chunk is saved.
    await store.saveBatchChunk('b1', chunk(0));
    expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 1 });

    // A submission the same way.
    other.exec('BEGIN IMMEDIATE');
    expect(await store.createBatch({ ...batch, id: 'b2' }).catch((error: unknown) => error)).toMatchObject({
      code: 'STORE_BUSY',
      details: { operation: 'createBatch', sqliteCode: 'SQLITE_BUSY' },
    });
    other.exec('ROLLBACK');
    expect(await store.findBatch(acme, 'b2')).toBeNull();
    other.close();
    await store.close();
  });

  it('creates a batch while the main thread goes on, and answers the batch of an idempotency key used before', async () => {
    const { store, other } = await storeOnFile('create');
    const idempotency = { key: 'k1', requestHash: 'h1', createdAt: 5, since: 0 };
    other.exec('BEGIN IMMEDIATE');
    let created = false;
    const creating = store.createBatch({ ...batch, id: 'b2', idempotency }).then((answer) => {
      created = true;
      return answer;
    });
    await sleep(100);
    expect(created).toBe(false);
    other.exec('ROLLBACK');
    expect(await creating).toBeNull();
    expect(await store.batchItems('b2')).toBe(batch.items);
    expect(await store.createBatch({ ...batch, id: 'b3', idempotency })).toEqual({
      batch: expect.objectContaining({ id: 'b2', status: 'pending' }),
      requestHash: 'h1',
    });
    other.close();
    await store.close();
  });

  it('answers STORE_CONFLICT for an enrichment id stored twice, and STORE_NOT_FOUND for an unknown batch', async () => {
    const { store, other } = await storeOnFile('conflict');
    await store.saveBatchChunk('b1', chunk(0));
    expect(await store.saveBatchChunk('b1', chunk(1, 'e0')).catch((error: unknown) => error)).toMatchObject({
      code: 'STORE_CONFLICT',
      details: { operation: 'saveBatchChunk', sqliteCode: expect.stringMatching(/^SQLITE_CONSTRAINT/) },
    });
    expect(await store.saveBatchChunk('nope', chunk(0)).catch((error: unknown) => error)).toMatchObject({
      code: 'STORE_NOT_FOUND',
      details: { batchId: 'nope' },
    });
    expect(await store.findBatch(acme, 'b1')).toMatchObject({ chunksDone: 1 });
    other.close();
    await store.close();
  });

  it('closes after the saves under way are committed, and refuses saves once closed', async () => {
    const { store, other } = await storeOnFile('close');
    other.exec('BEGIN IMMEDIATE');
    const saving = store.saveBatchChunk('b1', chunk(0));
    setTimeout(() => other.exec('ROLLBACK'), 100);
    await store.close();
    await saving;
    expect(other.prepare('SELECT chunks_done FROM batches').pluck().get()).toBe(1);
    expect(await store.saveBatchChunk('b1', chunk(1)).catch((error: unknown) => error)).toMatchObject({
      code: 'STORE_UNAVAILABLE',
    });
    other.close();
  });

  it('fails the writes under way with STORE_UNAVAILABLE when its thread stops, and starts another', async () => {
    const path = join(dir, 'stopped.db');
    await createSqliteStore({ path }).close();
    const exiting = fileURLToPath(new URL('./fixtures/exiting-writer-thread.mjs', import.meta.url));
    const writer = createBatchWriter({ path, busyTimeoutMs: 100 }, exiting);
    const stopped = {
      name: 'StoreError',
      code: 'STORE_UNAVAILABLE',
      message: 'saveBatchChunk failed: the batch writer thread exited with code 3',
      details: { operation: 'saveBatchChunk' },
    };
    expect(await writer.saveBatchChunk('b1', chunk(0)).catch((error: unknown) => error)).toMatchObject(
      stopped,
    );
    // A second write is not sent to the thread that stopped (it would never answer): another starts.
    expect(await writer.saveBatchChunk('b1', chunk(0)).catch((error: unknown) => error)).toMatchObject(
      stopped,
    );
    expect(await writer.createBatch(batch).catch((error: unknown) => error)).toMatchObject({
      code: 'STORE_UNAVAILABLE',
      details: { operation: 'createBatch' },
    });
    await writer.close();
  });

  it('is not used in memory: batches are written on the store connection', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    await store.createBatch(batch);
    await store.saveBatchChunk('b1', chunk(0));
    await store.saveBatchChunk('b1', chunk(1));
    await store.finishBatch('b1', 'completed', 2, null);
    expect(await store.batchResults('b1')).toEqual(['{"n":0}', '{"n":1}']);
    await store.close();
  });
});
