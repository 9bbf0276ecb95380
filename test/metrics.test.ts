/**
 * Prometheus `/metrics` over real HTTP: behind the admin key, requests and
 * latency counted by route pattern (never the raw URL), batch items by
 * state, the worker pool, callback deliveries and their retries, and store
 * errors, each seen to move after the requests that move it.
 */
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  closeShared,
  keys,
  startReceiver,
  startServer,
  type TestServer,
  waitFor,
} from './support/server.ts';

type Json = Record<string, unknown>;

let plain: TestServer;

beforeAll(async () => {
  // Callback retries 100 ms apart, not minutes.
  plain = await startServer({}, { callbackBackoffMs: 100 });
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await closeShared();
}, 60_000);

const card = (transactionId: string) => ({
  transactionId,
  merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA',
  amount: '4.50',
  categoryCode: '5814',
});

/** The value of one sample of a Prometheus text exposition, or 0 when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

async function scrape(server: TestServer) {
  const response = await server.request('/metrics', { key: null, headers: { 'x-admin-key': adminKey } });
  expect(response.status).toBe(200);
  return response.text();
}

describe('/metrics', () => {
  it('needs the admin key: no key, an API key or a wrong admin key is a 403', async () => {
    for (const init of [
      { key: null },
      { key: keys.acmeSandbox },
      { key: null, headers: { 'x-admin-key': 'not-the-admin-key-0000000000' } },
    ]) {
      const response = await plain.request('/metrics', init);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ details: 'Incorrect authentication credentials.' });
    }
    const response = await plain.request('/metrics', { key: null, headers: { 'x-admin-key': adminKey } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  }, 60_000);

  it('takes the admin key as a bearer token too, as a scraper sends it', async () => {
    const scraped = await plain.request('/metrics', {
      key: null,
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE txenrich_http_requests_total counter');
    for (const token of ['not-the-admin-key-0000000000', keys.acmeSandbox]) {
      const refused = await plain.request('/metrics', {
        key: null,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(403);
    }
    // Only /metrics: the admin API takes X-Admin-Key alone.
    const usage = await plain.request('/admin/usage', {
      key: null,
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(usage.status).toBe(403);
  }, 60_000);

  it('counts requests and their latency by route pattern and status, never by raw URL', async () => {
    const route = { method: 'POST', route: '/transactions/cards/enrich', status: '200' };
    const batchRoute = { method: 'GET', route: '/batches/:batchId', status: '404' };
    const before = await scrape(plain);
    for (const id of ['m1', 'm2']) {
      const response = await plain.request('/transactions/cards/enrich', { json: card(id) });
      expect(response.status).toBe(200);
    }
    expect((await plain.request('/batches/8e7a2c9d-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await plain.request('/no/such/route/4242')).status).toBe(404);
    const after = await scrape(plain);

    expect(sample(after, 'txenrich_http_requests_total', route)).toBe(
      sample(before, 'txenrich_http_requests_total', route) + 2,
    );
    expect(sample(after, 'txenrich_http_request_duration_seconds_count', route)).toBe(
      sample(before, 'txenrich_http_request_duration_seconds_count', route) + 2,
    );
    expect(sample(after, 'txenrich_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      sample(before, 'txenrich_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }) + 2,
    );
    expect(sample(after, 'txenrich_http_requests_total', batchRoute)).toBe(
      sample(before, 'txenrich_http_requests_total', batchRoute) + 1,
    );
    const unmatched = { method: 'GET', route: '(unmatched)', status: '404' };
    expect(sample(after, 'txenrich_http_requests_total', unmatched)).toBe(
      sample(before, 'txenrich_http_requests_total', unmatched) + 1,
    );
    // Ids and unknown paths never become label values.
    expect(after).not.toContain('8e7a2c9d');
    expect(after).not.toContain('/no/such/route');
    // Node's own metrics come along.
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  }, 60_000);

  it('counts batch items by state, the pool, and callback deliveries with their retries', async () => {
    const receiver = await startReceiver([500]); // fails once, then delivers
    try {
      const before = await scrape(plain);
      const submitted = await plain.request('/batches/transactions/cards/enrich', {
        json: { transactions: [card('b1'), card('b2'), card('b3')], callbackUrl: receiver.url },
      });
      expect(submitted.status).toBe(200);
      const { batchId } = (await submitted.json()) as { batchId: string };
      await waitFor(
        async () => ((await (await plain.request(`/batches/${batchId}`)).json()) as Json).status,
        (status) => status === 'completed',
        50_000,
      );
      await waitFor(
        async () => receiver.received.length,
        (count) => count === 2,
        50_000,
      );
      const delivered = { kind: 'batch_callback', outcome: 'delivered' };
      const retried = { kind: 'batch_callback', outcome: 'retried' };
      const after = await waitFor(
        () => scrape(plain),
        (text) =>
          sample(text, 'txenrich_callback_attempts_total', delivered) ===
          sample(before, 'txenrich_callback_attempts_total', delivered) + 1,
        50_000,
      );
      expect(sample(after, 'txenrich_callback_attempts_total', retried)).toBe(
        sample(before, 'txenrich_callback_attempts_total', retried) + 1,
      );
      for (const state of ['submitted', 'completed'])
        expect(sample(after, 'txenrich_batch_items_total', { state }), state).toBe(
          sample(before, 'txenrich_batch_items_total', { state }) + 3,
        );
      expect(sample(after, 'txenrich_batch_items_total', { state: 'failed' })).toBe(0);
      expect(sample(after, 'txenrich_batch_items', { state: 'running' })).toBe(0);
      expect(after).toContain('txenrich_batch_items{state="pending"} 0');
      expect(sample(after, 'txenrich_pool_threads')).toBe(2);
      expect(sample(after, 'txenrich_pool_tasks_completed_total')).toBeGreaterThan(
        sample(before, 'txenrich_pool_tasks_completed_total'),
      );
      const utilization = sample(after, 'txenrich_pool_utilization_ratio');
      expect(utilization).toBeGreaterThan(0);
      expect(utilization).toBeLessThanOrEqual(1);
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it('counts store errors by code', async () => {
    const server = await startServer();
    try {
      const before = await scrape(server);
      expect(sample(before, 'txenrich_store_errors_total', { code: 'STORE_UNAVAILABLE' })).toBe(0);
      unlinkSync(join(server.dataDir, 'txenrich.db'));
      expect((await server.request('/readyz', { key: null })).status).toBe(503);
      const after = await scrape(server);
      expect(sample(after, 'txenrich_store_errors_total', { code: 'STORE_UNAVAILABLE' })).toBe(1);
      expect(sample(after, 'txenrich_store_errors_total', { code: 'STORE_FAILED' })).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);
});
