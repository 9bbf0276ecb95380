/**
 * Categories and counterparty category personalization, per (tenant,
 * environment): the default taxonomy, custom categories of the integration
 * and of its users, and counterparty personalizations of the integration,
 * its organizations (multi-source) and its users, and the integration's
 * category rules (an extension). Every change bumps the tenant's
 * `categories` revision in the store, so the next enrichment compiles them
 * anew (`tenant-rules.ts`) and carries them. A category that
 * personalizations, rules, other categories or category action triggers use
 * cannot be deleted (409, listing them).
 */
import { randomUUID } from 'node:crypto';
import { type Category, type CategoryHierarchy, categoryOf, type Engine } from '@txenrich/core';
import {
  type CategoryInUse,
  type CategoryKind,
  type CategoryRuleView,
  type CategoryTriggerUse,
  categoryLimits,
  messages,
  type NewCategory,
  type NewCategoryRule,
  type Personalization,
  type PersonalizationView,
} from '@txenrich/schema';
import { categoryTriggerUses } from './category-trigger-uses.js';
import { ServiceError } from './errors.js';
import { isUuid } from './ids.js';
import type {
  CategoryRuleRecord,
  CategoryUse,
  CustomCategoryRecord,
  PersonalizationRecord,
  Scope,
  Store,
} from './store.js';
import { categoryOwnerPath, INTEGRATION_OWNER } from './store-rows.js';

/** The messages of the category endpoints' 400s, 404s and 409. */
export const categoryMessages = {
  unknownCategory: messages.unknownCategory,
  duplicateName: 'A category with this name already exists.',
  tooManyCategories: (max: number, owner: 'integration' | 'user') =>
    `Ensure this ${owner} has no more than ${max.toLocaleString('en-US')} custom categories.`,
  tooManyPersonalizations: (max: number, owner: 'integration' | 'organization' | 'user') =>
    `Ensure this ${owner} has no more than ${max.toLocaleString('en-US')} counterparty category personalizations.`,
  categoryNotFound: 'Category not found.',
  ruleNotFound: 'Category rule not found.',
  tooManyRules: (max: number) =>
    `Ensure this integration has no more than ${max.toLocaleString('en-US')} category rules.`,
  /** A rule's `match.industryId`: the default taxonomy's (what transactions carry before any rule). */
  unknownIndustry: 'Unknown default category id.',
  personalizationNotFound: 'Counterparty category personalization not found.',
  inUse: 'This category is in use: delete or change what uses it first.',
} as const;

/** Whose personalizations: the integration's (neither), an organization's or a user's. */
export type PersonalizationOwner = { userId?: string; organizationId?: string };

export interface Categories {
  /** `GET /categories`: the default taxonomy first, then the integration's custom categories, as `include` asks. */
  list(scope: Scope, include: readonly CategoryKind[]): Promise<Category[]>;
  /** `GET /users/{userId}/categories`: the user's custom categories. */
  listUser(scope: Scope, userId: string): Promise<Category[]>;
  /** Creates a custom category of the integration, or of `userId`. */
  create(scope: Scope, userId: string | null, body: NewCategory): Promise<Category>;
  /** Deletes a custom category of the integration or of `userId`, or all of them with `id` null. */
  remove(scope: Scope, userId: string | null, id: string | null): Promise<void>;
  listPersonalizations(scope: Scope, owner: PersonalizationOwner): Promise<PersonalizationView[]>;
  /** Files a counterparty under a category: `created` false when it replaced the owner's earlier one. */
  putPersonalization(
    scope: Scope,
    owner: PersonalizationOwner,
    body: Personalization,
  ): Promise<{ created: boolean; personalization: PersonalizationView }>;
  /** Deletes the owner's personalization of a counterparty, or all of them with `counterpartyId` null. */
  removePersonalizations(
    scope: Scope,
    owner: PersonalizationOwner,
    counterpartyId: string | null,
  ): Promise<void>;
  /** `GET /categories/rules`: the integration's category rules, in creation order. */
  listRules(scope: Scope): Promise<CategoryRuleView[]>;
  /** `POST /categories/rules`: adds a rule (the latest wins ties). */
  createRule(scope: Scope, body: NewCategoryRule): Promise<CategoryRuleView>;
  /** `DELETE /categories/rules/{id}`. */
  removeRule(scope: Scope, id: string): Promise<void>;
  /**
   * Every category id a category action trigger of the integration (`userId` null) or of a user (and
   * their cards) may name, lower case: the default taxonomy's, the integration's and the user's own.
   */
  knownIds(scope: Scope, userId: string | null): Promise<ReadonlySet<string>>;
}

/** A name as compared for uniqueness: case and surrounding space aside. */
export const categoryNameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

const invalid = (fields: Record<string, string[]>) =>
  new ServiceError('INVALID_INPUT', 'Invalid input.', { body: fields });

