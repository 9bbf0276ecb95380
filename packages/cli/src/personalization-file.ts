/**
 * `txenrich enrich --personalization <file.json>`: a tenant's categories as
 * the service keeps them, in one JSON file: custom categories, counterparty
 * personalizations and category rules, each in the shape of its endpoint's
 * body (README "Personalization file"):
 *
 *   {
 *     "categories": [{ "id": "eating-out", "name": "Eating Out", "parentId": "011-000-000-000" }],
 *     "personalizations": [{ "counterpartyId": "…", "categoryId": "eating-out", "userId": "u1" }],
 *     "rules": [{ "categoryId": "eating-out", "match": { "mcc": { "from": 5811, "to": 5814 } } }]
 *   }
 *
 * Every part may be left out. A custom category's `id` is the file's own (any text but a default
 * category's id); `userId` makes it a user's. A personalization is the integration's, or a user's
 * (`userId`) or an organization's (`organizationId`). Rules are in creation order: the later wins a tie.
 * The checks are the service's: an unknown parent or category, a duplicate name or id, a cycle, an
 * invalid pattern are errors naming their path (`rules.3.match.namePattern`).
 */
import { readFile } from 'node:fs/promises';
import type { Industry as CatalogIndustry } from '@txenrich/catalog';
import { type CategoryHierarchy, createCategoryHierarchy, type TenantCategories } from '@txenrich/core';
import {
  type FieldErrors,
  type Industry,
  messages,
  type PersonalizationFile,
  personalizationFileSchema,
  validate,
} from '@txenrich/schema';
import { categoryMessages, categoryNameKey } from '@txenrich/service';
import { reasonOf, UsageError } from './errors.js';

/** Errors shown of a file that has many: the first ones say enough. */
const MAX_SHOWN = 5;

const fileMessages = {
  duplicateId: (index: number) => `Duplicate category id at index ${index}.`,
  defaultId: 'This id is a default category’s: give the custom category an id of its own.',
  cycle: 'This parent makes the category its own ancestor.',
  bothOwners: 'A personalization is a user’s or an organization’s, not both.',
  duplicatePersonalization: (index: number) =>
    `Duplicate personalization of this counterparty for this owner at index ${index}.`,
} as const;

/** The default taxonomy's chains, from the catalog's industries (each node's parent first). */
export function defaultChains(industries: readonly CatalogIndustry[]): (id: string) => Industry[] {
  const byId = new Map(industries.map((industry) => [industry.id, industry]));
  return (id) => {
    const chain: Industry[] = [];
    for (let node = byId.get(id); node; node = node.parentId === null ? undefined : byId.get(node.parentId))
      chain.unshift({ id: node.id, name: node.name, icon: null });
    return chain;
  };
}

/**
 * The file's categories for the engine, or the errors of the parts that are wrong (field path to
 * messages, as a 400 says them). `defaultChain`: the default taxonomy's chain of an id, empty when unknown.
 */
export function tenantCategoriesOf(
  file: PersonalizationFile,
  defaultChain: (id: string) => Industry[],
): { ok: true; value: TenantCategories } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (path: string, message: string) => {
    errors[path] = [...(errors[path] ?? []), message];
  };
  const isDefault = (id: string) => defaultChain(id).length > 0;
  const categories = file.categories ?? [];
  const personalizations = file.personalizations ?? [];
  const rules = file.rules ?? [];

  // Categories: ids of their own, names unique per owner, parents the owner sees, no cycle.
  const firstWithId = new Map<string, number>();
  const names = new Map<string, number>();
  categories.forEach((category, index) => {
    if (isDefault(category.id)) fail(`categories.${index}.id`, fileMessages.defaultId);
    const earlier = firstWithId.get(category.id);
    if (earlier !== undefined) fail(`categories.${index}.id`, fileMessages.duplicateId(earlier));
    else firstWithId.set(category.id, index);
    const nameKey = `${category.userId ?? ''}\u0000${categoryNameKey(category.name)}`;
    if (names.has(nameKey)) fail(`categories.${index}.name`, categoryMessages.duplicateName);
    else names.set(nameKey, index);
  });
  const ownerOf = (id: string) => {
    const index = firstWithId.get(id);
    return index === undefined ? undefined : { userId: categories[index]!.userId };
  };
  /** Whether a category of `userId` (the integration's: undefined) may name `id`: a default, the integration's, its own. */
  const visible = (id: string, userId: string | undefined) => {
    if (isDefault(id)) return true;
    const of = ownerOf(id);
    return of !== undefined && (of.userId === undefined || of.userId === userId);
  };
  const hierarchy: CategoryHierarchy = createCategoryHierarchy(
    defaultChain,
    categories.map(({ id, name, parentId, userId }) => ({ id, name, parentId, userId })),
  );
  categories.forEach((category, index) => {
    if (!visible(category.parentId, category.userId))
      fail(`categories.${index}.parentId`, messages.unknownCategory);
    else if (firstWithId.get(category.id) === index && hierarchy(category.id) === null)
      fail(`categories.${index}.parentId`, fileMessages.cycle);
  });

  // Personalizations: one owner each, a category it sees, one per owner and counterparty.
  const filed = new Map<string, number>();
  personalizations.forEach((personalization, index) => {
    const { userId, organizationId, counterpartyId, categoryId } = personalization;
    if (userId !== undefined && organizationId !== undefined)
      fail(`personalizations.${index}.organizationId`, fileMessages.bothOwners);
    if (!visible(categoryId, userId)) fail(`personalizations.${index}.categoryId`, messages.unknownCategory);
    const key = `${userId ?? ''}\u0000${organizationId ?? ''}\u0000${counterpartyId}`;
    const earlier = filed.get(key);
    if (earlier !== undefined)
      fail(`personalizations.${index}.counterpartyId`, fileMessages.duplicatePersonalization(earlier));
    else filed.set(key, index);
  });

  // Rules: a category of the integration, an industry of the default taxonomy.
  rules.forEach((rule, index) => {
    if (!visible(rule.categoryId, undefined)) fail(`rules.${index}.categoryId`, messages.unknownCategory);
    if (rule.match.industryId !== undefined && !isDefault(rule.match.industryId))
      fail(`rules.${index}.match.industryId`, categoryMessages.unknownIndustry);
  });

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      categories: categories.map(({ id, name, parentId, userId }) => ({
        id,
        name: name.trim(),
        parentId,
        ...(userId === undefined ? {} : { userId }),
      })),
      personalizations,
      rules,
    },
  };
}

/** `path: field: message; …`, the first few. */
function describe(path: string, errors: FieldErrors): string {
  const lines = Object.entries(errors).flatMap(([field, list]) =>
    list.map((message) => `${field}: ${message}`),
  );
  const more = lines.length > MAX_SHOWN ? ` (and ${lines.length - MAX_SHOWN} more)` : '';
  return `${path}: ${lines.slice(0, MAX_SHOWN).join('; ')}${more}`;
}

/**
 * Reads and checks a personalization file; a `UsageError` naming the file and each wrong field when it
 * cannot be read, is not JSON, or is not a valid personalization file.
 */
export async function readPersonalizationFile(
  path: string,
  defaultChain: (id: string) => Industry[],
): Promise<TenantCategories> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the personalization file ${path}: ${reasonOf(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${reasonOf(error)}`);
  }
  const parsed = validate(personalizationFileSchema, json);
  if (!parsed.ok) throw new UsageError(describe(path, parsed.errors));
  const checked = tenantCategoriesOf(parsed.value, defaultChain);
  if (!checked.ok) throw new UsageError(describe(path, checked.errors));
  return checked.value;
}
