/**
 * Scale-out on Postgres (issue 22, targets), against child processes of the built CLI (`pnpm build`
 * first) and a Postgres server of its own (initdb and pg_ctl, as the tests start one):
 * - a 50,000-item card batch, without userIds and with 2,000 users (recurrence across chunks), on the
 *   all-in-one service on SQLite (`threads` 2) and on a fleet of 1 API + 2 workers (1 thread each) on
 *   Postgres, alternating, `--runs` each: submission to `completed`, and the ratio of the medians;
 * - the same batches on 1 worker and on 2 (1 thread each), in the same runs: items per second;
 * - single card enrichment over HTTP (autocannon, 10 connections, `--duration` s, `--slices` alternating
 *   slices, in the reverse order every other slice, after `--warm-up` (5) s of each unmeasured) through the
 *   API process on Postgres vs the all-in-one service on SQLite: requests per second;
 *   with `--bin` another build's CLI (a worktree's `packages/cli/dist/bin.js`), an API process of that
 *   build on the same database too, in the same slices (a before and after of one run);
 *   `--node-flags='...'` for the API processes on Postgres (`--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile
 *   each, written as they stop);
 * - `--trials N` kill -9 trials on a fleet of 2 API + 2 workers: each submits a `--trial-items` batch
 *   with a callback to a random API process, kills a random worker or API process with SIGKILL at a
 *   random moment of the batch, starts it again, and checks the batch: completed, every item's result
 *   once, its callback once (lost: not found; stuck: not completed within 300 s; duplicated: an item
 *   missing or twice, or a second callback).
 *
 *   pnpm --filter @txenrich/benchmarks bench:scale-out [--parts batch,single,trials] [--runs 2] [--duration 10]
 *     [--slices 3] [--warm-up 5] [--bin path/to/bin.js] [--node-flags='--cpu-prof'] [--trials 20] [--trial-items 5000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createScratchDatabases } from '../../test/support/postgres-databases.ts';
import { startPostgresServer } from '../../test/support/postgres-server.ts';
import {
  cardItems,
  type Fleet,
  resultIds,
  startCallbackReceiver,
  startFleet,
  submitCardBatch,
  waitForBatch,
} from './fleet.js';
import { startServe } from './serve-child.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    trials: { type: 'string', default: '20' },
    'trial-items': { type: 'string', default: '5000' },
    parts: { type: 'string', default: 'batch,single,trials' },
    slices: { type: 'string', default: '3' },
    'warm-up': { type: 'string', default: '5' },
    bin: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
  },
});
const parts = new Set(values.parts.split(','));
const runs = Number(values.runs);
const warmUpSeconds = Number(values['warm-up']);
const nodeFlags = values['node-flags'].split(' ').filter((flag) => flag !== '');
const SIZE = 50_000;
const apiKey = 'bench-sandbox-key-00000000000001';
const dir = mkdtempSync(join(tmpdir(), 'txenrich-scale-out-'));

function configFile(name: string, threads: number): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      keys: [{ key: apiKey, tenant: 'bench', environment: 'sandbox', features: [] }],
      webhookToken: 'bench-webhook-token-000000000001',
      callbacks: { allowlist: ['127.0.0.1'] },
      dataDir: join(dir, `${name}-data`),
      threads,
      rateLimits: { batchPerSecond: 1000, searchPerSecond: 1000 },
    }),
  );
  return path;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const postgres = await startPostgresServer();
const databases = createScratchDatabases(postgres.url, 'scale');
let databaseCount = 0;
const freshDatabase = () => databases.urlOf(`db_${++databaseCount}`);

/** Milliseconds from the submission to `completed` of a 50,000-item batch. */
async function timeBatch(url: string, tag: string, users: number): Promise<number> {
  const items = cardItems(SIZE, users, tag);
  const started = performance.now();
  const batchId = await submitCardBatch(url, apiKey, items);
  const status = await waitForBatch(url, apiKey, batchId, 600_000, 50);
  const ms = performance.now() - started;
  if (status !== 'completed') throw new Error(`batch ${batchId} ended ${status}`);
  const ids = await resultIds(url, apiKey, batchId);
  if (ids.length !== SIZE || new Set(ids).size !== SIZE)
    throw new Error(`batch ${batchId}: ${ids.length} results`);
  return ms;
}

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url: `${url}/transactions/cards/enrich`,
    connections: 10,
    duration: seconds,
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    requests: cardItems(200, 50, 'rps').map((item) => ({ method: 'POST', body: JSON.stringify(item) })),
  });
  return result.requests.average;
}

