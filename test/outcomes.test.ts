/**
 * Transaction outcomes over a real socket, on each store: the four endpoints (their answers, their 400s
 * per field, a 404 for another tenant's or environment's enrichment), and the risk insights they feed: a
 * counterparty crossing the configured threshold and dropping back (more enrichments, a chargeback won),
 * the minimum of enrichments, the next enrichment seeing each change, a batch seeing the state as of its
 * start, and nothing shared across tenants or environments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShared, keys, startServer, type TestServer, waitFor } from './support/server.ts';
import { storeKinds } from './support/test-stores.ts';

type Json = Record<string, unknown>;
interface RiskInsights {
  highRiskEntity: boolean | null;
  outcomeHistory?: {
    enrichments: number;
    chargebacksLost: number;
    fraudReports: number;
    declines: number;
    refunds: number;
    chargebackRate: number | null;
    fraudRate: number | null;
    exceeded: string[];
  };
}

const netflix = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49', currencyCode: 'USD' };
const starbucks = { merchantName: 'STARBUCKS STORE 00123 SEATTLE WA', categoryCode: '5814', amount: 5 };
const longNotes = 'x'.repeat(513);
/** A chargeback rate of 0.2 or more makes a counterparty high risk, once it has 4 enrichments. */
const risk = { minEnrichments: 4, chargebackRate: 0.2, fraudRate: 0.5, declineRate: 0.5, refundRate: 0.5 };

afterAll(() => closeShared());

