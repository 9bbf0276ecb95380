/**
 * Batch chunks saved on a thread of their own. better-sqlite3 is synchronous:
 * a chunk of heavy users (its results, enrichments and series states, about
 * 10 MB) written on the main thread held it for 100 to 900 ms, and every
 * request waited meanwhile. The thread (`chunk-writer-thread.ts`) has its own
 * connection to the same file (WAL: the store's connection keeps reading and
 * writing beside it, a write waiting for the other's lock up to the busy
 * timeout), and a save resolves once its transaction is committed.
 *
 * The thread starts at the first save and is ended by `close`, after the
 * saves under way. A thread that stopped (it crashed) fails the saves under
 * way with `STORE_UNAVAILABLE`, and the next save starts another.
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BatchChunk, StoreError } from '@txenrich/service';
import {
  type ChunkWriterSettings,
  fromWireError,
  type WriterReply,
  type WriterRequest,
} from './chunk-writer-protocol.js';

// Workers run built JavaScript, also under tests (from src/ and from dist/, this names dist/).
const threadFilename = fileURLToPath(new URL('../dist/chunk-writer-thread.js', import.meta.url));

export interface ChunkWriter {
  /** Resolves once the chunk is committed; rejects with the `StoreError` of its rollback. */
  save(batchId: string, chunk: BatchChunk): Promise<void>;
  /** Waits for the saves under way, then closes the thread's connection and ends it. */
  close(): Promise<void>;
}

interface Waiting {
  resolve(): void;
  reject(error: StoreError): void;
}

export function createChunkWriter(settings: ChunkWriterSettings): ChunkWriter {
  let thread: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  const underWay = new Set<Promise<void>>();

  function stopped(from: Worker, reason: string): void {
    if (thread !== from) return;
    thread = null;
    const error = new StoreError(
      'STORE_UNAVAILABLE',
      `saveBatchChunk failed: the chunk writer thread ${reason}`,
      {
        details: { operation: 'saveBatchChunk' },
      },
    );
    for (const each of waiting.values()) each.reject(error);
    waiting.clear();
  }

  function start(): Worker {
    // No flags of the parent's (not the `@txenrich/source` condition of test runners).
    const started = new Worker(threadFilename, { workerData: settings, execArgv: [] });
    started.on('message', (reply: WriterReply) => {
      const each = waiting.get(reply.id);
      waiting.delete(reply.id);
      // An idle thread does not keep the process alive; one saving does, until it answers.
      if (waiting.size === 0) started.unref();
      if ('error' in reply) each?.reject(fromWireError(reply.error));
      else each?.resolve();
    });
    started.on('error', (error) => stopped(started, `failed: ${error.message}`));
    started.on('exit', (code) => stopped(started, `exited with code ${code}`));
    return started;
  }

  return {
    save(batchId, chunk) {
      thread ??= start();
      thread.ref();
      const id = nextId++;
      const saved = new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }));
      thread.postMessage({ type: 'save', id, batchId, chunk } satisfies WriterRequest);
      underWay.add(saved);
      const forget = () => underWay.delete(saved);
      saved.then(forget, forget);
      return saved;
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
