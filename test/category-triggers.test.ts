/**
 * Category action triggers end to end, over HTTP, on both stores: the four scopes with the versions and
 * states of merchant triggers, the 400s naming the field, the 409 of a category a trigger uses, isolation
 * across tenants and environments, a trigger on a parent matching a child (personalized or not), and the
 * actions in single enrichments, microbatches, batches (the worker pool) and returned enrichments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  callJson,
  closeShared,
  keys,
  startServer,
  type TestServer,
  testConfig,
  waitFor,
} from './support/server.ts';
import { storeKinds } from './support/test-stores.ts';

type Json = Record<string, unknown>;
interface Action {
  id: string;
  type: string;
  scope: string;
  source: string | null;
  action: Json;
  authRecommendation?: string;
}
interface Result {
  enrichmentId: string;
  counterparty: Array<{ id: string; industry: Array<{ id: string }> }>;
  actions: Action[] | null;
}

/** Every key holds the triggers feature: isolation is tested between keys that could all register. */
const config = {
  keys: testConfig().keys.map((key) => ({
    ...key,
    features: [...(key.features ?? []), 'triggers' as const],
  })),
};

const foodAndDrink = '011-000-000-000';
const restaurants = '011-001-000-000';
const diner = { merchantName: 'JOES DINER #123 SOMEWHEREVILLE TX', categoryCode: '5812', amount: 12 };
const netflix = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: 15.49 };
const inUse = 'This category is in use: delete or change what uses it first.';

const onCategory = (id: string, categoryId: string, type = 'NOTIFY') => ({
  id,
  categoryId,
  action: { type },
});

afterAll(() => closeShared());

