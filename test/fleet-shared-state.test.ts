/**
 * What processes of a fleet share through Postgres (issue 22, part 3): two services on one database, as
 * two API processes behind a load balancer. A key's rate limit holds across them; an Idempotency-Key used
 * on one answers the same batch on the other; triggers registered and a correction made through one apply
 * to the very next enrichment on the other (each enrichment reads the rules' revisions: the bound is 0 s).
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createScratchDatabases } from './support/postgres-databases.ts';
import { adminKey, closeShared, startServer, type TestServer } from './support/server.ts';

const databases = createScratchDatabases(inject('postgresUrl'), 'shared');
let one: TestServer;
let two: TestServer;
beforeAll(async () => {
  const postgresDatabaseUrl = await databases.urlOf('fleet');
  const config = { rateLimits: { batchPerSecond: 10, searchPerSecond: 3 } };
  one = await startServer(config, { store: 'postgres', postgresDatabaseUrl });
  two = await startServer(config, { store: 'postgres', postgresDatabaseUrl });
}, 120_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await closeShared();
  await databases.dropAll();
});

const netflix = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };

it("holds a key's rate limit across API processes", async () => {
  const search = (server: TestServer) => server.request('/corporations?name=netflix').then((r) => r.status);
  // The search index is built on the first search: before the window counted.
  await Promise.all([search(one), search(two)]);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  // Each process alone would let its two through: together they let three of the four through.
  const statuses = await Promise.all([search(one), search(two), search(one), search(two)]);
  expect(statuses.sort()).toEqual([200, 200, 200, 429]);
});

it('answers the same batch for an Idempotency-Key used on another API process', async () => {
  const submit = (server: TestServer) =>
    server
      .request('/batches/transactions/cards/enrich', {
        json: { transactions: [{ ...netflix, transactionId: 'idem-1' }] },
        headers: { 'idempotency-key': 'fleet-key-1' },
      })
      .then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { batchId: string },
      }));
  const [first, second] = await Promise.all([submit(one), submit(two)]);
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect(second.body.batchId).toBe(first.body.batchId);
});

it("applies triggers registered on one API process to the other's next enrichment", async () => {
  const path = '/users/u-fleet/merchant-action-triggers';
  const put = await one.request(path, {
    method: 'PUT',
    json: {
      merchantTriggers: [
        {
          id: 'fleet-block',
          merchantName: 'Netflix',
          website: 'netflix.com',
          level: 'corporation',
          action: { type: 'BLOCK' },
        },
      ],
    },
  });
  expect(put.status).toBe(201);
  const enriched = await two.request('/transactions/cards/enrich', {
    json: { ...netflix, userId: 'u-fleet' },
  });
  const body = (await enriched.json()) as { actions: Array<{ id: string }> | null };
  expect(body.actions?.map((action) => action.id)).toEqual(['fleet-block']);
});

it("applies a correction resolved on one API process to the other's next enrichment", async () => {
  const flowers = { merchantName: 'SQ *MARIAS FLOWERS #12 OAKLAND CA', categoryCode: '5992', amount: 42 };
  const enrich = async (server: TestServer, body: unknown) =>
    (await (await server.request('/transactions/cards/enrich', { json: body })).json()) as {
      enrichmentId: string;
      counterparty: Array<{ name: string }>;
    };
  const { enrichmentId } = await enrich(two, flowers);
  const reported = await one.request('/transactions/report', {
    json: { enrichmentId, errorDescription: 'Wrong merchant.', incorrectCounterparty: true },
  });
  expect(reported.status).toBe(200);
  const admin = { key: null, headers: { 'x-admin-key': adminKey } };
  const { reports } = (await (await one.request('/admin/reports?status=open', admin)).json()) as {
    reports: Array<{ id: string }>;
  };
  const resolved = await one.request(`/admin/reports/${reports[0]!.id}/resolve`, {
    ...admin,
    json: { counterparty: { name: "Maria's Flowers", website: 'mariasflowers.example' } },
  });
  expect(resolved.status).toBe(200);
  const later = await enrich(two, { ...flowers, merchantName: 'SQ * Marias Flowers #7 Oakland CA' });
  expect(later.counterparty[0]?.name).toBe("Maria's Flowers");
});

it("decides a series' recurrence with the payments recorded on the other API process, and lists it alike", async () => {
  // A monthly bill paid through each process in turn: each keeps the series parsed, and must read the
  // state again once the other wrote it.
  const intervals: Array<string | null> = [];
  for (let index = 0; index < 6; index++) {
    const server = index % 2 === 0 ? one : two;
    const response = await server.request('/transactions/cards/enrich', {
      json: {
        ...netflix,
        userId: 'u-fleet-series',
        occurredAt: `2025-0${index + 1}-05`,
        transactionId: `fleet-series-${index}`,
      },
    });
    const body = (await response.json()) as {
      transactionInfo: { recurrenceInfo: { intervalType: string; recentRecurrences: unknown[] } | null };
    };
    intervals.push(body.transactionInfo.recurrenceInfo?.intervalType ?? null);
    if (index === 5) expect(body.transactionInfo.recurrenceInfo?.recentRecurrences).toHaveLength(6);
  }
  expect(intervals.slice(2)).toEqual(['monthly', 'monthly', 'monthly', 'monthly']);
  const views = await Promise.all(
    [one, two].map(async (server) => (await server.request('/users/u-fleet-series/recurring')).json()),
  );
  expect(views[1]).toEqual(views[0]);
  expect(views[0]).toMatchObject({
    asOf: '2025-06-05',
    series: [{ count: 6, lastDate: '2025-06-05', periodicity: { label: 'monthly' } }],
  });
});
