/**
 * The category action triggers that name any of some categories, in every
 * scope of the tenant: what stands in the way of deleting those categories
 * (`DELETE /categories/{id}` answers 409 listing them, as it lists the
 * personalizations that use them). Only the active lists are read: a
 * trigger whose category is gone (one written while the category was being
 * deleted) never matches, as no transaction carries that category any more.
 */
import type { CategoryTrigger, CategoryTriggerUse } from '@txenrich/schema';
import type { Scope, Store } from './store.js';
import { triggerScopeRef } from './trigger-scopes.js';

export async function categoryTriggerUses(
  store: Store,
  scope: Scope,
  categoryIds: ReadonlySet<string>,
): Promise<CategoryTriggerUse[]> {
  const uses: CategoryTriggerUse[] = [];
  if (categoryIds.size === 0) return uses;
  for (const path of (await store.activeTriggerScopes(scope)).paths) {
    const { kind, ...ref } = triggerScopeRef(path);
    if (kind !== 'category') continue;
    for await (const page of store.readTriggers(scope, path, 'active'))
      for (const { id, categoryId } of JSON.parse(page) as CategoryTrigger[])
        if (categoryIds.has(categoryId)) uses.push({ id, categoryId, ...ref });
  }
  return uses;
}
