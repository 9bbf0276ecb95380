/**
 * Saving one batch chunk on a connection, in one transaction: its results,
 * enrichments, activity counts and series states, and the batch's
 * `chunksDone`. The same steps run on the store's connection (in memory) and
 * on the chunk writer thread's (a file: `chunk-writer.ts`).
 */
import {
  activityRows,
  type BatchChunk,
  type BatchRow,
  batchColumns,
  batchNotFound,
  packChunk,
  toBatch,
} from '@txenrich/service';
import type Database from 'better-sqlite3';
import { createEnrichmentSteps } from './enrichments.js';

/** Saves a chunk of batch `id` (see `Store.saveBatchChunk`); throws what the driver threw. */
export type ChunkSaver = (id: string, chunk: BatchChunk) => void;

export function createChunkSaver(db: Database.Database): ChunkSaver {
  const enrichments = createEnrichmentSteps(db);
  const s = {
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

  return db.transaction((id: string, chunk: BatchChunk) => {
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
  }).immediate;
}
