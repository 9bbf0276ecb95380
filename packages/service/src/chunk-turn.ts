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

/**
 * The chunks this process saves, told to its chunks waiting for their turn: a chunk saved here wakes them at
 * once, rather than at their next read of the batch (up to `TURN_POLL_MS` later, on the path of every chunk
 * of a batch with users). Another process's saves are still seen by the reads.
 */
export interface LocalSaves {
  /** Calls `listener` when this process saves a chunk of the batch; answers the function that stops it. */
  onSaved(batchId: string, listener: () => void): () => void;
  saved(batchId: string): void;
}

export function createLocalSaves(): LocalSaves {
  const listeners = new Map<string, Set<() => void>>();
  return {
    onSaved(batchId, listener) {
      const batch = listeners.get(batchId) ?? new Set();
      listeners.set(batchId, batch);
      batch.add(listener);
      return () => {
        batch.delete(listener);
        if (batch.size === 0 && listeners.get(batchId) === batch) listeners.delete(batchId);
      };
    },
    saved(batchId) {
      for (const listener of [...(listeners.get(batchId) ?? [])]) listener();
    },
  };
}

/** Waits `TURN_POLL_MS`, or less if this process saves a chunk of the batch meanwhile. */
async function pause(batchId: string, signal: AbortSignal, saves: LocalSaves | undefined): Promise<void> {
  if (!saves) return sleep(TURN_POLL_MS, undefined, { signal });
  const woken = new AbortController();
  const stop = saves.onSaved(batchId, () => woken.abort());
  try {
    await sleep(TURN_POLL_MS, undefined, { signal: AbortSignal.any([signal, woken.signal]) });
  } catch (error) {
    if (!woken.signal.aborted || signal.aborted) throw error;
  } finally {
    stop();
  }
}

/** Resolves once the chunks before `index` are saved; rejects when the batch ended, or patience ran out. */
export async function waitForTurn(
  store: Store,
  batch: BatchRecord,
  index: number,
  patienceMs: number,
  signal: AbortSignal,
  saves?: LocalSaves,
): Promise<void> {
  let done = batch.chunksDone;
  let progressAt = Date.now();
  while (done < index) {
    if (Date.now() - progressAt > patienceMs)
      throw new TurnNotComeError(`chunk ${index - 1} of batch ${batch.id} was not saved in time`);
    await pause(batch.id, signal, saves);
    const now = await store.findBatch(batch.scope, batch.id);
    if (!now || now.finishedAt !== null) throw new TurnNotComeError(`batch ${batch.id} ended`);
    if (now.chunksDone !== done) progressAt = Date.now();
    done = now.chunksDone;
  }
}
