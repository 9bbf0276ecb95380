/**
 * A dead letter whose handler fails, on a real Postgres and pg-boss: the handler that fails a batch out
 * of tries may itself fail (the store away for a moment), and is then tried again until it succeeds, so
 * that no batch is left running.
 */
import { createPgBossChunkQueue } from '@txenrich/store-postgres';
import { afterAll, expect, inject, it } from 'vitest';
import { createScratchDatabases } from './support/postgres-databases.ts';
import { waitFor } from './support/server.ts';

const databases = createScratchDatabases(inject('postgresUrl'), 'deadretry');
afterAll(() => databases.dropAll());

it('handles a dead letter again when its handler failed', async () => {
  const url = await databases.urlOf('queue');
  // One try per chunk, and a dead letter handled again a second after its handler failed.
  const queue = await createPgBossChunkQueue({
    url,
    retries: 0,
    retryDelaySeconds: 1,
    abandonedRetryDelaySeconds: 1,
    maintenanceSeconds: 1,
  });
  const handled: number[] = [];
  let storeAway = 2;
  const work = await queue.work(
    1,
    async () => {
      throw new Error('the chunk fails');
    },
    async (job) => {
      handled.push(job.index);
      if (storeAway-- > 0) throw new Error('the store is away');
    },
  );
  try {
    await queue.send([{ batchId: 'dead-letter-retry', tenant: 'tenant', environment: 'sandbox', index: 4 }]);
    await waitFor(
      async () => handled.length,
      (count) => count >= 3,
      60_000,
    );
    // Failed twice, handled the third time, and not again after that.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(handled).toEqual([4, 4, 4]);
  } finally {
    await work.stop();
    await queue.close();
  }
}, 90_000);
