/**
 * Recurrence across worker processes: chunk `index` of a batch may read its
 * users' series states only once chunks `0 .. index - 1` are saved (the
 * batch's `chunksDone`), since they hold the same users' earlier payments. So
 * each user's payments meet their series in input order, as in one process
 * (`@txenrich/pool`'s series relay): the expensive stages of many chunks run
 * at once on any host, and only recurrence waits its turn.
 *
 * A turn that does not come while no chunk of the batch is saved for
 * `patienceMs` (the chunk before is held by a process that died, and waits
 * for its lease to run out) gives up: the job is tried again later, and its
 * slot is free for the chunk it waited for.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchRecord, Store } from './store.js';

/** How often the batch's saved chunks are read while a chunk waits. */
export const TURN_POLL_MS = 25;

export class TurnNotComeError extends Error {
  override readonly name = 'TurnNotComeError';
}

/** Resolves once the chunks before `index` are saved; rejects when the batch ended, or patience ran out. */
export async function waitForTurn(
  store: Store,
  batch: BatchRecord,
  index: number,
  patienceMs: number,
  signal: AbortSignal,
): Promise<void> {
  let done = batch.chunksDone;
  let progressAt = Date.now();
  while (done < index) {
    if (Date.now() - progressAt > patienceMs)
      throw new TurnNotComeError(`chunk ${index - 1} of batch ${batch.id} was not saved in time`);
    await sleep(TURN_POLL_MS, undefined, { signal });
    const now = await store.findBatch(batch.scope, batch.id);
    if (!now || now.finishedAt !== null) throw new TurnNotComeError(`batch ${batch.id} ended`);
    if (now.chunksDone !== done) progressAt = Date.now();
    done = now.chunksDone;
  }
}
