/**
 * kill -9 during batches (issue #20, targets): a real `txenrich serve` child process on SQLite gets
 * asynchronous batches of a few thousand items (some with an `Idempotency-Key`, some with a
 * `callbackUrl`), and is sent SIGKILL at a random moment: while a submission is under way (a random
 * delay after a random one started to be sent), or while the batches run (a random delay after a random
 * number of them completed). It restarts on the same data folder (in every other trial it is killed once
 * more, a random delay after it listens, while it resumes, and restarted again: `KILL_PLANS`), the
 * batches not yet sent are sent, and every idempotent submission is sent again. Then, for each trial:
 *
 * - every batch the service acknowledged (2xx with a `batchId`) must be found (else **lost**) and end
 *   `completed` or `failed` within the deadline (else **stuck**);
 * - a completed batch's results hold each of its items exactly once, in order, with the status its item
 *   calls for (200, or 400 for the items made invalid on purpose), each valid item with its own
 *   enrichment id (else **duplicated** or missing);
 * - an idempotent submission sent again after the restart answers the batch acknowledged before (else
 *   **duplicated**), and the database holds one batch per key;
 * - the database holds no batch but the acknowledged ones and at most one per submission left without
 *   an answer by the kill (each must have ended too); its enrichments are exactly the results' ids and its
 *   users' series hold each payment at most once (a chunk saved twice would show there);
 * - each batch with a `callbackUrl` got its callback with its final status (reported, not a target:
 *   callbacks are delivered at least once and may arrive after the deadline).
 *
 * The randomness is seeded (`seed`): the sizes, the moments and the choices of a run repeat; what the
 * process had done when the signal arrived does not (it depends on the machine's speed).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prng } from './fuzz-cases.js';
import { type ServeChild, startServe } from './serve-child.js';

const apiKey = 'kill-trial-key-00000000000000001';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface KillTrialOptions {
  trials: number;
  seed: number;
  /** Batches submitted per trial (6). */
  batches?: number;
  /** Items per batch, from and to (2,000 to 5,000). */
  items?: [number, number];
  /** How long the batches of a trial may take to end after its last restart (240 s). */
  settleMs?: number;
  bin?: string;
  log?: (line: string) => void;
}

interface Submission {
  index: number;
  kind: 'card' | 'universal';
  transactionIds: string[];
  /** Indexes of the items made invalid (no merchantName or description): their result is a 400. */
  invalid: Set<number>;
  body: string;
  idempotencyKey?: string;
  callback: boolean;
  /** `acked`: 2xx with a batch id; `unanswered`: the connection ended without an answer (the kill). */
  state: 'unsent' | 'sending' | 'acked' | 'unanswered' | 'refused';
  batchId?: string;
  answer?: string;
}

/**
 * Where the kills of trial `t` fall, in turn: during a submission; while batches run, then again while
 * the restarted process resumes them; while batches run; during a submission, then again while resuming.
 */
const KILL_PLANS = [
  { during: 'submission', again: false },
  { during: 'processing', again: true },
  { during: 'processing', again: false },
  { during: 'submission', again: true },
] as const;

export interface TrialResult {
  trial: number;
  /** Batches the restarted processes said they resumed (`resuming batch`), and of them those mid-run. */
  resumed: number;
  resumedMidRun: number;
  /** How the kills fell: `submission 3/6 +120 ms`, `processing after 2 completed +640 ms`, `resume +900 ms`. */
  kills: string[];
  acked: number;
  unanswered: number;
  completed: number;
  failed: number;
  lost: string[];
  stuck: string[];
  duplicated: string[];
  /** Other departures from the checks (wrong item statuses, a refused submission...). */
  other: string[];
  /** Batches found in the database that were never acknowledged (a submission answered by no one). */
  phantoms: number;
  callbacksMissing: number;
  callbacksRepeated: number;
  ms: number;
}

/** better-sqlite3, as the store package has it (the benchmarks do not depend on it themselves). */
interface Database {
  prepare(sql: string): { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown };
  close(): void;
}
const openDatabase = (path: string): Database => {
  const require = createRequire(new URL('../../packages/store-sqlite/package.json', import.meta.url));
  const Sqlite = require('better-sqlite3') as new (path: string, options: { readonly: boolean }) => Database;
  return new Sqlite(path, { readonly: true });
};

