/**
 * `txenrich serve` with `DATABASE_URL` keeps its data in that Postgres database, and writes no SQLite file;
 * a URL naming a Unix socket's folder as its `host` parameter (libpq's form) connects through the socket,
 * the store's connections and the chunk queue's alike. (That the file's `store` says the same is the
 * configuration's test; that a store keeps its data across a restart, the store conformance suite's.)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { waitForBatch } from '../benchmarks/src/fleet.ts';
import { createScratchDatabases } from './support/postgres-databases.ts';
import { keys, testConfig } from './support/server.ts';
import { type SpawnedServer, spawnServer } from './support/spawned-server.ts';

const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'txenrich-serve-postgres-'));
const databases = createScratchDatabases(inject('postgresUrl'), 'serve');
let server: SpawnedServer | undefined;
afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await databases.dropAll();
  rmSync(dir, { recursive: true, force: true });
});

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const enrichmentsIn = (url: string) =>
  query<{ tenant: string; environment: string }>(url, 'SELECT tenant, environment FROM enrichments');

/** `txenrich serve` on the database at `url`, its configuration written under `name`. */
async function serve(name: string, url: string): Promise<SpawnedServer> {
  const configPath = join(dir, `${name}.json`);
  writeFileSync(configPath, JSON.stringify(testConfig({ port: 0, dataDir: join(dir, name), threads: 1 })));
  server = await spawnServer(process.execPath, [bin, 'serve', '--config', configPath], {
    env: { ...process.env, DATABASE_URL: url },
  });
  return server;
}

async function stop(served: SpawnedServer): Promise<void> {
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  expect(await exited).toBe(0);
}

const enrich = (served: SpawnedServer) =>
  fetch(`${served.url}/transactions/cards/enrich`, {
    method: 'POST',
    headers: { 'x-api-key': keys.acmeSandbox, 'content-type': 'application/json' },
    body: JSON.stringify({ merchantName: 'NETFLIX.COM', amount: 15.49, userId: 'u1' }),
  });

it('txenrich serve with DATABASE_URL keeps its data in that database', async () => {
  const url = await databases.urlOf('served');
  const served = await serve('served', url);
  expect((await enrich(served)).status).toBe(200);
  expect(await enrichmentsIn(url)).toEqual([{ tenant: 'acme', environment: 'sandbox' }]);
  expect(existsSync(join(dir, 'served', 'txenrich.db'))).toBe(false);
  await stop(served);
});

it('connects through a Unix socket given as the host parameter of a URL with a user', async () => {
  const tcpUrl = await databases.urlOf('socket');
  const { port, pathname } = new URL(tcpUrl);
  const socketUrl = `postgres://postgres@${pathname}?host=${inject('postgresSocketDir')}&port=${port}`;
  const served = await serve('socket', socketUrl);
  expect((await enrich(served)).status).toBe(200);
  // A batch: through the chunk queue (pg-boss), on its own connections.
  const submitted = await fetch(`${served.url}/batches/transactions/cards/enrich`, {
    method: 'POST',
    headers: { 'x-api-key': keys.acmeSandbox, 'content-type': 'application/json' },
    body: JSON.stringify({
      transactions: [{ transactionId: 't1', merchantName: 'SPOTIFY USA', amount: 9.99 }],
    }),
  });
  const { batchId } = (await submitted.json()) as { batchId: string };
  expect(await waitForBatch(served.url, keys.acmeSandbox, batchId, 30_000)).toBe('completed');
  expect(await enrichmentsIn(tcpUrl)).toHaveLength(2);
  // Every connection of the service's on that database came through the socket (no client address).
  const connections = await query<{ application_name: string; client_port: number }>(
    tcpUrl,
    `SELECT application_name, client_port FROM pg_stat_activity
     WHERE datname = current_database() AND application_name LIKE 'txenrich%'`,
  );
  expect(new Set(connections.map((row) => row.application_name))).toEqual(
    new Set(['txenrich', 'txenrich-queue']),
  );
  expect(connections.filter((row) => row.client_port !== -1)).toEqual([]);
  await stop(served);
});
