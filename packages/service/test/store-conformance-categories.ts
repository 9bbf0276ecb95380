/**
 * The categories part of the `Store` conformance suite, run by
 * `describeStoreConformance` for every adapter: custom categories of the
 * integration and of users, counterparty personalizations of the
 * integration, organizations and users, category rules, the checks and limits of their
 * writes (atomic under concurrent writes), what stands in the way of a
 * deletion, isolation between tenants and environments, and the revision.
 */
import type { CategoryRuleMatch } from '@txenrich/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CategoryRuleRecord,
  CustomCategoryRecord,
  NewCustomCategory,
  PersonalizationRecord,
  Scope,
  Store,
} from '../src/store.js';
import { categoryOwnerPath, INTEGRATION_OWNER } from '../src/store-rows.js';
import type { OpenStore } from './store-conformance.js';

const at = Date.UTC(2025, 5, 1, 12);
const acme: Scope = { tenant: 'acme', environment: 'production' };
const acmeSandbox: Scope = { tenant: 'acme', environment: 'sandbox' };
const globex: Scope = { tenant: 'globex', environment: 'production' };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const user1 = categoryOwnerPath({ userId: 'u/1' });
const user2 = categoryOwnerPath({ userId: 'u2' });
const org1 = categoryOwnerPath({ organizationId: 'org 1' });

const category = (n: number, fields: Partial<NewCustomCategory> = {}): NewCustomCategory => ({
  id: uuid(n),
  name: `Category ${n}`,
  nameKey: `category ${n}`,
  parentId: '011-000-000-000',
  userId: null,
  createdAt: at + n,
  customParent: false,
  ...fields,
});
const record = ({
  nameKey: _key,
  customParent: _custom,
  ...fields
}: NewCustomCategory): CustomCategoryRecord => fields;

const personalization = (
  counterpartyId: string,
  categoryId: string,
  owner: Partial<PersonalizationRecord> = {},
): PersonalizationRecord => ({ counterpartyId, categoryId, userId: null, organizationId: null, ...owner });

const categoryRule = (n: number, categoryId: string, match: CategoryRuleMatch): CategoryRuleRecord => ({
  id: uuid(100 + n),
  categoryId,
  match,
  createdAt: 1_700_000_000_000 + n,
});

const defaultCategory = { limit: 10, customCategory: false };
const customCategory = { limit: 10, customCategory: true };

