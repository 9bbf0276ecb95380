/**
 * The callback dispatcher against real receivers over loopback sockets and a
 * real SQLite outbox: a slow receiver holds its own few slots and delays
 * nobody else's callbacks; deliveries run concurrently within the bounds per
 * destination and overall; log lines never carry a URL's credentials or
 * query string.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createCallbackPolicy,
  createDispatcher,
  type Dispatcher,
  type DispatcherOptions,
  newDelivery,
  type Store,
} from '@txenrich/service';
import { createSqliteStore } from '@txenrich/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { capturingLogger } from './support/logger.ts';
import { waitFor } from './support/server.ts';

const scope = { tenant: 'acme', environment: 'production' } as const;

/** Requests open at once, and the most there ever were. */
class OpenRequests {
  open = 0;
  peak = 0;
  track(response: ServerResponse) {
    this.peak = Math.max(this.peak, ++this.open);
    response.on('close', () => this.open--);
  }
}

/**
 * A receiver answering `status` after `delayMs`, recording each POST's batch id and arrival time, and the
 * most requests it had open at once (also counted in `everywhere`, when given).
 */
async function receiver(options: { delayMs?: number; status?: number; everywhere?: OpenRequests } = {}) {
  const arrivals = new Map<string, number>();
  const here = new OpenRequests();
  const server = createServer((request, response: ServerResponse) => {
    here.track(response);
    options.everywhere?.track(response);
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      arrivals.set((JSON.parse(text) as { batchId: string }).batchId, Date.now());
      const answer = () => {
        response.statusCode = options.status ?? 200;
        response.end();
      };
      if (options.delayMs) setTimeout(answer, options.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    peak: () => here.peak,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function outbox(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'txenrich-callbacks-'));
  const store = createSqliteStore({ path: join(dir, 'txenrich.db') });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  return store;
}

function dispatcher(store: Store, options: Partial<DispatcherOptions> = {}): Dispatcher {
  const started = createDispatcher({
    store,
    webhookToken: 'webhook-token-000000000000000001',
    policy: createCallbackPolicy({ allowlist: ['127.0.0.1'] }),
    logger: capturingLogger().logger,
    retryWindowMs: 3_600_000,
    timeoutMs: 10_000,
    maxConcurrent: 32,
    maxConcurrentPerHost: 4,
    ...options,
  });
  cleanups.push(() => started.close());
  return started;
}

const enqueue = (store: Store, url: string, batchId: string) =>
  store.enqueueDelivery(
    newDelivery('batch_callback', scope, url, { batchId, status: 'completed' }, Date.now()),
  );

describe('callback delivery', () => {
  it("delivers other tenants' callbacks at once while one receiver is slower than the timeout", async () => {
    const timeoutMs = 4000;
    const slow = await receiver({ delayMs: 2 * timeoutMs });
    const fast = await receiver();
    cleanups.push(slow.close, fast.close);
    const store = outbox();
    // The slow tenant's callbacks are due first: 20 of them, five times the bound per destination.
    for (let n = 0; n < 20; n++) await enqueue(store, slow.url, `slow-${n}`);
    for (let n = 0; n < 8; n++) await enqueue(store, fast.url, `fast-${n}`);

    const started = Date.now();
    dispatcher(store, { timeoutMs, maxConcurrentPerHost: 4 });
    await waitFor(
      async () => fast.arrivals.size,
      (count) => count === 8,
      timeoutMs * 3,
    );
    // Before deliveries ran concurrently, these waited for a round of slow ones to time out.
    const latest = Math.max(...fast.arrivals.values()) - started;
    expect(latest).toBeLessThan(timeoutMs / 2);
    // The slow receiver holds its 4 slots, never more, and the others still wait in the outbox.
    expect(slow.peak()).toBe(4);
    expect(slow.arrivals.size).toBe(4);
    expect((await store.pendingDeliveries()).filter((each) => each.url === slow.url)).toHaveLength(20);
  }, 30_000);

  it('keeps to the bound overall: no more deliveries under way than maxConcurrent', async () => {
    const everywhere = new OpenRequests();
    const receivers = await Promise.all([0, 1, 2].map(() => receiver({ delayMs: 300, everywhere })));
    cleanups.push(...receivers.map((each) => each.close));
    const store = outbox();
    for (const [index, each] of receivers.entries())
      for (let n = 0; n < 6; n++) await enqueue(store, each.url, `r${index}-${n}`);

    dispatcher(store, { maxConcurrent: 5, maxConcurrentPerHost: 3 });
    await waitFor(
      async () => (await store.pendingDeliveries()).length,
      (count) => count === 0,
      20_000,
    );
    for (const each of receivers) expect(each.peak()).toBeLessThanOrEqual(3);
    expect(everywhere.peak).toBe(5);
    expect(receivers.map((each) => each.arrivals.size)).toEqual([6, 6, 6]);
  }, 30_000);

  it("never logs a URL's credentials or query string", async () => {
    const failing = await receiver({ status: 500 });
    cleanups.push(failing.close);
    const store = outbox();
    const { logger, lines } = capturingLogger();
    const port = new URL(failing.url).port;
    // Stored by a version that did not yet refuse credentials at submission.
    const withPassword = `http://hooks-user:pa55word@127.0.0.1:${port}/hooks?token=s3cret-query`;
    await enqueue(store, withPassword, 'with-password');
    await enqueue(store, `${failing.url}?token=s3cret-query`, 'with-query');

    dispatcher(store, { logger, retryWindowMs: 200, schedule: [50] });
    await waitFor(
      async () => (await store.listDeliveries('abandoned', 10)).length,
      (count) => count === 2,
      10_000,
    );
    const written = JSON.stringify(lines);
    expect(written).not.toContain('pa55word');
    expect(written).not.toContain('hooks-user');
    expect(written).not.toContain('s3cret-query');
    const urls = new Set(lines.map((line) => line.object.url));
    expect(urls).toEqual(new Set([`http://127.0.0.1:${port}/hooks?[redacted]`]));
    // Refused without a single request: a URL with credentials is abandoned at its first attempt.
    expect(lines.filter((line) => line.message === 'callback refused')).toHaveLength(1);
    expect(failing.arrivals.has('with-password')).toBe(false);
    expect(failing.arrivals.has('with-query')).toBe(true);
  }, 30_000);
});
