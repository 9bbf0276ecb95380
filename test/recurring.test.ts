/**
 * Recurrence over HTTP on a real SQLite file: a user's series found from single enrichments sent in any
 * order and from a batch, whatever else the user pays, and the subscriptions view
 * (`GET /users/{userId}/recurring`) per environment, with its status filter and its 400.
 */
import { transactionSchemas } from '@txenrich/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShared, keys, startServer, type TestServer, waitFor } from './support/server.ts';

let server: TestServer;

/** What the tests read of an answer: an enrichment, a batch, a subscriptions view, an error. */
// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field
type Body = Record<string, any>;

async function call(path: string, init: { key?: string; json?: unknown } = {}) {
  const response = await server.request(path, init);
  return { status: response.status, body: (await response.json()) as Body };
}

const card = (
  userId: string,
  merchantName: string,
  amount: number,
  occurredAt: string,
  transactionId: string,
) => ({
  userId,
  merchantName,
  amount,
  occurredAt,
  transactionId,
  categoryType: 'MCC',
});

/** An order's amount: $10 to $200, to the cent, spread as real baskets are. */
const orderAmount = (index: number, day: number) => 10 + ((index * 7919 + day * 104_729) % 19_000) / 100;

const month = (index: number, day: number) =>
  `${2022 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

describe('recurrence over HTTP', () => {
  it('finds an annual bill and a monthly subscription among a heavy user’s other payments, sent out of order', async () => {
    const rows = [];
    for (let index = 0; index < 36; index++) {
      rows.push(card('heavy', 'NETFLIX.COM', 15.49, month(index, 5), `n-${index}`));
      for (const day of [2, 9, 12, 16, 19, 23, 26])
        rows.push(
          card('heavy', 'AMAZON.COM', orderAmount(index, day), month(index, day), `a-${index}-${day}`),
        );
      if (index % 12 === 2) rows.push(card('heavy', 'AMAZON PRIME', 139, month(index, 14), `p-${index}`));
    }
    // Out of order: the first half of the rows last.
    const half = Math.floor(rows.length / 2);
    for (const row of [...rows.slice(half), ...rows.slice(0, half)]) {
      const { status } = await call('/transactions/cards/enrich', { json: row });
      expect(status).toBe(200);
    }
    const { status, body } = await call('/users/heavy/recurring');
    expect(status).toBe(200);
    expect(body.userId).toBe('heavy');
    expect(body.asOf).toBe(month(35, 26));
    const labels = body.series.map(
      (series: Body) => `${series.counterparty.name}:${series.periodicity.label}`,
    );
    expect(labels).toContain('Netflix:monthly');
    expect(labels.some((label: string) => /amazon/i.test(label) && label.endsWith(':annually'))).toBe(true);
    const netflix = body.series.find((series: Body) => series.periodicity.label === 'monthly');
    expect(netflix).toMatchObject({
      lastDate: month(35, 5),
      lastAmount: 15.49,
      averageAmount: 15.49,
      periodicity: { days: 30, label: 'monthly' },
      nextExpected: { date: month(36, 5), amount: 15.49 },
      active: true,
    });
    expect(netflix.confidence).toBeGreaterThan(0.8);
    expect(netflix.count).toBeGreaterThanOrEqual(12);
  }, 120_000);

  it('finds recurrence in a batch as in single requests, and keeps environments apart', async () => {
    const transactions = Array.from({ length: 8 }, (_, index) =>
      card('batched', 'SPOTIFY USA', 11.99, month(index, 20), `s-${index}`),
    );
    const submitted = await call('/batches/transactions/cards/enrich', { json: { transactions } });
    expect(submitted.status).toBe(200);
    const batchId = submitted.body.batchId as string;
    await waitFor(
      async () => (await call(`/batches/${batchId}`)).body.status,
      (status) => status === 'completed',
      60_000,
    );
    const { body } = await call(`/batches/${batchId}/results`);
    const intervals = body.results.map(
      (item: Body) => item.transactionInfo.recurrenceInfo?.intervalType ?? null,
    );
    expect(intervals).toEqual([null, null, ...Array(6).fill('monthly')]);
    const view = await call('/users/batched/recurring');
    expect(view.body.series).toHaveLength(1);
    expect(view.body.series[0]).toMatchObject({ count: 8, firstDate: month(0, 20), active: true });
    // Another environment of the tenant, and another tenant, know nothing of it.
    for (const key of [keys.acmeProduction, keys.globexSandbox]) {
      expect((await call('/users/batched/recurring', { key })).body).toEqual({
        userId: 'batched',
        asOf: null,
        series: [],
      });
    }
  }, 120_000);

  it('counts every payment of two requests of one user that meet in the same turn of the event loop', async () => {
    const scope = { tenant: 'acme', environment: 'sandbox' } as const;
    const netflix = (index: number) =>
      transactionSchemas.card.parse(card('racing', 'NETFLIX.COM', 15.49, month(index, 5), `r-${index}`));
    await server.service.enrichOne(scope, 'card', netflix(0));
    // Started together, both read the series before either has written it.
    for (let index = 1; index < 7; index += 2)
      await Promise.all([
        server.service.enrichOne(scope, 'card', netflix(index)),
        server.service.enrichOne(scope, 'card', netflix(index + 1)),
      ]);
    const view = await call('/users/racing/recurring');
    expect(view.body.series).toHaveLength(1);
    expect(view.body.series[0]).toMatchObject({ count: 7, lastDate: month(6, 5) });
  }, 60_000);

  it('filters by status, and answers 400 naming the field for another status', async () => {
    for (let index = 0; index < 4; index++)
      await call('/transactions/cards/enrich', {
        json: card('lapsed', 'HULU', 7.99, month(index, 8), `h-${index}`),
      });
    await call('/transactions/cards/enrich', {
      json: card('lapsed', 'SHELL OIL 1234', 40, month(12, 1), 'fuel'),
    });
    expect((await call('/users/lapsed/recurring?status=active')).body.series).toEqual([]);
    const inactive = await call('/users/lapsed/recurring?status=inactive');
    expect(inactive.body.series).toHaveLength(1);
    expect(inactive.body.series[0]).toMatchObject({ active: false, count: 4 });
    const wrong = await call('/users/lapsed/recurring?status=closed');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('status');
  }, 60_000);
});
