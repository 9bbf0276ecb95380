/**
 * The thread that reads, merges and pages long trigger lists
 * (trigger-worker.ts). It is started by the first long write and ended after
 * `idleMs` without one: it holds nothing between writes, and a thread of its
 * own keeps trigger writes from waiting behind batches on the worker pool.
 * Writes are prepared one after the other.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type PageBlock, pagesOfBlock } from './page-block.js';
import type { TriggerPages } from './store.js';
import type { PreparedTriggerWrite, TriggerChange } from './trigger-lists.js';

/** The built worker module (workers run built JavaScript, also under tests). */
const workerFilename = fileURLToPath(new URL('../dist/trigger-worker.js', import.meta.url));

export interface TriggerThread {
  /**
   * `prepareTriggerWrite` on the thread. The active list's pages are sent one at a time as they are
   * read (one message each: no long copy of a long list at once).
   */
  prepare(change: TriggerChange, active: TriggerPages): Promise<PreparedTriggerWrite<Iterable<string>>>;
  /** Ends the thread; writes still being prepared reject. */
  close(): Promise<void>;
}

interface Answer {
  id: number;
  prepared?: PreparedTriggerWrite<PageBlock>;
  error?: string;
}

export function createTriggerThread(options: { idleMs?: number } = {}): TriggerThread {
  const idleMs = options.idleMs ?? 60_000;
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve(prepared: PreparedTriggerWrite<Iterable<string>>): void; reject(error: Error): void }
  >();
  let idleTimer: NodeJS.Timeout | undefined;

  const failAll = (error: Error) => {
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };

  /** A write is over: the thread ends after `idleMs` without another (dropping what it holds). */
  function done(id: number): void {
    waiting.delete(id);
    if (waiting.size === 0) idleTimer = setTimeout(stop, idleMs).unref();
  }

  function start(): Worker {
    // No flags of the parent's: not the `@txenrich/source` condition of test runners.
    const started = new Worker(workerFilename, { execArgv: [] });
    started.unref(); // an idle thread never keeps the process alive
    started.on('message', ({ id, prepared, error }: Answer) => {
      const waiter = waiting.get(id);
      done(id);
      if (error !== undefined || !prepared) waiter?.reject(new Error(`trigger thread: ${error}`));
      else waiter?.resolve(prepared.ok ? { ...prepared, pages: pagesOfBlock(prepared.pages) } : prepared);
    });
    started.on('error', failAll);
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`trigger thread: exited with code ${code}`));
    });
    return started;
  }

  async function stop(): Promise<void> {
    clearTimeout(idleTimer);
    const stopping = worker;
    worker = null;
    await stopping?.terminate();
  }

  return {
    async prepare(change, active) {
      clearTimeout(idleTimer);
      worker ??= start();
      // Every message of this write to the one thread (a thread started again would lack the first).
      const target = worker;
      const id = nextId++;
      const answer = new Promise<PreparedTriggerWrite<Iterable<string>>>((resolve, reject) =>
        waiting.set(id, { resolve, reject }),
      );
      try {
        for await (const activePage of active) target.postMessage({ id, activePage });
        target.postMessage({ id, change });
      } catch (error) {
        done(id); // the active list could not be read
        throw error;
      }
      return answer;
    },
    close: stop,
  };
}