describe.each(storeKinds)('transaction outcomes on %s', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ risk }, { store });
  }, 60_000);
  afterAll(() => server.close());

  async function call(path: string, json?: unknown, key: string = keys.acmeSandbox) {
    const response = await server.request(path, {
      key,
      ...(json === undefined ? { method: 'POST' } : { json }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  async function enrich(body: Json, key: string = keys.acmeSandbox) {
    const { status, body: result } = await call('/transactions/cards/enrich', body, key);
    expect(status).toBe(200);
    const { enrichmentId, transactionInfo, counterparty } = result as {
      enrichmentId: string;
      transactionInfo: { riskInsights: RiskInsights };
      counterparty: Array<{ id: string }>;
    };
    return { enrichmentId, risk: transactionInfo.riskInsights, counterpartyId: counterparty[0]?.id };
  }

  const chargeback = (enrichmentId: string, state: string, key?: string) =>
    call(`/enrichments/${enrichmentId}/chargeback`, { state }, key);

  it('answers each outcome as stored, a later chargeback updating the state', async () => {
    const { enrichmentId } = await enrich(netflix, keys.acmeProduction);
    const reportedAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const pending = await call(
      `/enrichments/${enrichmentId}/chargeback`,
      {
        state: 'chargeback_pending',
        chargebackNotes: 'Disputed by the cardholder.',
        occurredAt: '2024-06-01',
      },
      keys.acmeProduction,
    );
    expect(pending).toEqual({
      status: 200,
      body: {
        enrichmentId,
        state: 'chargeback_pending',
        chargebackNotes: 'Disputed by the cardholder.',
        occurredAt: '2024-06-01',
        reportedAt,
      },
    });
    expect(await chargeback(enrichmentId, 'chargeback_won', keys.acmeProduction)).toEqual({
      status: 200,
      body: { enrichmentId, state: 'chargeback_won', reportedAt },
    });
    const decline = {
      declineCode: '05',
      declineDescription: 'Do not honor',
      isFraud: true,
      fraudType: 'stolen_card',
    };
    expect(await call(`/enrichments/${enrichmentId}/decline`, decline, keys.acmeProduction)).toEqual({
      status: 200,
      body: { enrichmentId, ...decline, reportedAt },
    });
    expect(
      await call(`/enrichments/${enrichmentId}/refund`, { refundNotes: 'Returned.' }, keys.acmeProduction),
    ).toEqual({ status: 200, body: { enrichmentId, refundNotes: 'Returned.', reportedAt } });
    // A fraud report is fraud: without a body too.
    expect(await call(`/enrichments/${enrichmentId}/fraud`, undefined, keys.acmeProduction)).toEqual({
      status: 200,
      body: { enrichmentId, isFraud: true, reportedAt },
    });
    expect(
      await call(
        `/enrichments/${enrichmentId.toUpperCase()}/fraud`,
        { fraudType: 'card_testing', fraudNotes: 'Many small charges.' },
        keys.acmeProduction,
      ),
    ).toEqual({
      status: 200,
      body: {
        enrichmentId,
        isFraud: true,
        fraudType: 'card_testing',
        fraudNotes: 'Many small charges.',
        reportedAt,
      },
    });
  });

  it('answers 400 per field: state, fraudType only with isFraud true, notes of at most 512, dates', async () => {
    const { enrichmentId } = await enrich(netflix, keys.acmeProduction);
    const post = (kind: string, json: unknown) =>
      call(`/enrichments/${enrichmentId}/${kind}`, json, keys.acmeProduction);
    const tooLong = ['Ensure this field has no more than 512 characters.'];
    const onlyWithFraud = ['This field is allowed only with isFraud: true.'];
    expect(await post('chargeback', {})).toEqual({
      status: 400,
      body: { state: ['This field is required.'] },
    });
    expect(
      await post('chargeback', { state: 'lost', chargebackNotes: longNotes, occurredAt: 'yesterday' }),
    ).toEqual({
      status: 400,
      body: {
        state: ['"lost" is not a valid choice.'],
        chargebackNotes: tooLong,
        occurredAt: [expect.stringMatching(/^Datetime has wrong format/)],
      },
    });
    expect(await post('chargeback', { state: 'chargeback_lost', fraudType: 'phishing' })).toEqual({
      status: 400,
      body: { fraudType: onlyWithFraud },
    });
    expect(await post('decline', { isFraud: false, fraudType: 'phishing', declineNotes: longNotes })).toEqual(
      {
        status: 400,
        body: { fraudType: onlyWithFraud, declineNotes: tooLong },
      },
    );
    expect(await post('decline', { declineDescription: longNotes, fraudNotes: longNotes })).toEqual({
      status: 400,
      body: { declineDescription: tooLong, fraudNotes: tooLong },
    });
    expect(await post('refund', { refundNotes: longNotes, isFraud: 'yes', fraudType: 'bogus' })).toEqual({
      status: 400,
      body: {
        refundNotes: tooLong,
        isFraud: ['Must be a valid boolean.'],
        fraudType: ['"bogus" is not a valid choice.'],
      },
    });
    expect(await post('fraud', { isFraud: false, fraudNotes: longNotes })).toEqual({
      status: 400,
      body: { isFraud: ['A fraud report is fraud: this field may only be true.'], fraudNotes: tooLong },
    });
    expect(await post('refund', [])).toMatchObject({ status: 400 });
    // Notes of exactly 512 are fine.
    expect((await post('refund', { refundNotes: 'x'.repeat(512) })).status).toBe(200);
  });

  it("answers 404 for another tenant's or environment's enrichment, an unknown id, or one that is none", async () => {
    const { enrichmentId } = await enrich(netflix);
    for (const key of [keys.acmeProduction, keys.globexSandbox])
      for (const kind of ['chargeback', 'decline', 'refund', 'fraud'])
        expect(await call(`/enrichments/${enrichmentId}/${kind}`, { state: 'chargeback_lost' }, key)).toEqual(
          {
            status: 404,
            body: { details: 'Enrichment not found.' },
          },
        );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id'])
      expect(await chargeback(id, 'chargeback_lost')).toEqual({
        status: 404,
        body: { details: 'Enrichment not found.' },
      });
    expect((await call('/enrichments/%00/refund', {})).status).toBe(400);
  });

  it('makes a counterparty high risk past the threshold and back: more enrichments, a chargeback won', async () => {
    // Netflix in globex's sandbox: the other tests' outcomes are acme's.
    const key = keys.globexSandbox;
    const first = await enrich(netflix, key);
    expect(first.risk.outcomeHistory).toBeUndefined();
    const baseline = first.risk.highRiskEntity;
    expect(baseline).not.toBe(true);
    const ids = [first.enrichmentId];
    for (let count = 1; count < 4; count++) ids.push((await enrich(netflix, key)).enrichmentId);

    // Crossing: 1 lost of 4 is 0.25, over 0.2; the next enrichment sees it.
    expect((await chargeback(ids[0]!, 'chargeback_lost', key)).status).toBe(200);
    const crossed = await enrich(netflix, key);
    expect(crossed.risk).toMatchObject({
      highRiskEntity: true,
      outcomeHistory: {
        enrichments: 4,
        chargebacksLost: 1,
        chargebackRate: 0.25,
        exceeded: ['chargebackRate'],
      },
    });
    // 1 of 5 is still 0.2; 1 of 6 is under: dropping back as the enrichments grow.
    expect((await enrich(netflix, key)).risk).toMatchObject({
      highRiskEntity: true,
      outcomeHistory: { enrichments: 5, chargebackRate: 0.2 },
    });
    expect((await enrich(netflix, key)).risk).toMatchObject({
      highRiskEntity: false,
      outcomeHistory: { enrichments: 6, chargebacksLost: 1, chargebackRate: 0.1667, exceeded: [] },
    });

    // A second lost chargeback crosses again (2 of 7); won after all, it drops back (1 of 8).
    await chargeback(ids[1]!, 'chargeback_lost', key);
    expect((await enrich(netflix, key)).risk).toMatchObject({
      highRiskEntity: true,
      outcomeHistory: { enrichments: 7, chargebacksLost: 2, exceeded: ['chargebackRate'] },
    });
    await chargeback(ids[1]!, 'chargeback_won', key);
    expect((await enrich(netflix, key)).risk).toMatchObject({
      highRiskEntity: false,
      outcomeHistory: { enrichments: 8, chargebacksLost: 1, exceeded: [] },
    });

    // Fraud on 4 of the 9 (0.44) stays under 0.5; the fifth crosses it.
    for (const id of ids) await call(`/enrichments/${id}/fraud`, {}, key);
    expect((await enrich(netflix, key)).risk).toMatchObject({
      highRiskEntity: false,
      outcomeHistory: { enrichments: 9, fraudReports: 4, fraudRate: 0.4444, exceeded: [] },
    });
    await call(
      `/enrichments/${crossed.enrichmentId}/decline`,
      { isFraud: true, fraudType: 'stolen_card' },
      key,
    );
    expect((await enrich(netflix, key)).risk).toMatchObject({
      highRiskEntity: true,
      outcomeHistory: {
        enrichments: 10,
        fraudReports: 5,
        fraudRate: 0.5,
        declines: 1,
        exceeded: ['fraudRate'],
      },
    });

    // Never shared: the same counterparty in another tenant (which reported nothing on it) knows nothing.
    const elsewhere = await enrich(netflix, keys.acmeSandbox);
    expect(elsewhere.counterpartyId).toBe(first.counterpartyId);
    expect(elsewhere.risk.highRiskEntity).toBe(baseline);
    expect(elsewhere.risk.outcomeHistory).toBeUndefined();
  });

  it('counts no rate below the minimum of enrichments', async () => {
    const { enrichmentId, risk: before } = await enrich(starbucks);
    await enrich(starbucks);
    await chargeback(enrichmentId, 'chargeback_lost');
    const { risk: after } = await enrich(starbucks);
    expect(after).toMatchObject({
      highRiskEntity: before.highRiskEntity,
      outcomeHistory: { enrichments: 2, chargebacksLost: 1, chargebackRate: null, exceeded: [] },
    });
  });

  it('shows a batch the state as of its start', async () => {
    // Acme production's Netflix has the outcomes of the first tests.
    const key = keys.acmeProduction;
    const ids = [];
    for (let count = 0; count < 4; count++) ids.push((await enrich(netflix, key)).enrichmentId);
    await chargeback(ids[0]!, 'chargeback_lost', key);
    const transactions = Array.from({ length: 3 }, (_, index) => ({
      ...netflix,
      transactionId: `t${index}`,
    }));
    const inline = await call('/batches/transactions/cards/enrich?synchronous=true', { transactions }, key);
    const histories = (inline.body.results as Array<{ transactionInfo: { riskInsights: RiskInsights } }>).map(
      (item) => item.transactionInfo.riskInsights.outcomeHistory,
    );
    expect(new Set(histories.map((history) => history?.enrichments)).size).toBe(1);
    expect(histories[0]).toMatchObject({ chargebacksLost: expect.any(Number) });

    const accepted = await call('/batches/transactions/cards/enrich', { transactions }, key);
    const batchId = accepted.body.batchId as string;
    await waitFor(
      async () => ((await (await server.request(`/batches/${batchId}`, { key })).json()) as Json).status,
      (status) => status === 'completed',
    );
    const results = await server.request(`/batches/${batchId}/results`, { key });
    const items = (
      (await results.json()) as { results: Array<{ transactionInfo: { riskInsights: RiskInsights } }> }
    ).results;
    const counted = items.map((item) => item.transactionInfo.riskInsights.outcomeHistory?.enrichments);
    expect(new Set(counted).size).toBe(1);
    expect(counted[0]).toBeGreaterThanOrEqual(histories[0]!.enrichments + 3);
  });
});
