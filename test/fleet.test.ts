/**
 * A fleet on one Postgres (issue 22): 2 API and 2 worker processes of the built CLI (`txenrich serve
 * --role api|worker`), a 50,000-item batch submitted to one API process and read from the other, one
 * worker killed with kill -9 while chunks run. The batch completes with exactly 50,000 results, unique by
 * transactionId and in input order, and its callback arrives once. Runs the built CLI (`pnpm build` first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import {
  cardItems,
  type Fleet,
  resultIds,
  startCallbackReceiver,
  startFleet,
  submitCardBatch,
  waitForBatch,
} from '../benchmarks/src/fleet.ts';
import { createScratchDatabases } from './support/postgres-databases.ts';
import { adminKey, keys, testConfig } from './support/server.ts';

const SIZE = 50_000;
const dir = mkdtempSync(join(tmpdir(), 'txenrich-fleet-'));
const databases = createScratchDatabases(inject('postgresUrl'), 'fleet');
let fleet: Fleet | undefined;
afterAll(async () => {
  await fleet?.stop();
  await databases.dropAll();
  rmSync(dir, { recursive: true, force: true });
});

async function chunksDone(url: string, batchId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT chunks_done FROM batches WHERE id = $1', [batchId]);
    return rows[0]?.chunks_done ?? 0;
  } finally {
    await client.end();
  }
}

it('2 API and 2 worker processes complete a 50,000-item batch once, a worker killed mid-batch', async () => {
  const url = await databases.urlOf('fleet');
  const configPath = join(dir, 'config.json');
  writeFileSync(configPath, JSON.stringify(testConfig({ port: 0, dataDir: join(dir, 'data'), threads: 1 })));
  const receiver = await startCallbackReceiver();
  try {
    fleet = await startFleet({ databaseUrl: url, configPath, apis: 2, workers: 2 });
    const [api1, api2] = fleet.apis as [Fleet['apis'][0], Fleet['apis'][0]];
    const [doomed, survivor] = fleet.workers as [Fleet['workers'][0], Fleet['workers'][0]];
    const batchId = await submitCardBatch(api1.url, keys.acmeSandbox, cardItems(SIZE), receiver.url);

    // Mid-batch: some chunks saved, most not.
    while ((await chunksDone(url, batchId)) < 8) await new Promise((resolve) => setTimeout(resolve, 50));
    await doomed.stop('SIGKILL');

    expect(await waitForBatch(api2.url, keys.acmeSandbox, batchId, 600_000, 250)).toBe('completed');
    const ids = await resultIds(api2.url, keys.acmeSandbox, batchId);
    expect(ids.length).toBe(SIZE);
    expect(new Set(ids).size).toBe(SIZE);
    expect(ids).toEqual(cardItems(SIZE).map((item) => item.transactionId));
    // The callback: once, however many processes could send it.
    const until = Date.now() + 30_000;
    while (!receiver.heard.has(batchId) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(receiver.heard.get(batchId)).toBe(1);
    expect(survivor.errors.map((error) => error.msg)).toEqual([]);

    // Per-role metrics: the surviving worker claimed chunks, some of them again; the queue is empty.
    const metricsOf = async (url: string) =>
      (await fetch(`${url}/metrics`, { headers: { 'x-admin-key': adminKey } })).text();
    const sample = (text: string, line: string) =>
      Number(new RegExp(`^${line} (\\S+)$`, 'm').exec(text)?.[1]);
    const worker = await metricsOf(survivor.url);
    expect(
      sample(worker, 'txenrich_chunk_jobs_total\\{role="worker",outcome="completed"\\}'),
    ).toBeGreaterThan(0);
    expect(sample(worker, 'txenrich_chunk_jobs_total\\{role="worker",outcome="retried"\\}')).toBeGreaterThan(
      0,
    );
    expect(sample(worker, 'txenrich_chunk_jobs_total\\{role="worker",outcome="abandoned"\\}')).toBe(0);
    const api = await metricsOf(api2.url);
    expect(sample(api, 'txenrich_chunk_jobs_total\\{role="api",outcome="claimed"\\}')).toBe(0);
    expect(sample(api, 'txenrich_chunk_queue_depth\\{role="api"\\}')).toBeGreaterThanOrEqual(0);
  } finally {
    await receiver.close();
  }
}, 900_000);
