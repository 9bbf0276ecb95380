/**
 * The batch writer thread (started by `batch-writer.ts`): its own connection
 * to the store's file does the batches' large writes, one at a time in the
 * order sent, and answers each once committed, or with the `StoreError` of
 * its rollback. The connection is opened at the first write (again at the
 * next, when it could not be).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import {
  type BatchWriterSettings,
  toWireError,
  type Write,
  type WriteAnswer,
  type WriterReply,
  type WriterRequest,
} from './batch-writer-protocol.js';
import { type BatchWrites, createBatchWrites } from './batch-writes.js';
import { openWriterConnection } from './connection.js';
import { toStoreError } from './errors.js';

const { path, busyTimeoutMs } = workerData as BatchWriterSettings;
const port = parentPort!;
let db: Database.Database | null = null;
let writes: BatchWrites | null = null;

function opened(): BatchWrites {
  if (writes) return writes;
  const connection = openWriterConnection(path, busyTimeoutMs);
  try {
    writes = createBatchWrites(connection);
  } catch (error) {
    connection.close();
    throw error;
  }
  db = connection;
  return writes;
}

function run(write: Write): WriteAnswer {
  if (write.type === 'createBatch') return opened().createBatch(write.batch);
  opened().saveBatchChunk(write.batchId, write.chunk);
  return undefined;
}

port.on('message', (request: WriterRequest) => {
  if (request.type === 'close') {
    db?.close();
    port.close(); // nothing else holds the thread: it ends
    return;
  }
  let reply: WriterReply;
  try {
    reply = { id: request.id, answer: run(request.write) };
  } catch (error) {
    reply = { id: request.id, error: toWireError(toStoreError(request.write.type, error)) };
  }
  port.postMessage(reply);
});
