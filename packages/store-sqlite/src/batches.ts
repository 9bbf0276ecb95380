/**
 * Batches in the SQLite store: their items, their results a chunk at a time (both written by
 * `batch-writes.ts`), their end and callback.
 */
import {
  type BatchMethods,
  type BatchRow,
  batchColumns,
  batchNotFound,
  chunksOfPage,
  isFinished,
  type NewDelivery,
  type PackedChunk,
  pageOfChunks,
  resultsReadable,
  toBatch,
  unpackChunk,
} from '@txenrich/service';
import type { BatchWrites } from './batch-writes.js';
import type { StoreContext } from './operations.js';

type ScopeParams = [tenant: string, environment: string];

/** The large writes of batches (`batch-writes.ts`): on this connection, or answered by the batch writer thread. */
export type LargeBatchWrites = {
  [Name in keyof BatchWrites]: (
    ...args: Parameters<BatchWrites[Name]>
  ) => ReturnType<BatchWrites[Name]> | Promise<ReturnType<BatchWrites[Name]>>;
};

export function createBatches(
  { db, op, write }: StoreContext,
  large: LargeBatchWrites,
  insertDelivery: (delivery: NewDelivery) => void,
): BatchMethods {
  const s = {
    batch: db.prepare<[id: string], BatchRow>(`SELECT ${batchColumns} FROM batches WHERE id = ?`),
    scopedBatch: db.prepare<[id: string, ...ScopeParams], BatchRow>(
      `SELECT ${batchColumns} FROM batches WHERE id = ? AND tenant = ? AND environment = ?`,
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
    createBatch: write('createBatch', large.createBatch),

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

    saveBatchChunk: write('saveBatchChunk', large.saveBatchChunk),

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