/** A receiver of batch callbacks on loopback: records `{batchId, status}` of every POST. */
async function startReceiver() {
  const received: Array<{ batchId: string; status: string }> = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      try {
        received.push(JSON.parse(text) as { batchId: string; status: string });
      } catch {}
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const path = (kind: Submission['kind']) =>
  kind === 'card' ? '/batches/transactions/cards/enrich' : '/batches/transactions/universal/enrich';

const merchants = [
  'SQ *BLUE BOTTLE COFFEE SF CA',
  'NETFLIX.COM',
  'AMZN Mktp US*2K4LM0XX2',
  'UBER *EATS',
  'SHELL OIL 57444',
];

function makeSubmission(
  random: () => number,
  trial: number,
  index: number,
  range: [number, number],
  callbackUrl: string,
): Submission {
  const size = range[0] + Math.floor(random() * (range[1] - range[0] + 1));
  const kind = random() < 0.75 ? 'card' : 'universal';
  const invalid = new Set<number>();
  const transactionIds: string[] = [];
  const items = Array.from({ length: size }, (_, item) => {
    const transactionId = `k${trial}-b${index}-${item}`;
    transactionIds.push(transactionId);
    const bad = random() < 0.01;
    if (bad) invalid.add(item);
    const merchant = merchants[item % merchants.length]!;
    const common = {
      transactionId,
      userId: `user-${item % 300}`,
      amount: 4.5 + (item % 7),
      occurredAt: `2024-0${1 + (item % 9)}-${String(1 + (item % 28)).padStart(2, '0')}`,
    };
    return kind === 'card'
      ? { ...common, ...(bad ? {} : { merchantName: merchant }) }
      : { ...common, ...(bad ? {} : { description: merchant }) };
  });
  const idempotent = random() < 0.5;
  const callback = random() < 0.5;
  return {
    index,
    kind,
    transactionIds,
    invalid,
    body: JSON.stringify({ transactions: items, ...(callback ? { callbackUrl } : {}) }),
    ...(idempotent ? { idempotencyKey: `kill-trial-${trial}-${index}-${Math.floor(random() * 1e9)}` } : {}),
    callback,
    state: 'unsent',
  };
}

async function submit(url: string, submission: Submission): Promise<void> {
  submission.state = 'sending';
  try {
    const response = await fetch(url + path(submission.kind), {
      method: 'POST',
      headers: {
        'x-api-key': apiKey,
        'content-type': 'application/json',
        ...(submission.idempotencyKey ? { 'idempotency-key': submission.idempotencyKey } : {}),
      },
      body: submission.body,
    });
    const text = await response.text();
    submission.answer = `${response.status} ${text.slice(0, 200)}`;
    const batchId = response.ok ? (JSON.parse(text) as { batchId?: string }).batchId : undefined;
    if (batchId) {
      submission.state = 'acked';
      submission.batchId = batchId;
    } else submission.state = 'refused';
  } catch (error) {
    // Refused: the process was gone before the request was sent, which is as good as never sent. Else it
    // died under the request: no answer, and the client cannot know whether the batch was stored.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    submission.state = code === 'ECONNREFUSED' ? 'unsent' : 'unanswered';
  }
}

const getJson = async (url: string) => {
  const response = await fetch(url, { headers: { 'x-api-key': apiKey } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** One trial on a fresh data folder; the server is killed once or twice. */
export async function runTrial(trial: number, options: KillTrialOptions): Promise<TrialResult> {
  const started = performance.now();
  const random = prng(Math.imul(options.seed + 1, 0x9e3779b1) ^ Math.imul(trial + 1, 0x85ebca6b));
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'txenrich-kill-'));
  const receiver = await startReceiver();
  const configPath = join(dir, 'config.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      port: 0,
      dataDir: join(dir, 'data'),
      threads: 1,
      keys: [{ key: apiKey, tenant: 'kill', environment: 'sandbox' }],
      webhookToken: 'kill-trial-webhook-token-0000001',
      rateLimits: { batchPerSecond: 1000 },
      callbacks: { allowlist: ['127.0.0.1'] },
    }),
  );
  const result: TrialResult = {
    trial,
    resumed: 0,
    resumedMidRun: 0,
    kills: [],
    acked: 0,
    unanswered: 0,
    completed: 0,
    failed: 0,
    lost: [],
    stuck: [],
    duplicated: [],
    other: [],
    phantoms: 0,
    callbacksMissing: 0,
    callbacksRepeated: 0,
    ms: 0,
  };
  const range = options.items ?? [2000, 5000];
  const submissions = Array.from({ length: options.batches ?? 6 }, (_, index) =>
    makeSubmission(random, trial, index, range, receiver.url),
  );
  let server: ServeChild | null = null;
  let alive = false;
  const serve = async () => {
    server = await startServe({
      configPath,
      ...(options.bin ? { bin: options.bin } : {}),
      onLine: (line) => {
        if (!line.includes('"msg":"resuming batch"')) return;
        result.resumed++;
        if (!/"chunksDone":0[,}]/.test(line)) result.resumedMidRun++;
      },
    });
    alive = true;
    return server;
  };
  const kill = async (how: string) => {
    const target = server!;
    alive = false;
    target.child.kill('SIGKILL');
    await target.exited;
    result.kills.push(how);
    log(`  trial ${trial}: kill -9 (${how})`);
  };
  try {
    let current = await serve();
    // Submissions one after the other, two under way at once, until all are sent or the server dies.
    const sendAll = async (url: string) => {
      const queue = submissions.filter((submission) => submission.state === 'unsent');
      const worker = async () => {
        for (let next = queue.shift(); next && alive; next = queue.shift()) await submit(url, next);
      };
      await Promise.all([worker(), worker()]);
    };
    const plan = KILL_PLANS[(trial - 1) % KILL_PLANS.length]!;
    if (plan.during === 'submission') {
      const at = Math.floor(random() * submissions.length);
      const delay = Math.floor(random() * 250);
      const sending = sendAll(current.url);
      while (submissions[at]!.state === 'unsent') await sleep(2);
      await sleep(delay);
      await kill(`submission ${at + 1}/${submissions.length} +${delay} ms`);
      await sending;
    } else {
      await sendAll(current.url);
      // After a random number of batches completed, once the next one runs: a random delay into its run.
      const completedBeforeKill = Math.floor(random() * submissions.length);
      const delay = Math.floor(random() * 400);
      await waitForCompleted(current.url, submissions, completedBeforeKill, 120_000);
      const running = await waitForRunning(current.url, submissions, 120_000);
      await sleep(delay);
      await kill(
        `processing, after ${completedBeforeKill} completed, ${running ? 'one running' : 'none running'} +${delay} ms`,
      );
    }
    for (const submission of submissions) if (submission.state === 'sending') submission.state = 'unanswered';
    current = await serve();
    if (plan.again) {
      // Killed again while it resumes.
      const delay = Math.floor(random() * 1000);
      await sleep(delay);
      await kill(`resuming +${delay} ms`);
      current = await serve();
    }
    // What was never sent is sent now; every idempotent submission is sent again.
    await sendAll(current.url);
    for (const submission of submissions) {
      if (!submission.idempotencyKey || submission.state === 'unsent' || submission.state === 'refused')
        continue;
      const before = submission.batchId;
      const state = submission.state;
      await submit(current.url, submission);
      if (submission.state !== 'acked') {
        result.other.push(
          `idempotent resubmission of batch ${submission.index} answered ${submission.answer}`,
        );
        continue;
      }
      if (state === 'acked' && submission.batchId !== before)
        result.duplicated.push(
          `batch ${submission.index}: resubmitted with its Idempotency-Key, answered ${submission.batchId}, acknowledged ${before} before`,
        );
      if (state === 'unanswered') result.unanswered++;
    }
    for (const submission of submissions) {
      if (submission.state === 'unanswered') result.unanswered++;
      if (submission.state === 'refused')
        result.other.push(`batch ${submission.index} refused: ${submission.answer}`);
    }
    const acked = submissions.filter((submission) => submission.state === 'acked');
    result.acked = acked.length;
    await settle(current.url, acked, options.settleMs ?? 240_000, result);
    for (const submission of acked) await checkResults(current.url, submission, result);
    // Callbacks: a few seconds more for the last ones.
    const withCallback = acked.filter((submission) => submission.callback);
    const deadline = Date.now() + 15_000;
    const missing = () =>
      withCallback.filter(
        (submission) => !receiver.received.some((callback) => callback.batchId === submission.batchId),
      );
    while (missing().length > 0 && Date.now() < deadline) await sleep(200);
    result.callbacksMissing = missing().length;
    for (const submission of withCallback) {
      const callbacks = receiver.received.filter((callback) => callback.batchId === submission.batchId);
      if (callbacks.length > 1) result.callbacksRepeated++;
    }
    const phantomIds = await checkDatabase(current, join(dir, 'data', 'txenrich.db'), submissions, result);
    result.phantoms = phantomIds;
    return result;
  } finally {
    await (server as ServeChild | null)?.stop('SIGTERM');
    await receiver.close();
    result.ms = performance.now() - started;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Resolves once at least `count` of the acknowledged batches completed (or failed). */
async function waitForCompleted(url: string, submissions: Submission[], count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let ended = 0;
    for (const submission of submissions) {
      if (submission.state !== 'acked') continue;
      const { body } = await getJson(`${url}/batches/${submission.batchId}`);
      if (body.status === 'completed' || body.status === 'failed') ended++;
    }
    if (ended >= count || Date.now() > deadline) return;
    await sleep(50);
  }
}

