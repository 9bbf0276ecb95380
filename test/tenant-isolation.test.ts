/**
 * What one tenant's environment creates, no other key sees or is touched by (another environment of the
 * tenant, another tenant), over HTTP, on each store: batches and their idempotency keys, recurrence,
 * triggers, reports and the corrections their resolutions make.
 */
import { featureNames } from '@txenrich/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  closeShared,
  keys,
  startServer,
  type TestServer,
  testConfig,
  waitFor,
} from './support/server.ts';
import { storeKinds } from './support/test-stores.ts';

type Json = Record<string, unknown>;

const card = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const flowers = { merchantName: 'SQ *MARIAS FLOWERS #12 OAKLAND CA', categoryCode: '5992', amount: 42 };
/** Every key with every feature: only the tenant and environment differ. */
const everyFeature = {
  keys: testConfig().keys.map((key) => ({ ...key, features: [...featureNames] })),
};
/** The keys that must see nothing of `keys.acmeSandbox`'s records. */
const others = [keys.acmeProduction, keys.globexSandbox];

afterAll(() => closeShared());

describe.each(storeKinds)('tenant and environment isolation on %s', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(everyFeature, { store });
  }, 60_000);
  afterAll(() => server.close());

  async function call(
    path: string,
    init: { method?: string; json?: unknown; key?: string; headers?: Json } = {},
  ) {
    const response = await server.request(path, {
      ...(init.method ? { method: init.method } : {}),
      ...(init.json === undefined ? {} : { json: init.json }),
      ...(init.headers ? { headers: init.headers as Record<string, string> } : {}),
      key: init.key ?? keys.acmeSandbox,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  }

  it("answers 404 for an unknown, malformed or other key's batch id", async () => {
    const { body } = await call('/batches/transactions/cards/enrich', {
      json: { transactions: [{ transactionId: 'a', ...card }] },
    });
    const batchId = body.batchId as string;
    const notFound = { status: 404, body: { details: 'Batch job not found.' } };
    for (const [path, key] of [
      [`/batches/${crypto.randomUUID()}`, keys.acmeSandbox],
      ['/batches/not-a-uuid', keys.acmeSandbox],
      [`/batches/${batchId}`, keys.acmeProduction],
      [`/batches/${batchId}`, keys.globexSandbox],
      [`/batches/${batchId}/results`, keys.globexSandbox],
    ] as const)
      expect(await call(path, { key })).toEqual(notFound);
    expect((await call(`/batches/${batchId}`)).status).toBe(200);
  });

  it("keeps an Idempotency-Key to its tenant and environment: another key's same key makes a new batch", async () => {
    const headers = { 'idempotency-key': `key-${crypto.randomUUID()}` };
    const json = { transactions: [{ transactionId: 'i1', ...card }] };
    const batchIds = [];
    for (const key of [keys.acmeSandbox, keys.acmeSandbox, ...others]) {
      const { status, body } = await call('/batches/transactions/cards/enrich', { json, headers, key });
      expect(status).toBe(200);
      batchIds.push(body.batchId);
    }
    expect(batchIds[1]).toBe(batchIds[0]);
    expect(new Set(batchIds).size).toBe(3);
  });

  it('keeps recurrence history and the recurring view per environment and tenant', async () => {
    const monthly = (month: number) => ({ ...card, userId: 'iso-user', occurredAt: `2024-0${month}-05` });
    for (const month of [1, 2]) await call('/transactions/cards/enrich', { json: monthly(month) });
    const sandbox = await call('/transactions/cards/enrich', { json: monthly(3) });
    expect(sandbox.body).toMatchObject({ transactionInfo: { recurrenceInfo: { intervalType: 'monthly' } } });
    expect((await call('/users/iso-user/recurring')).body.series).toHaveLength(1);
    for (const key of others) {
      expect((await call('/users/iso-user/recurring', { key })).body).toEqual({
        userId: 'iso-user',
        asOf: null,
        series: [],
      });
      const elsewhere = await call('/transactions/cards/enrich', { json: monthly(3), key });
      expect(elsewhere.body).toMatchObject({ transactionInfo: { recurrenceInfo: null } });
    }
  });

  it("applies a tenant's triggers to its own environment only", async () => {
    const netflix = {
      id: 'no-netflix',
      merchantName: 'Netflix',
      website: 'netflix.com',
      level: 'corporation',
    };
    const registered = await call('/merchant-action-triggers', {
      method: 'PUT',
      json: { merchantTriggers: [{ ...netflix, action: { type: 'BLOCK' } }] },
    });
    expect(registered.status).toBe(201);
    const actions = async (key: string) =>
      (await call('/transactions/cards/enrich', { json: card, key })).body.actions;
    expect(await actions(keys.acmeSandbox)).toMatchObject([{ id: 'no-netflix' }]);
    for (const key of others) {
      expect(await actions(key)).toBeNull();
      expect(await call('/merchant-action-triggers', { key })).toEqual({
        status: 404,
        body: { details: 'No action triggers exist for this scope' },
      });
    }
  });

  it("reports only an enrichment of the key's own, and a correction applies to its tenant and environment only", async () => {
    const enrich = async (key: string) =>
      (await call('/transactions/cards/enrich', { json: flowers, key })).body as {
        enrichmentId: string;
        counterparty: Array<{ name: string; verified: boolean }>;
      };
    const { enrichmentId } = await enrich(keys.acmeSandbox);
    const report = { enrichmentId, errorDescription: 'Wrong merchant.', incorrectCounterparty: true };
    for (const key of others)
      expect(await call('/transactions/report', { json: report, key })).toEqual({
        status: 400,
        body: { enrichmentId: ['Enrichment not found.'] },
      });
    expect((await call('/transactions/report', { json: report })).status).toBe(200);

    const list = await server.request('/admin/reports?status=open', {
      key: null,
      headers: { 'x-admin-key': adminKey },
    });
    const { reports } = (await list.json()) as { reports: Array<{ id: string; enrichmentId: string }> };
    const id = reports.find((each) => each.enrichmentId === enrichmentId)!.id;
    const resolved = await server.request(`/admin/reports/${id}/resolve`, {
      key: null,
      headers: { 'x-admin-key': adminKey },
      json: {
        counterparty: { name: "Maria's Flowers", website: 'mariasflowers.example' },
        industryId: '012-016-002-000',
      },
    });
    expect(resolved.status).toBe(200);

    const verified = async (key: string) =>
      (await enrich(key)).counterparty.filter((party) => party.verified).map((party) => party.name);
    await waitFor(
      () => verified(keys.acmeSandbox),
      (names) => names.includes("Maria's Flowers"),
    );
    for (const key of others) expect(await verified(key)).toEqual([]);
  });
});
