/**
 * Categories: the default taxonomy (the catalog's industries, whose
 * hierarchical `xxx-xxx-xxx-xxx` ids results already carry) and a tenant's
 * custom categories, each a name under a parent (a default category or
 * another custom one) whose icon it inherits.
 *
 * A category's `fullCategoryHierarchy` is its chain of nodes, broad to
 * specific, itself last: the parent's chain plus the category. Chains are
 * computed once per id and shared (frozen): readers never change them.
 */
import type { Industry } from '@txenrich/schema';

/** A custom category as kept by the tenant: integration level, or a user's own (`userId`). */
export interface CustomCategory {
  /** A UUID, given when it was created. */
  id: string;
  name: string;
  /** A default category id (`011-000-000-000`) or a custom category's id. */
  parentId: string;
  /** The user whose category it is; integration level without it. */
  userId?: string | undefined;
}

/** A category as the wire shows it (`GET /categories`). */
export interface Category {
  id: string;
  name: string;
  icon: string | null;
  fullCategoryHierarchy: Industry[];
}

/** The hierarchy of a category id (default or custom), or null for an id no category has. */
export type CategoryHierarchy = (id: string) => readonly Industry[] | null;

const frozenChain = (chain: Industry[]): readonly Industry[] =>
  Object.freeze(chain.map((node) => Object.freeze(node)));

/**
 * The hierarchies of the default categories (`defaultChain`: the engine's industry chain, empty for an
 * id the taxonomy lacks) and of `custom`. A custom category whose parent is unknown, or that is its own
 * ancestor, has none (null): the store refuses both, so this only guards the compile.
 */
export function createCategoryHierarchy(
  defaultChain: (id: string) => Industry[],
  custom: readonly CustomCategory[],
): CategoryHierarchy {
  const customById = new Map(custom.map((category) => [category.id, category]));
  const chains = new Map<string, readonly Industry[] | null>();

  function chainOf(id: string, visiting: Set<string>): readonly Industry[] | null {
    const known = chains.get(id);
    if (known !== undefined) return known;
    const category = customById.get(id);
    let chain: readonly Industry[] | null;
    if (!category) {
      const industries = defaultChain(id);
      // An id no category has is not kept: a long-lived hierarchy is asked ids a client sent.
      if (industries.length === 0) return null;
      chain = frozenChain(industries);
    } else if (visiting.has(id)) {
      return null;
    } else {
      visiting.add(id);
      const parent = chainOf(category.parentId, visiting);
      visiting.delete(id);
      chain = parent
        ? Object.freeze([
            ...parent,
            Object.freeze({ id: category.id, name: category.name, icon: parent.at(-1)?.icon ?? null }),
          ])
        : null;
    }
    chains.set(id, chain);
    return chain;
  }

  return (id) => chainOf(id, new Set());
}

/** A category of the wire from its hierarchy (its last node). */
export function categoryOf(hierarchy: readonly Industry[]): Category {
  const leaf = hierarchy.at(-1)!;
  return {
    id: leaf.id,
    name: leaf.name,
    icon: leaf.icon,
    fullCategoryHierarchy: hierarchy.map((node) => ({ ...node })),
  };
}
