/**
 * Categories and counterparty category personalization end to end, over HTTP: the default taxonomy,
 * custom categories of the integration and of users, personalizations of the integration, organizations
 * and users, their precedence and isolation, the 400s and 409s, and the personalized category in single
 * enrichments, microbatches, batches (the worker pool) and returned enrichments.
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
interface Category extends Node {
  fullCategoryHierarchy: Node[];
}
interface Result {
  enrichmentId: string;
  counterparty: Array<{ id: string; industry: Node[] }>;
  transactionInfo: { display: { categoryName: string | null } };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const netflix = { merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: 15.49 };
const diner = { merchantName: 'JOES DINER #123 SOMEWHEREVILLE TX', categoryCode: '5812', amount: 12 };
const notFound = { details: 'Category not found.' };

afterAll(() => closeShared());

describe.each(storeKinds)('categories and personalization on %s', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { store });
  }, 60_000);
  afterAll(() => server.close());

  const call = (path: string, method?: string, json?: unknown, key?: string) =>
    callJson(server, path, method, json, key);

  async function enrich(body: Json, key: string = keys.acmeSandbox): Promise<Result> {
    const { status, body: result } = await call('/transactions/cards/enrich', 'POST', body, key);
    expect(status).toBe(200);
    return result as Result;
  }

  /** The personalized part of a result: the first counterparty's category chain (ids) and the display's name. */
  const categoryOf = (result: Result) => ({
    chain: result.counterparty[0]?.industry.map((node) => node.id),
    categoryName: result.transactionInfo.display.categoryName,
  });

  async function create(path: string, name: string, parentId: string, key: string = keys.acmeSandbox) {
    const { status, body } = await call(path, 'POST', { name, parentId }, key);
    expect(status, JSON.stringify(body)).toBe(201);
    return body as Category;
  }

  const put = (path: string, counterpartyId: string, categoryId: string, key: string = keys.acmeSandbox) =>
    call(path, 'PUT', { counterpartyId, categoryId }, key);

  let netflixId: string;
  let dinerId: string;
  beforeAll(async () => {
    netflixId = (await enrich(netflix)).counterparty[0]!.id;
    dinerId = (await enrich(diner)).counterparty[0]!.id;
  });

  describe('the default taxonomy', () => {
    it('lists every default category first, with its hierarchy, then the custom ones, as include asks', async () => {
      const { status, body } = await call('/categories');
      expect(status).toBe(200);
      const all = body as Category[];
      const restaurants = all.find((category) => category.id === '011-001-000-000');
      expect(restaurants).toEqual({
        id: '011-001-000-000',
        name: 'Restaurants',
        icon: expect.stringMatching(/\/icons\/restaurant\.svg$/),
        fullCategoryHierarchy: [
          {
            id: '011-000-000-000',
            name: 'Food and Drink',
            icon: expect.stringMatching(/food-and-drink\.svg$/),
          },
          restaurants!.fullCategoryHierarchy[1],
        ],
      });
      expect(all.every((category) => /^\d{3}-\d{3}-\d{3}-\d{3}$/.test(category.id))).toBe(true);
      expect((await call('/categories?include=default')).body).toEqual(all);
      expect((await call('/categories?include=custom', 'GET', undefined, keys.acmeProduction)).body).toEqual(
        [],
      );
      expect(await call('/categories?include=all')).toEqual({
        status: 400,
        body: { include: ['"all" is not a valid choice.'] },
      });
      expect((await call('/categories', 'GET', undefined, 'wrong-key-0000000000000000')).status).toBe(403);
    });
  });

  describe('custom categories', () => {
    it('are created under a default or custom parent, inherit its icon, and are listed after the defaults', async () => {
      const home = await create('/categories', 'Home Projects', '019-000-000-000');
      expect(home.id).toMatch(uuid);
      const homeDefault = (await call('/categories?include=default')).body as Category[];
      const parent = homeDefault.find((category) => category.id === '019-000-000-000')!;
      expect(home).toEqual({
        id: home.id,
        name: 'Home Projects',
        icon: parent.icon,
        fullCategoryHierarchy: [
          ...parent.fullCategoryHierarchy,
          { id: home.id, name: 'Home Projects', icon: parent.icon },
        ],
      });
      const kitchen = await create('/categories', '  Kitchen Remodel ', home.id);
      expect(kitchen.name).toBe('Kitchen Remodel');
      expect(kitchen.fullCategoryHierarchy.map((node) => node.id)).toEqual([
        '019-000-000-000',
        home.id,
        kitchen.id,
      ]);

      const all = (await call('/categories')).body as Category[];
      expect(all.slice(-2)).toEqual([home, kitchen]);
      expect((await call('/categories?include=custom')).body).toEqual([home, kitchen]);
      expect((await call('/categories?include=custom,default')).body).toEqual(all);
      // Per environment and tenant.
      expect((await call('/categories?include=custom', 'GET', undefined, keys.acmeProduction)).body).toEqual(
        [],
      );
      expect((await call('/categories?include=custom', 'GET', undefined, keys.globexSandbox)).body).toEqual(
        [],
      );
    });

    it('answers 400 per field: unknown parent, duplicate name, bad body', async () => {
      await create('/categories', 'Groceries Bulk', '011-000-000-000');
      for (const parentId of ['999-000-000-000', '6f1c1a62-51a4-4c1e-9d3e-5a2b9d7c0e11', 'food'])
        expect(await call('/categories', 'POST', { name: 'X', parentId })).toEqual({
          status: 400,
          body: { parentId: ['Unknown category id.'] },
        });
      expect(
        await call('/categories', 'POST', { name: 'GROCERIES bulk', parentId: '012-000-000-000' }),
      ).toEqual({
        status: 400,
        body: { name: ['A category with this name already exists.'] },
      });
      expect(await call('/categories', 'POST', { parentId: '012-000-000-000' })).toEqual({
        status: 400,
        body: { name: ['This field is required.'] },
      });
      for (const name of ['   ', 'a\u0000b'])
        expect((await call('/categories', 'POST', { name, parentId: '012-000-000-000' })).body).toEqual({
          name: [name.trim() ? 'Null characters are not allowed.' : 'This field may not be blank.'],
        });
      expect(
        await call('/categories', 'POST', { name: 'x'.repeat(65), parentId: '012-000-000-000' }),
      ).toEqual({
        status: 400,
        body: { name: ['Ensure this field has no more than 64 characters.'] },
      });
      // Another environment's category is unknown here.
      const sandboxOnly = await create('/categories', 'Sandbox Only', '012-000-000-000');
      expect(
        await call('/categories', 'POST', { name: 'Y', parentId: sandboxOnly.id }, keys.acmeProduction),
      ).toEqual({
        status: 400,
        body: { parentId: ['Unknown category id.'] },
      });
    });

    it('a user’s own: listed for that user alone, under the integration’s or its own, 100 at most', async () => {
      const hobby = await create('/categories', 'Hobbies', '015-000-000-000');
      const mine = await create('/users/u-cat/categories', 'Model Trains', hobby.id);
      expect(mine.fullCategoryHierarchy.map((node) => node.id)).toEqual([
        '015-000-000-000',
        hobby.id,
        mine.id,
      ]);
      const deeper = await create('/users/u-cat/categories', 'Hobbies', mine.id);
      expect((await call('/users/u-cat/categories')).body).toEqual([mine, deeper]);
      expect((await call('/users/someone-else/categories')).body).toEqual([]);
      expect((await call('/categories?include=custom')).body).not.toContainEqual(mine);
      // Another user's category is no parent of this one's, nor of the integration's.
      for (const path of ['/users/u-other/categories', '/categories'])
        expect(await call(path, 'POST', { name: 'Z', parentId: mine.id })).toEqual({
          status: 400,
          body: { parentId: ['Unknown category id.'] },
        });

      for (let n = 1; n <= 100; n++)
        await create('/users/u-many/categories', `Category ${n}`, '024-000-000-000');
      expect(
        await call('/users/u-many/categories', 'POST', { name: 'One Too Many', parentId: '024-000-000-000' }),
      ).toEqual({
        status: 400,
        body: { non_field_errors: ['Ensure this user has no more than 100 custom categories.'] },
      });
      expect(await call('/users/u-many/categories', 'DELETE')).toEqual({ status: 204, body: null });
      expect((await call('/users/u-many/categories')).body).toEqual([]);
    });
  });

  describe('counterparty personalization', () => {
    it('puts (201, then 200), lists and deletes at integration level; the next request sees each change', async () => {
      const plain = await enrich(netflix);
      const streaming = await create('/categories', 'Streaming Budget', '015-000-000-000');
      const path = '/counterparty-category-personalizations';
      expect(await put(path, netflixId, streaming.id)).toEqual({
        status: 201,
        body: { counterpartyId: netflixId, categoryId: streaming.id },
      });
      const personalized = await enrich(netflix);
      expect(categoryOf(personalized)).toEqual({
        chain: ['015-000-000-000', streaming.id],
        categoryName: 'Streaming Budget',
      });
      expect(personalized.counterparty[0]!.industry.at(-1)).toEqual({
        id: streaming.id,
        name: 'Streaming Budget',
        icon: streaming.icon,
      });
      expect(await put(path, netflixId, '016-000-000-000')).toEqual({
        status: 200,
        body: { counterpartyId: netflixId, categoryId: '016-000-000-000' },
      });
      expect(categoryOf(await enrich(netflix)).chain).toEqual(['016-000-000-000']);
      expect((await call(path)).body).toEqual([{ counterpartyId: netflixId, categoryId: '016-000-000-000' }]);

      expect(await call(`${path}/${netflixId}`, 'DELETE')).toEqual({ status: 204, body: null });
      expect(await call(`${path}/${netflixId}`, 'DELETE')).toEqual({
        status: 404,
        body: { details: 'Counterparty category personalization not found.' },
      });
      // Without personalization, the result is the one before, byte for byte but for its id.
      const after = await enrich(netflix);
      expect(JSON.stringify({ ...after, enrichmentId: null })).toBe(
        JSON.stringify({ ...plain, enrichmentId: null }),
      );
    });

    it('files an unverified merchant by its stable id', async () => {
      const path = '/users/u-diner/counterparty-category-personalizations';
      expect((await put(path, dinerId, '011-001-001-000')).status).toBe(201);
      const result = await enrich({
        ...diner,
        merchantName: 'JOES DINER #77 SOMEWHEREVILLE TX',
        userId: 'u-diner',
      });
      expect(result.counterparty[0]!.id).toBe(dinerId);
      expect(categoryOf(result).categoryName).toBe('Full-Service Restaurants');
      expect(categoryOf(await enrich({ ...diner, userId: 'u-other' })).categoryName).not.toBe(
        'Full-Service Restaurants',
      );
    });

    it('applies a user’s over an organization’s over the integration’s, each to its own transactions', async () => {
      const key = keys.globexSandbox; // multi-source
      const gym = await create('/categories', 'Gym', '010-000-000-000', key);
      const mine = await create('/users/u-pre/categories', 'My Gym', gym.id, key);
      expect(
        (await put('/counterparty-category-personalizations', netflixId, '015-000-000-000', key)).status,
      ).toBe(201);
      const org = '/organizations/bank-feed-1/counterparty-category-personalizations';
      expect(await put(org, netflixId, gym.id, key)).toEqual({
        status: 201,
        body: { counterpartyId: netflixId, categoryId: gym.id, organizationId: 'bank-feed-1' },
      });
      const user = '/users/u-pre/counterparty-category-personalizations';
      expect(await put(user, netflixId, mine.id, key)).toEqual({
        status: 201,
        body: { counterpartyId: netflixId, categoryId: mine.id, userId: 'u-pre' },
      });
      const leaf = async (fields: Json) =>
        categoryOf(await enrich({ ...netflix, ...fields }, key)).chain?.at(-1);
      expect(await leaf({})).toBe('015-000-000-000');
      expect(await leaf({ userId: 'u-else' })).toBe('015-000-000-000');
      expect(await leaf({ organizationId: 'bank-feed-1' })).toBe(gym.id);
      expect(await leaf({ organizationId: 'bank-feed-2', userId: 'u-else' })).toBe('015-000-000-000');
      expect(await leaf({ organizationId: 'bank-feed-1', userId: 'u-else' })).toBe(gym.id);
      expect(await leaf({ organizationId: 'bank-feed-1', userId: 'u-pre' })).toBe(mine.id);
      expect(await leaf({ userId: 'u-pre' })).toBe(mine.id);
      expect((await call(user, 'GET', undefined, key)).body).toEqual([
        { counterpartyId: netflixId, categoryId: mine.id, userId: 'u-pre' },
      ]);
      // Other tenants and environments see none of it.
      expect(categoryOf(await enrich({ ...netflix, userId: 'u-pre' }))).toEqual(
        categoryOf(await enrich(netflix, keys.acmeProduction)),
      );
      expect((await call(user)).body).toEqual([]);
      // A user's category is that user's alone; the organization level needs the multi-source feature.
      expect(
        await put('/users/u-else/counterparty-category-personalizations', netflixId, mine.id, key),
      ).toEqual({
        status: 400,
        body: { categoryId: ['Unknown category id.'] },
      });
      expect(await put(org, netflixId, '015-000-000-000')).toEqual({
        status: 403,
        body: { details: 'Multi-source is not enabled for this API key.' },
      });
      // Deleting the user's and the organization's, the integration's applies again.
      expect((await call(user, 'DELETE', undefined, key)).status).toBe(204);
      expect((await call(org, 'DELETE', undefined, key)).status).toBe(204);
      expect(await leaf({ organizationId: 'bank-feed-1', userId: 'u-pre' })).toBe('015-000-000-000');
      expect((await call('/counterparty-category-personalizations', 'DELETE', undefined, key)).status).toBe(
        204,
      );
      expect(await leaf({})).not.toBe('015-000-000-000');
    });

    it('answers 400 per field for an unknown category or a bad body', async () => {
      const path = '/counterparty-category-personalizations';
      for (const categoryId of ['999-000-000-000', '6f1c1a62-51a4-4c1e-9d3e-5a2b9d7c0e11', 'shopping'])
        expect(await put(path, netflixId, categoryId)).toEqual({
          status: 400,
          body: { categoryId: ['Unknown category id.'] },
        });
      expect(await call(path, 'PUT', { categoryId: '011-000-000-000' })).toEqual({
        status: 400,
        body: { counterpartyId: ['This field is required.'] },
      });
    });

    it('refuses to delete a category in use with 409 listing the uses', async () => {
      const parent = await create('/categories', 'Pets', '019-000-000-000');
      const child = await create('/categories', 'Pet Food', parent.id);
      const mine = await create('/users/u-pet/categories', 'Cat Food', child.id);
      expect(
        (await put('/users/u-pet/counterparty-category-personalizations', netflixId, child.id)).status,
      ).toBe(201);

      expect(await call(`/categories/${parent.id}`, 'DELETE')).toEqual({
        status: 409,
        body: {
          details: 'This category is in use: delete or change what uses it first.',
          personalizations: [],
          rules: [],
          categories: [{ id: child.id, name: 'Pet Food', parentId: parent.id }],
          categoryTriggers: [],
        },
      });
      expect(await call(`/categories/${child.id}`, 'DELETE')).toEqual({
        status: 409,
        body: {
          details: 'This category is in use: delete or change what uses it first.',
          personalizations: [{ counterpartyId: netflixId, categoryId: child.id, userId: 'u-pet' }],
          rules: [],
          categories: [{ id: mine.id, name: 'Cat Food', parentId: child.id, userId: 'u-pet' }],
          categoryTriggers: [],
        },
      });
      expect((await call('/categories', 'DELETE')).status).toBe(409);
      expect(await call('/categories/6f1c1a62-51a4-4c1e-9d3e-5a2b9d7c0e11', 'DELETE')).toEqual({
        status: 404,
        body: notFound,
      });
      expect(await call('/categories/011-000-000-000', 'DELETE')).toEqual({ status: 404, body: notFound });
      expect(await call(`/users/u-pet/categories/${parent.id}`, 'DELETE')).toEqual({
        status: 404,
        body: notFound,
      });

      expect((await call(`/users/u-pet/categories/${mine.id}`, 'DELETE')).status).toBe(204);
      expect((await call('/users/u-pet/counterparty-category-personalizations', 'DELETE')).status).toBe(204);
      expect((await call(`/categories/${child.id}`, 'DELETE')).status).toBe(204);
      expect((await call(`/categories/${parent.id}`, 'DELETE')).status).toBe(204);
      expect((await call('/categories?include=custom')).body).not.toContainEqual(parent);
    });

    it('holds 1,000 personalizations per user', async () => {
      const path = '/users/u-limit/counterparty-category-personalizations';
      for (let n = 0; n < 1000; n++) expect((await put(path, `cp-${n}`, '024-000-000-000')).status).toBe(201);
      expect(await put(path, 'cp-1000', '024-000-000-000')).toEqual({
        status: 400,
        body: {
          non_field_errors: [
            'Ensure this user has no more than 1,000 counterparty category personalizations.',
          ],
        },
      });
      expect((await put(path, 'cp-7', '011-000-000-000')).status).toBe(200);
      expect(((await call(path)).body as unknown[]).length).toBe(1000);
    });

    it('makes a report with incorrectCategory a personalization in one operator call', async () => {
      const admin = async (path: string, json: unknown) => {
        const response = await server.request(path, {
          key: null,
          method: 'POST',
          headers: { 'x-admin-key': adminKey, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      const reportOf = async (body: Json, fields: Json) => {
        const reported = await enrich(body);
        const sent = { enrichmentId: reported.enrichmentId, errorDescription: 'Not my bills.', ...fields };
        expect((await call('/transactions/report', 'POST', sent)).status).toBe(200);
        const list = await server.request('/admin/reports?status=open', {
          key: null,
          headers: { 'x-admin-key': adminKey },
        });
        const { reports } = (await list.json()) as { reports: Array<{ id: string; enrichmentId: string }> };
        return reports.find((each) => each.enrichmentId === reported.enrichmentId)!.id;
      };
      const bills = await create('/users/u-report/categories', 'Bills I Share', '018-000-000-000');
      const user = { ...netflix, userId: 'u-report' };

      // A report that does not say the category is wrong is no personalization.
      const other = await reportOf(user, { incorrectChannel: true });
      expect(
        await admin(`/admin/reports/${other}/resolve`, { personalization: { categoryId: bills.id } }),
      ).toEqual({
        status: 400,
        body: { personalization: ['The report does not say the category is incorrect (incorrectCategory).'] },
      });
      const id = await reportOf(user, { incorrectCategory: true });
      expect(
        await admin(`/admin/reports/${id}/resolve`, {
          personalization: { categoryId: 'e4cf5379-583f-44ed-b625-366044e666e6' },
        }),
      ).toEqual({ status: 400, body: { 'personalization.categoryId': ['Unknown category id.'] } });
      expect(
        await admin(`/admin/reports/${id}/resolve`, {
          personalization: { categoryId: bills.id, level: 'organization' },
        }),
      ).toEqual({
        status: 400,
        body: { 'personalization.level': ['The reported request has no organizationId.'] },
      });

      // The user's own (the request had a userId): the returned enrichment and the user's next ones carry it.
      const resolved = await admin(`/admin/reports/${id}/resolve`, {
        personalization: { categoryId: bills.id },
      });
      expect(resolved.status).toBe(200);
      expect(categoryOf(resolved.body as Result).categoryName).toBe('Bills I Share');
      expect((await call('/users/u-report/counterparty-category-personalizations')).body).toEqual([
        { counterpartyId: netflixId, categoryId: bills.id, userId: 'u-report' },
      ]);
      expect(categoryOf(await enrich(user)).categoryName).toBe('Bills I Share');
      expect(categoryOf(await enrich({ ...netflix, userId: 'u-else' })).categoryName).not.toBe(
        'Bills I Share',
      );
    });

    it('applies in microbatches, batches and returned enrichments', async () => {
      const path = '/users/u-batch/counterparty-category-personalizations';
      expect((await put(path, netflixId, '017-000-000-000')).status).toBe(201);
      const transactions = [
        { transactionId: 't-1', ...netflix, userId: 'u-batch' },
        { transactionId: 't-2', ...netflix, userId: 'u-nobody' },
      ];
      const leaves = (results: Result[]) => results.map((result) => categoryOf(result).chain?.at(-1));
      const alone = categoryOf(await enrich(netflix)).chain?.at(-1);
      const expected = ['017-000-000-000', alone];

      const micro = await call('/batches/transactions/cards/enrich?synchronous=true', 'POST', {
        transactions,
      });
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

      // A report resolved by the operator: the corrected enrichment keeps the user's category.
      const reported = await enrich({ ...netflix, userId: 'u-batch' });
      expect(
        (
          await call('/transactions/report', 'POST', {
            enrichmentId: reported.enrichmentId,
            errorDescription: 'x',
          })
        ).status,
      ).toBe(200);
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
      expect(categoryOf((await resolved.json()) as Result).chain?.at(-1)).toBe('017-000-000-000');
    });
  });
});