const report: Record<string, unknown> = {};
const log = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

try {
  if (parts.has('batch') || parts.has('single')) {
    // All-in-one on SQLite vs 1 API + 2 workers on Postgres, alternating.
    const sqlite = await startServe({ configPath: configFile('sqlite', 2), logLevel: 'warn' });
    const fleetUrl = await freshDatabase();
    const fleet2 = await startFleet({
      databaseUrl: fleetUrl,
      configPath: configFile('fleet', 1),
      apis: 1,
      workers: 2,
      apiNodeFlags: nodeFlags,
    });
    // Another build's API process on the same database, for the single enrichments.
    const other =
      parts.has('single') && values.bin
        ? await startServe({
            configPath: configFile('other', 1),
            bin: values.bin,
            args: ['--role', 'api'],
            env: { ...process.env, DATABASE_URL: fleetUrl },
            logLevel: 'warn',
            nodeFlags,
          })
        : undefined;
    // A failed measurement must not leave the servers running.
    process.once('exit', () => {
      for (const child of [sqlite, ...fleet2.apis, ...fleet2.workers, ...(other ? [other] : [])])
        child.child.kill('SIGKILL');
    });
    // Without users every chunk runs apart; with 2,000 users, recurrence waits its turn chunk by chunk.
    // Each run: the all-in-one service, the fleet with 2 workers, then with 1 (the other stopped, and
    // started again after), so that the drift of this shared machine falls on every side alike.
    const batches: Record<string, unknown> = {};
    const workers: Record<string, unknown> = {};
    for (const users of parts.has('batch') ? [0, 2000] : []) {
      const single: number[] = [];
      const fleetMs: number[] = [];
      const oneWorkerMs: number[] = [];
      for (let run = 1; run <= runs; run++) {
        single.push(await timeBatch(sqlite.url, `s${users}-${run}`, users));
        fleetMs.push(await timeBatch(fleet2.apis[0]!.url, `f${users}-${run}`, users));
        await fleet2.workers[1]!.stop('SIGTERM');
        oneWorkerMs.push(await timeBatch(fleet2.apis[0]!.url, `w${users}-${run}`, users));
        fleet2.workers[1] = await fleet2.start('worker');
        log({
          users,
          run,
          sqliteAllInOneMs: Math.round(single.at(-1)!),
          fleetMs: Math.round(fleetMs.at(-1)!),
          oneWorkerMs: Math.round(oneWorkerMs.at(-1)!),
        });
      }
      const name = users ? `users${users}` : 'noUsers';
      batches[name] = {
        sqliteAllInOneMs: Math.round(median(single)),
        fleet1api2workersMs: Math.round(median(fleetMs)),
        ratio: Number((median(fleetMs) / median(single)).toFixed(2)),
      };
      workers[name] = {
        itemsPerSecond1worker: Math.round(SIZE / (median(oneWorkerMs) / 1000)),
        itemsPerSecond2workers: Math.round(SIZE / (median(fleetMs) / 1000)),
      };
    }
    if (parts.has('batch')) {
      report.batch = batches;
      report.workers = workers;
      log({ batch: report.batch, workers: report.workers });
    }

    // Single card enrichment: API process on Postgres vs all-in-one on SQLite, alternating slices.
    if (parts.has('single')) await singleEnrichment(sqlite.url, fleet2.apis[0]!.url, other?.url);
    await other?.stop('SIGTERM');
    await sqlite.stop();
    await fleet2.stop();
  }

  const trials = Number(values.trials);
  if (parts.has('trials') && trials > 0)
    report.killTrials = await killTrials(trials, Number(values['trial-items']));
  log({ report });
} finally {
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function singleEnrichment(sqliteUrl: string, postgresApiUrl: string, otherApiUrl?: string) {
  const slices = Number(values.slices);
  const seconds = Math.max(1, Math.round(Number(values.duration) / slices));
  const sides = [
    { name: 'sqlite', url: sqliteUrl, rates: [] as number[] },
    { name: 'postgresApi', url: postgresApiUrl, rates: [] as number[] },
    ...(otherApiUrl ? [{ name: 'otherBuildPostgresApi', url: otherApiUrl, rates: [] as number[] }] : []),
  ];
  // A process's first seconds run cold (V8 compiling, the pool's connections opening, Postgres's caches
  // filling), at a half to three quarters of its rate: counted as a slice, nearly always a side's lowest, it made
  // a side's median of 3 the lower of its two warm slices, which drags down most the side that varies most
  // (the Postgres API). So every side first runs `--warm-up` seconds unmeasured.
  if (warmUpSeconds > 0) {
    const warmUp: Record<string, number> = {};
    for (const side of sides)
      warmUp[side.name] = Math.round(await requestsPerSecond(side.url, warmUpSeconds));
    log({ warmUp });
  }
  // Alternating, in the reverse order every other slice: no side always follows the same one.
  for (let slice = 0; slice < slices; slice++) {
    const line: Record<string, number> = { slice: slice + 1 };
    for (const side of slice % 2 === 0 ? sides : [...sides].reverse()) {
      side.rates.push(await requestsPerSecond(side.url, seconds));
      line[side.name] = Math.round(side.rates.at(-1)!);
    }
    log(line);
  }
  const [sqlite, postgresApi, other] = sides.map((side) => median(side.rates));
  report.single = {
    sqliteReqPerS: Math.round(sqlite!),
    postgresApiReqPerS: Math.round(postgresApi!),
    ratio: Number((postgresApi! / sqlite!).toFixed(2)),
    ...(other !== undefined
      ? {
          otherBuildPostgresApiReqPerS: Math.round(other),
          otherBuildRatio: Number((other / sqlite!).toFixed(2)),
        }
      : {}),
  };
  log({ single: report.single });
}

async function killTrials(trials: number, items: number) {
  const receiver = await startCallbackReceiver();
  const configPath = configFile('trials', 1);
  const fleet: Fleet = await startFleet({
    databaseUrl: await freshDatabase(),
    configPath,
    apis: 2,
    workers: 2,
  });
  const outcome = { trials, completed: 0, lost: 0, stuck: 0, duplicated: 0, killed: { api: 0, worker: 0 } };
  try {
    for (let trial = 1; trial <= trials; trial++) {
      const role = trial % 2 ? 'worker' : 'api';
      const pool = role === 'api' ? fleet.apis : fleet.workers;
      const victimAt = Math.floor(Math.random() * pool.length);
      const victim = pool[victimAt]!;
      // Submitted to the other API process when an API process is the victim: its answer must come.
      const entry = role === 'api' ? fleet.apis[1 - victimAt]! : fleet.apis[trial % 2]!;
      const batchId = await submitCardBatch(
        entry.url,
        apiKey,
        cardItems(items, 500, `t${trial}`),
        receiver.url,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3000));
      await victim.stop('SIGKILL');
      outcome.killed[role]++;
      const restarted = fleet.start(role);
      const status = await waitForBatch(entry.url, apiKey, batchId, 300_000, 100);
      if (status === 'unknown') outcome.lost++;
      else if (status !== 'completed') outcome.stuck++;
      else {
        const ids = await resultIds(entry.url, apiKey, batchId);
        const until = Date.now() + 20_000;
        while (!receiver.heard.has(batchId) && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 100));
        await new Promise((resolve) => setTimeout(resolve, 1000));
        if (ids.length !== items || new Set(ids).size !== items || receiver.heard.get(batchId) !== 1)
          outcome.duplicated++;
        else outcome.completed++;
      }
      pool[victimAt] = await restarted;
      log({ trial, killed: role, status, callbacks: receiver.heard.get(batchId) ?? 0 });
    }
  } finally {
    await fleet.stop();
    await receiver.close();
  }
  return outcome;
}
