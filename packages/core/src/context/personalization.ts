/**
 * Counterparty category personalization: a tenant (its integration, an
 * organization of its multi-source feature, or one of its users) files a
 * counterparty under a category of its choosing, default or custom. Every
 * enrichment whose counterparty has that id then carries the category as the
 * last node of `counterparty[i].industry` (its full hierarchy) and, for the
 * first counterparty, as `transactionInfo.display.categoryName`.
 *
 * Precedence: the user's personalization, else the organization's, else the
 * integration's, else the category the engine found. Counterparty ids are
 * those results carry: a catalog merchant's, or the stable id of an
 * unverified one (a corner shop read from the line), or a correction's.
 *
 * Compiled once per revision into maps of counterparty id to the category's
 * hierarchy; applying them is at most three lookups per counterparty, and an
 * enrichment nothing applies to is returned as it was (the same object).
 *
 * The compiled form (`CompiledCategories`) is where a tenant's category
 * state lives for the context stage: its category rules (`category-rules.ts`)
 * beside `personalizations`.
 */
import type { Enrichment, Industry } from '@txenrich/schema';
import { type CategoryHierarchy, type CustomCategory, createCategoryHierarchy } from './categories.js';
import { type CategoryRule, type CompiledCategoryRules, compileCategoryRules } from './category-rules.js';

/** A counterparty filed under a category: integration level, an organization's or a user's. */
export interface CounterpartyPersonalization {
  counterpartyId: string;
  /** A default or custom category id. */
  categoryId: string;
  /** A user's own personalization: applies to that user's transactions alone. */
  userId?: string | undefined;
  /** An organization's (multi-source): applies to transactions carrying this `organizationId`. */
  organizationId?: string | undefined;
}

/** A tenant's category state as data: what the service stores, and hands the worker pool. */
export interface TenantCategories {
  categories: readonly CustomCategory[];
  personalizations: readonly CounterpartyPersonalization[];
  /** Category rules, in creation order (ties go to the latest). */
  rules?: readonly CategoryRule[] | undefined;
}

/** Counterparty id -> the hierarchy of the category it is filed under. */
export type PersonalizedCounterparties = Map<string, readonly Industry[]>;

export interface CompiledPersonalizations {
  integration: PersonalizedCounterparties;
  /** organizationId -> its personalizations. */
  organizations: Map<string, PersonalizedCounterparties>;
  /** userId -> the user's personalizations. */
  users: Map<string, PersonalizedCounterparties>;
  /** Personalizations compiled (those naming an unknown category are left out). */
  size: number;
}

/** A tenant's categories compiled for the context stage (`EnrichmentContext.categories`). */
export interface CompiledCategories {
  /** The hierarchy of every default and custom category id. */
  hierarchy: CategoryHierarchy;
  personalizations: CompiledPersonalizations;
  /** `compileCategoryRules(...)`: what the context stage asks when no personalization applied. */
  rules?: CompiledCategoryRules | undefined;
}

function addTo<K>(maps: Map<K, PersonalizedCounterparties>, key: K): PersonalizedCounterparties {
  let map = maps.get(key);
  if (!map) {
    map = new Map();
    maps.set(key, map);
  }
  return map;
}

/**
 * Compiles a tenant's categories with `defaultChain`, the default taxonomy's chain of an id (empty when
 * unknown). Undefined when there is nothing to apply.
 */
export function compileCategories(
  tenant: TenantCategories,
  defaultChain: (id: string) => Industry[],
): CompiledCategories | undefined {
  if (tenant.personalizations.length === 0 && !tenant.rules?.length) return undefined;
  const hierarchy = createCategoryHierarchy(defaultChain, tenant.categories);
  const personalizations: CompiledPersonalizations = {
    integration: new Map(),
    organizations: new Map(),
    users: new Map(),
    size: 0,
  };
  for (const { counterpartyId, categoryId, userId, organizationId } of tenant.personalizations) {
    const chain = hierarchy(categoryId);
    if (!chain) continue;
    const map =
      userId !== undefined
        ? addTo(personalizations.users, userId)
        : organizationId !== undefined
          ? addTo(personalizations.organizations, organizationId)
          : personalizations.integration;
    map.set(counterpartyId, chain);
    personalizations.size++;
  }
  const rules = tenant.rules?.length
    ? compileCategoryRules(tenant.rules, hierarchy, defaultChain)
    : undefined;
  return personalizations.size > 0 || rules
    ? { hierarchy, personalizations, ...(rules ? { rules } : {}) }
    : undefined;
}