/** Resolves true once an acknowledged batch is `running`, false when none is left to run. */
async function waitForRunning(url: string, submissions: Submission[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let open = 0;
    for (const submission of submissions) {
      if (submission.state !== 'acked') continue;
      const { body } = await getJson(`${url}/batches/${submission.batchId}`);
      if (body.status === 'running') return true;
      if (body.status === 'pending') open++;
    }
    if (open === 0) return false;
    await sleep(10);
  }
  return false;
}

/** Waits for every acknowledged batch to end: lost when not found, stuck when not ended by the deadline. */
async function settle(url: string, acked: Submission[], settleMs: number, result: TrialResult) {
  const deadline = Date.now() + settleMs;
  const open = new Set(acked);
  while (open.size > 0) {
    for (const submission of [...open]) {
      const { status, body } = await getJson(`${url}/batches/${submission.batchId}`);
      if (status === 404) {
        result.lost.push(`batch ${submission.index} (${submission.batchId}): 404 after the restart`);
        open.delete(submission);
      } else if (body.status === 'completed' || body.status === 'failed') {
        if (body.status === 'completed') result.completed++;
        else result.failed++;
        if (body.batchSize !== submission.transactionIds.length)
          result.other.push(
            `batch ${submission.index}: batchSize ${body.batchSize}, sent ${submission.transactionIds.length}`,
          );
        open.delete(submission);
      }
    }
    if (open.size === 0) break;
    if (Date.now() > deadline) {
      for (const submission of open)
        result.stuck.push(`batch ${submission.index} (${submission.batchId}) still not ended`);
      break;
    }
    await sleep(250);
  }
}

