/**
 * `txenrich serve` with `DATABASE_URL` keeps its data in that Postgres database, and writes no SQLite file.
 * (That the file's `store` says the same is the configuration's test; that a store keeps its data across a
 * restart, the store conformance suite's.)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { createScratchDatabases } from './support/postgres-databases.ts';
import { keys, testConfig } from './support/server.ts';
import { type SpawnedServer, spawnServer } from './support/spawned-server.ts';

const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'txenrich-serve-postgres-'));
const databases = createScratchDatabases(inject('postgresUrl'), 'serve');
let server: SpawnedServer | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await databases.dropAll();
  rmSync(dir, { recursive: true, force: true });
});

async function enrichmentsIn(url: string): Promise<Array<{ tenant: string; environment: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT tenant, environment FROM enrichments')).rows;
  } finally {
    await client.end();
  }
}

it('txenrich serve with DATABASE_URL keeps its data in that database', async () => {
  const url = await databases.urlOf('served');
  const configPath = join(dir, 'config.json');
  writeFileSync(configPath, JSON.stringify(testConfig({ port: 0, dataDir: join(dir, 'data'), threads: 1 })));
  server = await spawnServer(process.execPath, [bin, 'serve', '--config', configPath], {
    env: { ...process.env, DATABASE_URL: url },
  });
  const enriched = await fetch(`${server.url}/transactions/cards/enrich`, {
    method: 'POST',
    headers: { 'x-api-key': keys.acmeSandbox, 'content-type': 'application/json' },
    body: JSON.stringify({ merchantName: 'NETFLIX.COM', amount: 15.49, userId: 'u1' }),
  });
  expect(enriched.status).toBe(200);
  expect(await enrichmentsIn(url)).toEqual([{ tenant: 'acme', environment: 'sandbox' }]);
  expect(existsSync(join(dir, 'data', 'txenrich.db'))).toBe(false);
  const exited = new Promise((resolve) => server!.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
