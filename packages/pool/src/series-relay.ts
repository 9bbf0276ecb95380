/**
 * Recurrence across chunks, the pool's side. Workers enrich chunks in
 * parallel, but a user's payments must meet their series in input order: so
 * each chunk, once its rows are read up to their context stage, asks the pool
 * on its own port for the series states they extend, and the pool answers
 * only after every earlier chunk has sent back the states it changed. The
 * expensive stages run in parallel; only the few microseconds of recurrence
 * wait their turn.
 *
 * The states changed by chunks the caller has not taken over yet stay here
 * (`pending`), and are answered from here; the others come from the
 * caller's `SeriesSource`. A chunk run again (its worker failed) gets the
 * same answer as its first run, so its payments are not counted twice.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { seriesRefKey as keyOf, type SeriesRef } from '@txenrich/core';
import type { SeriesRequest, SeriesStarted, SeriesStates, SeriesUpdate, SeriesUpdates } from './protocol.js';

/** Where the pool reads the users' series states: a store, a map in memory (`createMemorySeries`). */
export interface SeriesSource {
  /** The states of these series as JSON text, in order; null or undefined for a series not seen yet. */
  load(
    refs: readonly SeriesRef[],
  ): Promise<ReadonlyArray<string | null | undefined>> | ReadonlyArray<string | null | undefined>;
  /**
   * Keeps a chunk's changes, called as the chunk is handed to the caller. Without it, the caller keeps
   * them (`EnrichedChunk.series`, e.g. in one store transaction with the chunk's results) before it
   * asks for the next chunk.
   */
  keep?(updates: readonly SeriesUpdate[]): void;
}

/** What a worker is answered when the source failed: its chunk fails, and is run again. */
export interface SeriesFailure {
  error: string;
}

interface Turn {
  promise: Promise<void>;
  resolve(): void;
}

export interface SeriesRelay {
  /** A port for a run of chunk `index` (its worker's end, to move to it). */
  port(index: number): MessagePort;
  /** Chunk `index` ended without sending its changes (its worker failed twice): later chunks go on. */
  settle(index: number): void;
  /** Resolves once chunk `index` and those before it have sent their changes (or ended without). */
  sent(index: number): Promise<void>;
  /** Resolves once a worker has started chunk `index` (or it ended). */
  started(index: number): Promise<void>;
  /** The states chunk `index` changed. */
  updatesOf(index: number): SeriesUpdate[];
  /** The caller has kept chunk `index`'s changes: its source answers them from now on. */
  handedOver(index: number): void;
  close(): void;
}

export function createSeriesRelay(source: SeriesSource): SeriesRelay {
  const pending = new Map<string, { state: string; chunk: number }>();
  const updates = new Map<number, SeriesUpdate[]>();
  const answers = new Map<number, Promise<SeriesStates>>();
  const turns = new Map<number, Turn>();
  const starts = new Map<number, Turn>();
  const ports = new Set<MessagePort>();

  /** Resolves once chunk `index` and every chunk before it have sent their changes (or ended). */
  const turn = (index: number, of = turns): Turn => {
    let found = of.get(index);
    if (!found) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      found = { promise, resolve };
      of.set(index, found);
    }
    return found;
  };
  const earlierDone = (index: number) => (index === 0 ? Promise.resolve() : turn(index - 1).promise);
  const done = (index: number) => {
    void earlierDone(index).then(() => turn(index).resolve());
  };

  async function answer(index: number, refs: readonly SeriesRef[]): Promise<SeriesStates> {
    await earlierDone(index);
    const states: (string | null)[] = new Array(refs.length).fill(null);
    const missing: SeriesRef[] = [];
    const missingAt: number[] = [];
    refs.forEach((ref, at) => {
      const changed = pending.get(keyOf(ref));
      if (changed) states[at] = changed.state;
      else {
        missing.push(ref);
        missingAt.push(at);
      }
    });
    if (missing.length > 0) {
      const loaded = await source.load(missing);
      missingAt.forEach((at, position) => {
        states[at] = loaded[position] ?? null;
      });
    }
    return { states };
  }

  return {
    port(index) {
      const { port1, port2 } = new MessageChannel();
      ports.add(port1);
      port1.on('message', (message: SeriesStarted | SeriesRequest | SeriesUpdates) => {
        turn(index, starts).resolve();
        if ('started' in message) return;
        if ('load' in message) {
          let answered = answers.get(index);
          if (!answered) {
            answered = answer(index, message.load);
            answers.set(index, answered);
            // A failed load is answered as such, and tried again when the chunk is.
            answered.catch(() => answers.delete(index));
          }
          answered.then(
            (states) => port1.postMessage(states),
            (error: unknown) =>
              port1.postMessage({ error: error instanceof Error ? error.message : String(error) }),
          );
          return;
        }
        for (const update of message.updates)
          pending.set(keyOf(update), { state: update.state, chunk: index });
        updates.set(index, message.updates);
        done(index);
        port1.close();
        ports.delete(port1);
      });
      return port2;
    },
    settle(index) {
      turn(index, starts).resolve();
      done(index);
    },
    sent: (index) => turn(index).promise,
    started: (index) => turn(index, starts).promise,
    updatesOf: (index) => updates.get(index) ?? [],
    handedOver(index) {
      for (const update of updates.get(index) ?? []) {
        const key = keyOf(update);
        if ((pending.get(key)?.chunk ?? Number.POSITIVE_INFINITY) <= index) pending.delete(key);
      }
      updates.delete(index);
      answers.delete(index);
      turns.delete(index - 1);
      starts.delete(index - 1);
    },
    close() {
      for (const port of ports) port.close();
      ports.clear();
    },
  };
}
