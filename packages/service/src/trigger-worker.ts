/**
 * The trigger thread's module (see trigger-thread.ts). A write comes as the
 * pages of the scope's active list, then the change; it is answered with
 * `prepareTriggerWrite`, its pages in a `PageBlock`.
 */
import { answerRequests } from './on-demand-thread.js';
import { type PageBlock, toPageBlock } from './page-block.js';
import { type PreparedTriggerWrite, prepareTriggerWrite } from './trigger-lists.js';
import type { TriggerThreadMessage } from './trigger-thread.js';

/** The active pages received so far, by write. */
const activePages = new Map<number, string[]>();

answerRequests<TriggerThreadMessage, PreparedTriggerWrite<PageBlock>>((id, message) => {
  if ('activePage' in message) {
    const pages = activePages.get(id) ?? [];
    pages.push(message.activePage);
    activePages.set(id, pages);
    return undefined;
  }
  const active = activePages.get(id) ?? [];
  activePages.delete(id);
  const prepared = prepareTriggerWrite({ ...message.write, active });
  return prepared.ok ? { ...prepared, pages: toPageBlock(prepared.pages) } : prepared;
});
