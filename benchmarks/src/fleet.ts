/**
 * A fleet of `txenrich serve` child processes on one Postgres database: API
 * processes (`--role api`) and worker processes (`--role worker`), as an
 * operator runs them behind a load balancer; and a card batch to send them,
 * its callbacks heard by a receiver on loopback. For the multi-process test
 * (test/fleet.test.ts) and the scale-out benchmark (scale-out.ts). Runs the
 * built CLI (`pnpm build` first).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServeChild, startServe } from './serve-child.js';

export interface FleetOptions {
  databaseUrl: string;
  /** A configuration file (keys, webhook token, threads); the store is `databaseUrl`. */
  configPath: string;
  apis: number;
  workers: number;
  logLevel?: string;
  onLine?: (line: string) => void;
  /** Node flags for the API processes (a CPU profile). */
  apiNodeFlags?: string[];
}

export interface Fleet {
  apis: ServeChild[];
  workers: ServeChild[];
  /** Starts one more process of the fleet (one that replaces a process killed). */
  start(role: 'api' | 'worker'): Promise<ServeChild>;
  /** SIGTERM to every process the fleet started that still runs, and their exits. */
  stop(): Promise<void>;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const env = { ...process.env, DATABASE_URL: options.databaseUrl };
  const all: ServeChild[] = [];
  const start = async (role: 'api' | 'worker') => {
    const child = await startServe({
      configPath: options.configPath,
      args: ['--role', role],
      env,
      logLevel: options.logLevel ?? 'warn',
      ...(options.onLine ? { onLine: options.onLine } : {}),
      ...(role === 'api' && options.apiNodeFlags ? { nodeFlags: options.apiNodeFlags } : {}),
    });
    all.push(child);
    return child;
  };
  // The first process installs the schemas; the others start together after it.
  const first = await start('api');
  const started = await Promise.allSettled([
    ...Array.from({ length: options.apis - 1 }, () => start('api')),
    ...Array.from({ length: options.workers }, () => start('worker')),
  ]);
  const children = [first, ...started.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : []))];
  const failed = started.find((one) => one.status === 'rejected');
  if (failed) {
    await Promise.all(all.map((child) => child.stop('SIGKILL')));
    throw (failed as PromiseRejectedResult).reason;
  }
  return {
    apis: children.slice(0, options.apis),
    workers: children.slice(options.apis),
    start,
    async stop() {
      await Promise.all(all.map((child) => child.stop('SIGTERM')));
    },
  };
}

const merchants = [
  'SQ *BLUE BOTTLE COFFEE SF CA',
  'NETFLIX.COM',
  'AMZN Mktp US*2K4LM0XX2',
  'UBER *EATS',
  'SHELL OIL 57444',
  'SPOTIFY USA',
  'TST* SHAKE SHACK 1234',
];

/**
 * `size` card items with unique transaction ids, spread over `users` users (recurrence runs across
 * chunks); none names a user with `users` 0.
 */
export function cardItems(size: number, users = 2000, tag = 'fleet'): Array<Record<string, unknown>> {
  return Array.from({ length: size }, (_, item) => ({
    transactionId: `${tag}-${item}`,
    ...(users > 0 ? { userId: `user-${item % users}` } : {}),
    merchantName: merchants[item % merchants.length],
    amount: 4.5 + (item % 7),
    occurredAt: `2024-${String(1 + (Math.floor(item / Math.max(1, users)) % 12)).padStart(2, '0')}-${String(1 + (item % 28)).padStart(2, '0')}`,
  }));
}

/** Submits a card batch; answers its id. */
export async function submitCardBatch(
  url: string,
  apiKey: string,
  items: readonly unknown[],
  callbackUrl?: string,
): Promise<string> {
  const response = await fetch(`${url}/batches/transactions/cards/enrich`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ transactions: items, ...(callbackUrl ? { callbackUrl } : {}) }),
  });
  const body = (await response.json()) as { batchId?: string };
  if (!response.ok || !body.batchId)
    throw new Error(`batch refused: ${response.status} ${JSON.stringify(body)}`);
  return body.batchId;
}

/** The batch's status once it is `completed` or `failed` (polled every `everyMs`), or the last seen at `timeoutMs`. */
export async function waitForBatch(
  url: string,
  apiKey: string,
  batchId: string,
  timeoutMs: number,
  everyMs = 100,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  let status = 'unknown';
  while (Date.now() < until) {
    const response = await fetch(`${url}/batches/${batchId}`, { headers: { 'x-api-key': apiKey } }).catch(
      () => null,
    );
    if (response?.ok) status = ((await response.json()) as { status: string }).status;
    if (status === 'completed' || status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return status;
}

/** The batch's result items' transaction ids, in order. */
export async function resultIds(url: string, apiKey: string, batchId: string): Promise<string[]> {
  const response = await fetch(`${url}/batches/${batchId}/results`, { headers: { 'x-api-key': apiKey } });
  if (!response.ok) throw new Error(`results: ${response.status} ${await response.text()}`);
  const { results } = (await response.json()) as {
    results: Array<{ transactionInfo?: { transactionId?: string }; transactionId?: string }>;
  };
  return results.map((item) => item.transactionInfo?.transactionId ?? item.transactionId ?? '');
}

/** An HTTP receiver on loopback that counts the batch callbacks it hears, by batch id. */
export async function startCallbackReceiver() {
  const heard = new Map<string, number>();
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on('end', () => {
      try {
        const { batchId } = JSON.parse(text) as { batchId?: string };
        if (batchId) heard.set(batchId, (heard.get(batchId) ?? 0) + 1);
      } catch {}
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    heard,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
