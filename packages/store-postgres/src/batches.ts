/**
 * Batches in the Postgres store: their items, their results a chunk at a
 * time, their end and callback. The methods that change a batch lock its row
 * first (`FOR UPDATE`), so that chunks saved at once by several processes
 * count without a gap, and a batch finishes, with its callback, once.
 */
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
  type Scope,
  toBatch,
  toIdempotentBatch,
  unpackChunk,
} from '@txenrich/service';
import { insertDelivery } from './deliveries.js';
import { activityAddInsert, enrichmentsInsert, scoped, seriesUpsertInsert } from './enrichments.js';
import { insertAll, lockKey, placeholder, type Query, type StoreContext } from './operations.js';

const insertBatchSql = insertStatement(batchInsert, placeholder);
const batchSql = `SELECT ${batchColumns} FROM batches WHERE id = $1`;

async function batchRow(query: Query, id: string, lock = ''): Promise<BatchRow | undefined> {
  return (await query<BatchRow>(`${batchSql} ${lock}`, [id])).rows[0];
}

/** The batch's row, locked until the transaction ends; rejects for an unknown id. */
async function lockBatch(tx: Query, id: string): Promise<BatchRow> {
  return (await batchRow(tx, id, 'FOR UPDATE')) ?? batchNotFound(id);
}

export function createBatches({ op, query, transaction }: StoreContext): BatchMethods {
  /** The packed chunks `first` to `last` (all from `first` without `last`), in order. */
  async function chunks(id: string, first: number, last = 2 ** 31 - 1): Promise<PackedChunk[]> {
    const { rows } = await query<PackedChunk>(
      `SELECT results, lengths FROM batch_chunks WHERE batch_id = $1 AND chunk_index BETWEEN $2 AND $3
       ORDER BY chunk_index`,
      [id, first, last],
    );
    return rows;
  }

  return {
    createBatch: op('createBatch', (batch: NewBatch) =>
      transaction(async (tx): Promise<IdempotentBatch | null> => {
        const idempotency = batch.idempotency;
        if (idempotency) {
          const { tenant, environment } = batch.scope;
          // Two submissions with one key, in any processes, check and insert one after the other.
          await lockKey(tx, 'idempotency', tenant, environment, idempotency.key);
          const { rows } = await tx<BatchRow & { request_hash: string }>(
            `SELECT ${batchColumns}, request_hash FROM batches
             WHERE tenant = $1 AND environment = $2 AND idempotency_key = $3 AND idempotency_created_at >= $4
             ORDER BY idempotency_created_at DESC, seq DESC LIMIT 1`,
            [tenant, environment, idempotency.key, idempotency.since],
          );
          if (rows[0]) return toIdempotentBatch(rows[0]);
        }
        await tx(insertBatchSql, batchInsert.values(batch));
        await tx('INSERT INTO batch_items (batch_id, items) VALUES ($1, $2)', [batch.id, batch.items]);
        return null;
      }),
    ),

    findBatch: op('findBatch', async (scope: Scope, id: string) => {
      const { rows } = await query<BatchRow>(`${batchSql} AND tenant = $2 AND environment = $3`, [
        id,
        scope.tenant,
        scope.environment,
      ]);
      return rows[0] ? toBatch(rows[0]) : null;
    }),

    batchItems: op('batchItems', async (id: string) => {
      const { rows } = await query<{ items: string }>('SELECT items FROM batch_items WHERE batch_id = $1', [
        id,
      ]);
      return rows[0]?.items ?? batchNotFound(id);
    }),

    startBatch: op('startBatch', async (id: string) => {
      const { rowCount } = await query(
        `UPDATE batches SET status = 'running' WHERE id = $1 AND status = 'pending'`,
        [id],
      );
      if (rowCount === 0 && (await batchRow(query, id)) === undefined) batchNotFound(id);
    }),

    saveBatchChunk: op('saveBatchChunk', (id: string, chunk: BatchChunk) =>
      transaction(async (tx) => {
        const batch = await lockBatch(tx, id);
        const { results, lengths } = packChunk(chunk.results);
        // A chunk stored before (by a process that died before finishing the batch) stays as it was.
        const { rowCount } = await tx(
          `INSERT INTO batch_chunks (batch_id, chunk_index, results, lengths) VALUES ($1, $2, $3, $4)
           ON CONFLICT (batch_id, chunk_index) DO NOTHING`,
          [id, chunk.index, results, lengths],
        );
        if (rowCount === 1) {
          const { scope } = toBatch(batch);
          await insertAll(tx, 'save_chunk', [
            enrichmentsInsert([{ scope, enrichments: chunk.enrichments }]),
            activityAddInsert(activityRows([{ scope, enrichments: chunk.enrichments }])),
            seriesUpsertInsert(scoped(scope, chunk.series)),
          ]);
        }
        // chunks_done counts the chunks stored from 0 without a gap: add those stored from it on.
        await tx(
          `WITH RECURSIVE run (next) AS (
             SELECT $2::int WHERE EXISTS (SELECT 1 FROM batch_chunks WHERE batch_id = $1 AND chunk_index = $2)
             UNION ALL
             SELECT run.next + 1 FROM run
             WHERE EXISTS (SELECT 1 FROM batch_chunks WHERE batch_id = $1 AND chunk_index = run.next + 1)
           )
           UPDATE batches SET chunks_done = $2 + (SELECT count(*) FROM run) WHERE id = $1`,
          [id, batch.chunks_done],
        );
      }),
    ),

    finishBatch: op(
      'finishBatch',
      (id: string, status: 'completed' | 'failed', finishedAt: number, callback: NewDelivery | null) =>
        transaction(async (tx) => {
          if (isFinished((await lockBatch(tx, id)).status)) return;
          await tx('UPDATE batches SET status = $1, finished_at = $2 WHERE id = $3', [
            status,
            finishedAt,
            id,
          ]);
          if (callback !== null) await insertDelivery(tx, callback);
        }),
    ),

    batchResults: op('batchResults', async (id: string) => {
      const results: string[] = [];
      if (!resultsReadable(await batchRow(query, id))) return results;
      for (const chunk of await chunks(id, 0)) unpackChunk(chunk, results);
      return results;
    }),

    batchResultsPage: op('batchResultsPage', async (id: string, offset: number, limit: number) => {
      const batch = await batchRow(query, id);
      if (!resultsReadable(batch) || limit < 1) return [];
      const { first, last } = chunksOfPage(offset, limit, batch.chunk_size);
      const results: string[] = [];
      for (const chunk of await chunks(id, first, last)) unpackChunk(chunk, results);
      return pageOfChunks(results, { offset, limit, first, chunkSize: batch.chunk_size });
    }),

    unfinishedBatches: op('unfinishedBatches', async () => {
      const { rows } = await query<BatchRow>(
        `SELECT ${batchColumns} FROM batches WHERE status IN ('pending', 'running') ORDER BY seq`,
      );
      return rows.map(toBatch);
    }),
  };
}