export function describeCategoryConformance(open: OpenStore): void {
  describe('custom categories and counterparty personalization', () => {
    const opened: Store[] = [];
    let databases = 0;
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    async function fresh(): Promise<{ store: Store; reopen: () => Promise<Store> }> {
      const database = `categories_${++databases}`;
      const reopen = async () => {
        const store = await open(database);
        opened.push(store);
        return store;
      };
      return { store: await reopen(), reopen };
    }

    it('creates categories per owner in order, names unique within an owner, parents the owner sees', async () => {
      const { store, reopen } = await fresh();
      const kitchen = category(1, { name: 'Kitchen', nameKey: 'kitchen' });
      expect(await store.createCategory(acme, INTEGRATION_OWNER, kitchen, 10)).toBe('created');
      const remodel = category(2, {
        name: 'Remodel',
        nameKey: 'remodel',
        parentId: kitchen.id,
        customParent: true,
      });
      expect(await store.createCategory(acme, INTEGRATION_OWNER, remodel, 10)).toBe('created');
      // The same name key again: refused within the owner, taken by another owner.
      const again = category(3, { name: 'KITCHEN ', nameKey: 'kitchen' });
      expect(await store.createCategory(acme, INTEGRATION_OWNER, again, 10)).toBe('duplicate');
      const own = category(4, {
        name: 'Kitchen',
        nameKey: 'kitchen',
        userId: 'u/1',
        parentId: kitchen.id,
        customParent: true,
      });
      expect(await store.createCategory(acme, user1, own, 10)).toBe('created');
      // A parent the owner does not see: another user's, unknown, or (for the integration) a user's.
      const orphans = [
        [user2, category(5, { userId: 'u2', parentId: own.id, customParent: true })],
        [user2, category(6, { userId: 'u2', parentId: uuid(99), customParent: true })],
        [INTEGRATION_OWNER, category(7, { parentId: own.id, customParent: true })],
      ] as const;
      for (const [owner, orphan] of orphans)
        expect(await store.createCategory(acme, owner, orphan, 10)).toBe('unknownParent');
      // Another tenant or environment sees none of acme's.
      expect(
        await store.createCategory(
          globex,
          INTEGRATION_OWNER,
          category(8, { parentId: kitchen.id, customParent: true }),
          10,
        ),
      ).toBe('unknownParent');
      expect(
        await store.createCategory(
          acmeSandbox,
          INTEGRATION_OWNER,
          category(9, { parentId: kitchen.id, customParent: true }),
          10,
        ),
      ).toBe('unknownParent');

      expect(await store.listCategories(acme, INTEGRATION_OWNER)).toEqual([record(kitchen), record(remodel)]);
      expect(await store.listCategories(acme, user1)).toEqual([record(own)]);
      expect(await store.listCategories(acme, user2)).toEqual([]);
      expect(await store.listCategories(globex, INTEGRATION_OWNER)).toEqual([]);
      const again2 = await reopen();
      expect(await again2.listCategories(acme, INTEGRATION_OWNER)).toEqual([
        record(kitchen),
        record(remodel),
      ]);
    });

    it('holds the limit per owner, under concurrent writes too', async () => {
      const { store } = await fresh();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          store.createCategory(acme, INTEGRATION_OWNER, category(n + 1), 5),
        ),
      );
      expect(answers.filter((answer) => answer === 'created')).toHaveLength(5);
      expect(answers.filter((answer) => answer === 'limit')).toHaveLength(3);
      expect(await store.listCategories(acme, INTEGRATION_OWNER)).toHaveLength(5);
      // A user's own limit is its own.
      expect(await store.createCategory(acme, user1, category(20, { userId: 'u/1' }), 5)).toBe('created');

      const puts = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          store.putPersonalization(
            acme,
            user1,
            personalization(`cp-${n}`, '011-000-000-000', { userId: 'u/1' }),
            {
              limit: 4,
              customCategory: false,
            },
          ),
        ),
      );
      expect(puts.filter((answer) => answer === 'created')).toHaveLength(4);
      expect(puts.filter((answer) => answer === 'limit')).toHaveLength(4);
      // Replacing one of its own is no new one: allowed at the limit.
      const kept = (await store.listPersonalizations(acme, user1))[0]!;
      expect(
        await store.putPersonalization(
          acme,
          user1,
          { ...kept, categoryId: '011-001-000-000' },
          { limit: 4, customCategory: false },
        ),
      ).toBe('updated');
    });

    it('puts, replaces, lists and deletes personalizations per owner; the revision moves with each change', async () => {
      const { store } = await fresh();
      const revision = async () => (await store.rulesRevisions(acme)).categories;
      const seen = [await revision()];
      await store.createCategory(acme, INTEGRATION_OWNER, category(1), 10);
      seen.push(await revision());
      expect(
        await store.putPersonalization(
          acme,
          INTEGRATION_OWNER,
          personalization('cp-a', uuid(1)),
          customCategory,
        ),
      ).toBe('created');
      seen.push(await revision());
      expect(
        await store.putPersonalization(
          acme,
          INTEGRATION_OWNER,
          personalization('cp-b', '011-000-000-000'),
          defaultCategory,
        ),
      ).toBe('created');
      expect(
        await store.putPersonalization(
          acme,
          INTEGRATION_OWNER,
          personalization('cp-a', '011-001-000-000'),
          defaultCategory,
        ),
      ).toBe('updated');
      seen.push(await revision());
      const orgOne = personalization('cp-a', uuid(1), { organizationId: 'org 1' });
      const userOne = personalization('cp-a', uuid(1), { userId: 'u/1' });
      expect(await store.putPersonalization(acme, org1, orgOne, customCategory)).toBe('created');
      expect(await store.putPersonalization(acme, user1, userOne, customCategory)).toBe('created');
      // A category the owner does not see, or none at all.
      expect(
        await store.putPersonalization(
          acme,
          user2,
          personalization('cp-a', uuid(7), { userId: 'u2' }),
          customCategory,
        ),
      ).toBe('unknownCategory');
      expect(
        await store.putPersonalization(
          globex,
          INTEGRATION_OWNER,
          personalization('cp-a', uuid(1)),
          customCategory,
        ),
      ).toBe('unknownCategory');
      seen.push(await revision());
      expect(new Set(seen).size).toBe(seen.length);

      expect(await store.listPersonalizations(acme, INTEGRATION_OWNER)).toEqual([
        personalization('cp-a', '011-001-000-000'),
        personalization('cp-b', '011-000-000-000'),
      ]);
      expect(await store.listPersonalizations(acme, org1)).toEqual([orgOne]);
      expect(await store.listPersonalizations(acme, user1)).toEqual([userOne]);
      expect(await store.listPersonalizations(acme, user2)).toEqual([]);
      for (const other of [globex, acmeSandbox]) {
        expect(await store.listPersonalizations(other, INTEGRATION_OWNER)).toEqual([]);
        expect(await store.tenantCategories(other)).toEqual({
          revision: 0,
          categories: [],
          personalizations: [],
          rules: [],
        });
      }
      const state = await store.tenantCategories(acme);
      expect(state).toEqual({
        revision: await revision(),
        categories: [{ id: uuid(1), name: 'Category 1', parentId: '011-000-000-000' }],
        personalizations: [
          { counterpartyId: 'cp-a', categoryId: '011-001-000-000' },
          { counterpartyId: 'cp-b', categoryId: '011-000-000-000' },
          { counterpartyId: 'cp-a', categoryId: uuid(1), organizationId: 'org 1' },
          { counterpartyId: 'cp-a', categoryId: uuid(1), userId: 'u/1' },
        ],
        rules: [],
      });

      // Putting what is there already changes nothing.
      const before = await revision();
      expect(
        await store.putPersonalization(
          acme,
          INTEGRATION_OWNER,
          personalization('cp-b', '011-000-000-000'),
          defaultCategory,
        ),
      ).toBe('updated');
      expect(await revision()).toBe(before);

      expect(await store.deletePersonalizations(acme, INTEGRATION_OWNER, 'cp-b')).toBe(1);
      expect(await store.deletePersonalizations(acme, INTEGRATION_OWNER, 'cp-b')).toBe(0);
      expect(await store.deletePersonalizations(acme, user1, null)).toBe(1);
      expect(await revision()).toBe(before + 2);
      expect(await store.deletePersonalizations(acme, user1, null)).toBe(0);
      expect(await revision()).toBe(before + 2);
      expect((await store.tenantCategories(acme)).personalizations).toHaveLength(2);
    });

    it('deletes nothing a personalization or another category uses, and answers what uses it', async () => {
      const { store } = await fresh();
      const kitchen = category(1);
      const remodel = category(2, { parentId: kitchen.id, customParent: true });
      const own = category(3, { userId: 'u/1', parentId: kitchen.id, customParent: true });
      await store.createCategory(acme, INTEGRATION_OWNER, kitchen, 10);
      await store.createCategory(acme, INTEGRATION_OWNER, remodel, 10);
      await store.createCategory(acme, user1, own, 10);
      const filed = personalization('cp-a', remodel.id, { organizationId: 'org 1' });
      await store.putPersonalization(acme, org1, filed, customCategory);

      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, uuid(9))).toBe('notFound');
      expect(await store.deleteCategories(acme, user2, own.id)).toBe('notFound');
      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, kitchen.id)).toEqual({
        inUse: { personalizations: [], categories: [record(remodel), record(own)], rules: [] },
      });
      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, remodel.id)).toEqual({
        inUse: { personalizations: [filed], categories: [], rules: [] },
      });
      // All of the integration's: remodel goes with kitchen, but the user's own still sits under kitchen.
      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, null)).toEqual({
        inUse: { personalizations: [filed], categories: [record(own)], rules: [] },
      });
      expect(await store.listCategories(acme, INTEGRATION_OWNER)).toHaveLength(2);

      await store.deletePersonalizations(acme, org1, null);
      const before = (await store.rulesRevisions(acme)).categories;
      expect(await store.deleteCategories(acme, user1, null)).toEqual({ deleted: 1 });
      expect(await store.deleteCategories(acme, user1, null)).toEqual({ deleted: 0 });
      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, remodel.id)).toEqual({ deleted: 1 });
      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, null)).toEqual({ deleted: 1 });
      expect((await store.rulesRevisions(acme)).categories).toBe(before + 3);
      expect(await store.tenantCategories(acme)).toMatchObject({ categories: [], personalizations: [] });
      // Its name is free again.
      expect(await store.createCategory(acme, INTEGRATION_OWNER, kitchen, 10)).toBe('created');
    });

    it('adds, lists and deletes category rules per tenant and environment, in order; the revision moves with each change', async () => {
      const { store, reopen } = await fresh();
      const revision = async () => (await store.rulesRevisions(acme)).categories;
      await store.createCategory(acme, INTEGRATION_OWNER, category(1), 10);
      await store.createCategory(acme, user1, category(2, { userId: 'u/1' }), 10);
      const before = await revision();
      const first = categoryRule(1, '011-000-000-000', { mcc: { from: 5811, to: 5814 } });
      const second = categoryRule(2, uuid(1), { namePattern: 'NETFLIX*', direction: 'outgoing' });
      expect(await store.createCategoryRule(acme, first, defaultCategory)).toBe('created');
      expect(await store.createCategoryRule(acme, second, customCategory)).toBe('created');
      expect(await revision()).toBe(before + 2);
      // A custom category only the integration's: a user's is not one a rule may name, nor another tenant's.
      expect(
        await store.createCategoryRule(acme, categoryRule(3, uuid(2), { type: 'fee' }), customCategory),
      ).toBe('unknownCategory');
      expect(
        await store.createCategoryRule(globex, categoryRule(4, uuid(1), { type: 'fee' }), customCategory),
      ).toBe('unknownCategory');
      expect(await revision()).toBe(before + 2);

      expect(await store.listCategoryRules(acme)).toEqual([first, second]);
      for (const other of [globex, acmeSandbox]) expect(await store.listCategoryRules(other)).toEqual([]);
      expect((await store.tenantCategories(acme)).rules).toEqual([
        { id: first.id, categoryId: first.categoryId, match: first.match },
        { id: second.id, categoryId: second.categoryId, match: second.match },
      ]);
      expect(await (await reopen()).listCategoryRules(acme)).toEqual([first, second]);

      // A category a rule files under is in use.
      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, uuid(1))).toEqual({
        inUse: { personalizations: [], categories: [], rules: [second] },
      });
      expect(await store.deleteCategoryRule(globex, second.id)).toBe(false);
      expect(await store.deleteCategoryRule(acme, second.id)).toBe(true);
      expect(await store.deleteCategoryRule(acme, second.id)).toBe(false);
      expect(await revision()).toBe(before + 3);
      expect(await store.deleteCategories(acme, INTEGRATION_OWNER, uuid(1))).toEqual({ deleted: 1 });
      expect(await store.listCategoryRules(acme)).toEqual([first]);
    });

    it('holds the rule limit per tenant and environment, under concurrent writes too', async () => {
      const { store } = await fresh();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          store.createCategoryRule(acme, categoryRule(n + 1, '011-000-000-000', { type: 'fee' }), {
            limit: 5,
            customCategory: false,
          }),
        ),
      );
      expect(answers.filter((answer) => answer === 'created')).toHaveLength(5);
      expect(answers.filter((answer) => answer === 'limit')).toHaveLength(3);
      expect(await store.listCategoryRules(acme)).toHaveLength(5);
      // Another environment's limit is its own.
      expect(
        await store.createCategoryRule(acmeSandbox, categoryRule(20, '011-000-000-000', { type: 'fee' }), {
          limit: 5,
          customCategory: false,
        }),
      ).toBe('created');
    });
  });
}
