/**
 * The thread that reads, merges and pages long trigger lists
 * (trigger-worker.ts): an on-demand thread, so trigger writes never wait
 * behind batches on the worker pool. Writes are prepared one after the other.
 */
import { fileURLToPath } from 'node:url';
import { createOnDemandThread } from './on-demand-thread.js';
import { type PageBlock, pagesOfBlock } from './page-block.js';
import type { TriggerPages } from './store.js';
import type { PreparedTriggerWrite, TriggerChange } from './trigger-lists.js';

const workerFilename = fileURLToPath(new URL('../dist/trigger-worker.js', import.meta.url));

/** A write's messages: each page of the scope's active list, then the change. */
export type TriggerThreadMessage = { activePage: string } | { change: TriggerChange };

export interface TriggerThread {
  /**
   * `prepareTriggerWrite` on the thread. The active list's pages are sent one at a time as they are
   * read (one message each: no long copy of a long list at once).
   */
  prepare(change: TriggerChange, active: TriggerPages): Promise<PreparedTriggerWrite<Iterable<string>>>;
  /** Ends the thread; writes still being prepared reject. */
  close(): Promise<void>;
}

export function createTriggerThread(options: { idleMs?: number } = {}): TriggerThread {
  const thread = createOnDemandThread<TriggerThreadMessage, PreparedTriggerWrite<PageBlock>>(workerFilename, {
    name: 'trigger thread',
    ...options,
  });
  async function* messages(change: TriggerChange, active: TriggerPages) {
    for await (const activePage of active) yield { activePage };
    yield { change };
  }
  return {
    async prepare(change, active) {
      const prepared = await thread.request(messages(change, active));
      return prepared.ok ? { ...prepared, pages: pagesOfBlock(prepared.pages) } : prepared;
    },
    close: thread.close,
  };
}