/** The category a counterparty is filed under for this user and organization, by precedence; else undefined. */
export function personalizedCategory(
  compiled: CompiledPersonalizations,
  counterpartyId: string,
  userId: string | null,
  organizationId: string | null,
): readonly Industry[] | undefined {
  return (
    (userId === null ? undefined : compiled.users.get(userId)?.get(counterpartyId)) ??
    (organizationId === null ? undefined : compiled.organizations.get(organizationId)?.get(counterpartyId)) ??
    compiled.integration.get(counterpartyId)
  );
}

/**
 * The enrichment with its counterparties' personalized categories: each personalized counterparty's
 * `industry` becomes the category's hierarchy; the first one's also sets the display's `categoryName`
 * (and its graphic, when that showed the category's icon). Unchanged (the same object) when none is
 * personalized. The input is never mutated.
 */
export function applyPersonalization(
  compiled: CompiledPersonalizations,
  enrichment: Enrichment,
  userId: string | null,
  organizationId: string | null,
): Enrichment {
  const parties = enrichment.counterparty;
  let changed: Enrichment['counterparty'] | null = null;
  for (let index = 0; index < parties.length; index++) {
    const party = parties[index]!;
    const chain = personalizedCategory(compiled, party.id, userId, organizationId);
    if (!chain) continue;
    changed ??= parties.slice();
    // Shared and frozen: results only ever read it.
    changed[index] = { ...party, industry: chain as Industry[] };
  }
  if (!changed) return enrichment;
  const leaf = changed[0]?.industry.at(-1);
  if (!leaf || changed[0] === parties[0]) return { ...enrichment, counterparty: changed };
  return showCategory(enrichment, changed, leaf);
}

/**
 * `applyPersonalization` on an enrichment the caller owns (the context stage's, built for this call):
 * each personalized counterparty's `industry` and the display are set in place, nothing is copied.
 * Whether the first counterparty was personalized (category rules then do not apply).
 */
export function personalizeOwned(
  compiled: CompiledPersonalizations,
  enrichment: Enrichment,
  userId: string | null,
  organizationId: string | null,
): boolean {
  const parties = enrichment.counterparty;
  let first = false;
  for (let index = 0; index < parties.length; index++) {
    const party = parties[index]!;
    const chain = personalizedCategory(compiled, party.id, userId, organizationId);
    if (!chain) continue;
    // Shared and frozen: results only ever read it.
    party.industry = chain as Industry[];
    if (index === 0) first = true;
  }
  const leaf = first ? parties[0]!.industry.at(-1) : undefined;
  if (leaf) showCategoryOwned(enrichment, leaf);
  return first;
}

/** `showCategory` on an enrichment the caller owns: its display is set in place. */
export function showCategoryOwned(enrichment: Enrichment, leaf: Industry): void {
  const { display } = enrichment.transactionInfo;
  const categoryGraphic = (display.graphicSource === 'category' || display.graphic === null) && leaf.icon;
  display.categoryName = leaf.name;
  if (categoryGraphic) {
    display.graphic = leaf.icon;
    display.graphicSource = 'category';
  }
}

/**
 * The enrichment with `counterparty` and its display naming the category `leaf` (and showing its icon
 * when the graphic showed a category's, or none): what a personalization or a category rule decides.
 */
export function showCategory(
  enrichment: Enrichment,
  counterparty: Enrichment['counterparty'],
  leaf: Industry,
): Enrichment {
  const { display } = enrichment.transactionInfo;
  const categoryGraphic = (display.graphicSource === 'category' || display.graphic === null) && leaf.icon;
  return {
    ...enrichment,
    transactionInfo: {
      ...enrichment.transactionInfo,
      display: {
        ...display,
        categoryName: leaf.name,
        ...(categoryGraphic ? { graphic: leaf.icon, graphicSource: 'category' as const } : {}),
      },
    },
    counterparty,
  };
}