interface ResultItem {
  statusCode: number;
  enrichmentId?: string;
  transactionInfo?: { transactionId?: string };
}

/** Each item's result exactly once, in order, with its expected status and its own enrichment id. */
async function checkResults(url: string, submission: Submission, result: TrialResult) {
  const { status, body } = await getJson(`${url}/batches/${submission.batchId}/results`);
  if (status !== 200 || body.status === 'failed' || !Array.isArray(body.results)) return;
  const results = body.results as ResultItem[];
  const name = `batch ${submission.index} (${submission.batchId})`;
  const ids = submission.transactionIds;
  if (results.length !== ids.length)
    result.duplicated.push(`${name}: ${results.length} results for ${ids.length} items`);
  const seen = new Map<string, number>();
  for (const item of results) {
    const id = item.transactionInfo?.transactionId ?? '';
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const twice = [...seen].filter(([, count]) => count > 1).length;
  const absent = ids.filter((id) => !seen.has(id)).length;
  if (twice > 0 || absent > 0)
    result.duplicated.push(`${name}: ${twice} items twice or more, ${absent} missing`);
  const outOfOrder = results.findIndex((item, index) => item.transactionInfo?.transactionId !== ids[index]);
  if (outOfOrder >= 0 && twice === 0 && absent === 0)
    result.other.push(`${name}: results out of order at ${outOfOrder}`);
  const wrongStatus = results.filter(
    (item, index) => item.statusCode !== (submission.invalid.has(index) ? 400 : 200),
  ).length;
  if (wrongStatus > 0) result.other.push(`${name}: ${wrongStatus} items with another status than expected`);
  const enrichmentIds = results.flatMap((item) => (item.enrichmentId ? [item.enrichmentId] : []));
  if (new Set(enrichmentIds).size !== enrichmentIds.length)
    result.duplicated.push(`${name}: an enrichment id given to two items`);
}

/**
 * The database after a clean stop: only acknowledged batches and at most one per unanswered
 * submission, all ended; one batch per idempotency key; enrichments exactly those of the results; no
 * payment twice in a series. Returns the number of batches nobody acknowledged.
 */
async function checkDatabase(
  server: ServeChild,
  file: string,
  submissions: Submission[],
  result: TrialResult,
): Promise<number> {
  // Results of every batch the database holds (phantoms included), read before the server stops.
  const db0 = openDatabase(file);
  const rows = db0.prepare('SELECT id, status, size, idempotency_key AS key FROM batches').all() as Array<{
    id: string;
    status: string;
    size: number;
    key: string | null;
  }>;
  db0.close();
  const resultIds = new Set<string>();
  let resultCount = 0;
  for (const row of rows) {
    const { body } = await getJson(`${server.url}/batches/${row.id}/results`);
    for (const item of (body.results as ResultItem[] | undefined) ?? [])
      if (item.enrichmentId) {
        resultIds.add(item.enrichmentId);
        resultCount++;
      }
  }
  const code = await server.stop('SIGTERM');
  if (code !== 0) result.other.push(`the server exited with ${code} at SIGTERM`);
  const db = openDatabase(file);
  try {
    const ackedIds = new Set(
      submissions.flatMap((submission) => (submission.batchId ? [submission.batchId] : [])),
    );
    const phantoms = rows.filter((row) => !ackedIds.has(row.id));
    const unanswered = submissions.filter((submission) => submission.state === 'unanswered').length;
    if (phantoms.length > unanswered)
      result.duplicated.push(
        `${phantoms.length} batches in the database that were never acknowledged, for ${unanswered} unanswered submissions`,
      );
    for (const row of rows)
      if (row.status !== 'completed' && row.status !== 'failed')
        result.stuck.push(`batch ${row.id} is ${row.status} in the database after the trial`);
    for (const id of ackedIds)
      if (!rows.some((row) => row.id === id))
        result.lost.push(`batch ${id}: acknowledged, not in the database`);
    const keys = new Map<string, number>();
    for (const row of rows) if (row.key) keys.set(row.key, (keys.get(row.key) ?? 0) + 1);
    for (const [key, count] of keys)
      if (count > 1) result.duplicated.push(`${count} batches hold the Idempotency-Key ${key}`);
    const enrichments = db.prepare('SELECT enrichment_id AS id FROM enrichments').all() as Array<{
      id: string;
    }>;
    const stored = new Set(enrichments.map(({ id }) => id));
    const notReturned = enrichments.filter(({ id }) => !resultIds.has(id)).length;
    const notStored = [...resultIds].filter((id) => !stored.has(id)).length;
    if (notReturned > 0 || notStored > 0 || resultCount !== resultIds.size)
      result.duplicated.push(
        `enrichments: ${enrichments.length} stored, ${resultCount} in results; ${notReturned} stored and never returned, ${notStored} returned and not stored`,
      );
    // A chunk run again after a kill must not count its payments twice in the users' series.
    let repeated = 0;
    for (const { state } of db.prepare('SELECT state FROM recurrence_series').all() as Array<{
      state: string;
    }>) {
      const { bands } = JSON.parse(state) as {
        bands: Array<{ payments: Array<[string, unknown, string, string | null]> }>;
      };
      const payments = bands.flatMap((band) => band.payments);
      const transactions = payments.map((payment) => payment[3]).filter((id) => id !== null);
      if (new Set(payments.map((payment) => payment[2])).size < payments.length) repeated++;
      else if (new Set(transactions).size < transactions.length) repeated++;
    }
    if (repeated > 0) result.duplicated.push(`${repeated} series hold a payment twice or more`);
    return phantoms.length;
  } finally {
    db.close();
  }
}

export function describeTrial(result: TrialResult): string {
  const problems = [...result.lost, ...result.stuck, ...result.duplicated, ...result.other];
  return (
    `trial ${result.trial}: ${result.kills.join('; ')} | resumed ${result.resumed} (${result.resumedMidRun} mid-run) | acknowledged ${result.acked} (unanswered ${result.unanswered}, in the database unacknowledged ${result.phantoms}), ` +
    `completed ${result.completed}, failed ${result.failed}, lost ${result.lost.length}, stuck ${result.stuck.length}, duplicated ${result.duplicated.length}; ` +
    `callbacks missing ${result.callbacksMissing}, repeated ${result.callbacksRepeated}; ${(result.ms / 1000).toFixed(1)} s` +
    problems.map((problem) => `\n    ${problem}`).join('')
  );
}
