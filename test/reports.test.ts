/** Error reports, the admin API that reviews them, and returned enrichments, end to end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  closeShared,
  keys,
  startReceiver,
  startServer,
  type TestServer,
  waitFor,
  webhookToken,
} from './support/server.ts';

type Json = Record<string, unknown>;
interface EnrichmentBody {
  enrichmentId: string;
  counterparty: Array<{
    id: string;
    name: string;
    verified: boolean;
    website: string | null;
    industry: Array<{ id: string }>;
  }>;
  transactionInfo: { display: { name: string; categoryName: string | null } };
}

const forbidden = { details: 'Incorrect authentication credentials.' };
const notFound = { enrichmentId: ['Enrichment not found.'] };
const flowers = { merchantName: 'SQ *MARIAS FLOWERS #12 OAKLAND CA', categoryCode: '5992', amount: 42 };
const mariasFlowers = {
  counterparty: { name: "Maria's Flowers", website: 'mariasflowers.example' },
  industryId: '012-016-002-000',
};

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  server = await startServer(
    { tenants: { acme: { returnedEnrichmentUrl: receiver.url } } },
    { callbackBackoffMs: 50 },
  );
}, 60_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
  await closeShared();
});

async function call(
  path: string,
  init: { method?: string; json?: unknown; key?: string | null; admin?: string },
) {
  const response = await server.request(path, {
    ...(init.method ? { method: init.method } : {}),
    ...(init.json === undefined ? {} : { json: init.json }),
    key: init.key === undefined ? keys.acmeSandbox : init.key,
    ...(init.admin ? { headers: { 'x-admin-key': init.admin } } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function enrich(body: Json, key: string = keys.acmeSandbox, path = '/transactions/cards/enrich') {
  const { status, body: result } = await call(path, { json: body, key });
  expect(status).toBe(200);
  return result as unknown as EnrichmentBody;
}

/** Enriches `body` and reports the enrichment: the report's id, from the admin list. */
async function reported(body: Json, key: string = keys.acmeSandbox, path = '/transactions/cards/enrich') {
  const { enrichmentId } = await enrich(body, key, path);
  const report = { enrichmentId, errorDescription: 'Wrong merchant.', incorrectCounterparty: true };
  expect(await call('/transactions/report', { json: report, key })).toEqual({
    status: 200,
    body: { details: 'Enrichment reported successfully.' },
  });
  const { body: list } = await call('/admin/reports?status=open', { key: null, admin: adminKey });
  const found = (list.reports as Array<{ id: string; enrichmentId: string }>).find(
    (item) => item.enrichmentId === enrichmentId,
  );
  return { id: found!.id, enrichmentId };
}

const admin = (path: string, json?: unknown) =>
  call(path, { method: 'POST', json, key: null, admin: adminKey });

/** Deliveries still in the outbox for an enrichment, or for a tenant. */
async function outbox(match: { enrichmentId?: string; tenant?: string }) {
  return (await server.service.store.pendingDeliveries()).filter(
    (delivery) =>
      (match.tenant === undefined || delivery.scope.tenant === match.tenant) &&
      (match.enrichmentId === undefined || delivery.body.includes(match.enrichmentId)),
  );
}

