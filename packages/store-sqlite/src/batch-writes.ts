/**
 * The two large writes of a batch, each one transaction on a connection: its
 * creation with its items (a 50,000-item submission is some 15 MB of text),
 * and the save of one chunk (its results, enrichments, activity counts and
 * series states, and the batch's `chunksDone`). The same steps run on the
 * store's connection (in memory) and on the batch writer thread's (a file:
 * `batch-writer.ts`).
 */
import {
  activityRows,
  type BatchChunk,
  type BatchRow,
  batchColumns,
  batchInsert,
  batchNotFound,
  type IdempotentBatch,
  insertStatement,
  type NewBatch,
  packChunk,
  toBatch,
  toIdempotentBatch,
} from '@txenrich/service';
import type Database from 'better-sqlite3';
import { createEnrichmentSteps } from './enrichments.js';

type ScopeParams = [tenant: string, environment: string];

export interface BatchWrites {
  /** `Store.createBatch`; throws what the driver threw. */
  createBatch(batch: NewBatch): IdempotentBatch | null;
  /** `Store.saveBatchChunk`; throws what the driver threw. */
  saveBatchChunk(id: string, chunk: BatchChunk): void;
}

export function createBatchWrites(db: Database.Database): BatchWrites {
  const enrichments = createEnrichmentSteps(db);
  const s = {
    insert: db.prepare(insertStatement(batchInsert, () => '?')),
    insertItems: db.prepare<[id: string, items: string]>(
      'INSERT INTO batch_items (batch_id, items) VALUES (?, ?)',
    ),
    byIdempotencyKey: db.prepare<
      [...ScopeParams, key: string, since: number],
      BatchRow & { request_hash: string }
    >(
      `SELECT ${batchColumns}, request_hash FROM batches
       WHERE tenant = ? AND environment = ? AND idempotency_key = ? AND idempotency_created_at >= ?
       ORDER BY idempotency_created_at DESC, seq DESC LIMIT 1`,
    ),
    batch: db.prepare<[id: string], BatchRow>(`SELECT ${batchColumns} FROM batches WHERE id = ?`),
    insertChunk: db.prepare<[id: string, index: number, results: string, lengths: Buffer]>(
      `INSERT INTO batch_chunks (batch_id, chunk_index, results, lengths) VALUES (?, ?, ?, ?)
       ON CONFLICT (batch_id, chunk_index) DO NOTHING`,
    ),
    chunkStored: db
      .prepare<[id: string, index: number], number>(
        'SELECT 1 FROM batch_chunks WHERE batch_id = ? AND chunk_index = ?',
      )
      .pluck(),
    setChunksDone: db.prepare<[chunksDone: number, id: string]>(
      'UPDATE batches SET chunks_done = ? WHERE id = ?',
    ),
  };

  return {
    createBatch: db.transaction((batch: NewBatch): IdempotentBatch | null => {
      const idempotency = batch.idempotency;
      if (idempotency) {
        const { tenant, environment } = batch.scope;
        const earlier = s.byIdempotencyKey.get(tenant, environment, idempotency.key, idempotency.since);
        if (earlier) return toIdempotentBatch(earlier);
      }
      s.insert.run(...batchInsert.values(batch));
      s.insertItems.run(batch.id, batch.items);
      return null;
    }).immediate,

    saveBatchChunk: db.transaction((id: string, chunk: BatchChunk) => {
      const batch = s.batch.get(id) ?? batchNotFound(id);
      const { results, lengths } = packChunk(chunk.results);
      // A chunk stored before (by a process that died before finishing the batch) stays as it was.
      if (s.insertChunk.run(id, chunk.index, results, lengths).changes === 1) {
        const scope = toBatch(batch).scope;
        enrichments.insertEnrichments(scope, chunk.enrichments);
        enrichments.countActivity(activityRows([{ scope, enrichments: chunk.enrichments }]));
        enrichments.upsertSeries(scope, chunk.series);
      }
      let done = batch.chunks_done;
      while (s.chunkStored.get(id, done) !== undefined) done++;
      if (done !== batch.chunks_done) s.setChunksDone.run(done, id);
    }).immediate,
  };
}
