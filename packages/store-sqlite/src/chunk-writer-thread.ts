/**
 * The chunk writer thread (started by `chunk-writer.ts`): its own connection
 * to the store's file saves batch chunks, one at a time in the order sent, and
 * answers each once committed, or with the `StoreError` of its rollback. The
 * connection is opened at the first save (again at the next, when it could
 * not be).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { type ChunkSaver, createChunkSaver } from './chunk-saver.js';
import {
  type ChunkWriterSettings,
  toWireError,
  type WriterReply,
  type WriterRequest,
} from './chunk-writer-protocol.js';
import { openWriterConnection } from './connection.js';
import { toStoreError } from './errors.js';

const { path, busyTimeoutMs } = workerData as ChunkWriterSettings;
const port = parentPort!;
let db: Database.Database | null = null;
let save: ChunkSaver | null = null;

function saver(): ChunkSaver {
  if (save) return save;
  const opened = openWriterConnection(path, busyTimeoutMs);
  try {
    save = createChunkSaver(opened);
  } catch (error) {
    opened.close();
    throw error;
  }
  db = opened;
  return save;
}

port.on('message', (request: WriterRequest) => {
  if (request.type === 'close') {
    db?.close();
    port.close(); // nothing else holds the thread: it ends
    return;
  }
  let reply: WriterReply;
  try {
    saver()(request.batchId, request.chunk);
    reply = { id: request.id };
  } catch (error) {
    reply = { id: request.id, error: toWireError(toStoreError('saveBatchChunk', error)) };
  }
  port.postMessage(reply);
});
