/**
 * Recurrence at scale over HTTP (issue 21), against a real `txenrich serve` child on SQLite:
 * - single card enrichment, 10 connections, for a user holding 10,000 earlier transactions, beside the
 *   same requests without a userId (slices alternating between the two, medians): requests/s and ratio;
 * - a 50,000-item batch from 5,000 heavy users who already hold `--preload` transactions each, beside
 *   the same batch without userIds, in the same run: `completed` counted from the submission's answer,
 *   and the longest `GET /healthz` answer during the heavy users' batch, polled every 50 ms by a process
 *   of its own;
 * - annual and quarterly series of heavy users' multi-year histories: found over HTTP in
 *   `GET /users/{userId}/recurring`, against the generator's truth.
 *
 *   pnpm --filter @txenrich/benchmarks bench:recurrence-scale [--duration 10] [--preload 100]
 *     [--parts single,batch,series] [--server-flags=--cpu-prof] [--bin other/packages/cli/dist/bin.js]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalog } from '@txenrich/catalog';
import { createWorld, type GeneratedCard, heavyUserYears } from '@txenrich/generator';
import autocannon from 'autocannon';
import { type ServeChild, startServe } from './serve-child.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    preload: { type: 'string', default: '100' },
    users: { type: 'string', default: '5000' },
    parts: { type: 'string', default: 'single,batch,series' },
    'server-flags': { type: 'string', default: '' },
    /** Another build of the CLI (its `packages/cli/dist/bin.js`), for a before/after. */
    bin: { type: 'string' },
  },
});
const parts = new Set(values.parts.split(','));
const duration = Number(values.duration);
const preload = Number(values.preload);
const userCount = Number(values.users);
const apiKey = 'bench-key-000000000000000000000001';
const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
const dir = mkdtempSync(join(tmpdir(), 'txenrich-bench-recurrence-'));
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const world = createWorld(loadCatalog());

type Body = Omit<GeneratedCard, 'expect' | 'tags'>;
const bodyOf = ({ expect: _expect, tags: _tags, ...body }: GeneratedCard): Body => body;
const withoutUser = ({ userId: _userId, ...body }: Body) => body;

/** The first `count` rows of heavy user `seed`'s years. */
function heavyRows(seed: number, count: number, years = 3): GeneratedCard[] {
  const rows: GeneratedCard[] = [];
  for (const row of heavyUserYears(world, { years, seed })) {
    rows.push(row);
    if (rows.length === count) break;
  }
  return rows;
}

