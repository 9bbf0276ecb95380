/**
 * Batches in the SQLite store: their items, their results a chunk at a time (saved by `chunk-saver.ts`),
 * their end and callback.
 */
import {
  type BatchChunk,
  type BatchMethods,
  type BatchRow,
  batchColumns,
  batchInsert,
  batchNotFound,
  chunksOfPage,
  type IdempotentBatch,
  insertStatement,
  isFinished,
  type NewBatch,
  type NewDelivery,
  type PackedChunk,
  pageOfChunks,
  resultsReadable,
  toBatch,
  toIdempotentBatch,
  unpackChunk,
} from '@txenrich/service';
import type { StoreContext } from './operations.js';

type ScopeParams = [tenant: string, environment: string];

export function createBatches(
  { db, op, write }: StoreContext,
  /** Saves a chunk: on this connection, or on the chunk writer thread's. */
  saveChunk: (id: string, chunk: BatchChunk) => void | Promise<void>,
  insertDelivery: (delivery: NewDelivery) => void,
): BatchMethods {
  const s = {
    insert: db.prepare(insertStatement(batchInsert, () => '?')),
    insertItems: db.prepare<[id: string, items: string]>(
      'INSERT INTO batch_items (batch_id, items) VALUES (?, ?)',
    ),
    batch: db.prepare<[id: string], BatchRow>(`SELECT ${batchColumns} FROM batches WHERE id = ?`),
    scopedBatch: db.prepare<[id: string, ...ScopeParams], BatchRow>(
      `SELECT ${batchColumns} FROM batches WHERE id = ? AND tenant = ? AND environment = ?`,
    ),
    byIdempotencyKey: db.prepare<
      [...ScopeParams, key: string, since: number],
      BatchRow & { request_hash: string }
    >(
      `SELECT ${batchColumns}, request_hash FROM batches
       WHERE tenant = ? AND environment = ? AND idempotency_key = ? AND idempotency_created_at >= ?
       ORDER BY idempotency_created_at DESC, seq DESC LIMIT 1`,
    ),
    items: db.prepare<[id: string], string>('SELECT items FROM batch_items WHERE batch_id = ?').pluck(),
    start: db.prepare<[id: string]>(
      `UPDATE batches SET status = 'running' WHERE id = ? AND status = 'pending'`,
    ),
    finish: db.prepare<[status: string, finishedAt: number, id: string]>(
      'UPDATE batches SET status = ?, finished_at = ? WHERE id = ?',
    ),
    chunks: db.prepare<[id: string], PackedChunk>(
      'SELECT results, lengths FROM batch_chunks WHERE batch_id = ? ORDER BY chunk_index',
    ),
    chunkRange: db.prepare<[id: string, first: number, last: number], PackedChunk>(
      `SELECT results, lengths FROM batch_chunks WHERE batch_id = ? AND chunk_index BETWEEN ? AND ?
       ORDER BY chunk_index`,
    ),
    unfinished: db.prepare<[], BatchRow>(
      `SELECT ${batchColumns} FROM batches WHERE status IN ('pending', 'running') ORDER BY seq`,
    ),
  };

  const requireBatch = (id: string): BatchRow => s.batch.get(id) ?? batchNotFound(id);

  return {
    createBatch: write(
      'createBatch',
      db.transaction((batch: NewBatch): IdempotentBatch | null => {
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
    ),

    findBatch: op('findBatch', (scope, id: string) => {
      const row = s.scopedBatch.get(id, scope.tenant, scope.environment);
      return row === undefined ? null : toBatch(row);
    }),

    batchItems: op('batchItems', (id: string) => s.items.get(id) ?? batchNotFound(id)),

    startBatch: write(
      'startBatch',
      db.transaction((id: string) => {
        if (s.start.run(id).changes === 0) requireBatch(id);
      }).immediate,
    ),

    saveBatchChunk: write('saveBatchChunk', saveChunk),

    finishBatch: write(
      'finishBatch',
      db.transaction(
        (id: string, status: 'completed' | 'failed', finishedAt: number, callback: NewDelivery | null) => {
          if (isFinished(requireBatch(id).status)) return;
          s.finish.run(status, finishedAt, id);
          if (callback !== null) insertDelivery(callback);
        },
      ).immediate,
    ),

    batchResults: op(
      'batchResults',
      db.transaction((id: string) => {
        const results: string[] = [];
        if (!resultsReadable(s.batch.get(id))) return results;
        for (const row of s.chunks.iterate(id)) unpackChunk(row, results);
        return results;
      }),
    ),

    batchResultsPage: op(
      'batchResultsPage',
      db.transaction((id: string, offset: number, limit: number) => {
        const batch = s.batch.get(id);
        if (!resultsReadable(batch) || limit < 1) return [];
        const { first, last } = chunksOfPage(offset, limit, batch.chunk_size);
        const results: string[] = [];
        for (const row of s.chunkRange.iterate(id, first, last)) unpackChunk(row, results);
        return pageOfChunks(results, { offset, limit, first, chunkSize: batch.chunk_size });
      }),
    ),

    unfinishedBatches: op('unfinishedBatches', () => s.unfinished.all().map(toBatch)),
  };
}