describe.each(storeKinds)('category action triggers on %s', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(config, { store });
  }, 60_000);
  afterAll(() => server.close());

  const call = (path: string, method?: string, json?: unknown, key?: string) =>
    callJson<Json>(server, path, method, json, key);

  async function enrich(body: Json, key: string = keys.acmeSandbox): Promise<Result> {
    const { status, body: result } = await call('/transactions/cards/enrich', 'POST', body, key);
    expect(status).toBe(200);
    return result as unknown as Result;
  }

  /** The category actions of a result, as `[id, scope]`. */
  const matched = (result: Result) =>
    (result.actions ?? [])
      .filter((action) => action.type === 'category_trigger')
      .map((action) => [action.id, action.scope]);

  async function newCategory(path: string, name: string, parentId: string, key: string = keys.acmeSandbox) {
    const { status, body } = await call(path, 'POST', { name, parentId }, key);
    expect(status, JSON.stringify(body)).toBe(201);
    return body as { id: string };
  }

  it('reads, replaces, adds to, removes from and clears a scope, each a new version', async () => {
    const path = '/programs/p-crud/category-action-triggers';
    expect(await call(path)).toEqual({
      status: 404,
      body: { details: 'No action triggers exist for this scope' },
    });
    const put = await call(path, 'PUT', { categoryTriggers: [onCategory('a', foodAndDrink)] });
    expect(put).toEqual({ status: 201, body: { status: 'succeeded', version: 1 } });
    const added = await call(path, 'PATCH', {
      operation: 'add',
      categoryTriggers: [onCategory('b', restaurants, 'BLOCK')],
    });
    expect(added).toEqual({ status: 201, body: { status: 'succeeded', version: 2 } });
    expect(await call(path)).toEqual({
      status: 200,
      body: {
        status: 'succeeded',
        version: 2,
        categoryTriggers: [onCategory('a', foodAndDrink), onCategory('b', restaurants, 'BLOCK')],
        totalCount: 2,
      },
    });
    // The merchant list of the same scope is another list.
    expect((await call('/programs/p-crud/merchant-action-triggers')).status).toBe(404);
    const removed = await call(path, 'PATCH', { operation: 'remove', triggerIds: ['a', 'unknown'] });
    expect(removed).toEqual({ status: 200, body: { status: 'succeeded', version: 3 } });
    expect((await call(path, 'DELETE')).status).toBe(204);
    expect((await call(path)).body).toEqual({
      status: 'succeeded',
      version: 4,
      categoryTriggers: [],
      totalCount: 0,
    });
  });

  it('registers more than 100 in the background: pending, then succeeded', async () => {
    const path = '/programs/p-background/category-action-triggers';
    const categoryTriggers = Array.from({ length: 150 }, (_, index) =>
      onCategory(`t-${index}`, index % 2 ? foodAndDrink : restaurants),
    );
    expect(await call(path, 'PUT', { categoryTriggers })).toEqual({
      status: 201,
      body: { status: 'pending', version: 1 },
    });
    const done = await waitFor(
      async () => (await call(path)).body!,
      (body) => body.status === 'succeeded',
    );
    expect(done.totalCount).toBe(150);
    const result = await enrich({ ...diner, programId: 'p-background' });
    expect(matched(result)).toHaveLength(150);
  });

  it('answers 400 naming the field: an unknown category with its index, a bad body, too many', async () => {
    const path = '/category-action-triggers';
    const mine = await newCategory('/users/u-400/categories', 'Only Mine', foodAndDrink);
    expect(
      await call(path, 'PUT', {
        categoryTriggers: [
          onCategory('ok', foodAndDrink),
          onCategory('nope', '999-000-000-000'),
          onCategory('users', mine.id),
        ],
      }),
    ).toEqual({
      status: 400,
      body: {
        'categoryTriggers.1.categoryId': ['Unknown category id.'],
        'categoryTriggers.2.categoryId': ['Unknown category id.'],
      },
    });
    // The user's own category: for that user's (and their cards') triggers alone.
    expect(
      (
        await call('/users/u-400/cards/c1/category-action-triggers', 'PUT', {
          categoryTriggers: [onCategory('m', mine.id)],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('/users/u-other/category-action-triggers', 'PUT', {
          categoryTriggers: [onCategory('m', mine.id)],
        })
      ).body,
    ).toEqual({ 'categoryTriggers.0.categoryId': ['Unknown category id.'] });
    const bad = await call(path, 'PUT', {
      categoryTriggers: [{ id: 'x', action: {} }, onCategory('x', foodAndDrink)],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body!)).toContain('categoryTriggers.0.categoryId');
    const tooMany = Array.from({ length: 101 }, (_, index) => onCategory(`u-${index}`, foodAndDrink));
    expect(await call('/users/u-400/category-action-triggers', 'PUT', { categoryTriggers: tooMany })).toEqual(
      {
        status: 400,
        body: { categoryTriggers: ['Ensure this scope has no more than 100 active triggers.'] },
      },
    );
  });

  it('matches a child of the trigger’s category, and the next request sees every change', async () => {
    const path = '/users/u-parent/category-action-triggers';
    const user = { ...diner, userId: 'u-parent' };
    expect(matched(await enrich(user))).toEqual([]);
    await call(path, 'PUT', { categoryTriggers: [onCategory('food', foodAndDrink, 'BLOCK')] });
    const result = await enrich(user);
    expect(result.counterparty[0]!.industry.map((node) => node.id)).toEqual([foodAndDrink, restaurants]);
    expect(result.actions).toContainEqual({
      id: 'food',
      type: 'category_trigger',
      action: { type: 'BLOCK' },
      scope: 'user',
      source: 'category',
      authRecommendation: 'BLOCK',
    });
    // A trigger on the child does not match the parent's other children.
    await call(path, 'PUT', { categoryTriggers: [onCategory('restaurants', restaurants)] });
    expect(matched(await enrich(user))).toEqual([['restaurants', 'user']]);
    expect(matched(await enrich({ ...netflix, userId: 'u-parent' }))).toEqual([]);
    await call(path, 'DELETE');
    expect(matched(await enrich(user))).toEqual([]);
  });

  it('matches the category personalization decided, down a custom category’s children', async () => {
    const budget = await newCategory('/categories', 'Budget Treats', foodAndDrink);
    const snacks = await newCategory('/categories', 'Budget Snacks', budget.id);
    const netflixId = (await enrich(netflix)).counterparty[0]!.id;
    const personalize = '/users/u-treats/counterparty-category-personalizations';
    expect(
      (await call(personalize, 'PUT', { counterpartyId: netflixId, categoryId: snacks.id })).status,
    ).toBe(201);
    await call('/users/u-treats/category-action-triggers', 'PUT', {
      categoryTriggers: [onCategory('treats', budget.id.toUpperCase())],
    });
    expect(matched(await enrich({ ...netflix, userId: 'u-treats' }))).toEqual([['treats', 'user']]);
    // Without the personalization, Netflix is not under it.
    await call(personalize, 'DELETE');
    expect(matched(await enrich({ ...netflix, userId: 'u-treats' }))).toEqual([]);

    // The category the trigger names cannot be deleted while it does: 409 listing the trigger.
    expect((await call(`/categories/${snacks.id}`, 'DELETE')).status).toBe(204);
    expect(await call(`/categories/${budget.id}`, 'DELETE')).toEqual({
      status: 409,
      body: {
        details: inUse,
        personalizations: [],
        rules: [],
        categories: [],
        categoryTriggers: [{ id: 'treats', categoryId: budget.id, scope: 'user', userId: 'u-treats' }],
      },
    });
    expect((await call('/categories', 'DELETE')).status).toBe(409);
    await call('/users/u-treats/category-action-triggers', 'DELETE');
    expect((await call(`/categories/${budget.id}`, 'DELETE')).status).toBe(204);
  });

  it('applies account, program, user and card scopes to the transactions in them', async () => {
    const put = (path: string, id: string) =>
      call(`${path}/category-action-triggers`, 'PUT', { categoryTriggers: [onCategory(id, foodAndDrink)] });
    await put('/programs/p-scope', 'program');
    await put('/users/u-scope', 'user');
    await put('/users/u-scope/cards/c-scope', 'card');
    expect(matched(await enrich({ ...diner, programId: 'p-scope' }))).toEqual([['program', 'program']]);
    expect(matched(await enrich({ ...diner, userId: 'u-scope' }))).toEqual([['user', 'user']]);
    expect(
      matched(await enrich({ ...diner, userId: 'u-scope', cardId: 'c-scope', programId: 'p-scope' })),
    ).toEqual([
      ['program', 'program'],
      ['user', 'user'],
      ['card', 'card'],
    ]);
    // A card id alone is no card of that user.
    expect(matched(await enrich({ ...diner, cardId: 'c-scope' }))).toEqual([]);
  });

  it('keeps each tenant’s and environment’s triggers and categories its own', async () => {
    const path = '/users/u-iso/category-action-triggers';
    const user = { ...diner, userId: 'u-iso' };
    await call(path, 'PUT', { categoryTriggers: [onCategory('sandbox', foodAndDrink)] });
    expect(matched(await enrich(user))).toEqual([['sandbox', 'user']]);
    expect(matched(await enrich(user, keys.acmeProduction))).toEqual([]);
    expect(matched(await enrich(user, keys.globexSandbox))).toEqual([]);
    expect((await call(path, 'GET', undefined, keys.acmeProduction)).status).toBe(404);
    // Another tenant's custom category is unknown here.
    const theirs = await newCategory('/categories', 'Globex Only', foodAndDrink, keys.globexSandbox);
    expect((await call(path, 'PUT', { categoryTriggers: [onCategory('x', theirs.id)] })).body).toEqual({
      'categoryTriggers.0.categoryId': ['Unknown category id.'],
    });
    expect(
      (await call(path, 'PUT', { categoryTriggers: [onCategory('p', restaurants)] }, keys.acmeProduction))
        .status,
    ).toBe(201);
    expect(matched(await enrich(user, keys.acmeProduction))).toEqual([['p', 'user']]);
    expect(matched(await enrich(user))).toEqual([['sandbox', 'user']]);
  });

  it('reports a category match beside a merchant match, each with its source', async () => {
    await call('/users/u-both/merchant-action-triggers', 'PUT', {
      merchantTriggers: [
        { id: 'm', merchantName: 'Netflix', website: 'netflix.com', level: 'corporation', action: {} },
      ],
    });
    const chain = (await enrich(netflix)).counterparty[0]!.industry;
    await call('/users/u-both/category-action-triggers', 'PUT', {
      categoryTriggers: [onCategory('c', chain[0]!.id)],
    });
    const actions = (await enrich({ ...netflix, userId: 'u-both' })).actions!;
    expect(actions.map((action) => [action.id, action.type, action.source])).toEqual([
      ['m', 'merchant_trigger', 'counterparty'],
      ['c', 'category_trigger', 'category'],
    ]);
  });

  it('applies in microbatches, batches and returned enrichments', async () => {
    await call('/users/u-batch/category-action-triggers', 'PUT', {
      categoryTriggers: [onCategory('b', foodAndDrink)],
    });
    const transactions = [
      { transactionId: 't-1', ...diner, userId: 'u-batch' },
      { transactionId: 't-2', ...diner, userId: 'u-none' },
    ];
    const expected = [[['b', 'user']], []];
    const micro = await call('/batches/transactions/cards/enrich?synchronous=true', 'POST', { transactions });
    expect((micro.body!.results as Result[]).map(matched)).toEqual(expected);

    const submitted = await call('/batches/transactions/cards/enrich', 'POST', { transactions });
    const batchId = submitted.body!.batchId as string;
    await waitFor(
      async () => (await call(`/batches/${batchId}`)).body!,
      (batch) => batch.status === 'completed',
    );
    const results = (await call(`/batches/${batchId}/results`)).body!.results as Result[];
    expect(results.map(matched)).toEqual(expected);

    // A report resolved by the operator: the returned enrichment carries the trigger's action.
    const reported = await enrich({ ...diner, userId: 'u-batch' });
    await call('/transactions/report', 'POST', {
      enrichmentId: reported.enrichmentId,
      errorDescription: 'x',
    });
    const reports = await server.request('/admin/reports?status=open', {
      key: null,
      headers: { 'x-admin-key': adminKey },
    });
    const report = (
      (await reports.json()) as { reports: Array<{ id: string; enrichmentId: string }> }
    ).reports.find((each) => each.enrichmentId === reported.enrichmentId)!;
    const resolved = await server.request(`/admin/reports/${report.id}/resolve`, {
      key: null,
      method: 'POST',
      headers: { 'x-admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'physical' }),
    });
    expect(resolved.status).toBe(200);
    expect(matched((await resolved.json()) as Result)).toEqual([['b', 'user']]);
  });
});
