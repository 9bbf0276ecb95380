/**
 * The batches' large writes on a thread of their own. better-sqlite3 is
 * synchronous: a chunk of heavy users (its results, enrichments and series
 * states) written on the main thread held it for 100 to 900 ms, and a
 * 50,000-item submission's items about 100 ms; every request waited
 * meanwhile. The thread (`batch-writer-thread.ts`) has its own connection to
 * the same file (WAL: the store's connection keeps reading and writing beside
 * it, a write waiting for the other's lock up to the busy timeout), and a
 * write resolves once its transaction is committed.
 *
 * The thread starts at the first write and is ended by `close`, after the
 * writes under way. A thread that stopped (it crashed) fails the writes under
 * way with `STORE_UNAVAILABLE`, and the next write starts another.
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type IdempotentBatch, StoreError } from '@txenrich/service';
import {
  type BatchWriterSettings,
  fromWireError,
  type Write,
  type WriteAnswer,
  type WriterReply,
  type WriterRequest,
} from './batch-writer-protocol.js';
import type { LargeBatchWrites } from './batches.js';

// Workers run built JavaScript, also under tests (from src/ and from dist/, this names dist/).
const threadFilename = fileURLToPath(new URL('../dist/batch-writer-thread.js', import.meta.url));

export interface BatchWriter extends LargeBatchWrites {
  createBatch(...args: Parameters<LargeBatchWrites['createBatch']>): Promise<IdempotentBatch | null>;
  saveBatchChunk(...args: Parameters<LargeBatchWrites['saveBatchChunk']>): Promise<void>;
  /** Waits for the writes under way, then closes the thread's connection and ends it. */
  close(): Promise<void>;
}

interface Waiting {
  operation: Write['type'];
  resolve(answer: WriteAnswer): void;
  reject(error: StoreError): void;
}

export function createBatchWriter(
  settings: BatchWriterSettings,
  /** The thread's module (tests give one that fails as a thread can). */
  filename = threadFilename,
): BatchWriter {
  let thread: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  const underWay = new Set<Promise<WriteAnswer>>();

  function stopped(from: Worker, reason: string): void {
    if (thread !== from) return;
    thread = null;
    for (const { operation, reject } of waiting.values())
      reject(
        new StoreError('STORE_UNAVAILABLE', `${operation} failed: the batch writer thread ${reason}`, {
          details: { operation },
        }),
      );
    waiting.clear();
  }

  function start(): Worker {
    // No flags of the parent's (not the `@txenrich/source` condition of test runners).
    const started = new Worker(filename, { workerData: settings, execArgv: [] });
    started.on('message', (reply: WriterReply) => {
      const each = waiting.get(reply.id);
      waiting.delete(reply.id);
      // An idle thread does not keep the process alive; one writing does, until it answers.
      if (waiting.size === 0) started.unref();
      if ('error' in reply) each?.reject(fromWireError(reply.error));
      else each?.resolve(reply.answer);
    });
    started.on('error', (error) => stopped(started, `failed: ${error.message}`));
    started.on('exit', (code) => stopped(started, `exited with code ${code}`));
    return started;
  }

  function send(write: Write): Promise<WriteAnswer> {
    thread ??= start();
    thread.ref();
    const id = nextId++;
    const answered = new Promise<WriteAnswer>((resolve, reject) =>
      waiting.set(id, { operation: write.type, resolve, reject }),
    );
    thread.postMessage({ type: 'write', id, write } satisfies WriterRequest);
    underWay.add(answered);
    const forget = () => underWay.delete(answered);
    answered.then(forget, forget);
    return answered;
  }

  return {
    createBatch: async (batch) => (await send({ type: 'createBatch', batch })) ?? null,
    saveBatchChunk: async (batchId, chunk) => {
      await send({ type: 'saveBatchChunk', batchId, chunk });
    },

    async close() {
      await Promise.allSettled(underWay);
      const closing = thread;
      thread = null;
      if (!closing) return;
      closing.ref();
      const exited = once(closing, 'exit');
      closing.postMessage({ type: 'close' } satisfies WriterRequest);
      await exited.catch(() => {}); // an 'error' before the exit: the thread is gone all the same
    },
  };
}
