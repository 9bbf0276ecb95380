/**
 * The trigger thread's module (see trigger-thread.ts). A write comes as
 * messages: `{id, activePage}` for each page of the scope's active list, then
 * `{id, change}`; it is answered with `{id, prepared}` (`prepareTriggerWrite`,
 * its pages in a `PageBlock`), or `{id, error}` when that threw.
 */
import { parentPort } from 'node:worker_threads';
import { toPageBlock } from './page-block.js';
import { prepareTriggerWrite, type TriggerChange } from './trigger-lists.js';

type Message = { id: number; activePage: string } | { id: number; change: TriggerChange };

/** The active pages received so far, by write. */
const activePages = new Map<number, string[]>();

parentPort?.on('message', (message: Message) => {
  const { id } = message;
  if ('activePage' in message) {
    const pages = activePages.get(id) ?? [];
    pages.push(message.activePage);
    activePages.set(id, pages);
    return;
  }
  const active = activePages.get(id) ?? [];
  activePages.delete(id);
  try {
    const prepared = prepareTriggerWrite({ change: message.change, active });
    parentPort?.postMessage({
      id,
      prepared: prepared.ok ? { ...prepared, pages: toPageBlock(prepared.pages) } : prepared,
    });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
