/**
 * Category rules end to end, over HTTP, on both stores: GET|POST /categories/rules and DELETE
 * /categories/rules/{id}, their 400s per field, the limit, the 409 of a category a rule uses, isolation
 * across tenants and environments, precedence (user > organization > integration personalization > rule
 * > the engine's category; the most specific rule; ties to the latest), a change seen by the next
 * request, and the rule's category in single enrichments, microbatches, batches (the worker pool) and
 * returned enrichments. On SQLite, a 50,000-item batch under 1,000 rules and 10,000 personalizations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  callJson,
  closeShared,
  keys,
  startServer,
  type TestServer,
  waitFor,
} from './support/server.ts';
import { storeKinds } from './support/test-stores.ts';

type Json = Record<string, unknown>;
interface Node {
  id: string;
  name: string;
  icon: string | null;
}
interface Result {
  enrichmentId: string;
  counterparty: Array<{ id: string; industry: Node[] }>;
  transactionInfo: { display: { categoryName: string | null; graphic: string | null } };
}
interface Rule {
  id: string;
  categoryId: string;
  match: Json;
  createdAt: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const netflix = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: 15.49 };
const diner = { merchantName: 'JOES DINER #123 SOMEWHEREVILLE TX', categoryCode: '5812', amount: 12 };
const atm = {
  description: 'ATM WITHDRAWAL 123 MAIN ST',
  amount: 100,
  userId: 'u-atm',
  direction: 'DEBIT',
  transactionType: 'ATM',
};
const rulesPath = '/categories/rules';
const entertainment = '015-000-000-000';
const travel = '013-000-000-000';

afterAll(() => closeShared());

describe.each(storeKinds)('category rules on %s', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { store });
  }, 60_000);
  afterAll(() => server.close());

  const call = (path: string, method?: string, json?: unknown, key?: string) =>
    callJson(server, path, method, json, key);

  async function enrich(body: Json, key: string = keys.acmeSandbox, kind = 'cards'): Promise<Result> {
    const { status, body: result } = await call(`/transactions/${kind}/enrich`, 'POST', body, key);
    expect(status, JSON.stringify(result)).toBe(200);
    return result as Result;
  }

  async function addRule(categoryId: string, match: Json, key: string = keys.acmeSandbox): Promise<Rule> {
    const { status, body } = await call(rulesPath, 'POST', { categoryId, match }, key);
    expect(status, JSON.stringify(body)).toBe(201);
    return body as Rule;
  }

  const removeRule = async (rule: Rule, key: string = keys.acmeSandbox) =>
    expect((await call(`${rulesPath}/${rule.id}`, 'DELETE', undefined, key)).status).toBe(204);

  /** What a category decision shows: the first counterparty's category (ids) and the display's name. */
  const categoryOf = (result: Result) => ({
    chain: result.counterparty[0]?.industry.map((node) => node.id),
    categoryName: result.transactionInfo.display.categoryName,
  });
  const leafOf = async (body: Json, key: string = keys.acmeSandbox) =>
    categoryOf(await enrich(body, key)).chain?.at(-1);

  let netflixDefault: string | undefined;
  beforeAll(async () => {
    netflixDefault = await leafOf(netflix);
  });

  it('are added, listed in order and deleted; the next request sees each change', async () => {
    const budget = (await call('/categories', 'POST', { name: 'Streaming Budget', parentId: entertainment }))
      .body as { id: string; fullCategoryHierarchy: Node[] };
    expect(await leafOf(netflix)).toBe(netflixDefault);

    const rule = await addRule(budget.id, { namePattern: 'netflix*', direction: 'outgoing' });
    expect(rule).toEqual({
      id: expect.stringMatching(uuid),
      categoryId: budget.id,
      match: { namePattern: 'netflix*', direction: 'outgoing' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The very next request: the counterparty's industry ends with the category, its full hierarchy.
    const ruled = await enrich(netflix);
    expect(ruled.counterparty[0]!.industry).toEqual(budget.fullCategoryHierarchy);
    expect(ruled.transactionInfo.display.categoryName).toBe('Streaming Budget');
    // A refund is incoming: the rule does not hold.
    expect(await leafOf({ ...netflix, amount: -15.49 })).toBe(netflixDefault);

    const second = await addRule(travel, { mcc: { from: 5811, to: 5814 }, amount: { min: 10, max: 20 } });
    expect((await call(rulesPath)).body).toEqual([rule, second]);
    expect(await leafOf(diner)).toBe(travel);
    expect(await leafOf({ ...diner, amount: 25 })).not.toBe(travel);

    await removeRule(rule);
    expect(await leafOf(netflix)).toBe(netflixDefault);
    await removeRule(second);
    expect(await leafOf(diner)).not.toBe(travel);
    expect((await call(rulesPath)).body).toEqual([]);
    expect(await call(`${rulesPath}/${rule.id}`, 'DELETE')).toEqual({
      status: 404,
      body: { details: 'Category rule not found.' },
    });
    expect(await call(`${rulesPath}/not-a-rule`, 'DELETE')).toEqual({
      status: 404,
      body: { details: 'Category rule not found.' },
    });
    expect((await call(`/categories/${budget.id}`, 'DELETE')).status).toBe(204);
  });

  it('file a transaction without a counterparty under the category by its displayed name alone', async () => {
    const before = await enrich(atm, keys.acmeSandbox, 'transfers');
    expect(before.counterparty).toEqual([]);
    const rule = await addRule(travel, { type: 'atm', subType: 'withdrawal' });
    const after = await enrich(atm, keys.acmeSandbox, 'transfers');
    expect(after.counterparty).toEqual([]);
    expect(after.transactionInfo.display).toEqual({
      ...before.transactionInfo.display,
      categoryName: 'Travel',
      graphic: expect.stringMatching(/\.svg$/),
      graphicSource: 'category',
    });
    // A category action trigger on the rule's category matches it (the decided category).
    const triggers = '/users/u-atm/category-action-triggers';
    const put = await call(triggers, 'PUT', {
      categoryTriggers: [{ id: 'atm-travel', categoryId: travel, action: { type: 'NOTIFY' } }],
    });
    expect(put.status).toBe(201);
    const actions = (
      (await call('/transactions/transfers/enrich', 'POST', atm)).body as {
        actions: Array<{ id: string; type: string; source: string }> | null;
      }
    ).actions;
    expect(actions).toContainEqual(
      expect.objectContaining({ id: 'atm-travel', type: 'category_trigger', source: 'category' }),
    );
    expect((await call(triggers, 'DELETE')).status).toBe(204);
    await removeRule(rule);
  });

  it('answer 400 per field for an unknown category, a bad match or an invalid pattern', async () => {
    const cases: Array<[unknown, Json]> = [
      [{ categoryId: '999-000-000-000', match: { type: 'fee' } }, { categoryId: ['Unknown category id.'] }],
      [
        { categoryId: '6f1c1a62-51a4-4c1e-9d3e-5a2b9d7c0e11', match: { type: 'fee' } },
        { categoryId: ['Unknown category id.'] },
      ],
      [
        { categoryId: travel, match: { industryId: '6f1c1a62-51a4-4c1e-9d3e-5a2b9d7c0e11' } },
        { 'match.industryId': ['Unknown default category id.'] },
      ],
      [{ categoryId: travel, match: {} }, { match: ['Ensure this rule matches on at least one criterion.'] }],
      [{ categoryId: travel }, { match: ['This field is required.'] }],
      [
        { categoryId: travel, match: { namePattern: 'NETFLIX\\' } },
        { 'match.namePattern': ['Invalid pattern: a "\\" at its end escapes nothing.'] },
      ],
      [
        { categoryId: travel, match: { namePattern: '*a*a*a*a*a*a*a*a*a' } },
        { 'match.namePattern': ['Ensure this pattern has no more than 8 "*".'] },
      ],
      [
        { categoryId: travel, match: { mcc: { from: 5814, to: 5811 } } },
        { 'match.mcc.to': ['Ensure this range ends at or after its start.'] },
      ],
      [
        { categoryId: travel, match: { mcc: { from: 5811, to: 10_000 } } },
        { 'match.mcc.to': ['Ensure this value is less than or equal to 9999.'] },
      ],
      [
        { categoryId: travel, match: { amount: {} } },
        { 'match.amount': ['Ensure this range has a min, a max or both.'] },
      ],
      [
        { categoryId: travel, match: { channel: 'online' } },
        { 'match.channel': ['"online" is not a valid choice.'] },
      ],
    ];
    for (const [body, errors] of cases)
      expect(await call(rulesPath, 'POST', body), JSON.stringify(body)).toEqual({
        status: 400,
        body: errors,
      });
    expect((await call(rulesPath)).body).toEqual([]);
  });

  it('are kept per tenant and environment', async () => {
    const rule = await addRule(travel, { namePattern: 'netflix' });
    expect(await leafOf(netflix)).toBe(travel);
    expect(await leafOf(netflix, keys.acmeProduction)).toBe(netflixDefault);
    expect(await leafOf(netflix, keys.globexSandbox)).toBe(netflixDefault);
    expect((await call(rulesPath, 'GET', undefined, keys.acmeProduction)).body).toEqual([]);
    expect((await call(`${rulesPath}/${rule.id}`, 'DELETE', undefined, keys.globexSandbox)).status).toBe(404);
    // A custom category of another tenant is unknown here.
    const globexCategory = (
      await call('/categories', 'POST', { name: 'Globex Only', parentId: travel }, keys.globexSandbox)
    ).body as { id: string };
    expect(await call(rulesPath, 'POST', { categoryId: globexCategory.id, match: { type: 'fee' } })).toEqual({
      status: 400,
      body: { categoryId: ['Unknown category id.'] },
    });
    await removeRule(rule);
  });

  it('rank below personalizations: user > organization > integration > rule > default', async () => {
    const key = keys.globexSandbox; // multi-source: organizations
    const netflixId = (await enrich(netflix, key)).counterparty[0]!.id;
    const body = { ...netflix, userId: 'u-rank', organizationId: 'org-rank' };
    const rule = await addRule(travel, { namePattern: 'NETFLIX*' }, key);
    expect(await leafOf(body, key)).toBe(travel);
    const put = (path: string, categoryId: string) =>
      call(path, 'PUT', { counterpartyId: netflixId, categoryId }, key);
    expect((await put('/counterparty-category-personalizations', '015-000-000-000')).status).toBe(201);
    expect(await leafOf(body, key)).toBe('015-000-000-000');
    expect(
      (await put('/organizations/org-rank/counterparty-category-personalizations', '016-000-000-000')).status,
    ).toBe(201);
    expect(await leafOf(body, key)).toBe('016-000-000-000');
    expect(
      (await put('/users/u-rank/counterparty-category-personalizations', '017-000-000-000')).status,
    ).toBe(201);
    expect(await leafOf(body, key)).toBe('017-000-000-000');
    // Another user of the organization: the organization's; another of no organization: the integration's.
    expect(await leafOf({ ...netflix, userId: 'u-else', organizationId: 'org-rank' }, key)).toBe(
      '016-000-000-000',
    );
    expect(await leafOf({ ...netflix, userId: 'u-else' }, key)).toBe('015-000-000-000');
    await call('/counterparty-category-personalizations', 'DELETE', undefined, key);
    await call('/organizations/org-rank/counterparty-category-personalizations', 'DELETE', undefined, key);
    expect(await leafOf({ ...netflix, userId: 'u-else', organizationId: 'org-rank' }, key)).toBe(travel);
    await call('/users/u-rank/counterparty-category-personalizations', 'DELETE', undefined, key);
    await removeRule(rule, key);
    expect(await leafOf(body, key)).toBe(netflixDefault);
  });

  it('let the most specific rule win (criteria, then the deeper industry), and ties go to the latest', async () => {
    const chain = categoryOf(await enrich(netflix)).chain!;
    expect(chain.length).toBeGreaterThan(1);
    // One criterion each: the deeper industry wins, though older.
    const deep = await addRule('016-000-000-000', { industryId: chain.at(-1) });
    const wide = await addRule('015-000-000-000', { industryId: chain[0] });
    expect(await leafOf(netflix)).toBe('016-000-000-000');
    await removeRule(deep);
    expect(await leafOf(netflix)).toBe('015-000-000-000');
    await removeRule(wide);
    // One criterion each, no industry: the latest.
    const mcc = await addRule('017-000-000-000', { mcc: { from: 4899, to: 4899 } });
    const direction = await addRule('018-000-000-000', { direction: 'outgoing' });
    expect(await leafOf(netflix)).toBe('018-000-000-000');
    // Two criteria beat one, whenever created.
    const specific = await addRule('019-000-000-000', { namePattern: 'NETFLIX*', channel: 'digital' });
    const later = await addRule('015-000-000-000', { amount: { max: 100 } });
    expect(await leafOf(netflix)).toBe('019-000-000-000');
    await removeRule(specific);
    expect(await leafOf(netflix)).toBe('015-000-000-000');
    for (const rule of [mcc, direction, later]) await removeRule(rule);
  });

  it('refuse to delete a category a rule uses: 409 listing the rule', async () => {
    const trips = (await call('/categories', 'POST', { name: 'Road Trips', parentId: travel })).body as {
      id: string;
    };
    const rule = await addRule(trips.id, { mcc: { from: 5541, to: 5542 } });
    expect(await call(`/categories/${trips.id}`, 'DELETE')).toEqual({
      status: 409,
      body: {
        details: 'This category is in use: delete or change what uses it first.',
        personalizations: [],
        rules: [rule],
        categories: [],
        categoryTriggers: [],
      },
    });
    await removeRule(rule);
    expect((await call(`/categories/${trips.id}`, 'DELETE')).status).toBe(204);
  });

  it('apply in microbatches, batches and returned enrichments', async () => {
    const rule = await addRule(travel, { namePattern: 'NETFLIX*' });
    const transactions = [
      { transactionId: 't-1', ...netflix },
      { transactionId: 't-2', ...diner },
    ];
    const dinerDefault = await leafOf({ ...diner, amount: 99 });
    const leaves = (results: Result[]) => results.map((result) => categoryOf(result).chain?.at(-1));
    const expected = [travel, dinerDefault];

    const micro = await call('/batches/transactions/cards/enrich?synchronous=true', 'POST', { transactions });
    expect(leaves((micro.body as { results: Result[] }).results)).toEqual(expected);

    const submitted = await call('/batches/transactions/cards/enrich', 'POST', { transactions });
    const batchId = (submitted.body as { batchId: string }).batchId;
    await waitFor(
      async () => (await call(`/batches/${batchId}`)).body as { status: string },
      (batch) => batch.status === 'completed',
    );
    expect(
      leaves(((await call(`/batches/${batchId}/results`)).body as { results: Result[] }).results),
    ).toEqual(expected);

    // A report resolved by the operator: the returned enrichment is filed by the rule too.
    const reported = await enrich(netflix);
    const report = await call('/transactions/report', 'POST', {
      enrichmentId: reported.enrichmentId,
      errorDescription: 'x',
    });
    expect(report.status).toBe(200);
    const open = await server.request('/admin/reports?status=open', {
      key: null,
      headers: { 'x-admin-key': adminKey },
    });
    const { id } = (
      (await open.json()) as { reports: Array<{ id: string; enrichmentId: string }> }
    ).reports.find((each) => each.enrichmentId === reported.enrichmentId)!;
    const resolved = await server.request(`/admin/reports/${id}/resolve`, {
      key: null,
      method: 'POST',
      headers: { 'x-admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'physical' }),
    });
    expect(resolved.status).toBe(200);
    expect(categoryOf((await resolved.json()) as Result).chain?.at(-1)).toBe(travel);
    await removeRule(rule);
  });

  it.runIf(store === 'sqlite')(
    'hold 10,000 rules per tenant and environment',
    async () => {
      const key = keys.acmeProduction;
      const post = (n: number) =>
        call(rulesPath, 'POST', { categoryId: travel, match: { namePattern: `NOBODY ${n}` } }, key);
      for (let start = 0; start < 10_000; start += 50) {
        const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => post(start + n)));
        expect(answers.every((answer) => answer.status === 201)).toBe(true);
      }
      expect(await post(10_000)).toEqual({
        status: 400,
        body: { non_field_errors: ['Ensure this integration has no more than 10,000 category rules.'] },
      });
      const rules = (await call(rulesPath, 'GET', undefined, key)).body as Rule[];
      expect(rules).toHaveLength(10_000);
      // Another environment has room.
      expect((await call(rulesPath, 'POST', { categoryId: travel, match: { type: 'fee' } })).status).toBe(
        201,
      );
      const [own] = (await call(rulesPath)).body as Rule[];
      await removeRule(own!);
    },
    120_000,
  );

  it.runIf(store === 'sqlite')(
    'file a 50,000-item batch under 1,000 rules and 10,000 personalizations, every item by precedence',
    async () => {
      const key = keys.globexSandbox;
      const flowers = { merchantName: 'SQ *MARIAS FLOWERS', categoryCode: '5992', amount: 40 };
      const netflixId = (await enrich(netflix, key)).counterparty[0]!.id;
      const flowersDefault = await leafOf(flowers, key);
      /** Sends `count` requests, `parallel` at a time, each expected to answer `status`. */
      const all = async (count: number, status: number, send: (n: number) => ReturnType<typeof call>) => {
        for (let start = 0; start < count; start += 50) {
          const answers = await Promise.all(
            Array.from({ length: Math.min(50, count - start) }, (_, n) => send(start + n)),
          );
          for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(status);
        }
      };
      // 10,000 personalizations at integration level: Netflix's, and 9,999 of counterparties no item names.
      await all(10_000, 201, (n) =>
        call(
          '/counterparty-category-personalizations',
          'PUT',
          { counterpartyId: n === 0 ? netflixId : `made-up-${n}`, categoryId: '017-000-000-000' },
          key,
        ),
      );
      // 1,000 rules: the diner's MCC (travel), one Netflix's personalization outranks, and 998 none of the
      // items holds (names no item has, MCCs no item has, a fee).
      const match = (n: number): Json =>
        n === 0
          ? { mcc: { from: 5812, to: 5812 }, direction: 'outgoing' }
          : n === 1
            ? { namePattern: 'NETFLIX*', channel: 'digital' }
            : n % 3 === 0
              ? { namePattern: `NOBODY ${n}*` }
              : n % 3 === 1
                ? { mcc: { from: 1000 + n, to: 1000 + n + (n % 200) } }
                : { type: 'fee', amount: { min: n } };
      await all(1_000, 201, (n) =>
        call(rulesPath, 'POST', { categoryId: n === 0 ? travel : '019-000-000-000', match: match(n) }, key),
      );

      const bodies = [netflix, diner, flowers];
      const expected = ['017-000-000-000', travel, flowersDefault];
      const transactions = Array.from({ length: 50_000 }, (_, n) => ({
        ...bodies[n % 3]!,
        transactionId: `r-${n}`,
      }));
      const submitted = await call('/batches/transactions/cards/enrich', 'POST', { transactions }, key);
      expect(submitted.status).toBe(200);
      const batchId = (submitted.body as { batchId: string }).batchId;
      await waitFor(
        async () => (await call(`/batches/${batchId}`, 'GET', undefined, key)).body as { status: string },
        (batch) => batch.status === 'completed',
        240_000,
      );
      let seen = 0;
      let path: string | null = `/batches/${batchId}/results?limit=5000`;
      while (path) {
        const page = (await call(path, 'GET', undefined, key)).body as {
          results: Result[];
          next: string | null;
        };
        for (const result of page.results) {
          expect(categoryOf(result).chain?.at(-1), `item ${seen}`).toBe(expected[seen % 3]);
          seen++;
        }
        path = page.next === null ? null : `/batches/${batchId}/results?limit=5000&cursor=${page.next}`;
      }
      expect(seen).toBe(50_000);
    },
    400_000,
  );
});
