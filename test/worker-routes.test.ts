/**
 * What a worker process serves (`txenrich serve --role worker` on Postgres, over real HTTP): its probes
 * and its metrics, and for any other request, with a key or without, a 421 naming its role; the same
 * request to an API process of the same fleet is served. Runs the built CLI (`pnpm build` first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { type Fleet, startFleet } from '../benchmarks/src/fleet.ts';
import { createScratchDatabases } from './support/postgres-databases.ts';
import { adminKey, keys, testConfig } from './support/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-worker-routes-'));
const databases = createScratchDatabases(inject('postgresUrl'), 'worker');
let fleet: Fleet | undefined;
afterAll(async () => {
  await fleet?.stop();
  await databases.dropAll();
  rmSync(dir, { recursive: true, force: true });
});

const refusal = {
  details:
    "This process is a txenrich worker (--role worker): it runs batch chunks and serves only /healthz, /metrics, /readyz. Send API requests to the fleet's API processes.",
};

it('a worker answers its probes and metrics, and 421 naming its role to everything else', async () => {
  const configPath = join(dir, 'config.json');
  writeFileSync(configPath, JSON.stringify(testConfig({ port: 0, dataDir: join(dir, 'data'), threads: 1 })));
  fleet = await startFleet({ databaseUrl: await databases.urlOf('fleet'), configPath, apis: 1, workers: 1 });
  const [api] = fleet.apis as [Fleet['apis'][0]];
  const [worker] = fleet.workers as [Fleet['workers'][0]];
  const call = async (url: string, path: string, init: RequestInit = {}) => {
    const response = await fetch(url + path, init);
    const text = await response.text();
    return {
      status: response.status,
      requestId: response.headers.get('x-request-id'),
      body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  };

  expect(await call(worker.url, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect((await call(worker.url, '/healthz', { method: 'HEAD' })).status).toBe(200);
  expect(await call(worker.url, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  const metrics = await call(worker.url, '/metrics', { headers: { authorization: `Bearer ${adminKey}` } });
  expect(metrics.status).toBe(200);
  expect(metrics.body).toMatch(/^txenrich_chunk_jobs_total\{role="worker",outcome="claimed"\} \d+$/m);
  // The metrics stay behind the admin key.
  expect((await call(worker.url, '/metrics')).status).toBe(403);

  const card = {
    method: 'POST',
    headers: { 'x-api-key': keys.acmeSandbox, 'content-type': 'application/json' },
    body: JSON.stringify({ merchantName: 'NETFLIX.COM', amount: 15.49 }),
  };
  expect((await call(api.url, '/transactions/cards/enrich', card)).status).toBe(200);
  const refused = await call(worker.url, '/transactions/cards/enrich', card);
  expect(refused).toMatchObject({ status: 421, body: refusal });
  expect(refused.requestId).toMatch(/./);
  const batch = `/batches/${crypto.randomUUID()}`;
  expect((await call(api.url, batch, { headers: { 'x-api-key': keys.acmeSandbox } })).status).toBe(404);
  for (const [path, init] of [
    [batch, { headers: { 'x-api-key': keys.acmeSandbox } }], // not "no such batch": the wrong process
    [batch, {}], // without a key: the same, not 403
    ['/admin/callbacks', { headers: { 'x-admin-key': adminKey } }],
    ['/openapi.json', {}],
    ['/no-such-route', {}],
    ['/batches/%E0%A4%A', { headers: { 'x-api-key': keys.acmeSandbox } }], // a path the router refuses
  ] as const)
    expect(await call(worker.url, path, init), path).toMatchObject({ status: 421, body: refusal });
}, 300_000);