export function personalizationView(record: PersonalizationRecord): PersonalizationView {
  return {
    counterpartyId: record.counterpartyId,
    categoryId: record.categoryId,
    ...(record.userId === null ? {} : { userId: record.userId }),
    ...(record.organizationId === null ? {} : { organizationId: record.organizationId }),
  };
}

export function categoryRuleView(record: CategoryRuleRecord): CategoryRuleView {
  return {
    id: record.id,
    categoryId: record.categoryId,
    match: record.match,
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

/** The 409's body: what uses the categories. */
function inUse(use: CategoryUse, categoryTriggers: CategoryTriggerUse[] = []): ServiceError {
  const body: Omit<CategoryInUse, 'details'> = {
    personalizations: use.personalizations.map(personalizationView),
    rules: use.rules.map(categoryRuleView),
    categories: use.categories.map((category) => ({
      id: category.id,
      name: category.name,
      parentId: category.parentId,
      ...(category.userId === null ? {} : { userId: category.userId }),
    })),
    categoryTriggers,
  };
  return new ServiceError('CONFLICT', categoryMessages.inUse, { body });
}

/**
 * What of the tenant's snapshot uses the categories `doomed` (the store's own check, for the 409 the
 * service answers before asking the store to delete): personalizations and rules filed under one, and
 * categories under one that are not deleted with it.
 */
async function snapshotUse(store: Store, scope: Scope, doomed: ReadonlySet<string>): Promise<CategoryUse> {
  const [{ categories, personalizations }, rules] = await Promise.all([
    store.tenantCategories(scope),
    store.listCategoryRules(scope),
  ]);
  return {
    rules: rules.filter((rule) => doomed.has(rule.categoryId)),
    personalizations: personalizations
      .filter((item) => doomed.has(item.categoryId))
      .map((item) => ({
        counterpartyId: item.counterpartyId,
        categoryId: item.categoryId,
        userId: item.userId ?? null,
        organizationId: item.organizationId ?? null,
      })),
    categories: categories
      .filter((item) => doomed.has(item.parentId) && !doomed.has(item.id))
      .map((item) => ({ ...item, userId: item.userId ?? null, createdAt: 0 })),
  };
}

export function createCategories(options: { store: Store; engine: Engine; now: () => number }): Categories {
  const { store, engine, now } = options;
  const defaults = engine.categoryHierarchy([]);

  const hierarchyOf = (records: readonly CustomCategoryRecord[]) =>
    engine.categoryHierarchy(
      records.map((record) => ({ id: record.id, name: record.name, parentId: record.parentId })),
    );

  /** The hierarchy of the categories the owner sees: the defaults, the integration's, and a user's own. */
  async function hierarchyFor(scope: Scope, userId: string | null): Promise<CategoryHierarchy> {
    const [integration, own] = await Promise.all([
      store.listCategories(scope, INTEGRATION_OWNER),
      userId === null ? [] : store.listCategories(scope, categoryOwnerPath({ userId })),
    ]);
    return hierarchyOf([...integration, ...own]);
  }

  function rendered(records: readonly CustomCategoryRecord[], hierarchy: CategoryHierarchy): Category[] {
    const categories: Category[] = [];
    for (const record of records) {
      const chain = hierarchy(record.id);
      if (chain) categories.push(categoryOf(chain));
    }
    return categories;
  }

  /** Whether `id` is a default category's (any other names a custom one, a UUID, or none). */
  const isDefault = (id: string) => defaults(id) !== null;
  let defaultIds: readonly string[] | undefined;

  const ownerKind = (owner: PersonalizationOwner) =>
    owner.userId !== undefined ? 'user' : owner.organizationId !== undefined ? 'organization' : 'integration';

  return {
    async list(scope, include) {
      const records = include.includes('custom') ? await store.listCategories(scope, INTEGRATION_OWNER) : [];
      const custom = records.length > 0 ? rendered(records, hierarchyOf(records)) : [];
      return [...(include.includes('default') ? engine.defaultCategories() : []), ...custom];
    },

    async listUser(scope, userId) {
      const own = await store.listCategories(scope, categoryOwnerPath({ userId }));
      return own.length === 0 ? [] : rendered(own, await hierarchyFor(scope, userId));
    },

    async create(scope, userId, body) {
      const customParent = !isDefault(body.parentId);
      if (customParent && !isUuid(body.parentId))
        throw invalid({ parentId: [categoryMessages.unknownCategory] });
      const record = {
        id: randomUUID(),
        name: body.name.trim(),
        parentId: customParent ? body.parentId.toLowerCase() : body.parentId,
        userId,
        createdAt: now(),
      };
      const owner = categoryOwnerPath({ userId });
      const limit = userId === null ? categoryLimits.maxPerIntegration : categoryLimits.maxPerUser;
      const answer = await store.createCategory(
        scope,
        owner,
        { ...record, nameKey: categoryNameKey(body.name), customParent },
        limit,
      );
      if (answer === 'duplicate') throw invalid({ name: [categoryMessages.duplicateName] });
      if (answer === 'unknownParent') throw invalid({ parentId: [categoryMessages.unknownCategory] });
      if (answer === 'limit')
        throw invalid({
          non_field_errors: [
            categoryMessages.tooManyCategories(limit, userId === null ? 'integration' : 'user'),
          ],
        });
      const chain = (await hierarchyFor(scope, userId))(record.id);
      if (!chain) throw new Error(`The category ${record.id} was created without a hierarchy.`);
      return categoryOf(chain);
    },

    async remove(scope, userId, id) {
      // Custom category ids are UUIDs: anything else (a default category's id) names none to delete.
      if (id !== null && !isUuid(id)) throw new ServiceError('NOT_FOUND', categoryMessages.categoryNotFound);
      const owner = categoryOwnerPath({ userId });
      const target = id === null ? null : id.toLowerCase();
      // The store checks what else uses them in its transaction; category triggers, kept in trigger lists,
      // are checked here first.
      const owned = await store.listCategories(scope, owner);
      const doomed = new Set(
        owned.map((record) => record.id).filter((owned) => target === null || owned === target),
      );
      const triggers = await categoryTriggerUses(store, scope, doomed);
      if (triggers.length > 0) throw inUse(await snapshotUse(store, scope, doomed), triggers);
      const answer = await store.deleteCategories(scope, owner, target);
      if (answer === 'notFound') throw new ServiceError('NOT_FOUND', categoryMessages.categoryNotFound);
      if ('inUse' in answer) throw inUse(answer.inUse);
    },

    async listPersonalizations(scope, owner) {
      return (await store.listPersonalizations(scope, categoryOwnerPath(owner))).map(personalizationView);
    },

    async putPersonalization(scope, owner, body) {
      const customCategory = !isDefault(body.categoryId);
      if (customCategory && !isUuid(body.categoryId))
        throw invalid({ categoryId: [categoryMessages.unknownCategory] });
      const kind = ownerKind(owner);
      const limit =
        kind === 'user'
          ? categoryLimits.maxPersonalizationsPerUser
          : categoryLimits.maxPersonalizationsPerIntegration;
      const record: PersonalizationRecord = {
        counterpartyId: body.counterpartyId,
        categoryId: customCategory ? body.categoryId.toLowerCase() : body.categoryId,
        userId: owner.userId ?? null,
        organizationId: owner.userId === undefined ? (owner.organizationId ?? null) : null,
      };
      const answer = await store.putPersonalization(scope, categoryOwnerPath(owner), record, {
        limit,
        customCategory,
      });
      if (answer === 'unknownCategory') throw invalid({ categoryId: [categoryMessages.unknownCategory] });
      if (answer === 'limit')
        throw invalid({ non_field_errors: [categoryMessages.tooManyPersonalizations(limit, kind)] });
      return { created: answer === 'created', personalization: personalizationView(record) };
    },

    async removePersonalizations(scope, owner, counterpartyId) {
      const deleted = await store.deletePersonalizations(scope, categoryOwnerPath(owner), counterpartyId);
      if (counterpartyId !== null && deleted === 0)
        throw new ServiceError('NOT_FOUND', categoryMessages.personalizationNotFound);
    },

    async listRules(scope) {
      return (await store.listCategoryRules(scope)).map(categoryRuleView);
    },

    async createRule(scope, body) {
      const customCategory = !isDefault(body.categoryId);
      const errors: Record<string, string[]> = {};
      if (customCategory && !isUuid(body.categoryId)) errors.categoryId = [categoryMessages.unknownCategory];
      // Before the rules, a transaction carries a default category only: a custom one would match none.
      if (body.match.industryId !== undefined && !isDefault(body.match.industryId))
        errors['match.industryId'] = [categoryMessages.unknownIndustry];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const record: CategoryRuleRecord = {
        id: randomUUID(),
        categoryId: customCategory ? body.categoryId.toLowerCase() : body.categoryId,
        match: body.match,
        createdAt: now(),
      };
      const limit = categoryLimits.maxRules;
      const answer = await store.createCategoryRule(scope, record, { limit, customCategory });
      if (answer === 'unknownCategory') throw invalid({ categoryId: [categoryMessages.unknownCategory] });
      if (answer === 'limit') throw invalid({ non_field_errors: [categoryMessages.tooManyRules(limit)] });
      return categoryRuleView(record);
    },

    async removeRule(scope, id) {
      // Rule ids are UUIDs: anything else names none.
      if (!isUuid(id) || !(await store.deleteCategoryRule(scope, id.toLowerCase())))
        throw new ServiceError('NOT_FOUND', categoryMessages.ruleNotFound);
    },

    async knownIds(scope, userId) {
      defaultIds ??= engine.defaultCategories().map((category) => category.id);
      const [integration, own] = await Promise.all([
        store.listCategories(scope, INTEGRATION_OWNER),
        userId === null ? [] : store.listCategories(scope, categoryOwnerPath({ userId })),
      ]);
      return new Set([
        ...defaultIds,
        ...integration.map((record) => record.id),
        ...own.map((record) => record.id),
      ]);
    },
  };
}
