/**
 * The order in which a worker process hands the chunks it claimed to its
 * pool: of one batch, the lower index first. A chunk waits at recurrence for
 * the chunks before it; handed to the pool before one of them, it could take
 * the thread that chunk needs, until its patience runs out (`waitForTurn`).
 */
export interface HandOverOrder {
  /** Records a claimed chunk; then call `handedOver` (also when it never reaches the pool). */
  claimed(batchId: string, index: number): void;
  /** Resolves once no chunk of the batch with a lower index, claimed here, waits to be handed over. */
  turn(batchId: string, index: number): Promise<void>;
  handedOver(batchId: string, index: number): void;
}

export function createHandOverOrder(): HandOverOrder {
  const waiting = new Map<string, { indices: Set<number>; wake: Array<() => void> }>();

  return {
    claimed(batchId, index) {
      let batch = waiting.get(batchId);
      if (!batch) {
        batch = { indices: new Set(), wake: [] };
        waiting.set(batchId, batch);
      }
      batch.indices.add(index);
    },
    async turn(batchId, index) {
      for (;;) {
        const batch = waiting.get(batchId);
        if (!batch || ![...batch.indices].some((other) => other < index)) return;
        await new Promise<void>((resolve) => batch.wake.push(resolve));
      }
    },
    handedOver(batchId, index) {
      const batch = waiting.get(batchId);
      if (!batch) return;
      batch.indices.delete(index);
      const wake = batch.wake;
      batch.wake = [];
      if (batch.indices.size === 0) waiting.delete(batchId);
      for (const resolve of wake) resolve();
    },
  };
}
