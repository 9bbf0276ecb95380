/** Batches in the SQLite store: their items, their results a chunk at a time, their end and callback. */
import {
  activityRows,
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
  packChunk,
  pageOfChunks,
  resultsReadable,
  toBatch,
  toIdempotentBatch,
  unpackChunk,
} from '@txenrich/service';
import type { EnrichmentSteps } from './enrichments.js';
import type { StoreContext } from './operations.js';

type ScopeParams = [tenant: string, environment: string];

export function createBatches(
  { db, op, write }: StoreContext,
  enrichments: EnrichmentSteps,
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

    saveBatchChunk: write(
      'saveBatchChunk',
      db.transaction((id: string, chunk: BatchChunk) => {
        const batch = requireBatch(id);
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
    ),

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
