/**
 * Callback delivery with one slow receiver (issue #20, point 18): how long
 * the callbacks of other tenants wait while one tenant's URL answers slowly.
 *
 * Two real HTTP receivers on loopback: a slow one that answers each POST
 * after `SLOW_MS` (past the dispatcher's `TIMEOUT_MS`, so every attempt to
 * it times out) and a fast one that answers at once. `SLOW` deliveries to
 * the slow receiver are enqueued first (tenant `slow`), then `FAST` to the
 * fast one (tenant `fast`), all due now, in a real SQLite store; the
 * dispatcher of `@txenrich/service` sends them. Printed: each fast
 * callback's latency from enqueue to arrival (median, p99, max), and when
 * the last one arrived.
 *
 *   node --conditions=@txenrich/source --import tsx src/callbacks.ts [--slow 48] [--fast 16] [--timeout-ms 2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  configSchema,
  createCallbackPolicy,
  createDispatcher,
  type NewDelivery,
  silentLogger,
} from '@txenrich/service';
import { createSqliteStore } from '@txenrich/store-sqlite';

const { values } = parseArgs({
  options: {
    slow: { type: 'string', default: '48' },
    fast: { type: 'string', default: '16' },
    'timeout-ms': { type: 'string', default: '2000' },
  },
});
const SLOW = Number(values.slow);
const FAST = Number(values.fast);
const TIMEOUT_MS = Number(values['timeout-ms']);
const SLOW_MS = TIMEOUT_MS * 2;

/** A receiver answering 200 after `delayMs`; `arrivals` holds each POST's arrival time by batch id. */
async function receiver(delayMs: number) {
  const arrivals = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      arrivals.set((JSON.parse(text) as { batchId: string }).batchId, performance.now());
      setTimeout(() => response.end(), delayMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'txenrich-bench-callbacks-'));
const store = createSqliteStore({ path: join(dir, 'txenrich.db') });
const slow = await receiver(SLOW_MS);
const fast = await receiver(0);

const delivery = (tenant: string, url: string, id: string): NewDelivery => ({
  id,
  kind: 'batch_callback',
  scope: { tenant, environment: 'production' },
  url,
  destination: new URL(url).host,
  body: JSON.stringify({ batchId: id, status: 'completed' }),
  createdAt: Date.now(),
  nextAttemptAt: Date.now(),
});

const enqueuedAt = new Map<string, number>();
for (let index = 0; index < SLOW; index++)
  await store.enqueueDelivery(delivery('slow', slow.url, `slow-${index}`));
for (let index = 0; index < FAST; index++) {
  const id = `fast-${index}`;
  await store.enqueueDelivery(delivery('fast', fast.url, id));
  enqueuedAt.set(id, performance.now());
}

// The configuration's defaults (`callbacks.maxConcurrent`, `maxConcurrentPerHost`).
const { maxConcurrent, maxConcurrentPerHost } = configSchema.shape.callbacks.parse(undefined);
const started = performance.now();
const dispatcher = createDispatcher({
  store,
  webhookToken: 'bench-webhook-token-0000000000001',
  policy: createCallbackPolicy({ allowlist: ['127.0.0.1'] }),
  logger: silentLogger,
  retryWindowMs: 3_600_000,
  timeoutMs: TIMEOUT_MS,
  maxConcurrent,
  maxConcurrentPerHost,
});

const deadline = started + 20 * TIMEOUT_MS + 10_000;
while (fast.arrivals.size < FAST && performance.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 5));

const latencies = [...enqueuedAt]
  .map(([id, at]) => (fast.arrivals.get(id) ?? Number.NaN) - at)
  .sort((a, b) => a - b);
const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
const last = Math.max(...fast.arrivals.values()) - started;
console.log(
  `${SLOW} callbacks to a receiver slower than the ${TIMEOUT_MS} ms timeout, then ${FAST} to a fast one (node ${process.version})`,
);
console.log(
  `fast callbacks delivered: ${fast.arrivals.size}/${FAST}; latency median=${quantile(0.5).toFixed(0)} ms  p99=${quantile(0.99).toFixed(0)} ms  max=${latencies.at(-1)!.toFixed(0)} ms; last arrived ${last.toFixed(0)} ms after the dispatcher started`,
);
console.log(`slow receiver reached by ${slow.arrivals.size} of ${SLOW} meanwhile`);

await dispatcher.close();
await Promise.all([slow.close(), fast.close()]);
await store.close();
rmSync(dir, { recursive: true, force: true });