describe('POST /transactions/report', () => {
  it('answers the field errors of an invalid report', async () => {
    expect(await call('/transactions/report', { json: {} })).toEqual({
      status: 400,
      body: { enrichmentId: ['This field is required.'], errorDescription: ['This field is required.'] },
    });
    const tooLong = 'x'.repeat(1025);
    expect(
      await call('/transactions/report', {
        json: { enrichmentId: 'not-a-uuid', errorDescription: tooLong, incorrectChannelDescription: tooLong },
      }),
    ).toEqual({
      status: 400,
      body: {
        enrichmentId: ['Must be a valid UUID.'],
        errorDescription: ['Ensure this field has no more than 1024 characters.'],
        incorrectChannelDescription: ['Ensure this field has no more than 1024 characters.'],
      },
    });
  });

  it('answers Enrichment not found for an id it never gave this tenant and environment', async () => {
    const report = (enrichmentId: string) => ({ enrichmentId, errorDescription: 'Wrong.' });
    expect(await call('/transactions/report', { json: report(crypto.randomUUID()) })).toEqual({
      status: 400,
      body: notFound,
    });
    const globex = await enrich(flowers, keys.globexSandbox);
    expect(await call('/transactions/report', { json: report(globex.enrichmentId) })).toEqual({
      status: 400,
      body: notFound,
    });
    const production = await enrich(flowers, keys.acmeProduction);
    expect(await call('/transactions/report', { json: report(production.enrichmentId) })).toEqual({
      status: 400,
      body: notFound,
    });
    expect(
      (
        await call('/transactions/report', {
          json: report(production.enrichmentId),
          key: keys.acmeProduction,
        })
      ).status,
    ).toBe(200);
  });

  it('answers 403 without a valid key', async () => {
    const json = { enrichmentId: crypto.randomUUID(), errorDescription: 'Wrong.' };
    expect(await call('/transactions/report', { json, key: null })).toEqual({ status: 403, body: forbidden });
    expect(await call('/transactions/report', { json, key: 'wrong-key' })).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('accepts reports of batch and microbatch enrichments too', async () => {
    const micro = await call('/batches/transactions/cards/enrich?synchronous=true', {
      json: { transactions: [{ transactionId: 'm1', ...flowers }] },
    });
    const [item] = micro.body.results as Array<{ enrichmentId: string }>;
    const json = { enrichmentId: item!.enrichmentId, errorDescription: 'Wrong.' };
    expect((await call('/transactions/report', { json })).status).toBe(200);
  });
});

describe('admin API', () => {
  it('answers 403 without the admin key, whatever API key is sent', async () => {
    for (const [key, adminHeader] of [
      [keys.acmeSandbox, undefined],
      [null, 'wrong-admin-key-00000000000000000'],
      [null, undefined],
    ] as const) {
      for (const [method, path] of [
        ['GET', '/admin/reports'],
        ['GET', '/admin/usage'],
        ['POST', '/admin/reports/x/reject'],
        ['POST', '/admin/reports/x/resolve'],
      ] as const) {
        const response = await call(path, { method, key, ...(adminHeader ? { admin: adminHeader } : {}) });
        expect(response).toEqual({ status: 403, body: forbidden });
      }
    }
  });

  it('lists reports with their fields, by status', async () => {
    const { id, enrichmentId } = await reported(flowers);
    const { status, body } = await call('/admin/reports?status=open', { key: null, admin: adminKey });
    expect(status).toBe(200);
    expect((body.reports as Json[]).find((report) => report.id === id)).toEqual({
      id,
      tenant: 'acme',
      environment: 'sandbox',
      enrichmentId,
      errorDescription: 'Wrong merchant.',
      incorrectCounterparty: true,
      status: 'open',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const all = await call('/admin/reports', { key: null, admin: adminKey });
    expect((all.body.reports as Json[]).some((report) => report.id === id)).toBe(true);
    const resolved = await call('/admin/reports?status=resolved', { key: null, admin: adminKey });
    expect((resolved.body.reports as Json[]).some((report) => report.id === id)).toBe(false);
    expect(await call('/admin/reports?status=closed', { key: null, admin: adminKey })).toEqual({
      status: 400,
      body: { status: ['"closed" is not a valid choice.'] },
    });
  });

  it('rejects a report once, and sends nothing', async () => {
    const { id, enrichmentId } = await reported({ ...flowers, merchantName: 'SQ *REJECTED FLOWERS' });
    const rejected = await admin(`/admin/reports/${id}/reject`);
    expect(rejected).toEqual({
      status: 200,
      body: expect.objectContaining({ id, enrichmentId, status: 'rejected' }),
    });
    expect(await admin(`/admin/reports/${id}/reject`)).toEqual({
      status: 409,
      body: { details: 'This report is already rejected.' },
    });
    expect((await admin(`/admin/reports/${id}/resolve`, mariasFlowers)).status).toBe(409);
    expect(await admin(`/admin/reports/${crypto.randomUUID()}/reject`)).toEqual({
      status: 404,
      body: { details: 'Report not found.' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      receiver.received.filter((delivery) => (delivery.body as Json).enrichmentId === enrichmentId),
    ).toEqual([]);
    expect(await outbox({ enrichmentId })).toEqual([]);
    // A rejection is no correction: the next enrichment is as before.
    const again = await enrich({ ...flowers, merchantName: 'SQ *REJECTED FLOWERS' });
    expect(again.counterparty.map((party: Json) => party.verified)).toEqual([false]);
  });

  it('validates the correction', async () => {
    const { id } = await reported({ ...flowers, merchantName: 'SQ *INVALID FLOWERS' });
    const cases: Array<[unknown, Json]> = [
      [
        {},
        {
          non_field_errors: [
            'Give at least one of counterparty, industryId, channel, location and personalization.',
          ],
        },
      ],
      [{ counterparty: {} }, { counterparty: ['Give either id (a catalog counterparty) or name.'] }],
      [{ counterparty: { id: 'no-such-merchant' } }, { 'counterparty.id': ['Unknown counterparty id.'] }],
      [{ industryId: '999-999-999-999' }, { industryId: ['Unknown industry id.'] }],
      [{ channel: 'teleport' }, { channel: ['"teleport" is not a valid choice.'] }],
      [{ location: { city: 5 } }, { 'location.city': ['Not a valid string.'] }],
    ];
    for (const [json, errors] of cases)
      expect(await admin(`/admin/reports/${id}/resolve`, json)).toEqual({ status: 400, body: errors });
    expect(await admin(`/admin/reports/${crypto.randomUUID()}/resolve`, mariasFlowers)).toEqual({
      status: 404,
      body: { details: 'Report not found.' },
    });
  });
});

describe('resolving a report', () => {
  it('returns the corrected enrichment to the tenant with the token, and corrects later ones', async () => {
    const original = await enrich(flowers);
    expect(original.counterparty.map((party: Json) => party.verified)).toEqual([false]);
    const { id, enrichmentId } = await reported(flowers);
    const resolved = await admin(`/admin/reports/${id}/resolve`, mariasFlowers);
    expect(resolved.status).toBe(200);
    const corrected = resolved.body as unknown as EnrichmentBody;
    expect(corrected).toMatchObject({
      enrichmentId,
      counterparty: [{ name: "Maria's Flowers", website: 'https://mariasflowers.example' }],
      transactionInfo: { display: { name: "Maria's Flowers", categoryName: 'Florists' } },
    });

    const [delivery] = await waitFor(
      async () => receiver.received.filter((item) => (item.body as Json).enrichmentId === enrichmentId),
      (found) => found.length > 0,
      10_000,
    );
    expect(delivery!.headers['x-webhook-token']).toBe(webhookToken);
    expect(delivery!.body).toEqual(resolved.body);

    // The same normalised descriptor (another store number), in a single call and in a batch on the workers.
    const later = { ...flowers, merchantName: 'SQ * Marias Flowers #7 Oakland CA' };
    const next = await enrich(later);
    expect(next.enrichmentId).not.toBe(enrichmentId);
    expect(next.counterparty[0]).toMatchObject({
      id: corrected.counterparty[0]!.id,
      name: "Maria's Flowers",
    });
    const submitted = await call('/batches/transactions/cards/enrich', {
      json: { transactions: [{ transactionId: 'b1', ...later }] },
    });
    const batchId = submitted.body.batchId as string;
    await waitFor(
      async () => (await call(`/batches/${batchId}`, {})).body,
      (batch) => batch.status === 'completed',
    );
    const { body: results } = await call(`/batches/${batchId}/results`, {});
    expect((results.results as EnrichmentBody[])[0]!.counterparty[0]?.name).toBe("Maria's Flowers");

    // Only for this tenant and environment.
    const verified = (result: EnrichmentBody) => result.counterparty.filter((party) => party.verified);
    expect(verified(await enrich(later, keys.globexSandbox))).toEqual([]);
    expect(verified(await enrich(later, keys.acmeProduction))).toEqual([]);
    const { body: list } = await call('/admin/reports?status=resolved', { key: null, admin: adminKey });
    expect((list.reports as Json[]).map((report) => report.id)).toContain(id);
  });

  it('corrects a DE43 enrichment to a catalog counterparty, keyed by the name the field carries', async () => {
    const blueBottle = (await enrich({ merchantName: 'BLUE BOTTLE COFFEE #12 OAKLAND CA' })).counterparty[0]!;
    const field = (city: string) => `${'BB CAFE 0012'.padEnd(22)} ${city.padEnd(13)} CA `;
    const path = '/transactions/cards/enrich/parse';
    const { id } = await reported({ de43: field('OAKLAND') }, keys.acmeSandbox, path);
    const resolved = await admin(`/admin/reports/${id}/resolve`, { counterparty: { id: blueBottle.id } });
    expect((resolved.body as unknown as EnrichmentBody).counterparty[0]).toMatchObject({
      id: blueBottle.id,
      name: 'Blue Bottle Coffee',
    });
    const later = await enrich({ de43: field('BERKELEY') }, keys.acmeSandbox, path);
    expect(later.counterparty[0]?.id).toBe(blueBottle.id);
  });

  it('enqueues nothing for a tenant without a returned-enrichment URL', async () => {
    const { id, enrichmentId } = await reported(
      { ...flowers, merchantName: 'SQ *GLOBEX FLOWERS' },
      keys.globexSandbox,
    );
    const resolved = await admin(`/admin/reports/${id}/resolve`, mariasFlowers);
    expect(resolved.body).toMatchObject({ enrichmentId, counterparty: [{ name: "Maria's Flowers" }] });
    expect(await outbox({ tenant: 'globex' })).toEqual([]);
  });
});
