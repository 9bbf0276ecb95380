/**
 * A chunk job out of tries, on a real Postgres and pg-boss: an API process queues two batches, the items
 * of one are then lost (emptied with SQL, as a bad manual edit or a broken restore would), and a worker
 * process starts on a queue that gives each job one try. Every chunk of that batch fails, goes to the
 * dead-letter queue, and its handler fails the batch: `failed` once, one callback, while the other batch
 * completes as usual.
 */
import { createPgBossChunkQueue } from '@txenrich/store-postgres';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { cardItems } from '../benchmarks/src/fleet.ts';
import { capturingLogger } from './support/logger.ts';
import { createScratchDatabases } from './support/postgres-databases.ts';
import { closeShared, startReceiver, startServer, type TestServer, waitFor } from './support/server.ts';

const databases = createScratchDatabases(inject('postgresUrl'), 'dead');
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers.reverse()) await server.close();
  await closeShared();
  await databases.dropAll();
});

/** Three chunks of the pool's 1,000 items: three jobs that fail, three dead letters for one batch. */
const DOOMED_SIZE = 2500;
const HEALTHY_SIZE = 700;

async function sql<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

it('fails a batch whose chunks run out of tries once, with one callback, and leaves the others alone', async () => {
  const url = await databases.urlOf('fleet');
  // One try per job, so that a chunk that fails goes to the dead-letter queue at once.
  const queue = () =>
    createPgBossChunkQueue({ url, retries: 0, retryDelaySeconds: 1, maintenanceSeconds: 1 });
  const start = async (role: 'api' | 'worker', logger = capturingLogger().logger) => {
    const server = await startServer(
      {},
      {
        store: 'postgres',
        postgresDatabaseUrl: url,
        role,
        chunkQueue: await queue(),
        callbackBackoffMs: 50,
        logger,
      },
    );
    servers.push(server);
    return server;
  };
  const receiver = await startReceiver();
  try {
    // No worker yet: the batches wait in the queue, their items stored.
    const api = await start('api');
    const submit = async (tag: string, size: number) => {
      const response = await api.request('/batches/transactions/cards/enrich', {
        json: { transactions: cardItems(size, 0, tag), callbackUrl: receiver.url },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { batchId: string }).batchId;
    };
    const doomed = await submit('doomed', DOOMED_SIZE);
    const healthy = await submit('healthy', HEALTHY_SIZE);
    const emptied = await sql(
      url,
      `UPDATE batch_items SET items = '' WHERE batch_id = $1 RETURNING batch_id`,
      [doomed],
    );
    expect(emptied).toHaveLength(1);

    const { logger, lines } = capturingLogger();
    const worker = await start('worker', logger);
    const statusOf = async (batchId: string) =>
      ((await (await api.request(`/batches/${batchId}`)).json()) as { status: string }).status;
    expect(
      await waitFor(
        () => statusOf(doomed),
        (status) => status === 'failed' || status === 'completed',
      ),
    ).toBe('failed');
    expect(
      await waitFor(
        () => statusOf(healthy),
        (status) => status === 'failed' || status === 'completed',
      ),
    ).toBe('completed');
    const results = await api.request(`/batches/${healthy}/results`);
    expect(((await results.json()) as { results: unknown[] }).results).toHaveLength(HEALTHY_SIZE);

    // Each of the doomed batch's three chunks failed on its one try and was abandoned; the first dead
    // letter failed the batch, the others found it failed.
    await waitFor(
      async () => worker.service.stats().chunkJobs.abandoned,
      (abandoned) => abandoned === 3,
    );
    expect(worker.service.stats().chunkJobs).toMatchObject({ failed: 3, retried: 0, abandoned: 3 });
    expect(lines.filter((line) => line.message === 'chunk out of tries: batch failed')).toHaveLength(1);

    // One callback queued and sent per batch, with its status.
    await waitFor(
      async () => receiver.received.length,
      (count) => count >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000)); // room for a duplicate to arrive
    const heard = receiver.received.map(({ body }) => body);
    expect(heard).toHaveLength(2);
    expect(heard).toEqual(
      expect.arrayContaining([
        { batchId: doomed, status: 'failed' },
        { batchId: healthy, status: 'completed' },
      ]),
    );
    const queued = await sql<{ count: string }>(
      url,
      `SELECT count(*) FROM deliveries WHERE kind = 'batch_callback' AND body LIKE '%' || $1 || '%'`,
      [doomed],
    );
    expect(Number(queued[0]?.count)).toBe(1);
  } finally {
    await receiver.close();
  }
}, 120_000);