async function call(server: ServeChild, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Submits a batch; answers the milliseconds from the submission's answer to `completed`. */
async function runBatch(server: ServeChild, transactions: readonly unknown[]): Promise<number> {
  const submitted = await call(server, '/batches/transactions/cards/enrich', { transactions });
  if (submitted.status !== 200) throw new Error(`batch refused: ${JSON.stringify(submitted.body)}`);
  const answered = performance.now();
  for (;;) {
    const { body } = await call(server, `/batches/${submitted.body.batchId as string}`);
    if (body.status === 'completed') return performance.now() - answered;
    if (body.status === 'failed') throw new Error('batch failed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The database's files (SQLite, its WAL) now. */
function databaseBytes(): number {
  const data = join(dir, 'data');
  return readdirSync(data).reduce((sum, file) => sum + statSync(join(data, file)).size, 0);
}

/** Loads rows in batches of 50,000 (the service's largest). */
async function load(server: ServeChild, rows: readonly unknown[]) {
  for (let start = 0; start < rows.length; start += 50_000)
    await runBatch(server, rows.slice(start, start + 50_000));
}

async function singleLoad(server: ServeChild, bodies: readonly unknown[], seconds: number) {
  const result = await autocannon({
    url: `${server.url}/transactions/cards/enrich`,
    connections: 10,
    duration: seconds,
    method: 'POST',
    headers,
    requests: bodies.map((body) => ({ method: 'POST', body: JSON.stringify(body) })),
  });
  if (result.non2xx || result.errors) throw new Error(`non-2xx ${result.non2xx}, errors ${result.errors}`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** `GET /healthz` every 50 ms from a process of its own while `work` runs: the longest answer (ms). */
async function longestHealthz(server: ServeChild, work: () => Promise<number>) {
  const poller = fork(fileURLToPath(new URL('./health-poller.mjs', import.meta.url)), [server.url, '50']);
  await new Promise((resolve) => poller.once('message', resolve));
  const ms = await work();
  const answers = await new Promise<Array<[number, number]>>((resolve) => {
    poller.once('message', (message) => resolve(message as Array<[number, number]>));
    poller.send('stop');
  });
  const took = answers.map(([, each]) => each).sort((a, b) => a - b);
  return {
    ms,
    longest: took.at(-1)!,
    p99: took[Math.floor(took.length * 0.99)]!,
    median: median(took),
    polls: answers.length,
  };
}

const configPath = join(dir, 'config.json');
writeFileSync(
  configPath,
  JSON.stringify({
    port: 0,
    dataDir: join(dir, 'data'),
    keys: [{ key: apiKey, tenant: 'bench', environment: 'sandbox', features: [] }],
    rateLimits: { batchPerSecond: 1000 },
  }),
);
const server = await startServe({
  configPath,
  logLevel: 'warn',
  nodeFlags: values['server-flags'].split(' ').filter(Boolean),
  ...(values.bin ? { bin: values.bin } : {}),
});
try {
  // 1. One user holding 10,000 earlier transactions, then single requests of the user's next payments.
  if (parts.has('single')) await singleEnrichment();
  if (parts.has('batch')) await heavyBatch();
  if (parts.has('series')) await annualAndQuarterly();
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function singleEnrichment() {
  const history = heavyRows(1, 10_600, 14);
  await load(server, history.slice(0, 10_000).map(bodyOf));
  const next = history.slice(10_000).map(bodyOf);
  const runs = {
    user: [] as number[],
    none: [] as number[],
    userP99: [] as number[],
    noneP99: [] as number[],
  };
  const slices = 5;
  for (let slice = 0; slice < slices; slice++) {
    const none = await singleLoad(server, next.map(withoutUser), duration / slices);
    const user = await singleLoad(server, next, duration / slices);
    runs.none.push(none.requestsPerSecond);
    runs.user.push(user.requestsPerSecond);
    runs.noneP99.push(none.p99);
    runs.userP99.push(user.p99);
  }
  const [user, none] = [median(runs.user), median(runs.none)];
  console.log(
    `single card enrichment, 10 connections: a user holding 10,000 earlier transactions ${Math.round(user)} req/s (p99 ${median(runs.userP99)} ms), no userId ${Math.round(none)} req/s (p99 ${median(runs.noneP99)} ms): ratio ${(user / none).toFixed(2)} (medians of ${slices} alternating runs of ${duration / slices} s)`,
  );
}

/** 5,000 heavy users holding `preload` transactions each, then a batch of their next 10 each. */
async function heavyBatch() {
  const started = performance.now();
  const users = Array.from({ length: userCount }, (_, index) => heavyRows(100 + index, preload + 10, 1));
  const preloaded = users.flatMap((rows) => rows.slice(0, preload).map(bodyOf));
  await load(server, preloaded);
  console.log(
    `preloaded ${preloaded.length.toLocaleString('en-US')} transactions of ${userCount.toLocaleString('en-US')} heavy users in ${((performance.now() - started) / 1000).toFixed(1)} s; the database holds ${(databaseBytes() / 1e6).toFixed(0)} MB`,
  );
  // Input order as a feed sends it: the users' next payments interleaved, each user's oldest first.
  const batch: Body[] = [];
  for (let round = 0; round < 10; round++)
    for (const rows of users) batch.push(bodyOf(rows[preload + round]!));
  const anonymous = batch.map((body, index) => ({ ...withoutUser(body), transactionId: `anon-${index}` }));
  const withoutUsers = await runBatch(server, anonymous);
  const heavy = await longestHealthz(server, () => runBatch(server, batch));
  const withoutAgain = await runBatch(
    server,
    anonymous.map((body) => ({ ...body, transactionId: `${body.transactionId}-again` })),
  );
  console.log(
    `50,000-item batch, completed after the submission's answer: without userIds ${Math.round(withoutUsers)} ms (again after: ${Math.round(withoutAgain)} ms), from ${userCount.toLocaleString('en-US')} heavy users ${Math.round(heavy.ms)} ms: ratio ${(heavy.ms / Math.min(withoutUsers, withoutAgain)).toFixed(2)}`,
  );
  console.log(
    `longest GET /healthz during the heavy users' batch: ${heavy.longest.toFixed(1)} ms (p99 ${heavy.p99.toFixed(1)} ms, median ${heavy.median.toFixed(1)} ms; ${heavy.polls} polls, every 50 ms)`,
  );
}

/** Annual and quarterly series of heavy users' three years, found over HTTP. */
async function annualAndQuarterly() {
  let expected = 0;
  let found = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const rows = [...heavyUserYears(world, { years: 3, seed: 9000 + seed })];
    await load(server, rows.map(bodyOf));
    const wanted = new Map<string, string>();
    for (const row of rows)
      if (row.expect.recurrence === 'annually' || row.expect.recurrence === 'quarterly')
        wanted.set(
          `${row.expect.merchant ?? row.merchantName}|${row.expect.recurrence}`,
          row.expect.recurrence,
        );
    const { body } = await call(server, `/users/heavy-${9000 + seed}/recurring`);
    const listed = (body.series as Array<{ periodicity: { label: string } }>).map(
      (series) => series.periodicity.label,
    );
    for (const label of ['annually', 'quarterly']) {
      const want = [...wanted.values()].filter((interval) => interval === label).length;
      expected += want;
      found += Math.min(want, listed.filter((interval) => interval === label).length);
    }
  }
  console.log(
    `annual and quarterly series of 20 heavy users' three years, listed over HTTP: ${found} of ${expected}`,
  );
}
