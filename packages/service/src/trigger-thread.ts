/**
 * The thread that reads, merges and pages long trigger lists
 * (trigger-worker.ts): an on-demand thread, so trigger writes never wait
 * behind batches on the worker pool. Writes are prepared one after the other.
 */
import { fileURLToPath } from 'node:url';
import { createOnDemandThread } from './on-demand-thread.js';
import { type PageBlock, pagesOfBlock } from './page-block.js';
import type { TriggerPages } from './store.js';
import type { PreparedTriggerWrite, TriggerWriteInput } from './trigger-lists.js';

/** A write as the thread takes it: the change and its list's rules, the active pages apart. */
export type TriggerThreadWrite = Omit<TriggerWriteInput, 'active'>;

const workerFilename = fileURLToPath(new URL('../dist/trigger-worker.js', import.meta.url));

/** A write's messages: each page of the scope's active list, then the change. */
export type TriggerThreadMessage = { activePage: string } | { write: TriggerThreadWrite };

export interface TriggerThread {
  /**
   * `prepareTriggerWrite` on the thread. The active list's pages are sent one at a time as they are
   * read (one message each: no long copy of a long list at once).
   */
  prepare(write: TriggerThreadWrite, active: TriggerPages): Promise<PreparedTriggerWrite<Iterable<string>>>;
  /** Ends the thread; writes still being prepared reject. */
  close(): Promise<void>;
}

export function createTriggerThread(options: { idleMs?: number } = {}): TriggerThread {
  const thread = createOnDemandThread<TriggerThreadMessage, PreparedTriggerWrite<PageBlock>>(workerFilename, {
    name: 'trigger thread',
    ...options,
  });
  async function* messages(write: TriggerThreadWrite, active: TriggerPages) {
    for await (const activePage of active) yield { activePage };
    yield { write };
  }
  return {
    async prepare(write, active) {
      const prepared = await thread.request(messages(write, active));
      return prepared.ok ? { ...prepared, pages: pagesOfBlock(prepared.pages) } : prepared;
    },
    close: thread.close,
  };
}
