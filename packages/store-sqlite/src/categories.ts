/**
 * Custom categories, counterparty personalizations and category rules in the SQLite store:
 * each write one immediate transaction (its checks and limits see no other
 * write meanwhile), bumping the tenant's `categories` revision when it
 * changes anything.
 */
import {
  type CategoryMethods,
  type CategoryOwnerPath,
  type CategoryRuleRecord,
  type CategoryRuleRow,
  type CategoryUse,
  type CustomCategoryRow,
  categoryRuleColumns,
  categoryRuleInsert,
  coreCategory,
  coreCategoryRule,
  corePersonalization,
  customCategoryColumns,
  customCategoryInsert,
  INTEGRATION_OWNER,
  insertStatement,
  type NewCustomCategory,
  type PersonalizationRecord,
  type PersonalizationRow,
  personalizationColumns,
  type Scope,
  type TenantCategoryState,
  toCategoryRule,
  toCustomCategory,
  toPersonalization,
} from '@txenrich/service';
import type { StoreContext } from './operations.js';
import type { Revisions } from './revisions.js';

type ScopeArgs = [tenant: string, environment: string];

export function createCategories({ db, op, write }: StoreContext, revisions: Revisions): CategoryMethods {
  const s = {
    categories: db.prepare<[...ScopeArgs, owner: string], CustomCategoryRow>(
      `SELECT ${customCategoryColumns} FROM custom_categories
       WHERE tenant = ? AND environment = ? AND owner = ? ORDER BY seq`,
    ),
    allCategories: db.prepare<ScopeArgs, CustomCategoryRow>(
      `SELECT ${customCategoryColumns} FROM custom_categories WHERE tenant = ? AND environment = ? ORDER BY seq`,
    ),
    countCategories: db
      .prepare<[...ScopeArgs, owner: string], number>(
        'SELECT count(*) FROM custom_categories WHERE tenant = ? AND environment = ? AND owner = ?',
      )
      .pluck(),
    nameTaken: db
      .prepare<[...ScopeArgs, owner: string, nameKey: string], number>(
        'SELECT 1 FROM custom_categories WHERE tenant = ? AND environment = ? AND owner = ? AND name_key = ?',
      )
      .pluck(),
    categoryOwner: db
      .prepare<[...ScopeArgs, id: string], string>(
        'SELECT owner FROM custom_categories WHERE tenant = ? AND environment = ? AND id = ?',
      )
      .pluck(),
    insertCategory: db.prepare(insertStatement(customCategoryInsert, () => '?')),
    deleteCategory: db.prepare<[...ScopeArgs, id: string]>(
      'DELETE FROM custom_categories WHERE tenant = ? AND environment = ? AND id = ?',
    ),
    childrenOf: db.prepare<[...ScopeArgs, parentId: string], CustomCategoryRow>(
      `SELECT ${customCategoryColumns} FROM custom_categories
       WHERE tenant = ? AND environment = ? AND parent_id = ? ORDER BY seq`,
    ),
    personalizationsOf: db.prepare<[...ScopeArgs, categoryId: string], PersonalizationRow>(
      `SELECT ${personalizationColumns} FROM personalizations
       WHERE tenant = ? AND environment = ? AND category_id = ? ORDER BY seq`,
    ),
    personalizations: db.prepare<[...ScopeArgs, owner: string], PersonalizationRow>(
      `SELECT ${personalizationColumns} FROM personalizations
       WHERE tenant = ? AND environment = ? AND owner = ? ORDER BY seq`,
    ),
    allPersonalizations: db.prepare<ScopeArgs, PersonalizationRow>(
      `SELECT ${personalizationColumns} FROM personalizations WHERE tenant = ? AND environment = ? ORDER BY seq`,
    ),
    countPersonalizations: db
      .prepare<[...ScopeArgs, owner: string], number>(
        'SELECT count(*) FROM personalizations WHERE tenant = ? AND environment = ? AND owner = ?',
      )
      .pluck(),
    personalized: db
      .prepare<[...ScopeArgs, owner: string, counterpartyId: string], string>(
        `SELECT category_id FROM personalizations
         WHERE tenant = ? AND environment = ? AND owner = ? AND counterparty_id = ?`,
      )
      .pluck(),
    insertPersonalization: db.prepare<
      [...ScopeArgs, owner: string, counterpartyId: string, categoryId: string]
    >(
      `INSERT INTO personalizations (tenant, environment, owner, counterparty_id, category_id)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    updatePersonalization: db.prepare<
      [categoryId: string, ...ScopeArgs, owner: string, counterpartyId: string]
    >(
      `UPDATE personalizations SET category_id = ?
       WHERE tenant = ? AND environment = ? AND owner = ? AND counterparty_id = ?`,
    ),
    deletePersonalization: db.prepare<[...ScopeArgs, owner: string, counterpartyId: string]>(
      'DELETE FROM personalizations WHERE tenant = ? AND environment = ? AND owner = ? AND counterparty_id = ?',
    ),
    deletePersonalizations: db.prepare<[...ScopeArgs, owner: string]>(
      'DELETE FROM personalizations WHERE tenant = ? AND environment = ? AND owner = ?',
    ),
    rules: db.prepare<ScopeArgs, CategoryRuleRow>(
      `SELECT ${categoryRuleColumns} FROM category_rules WHERE tenant = ? AND environment = ? ORDER BY seq`,
    ),
    rulesOf: db.prepare<[...ScopeArgs, categoryId: string], CategoryRuleRow>(
      `SELECT ${categoryRuleColumns} FROM category_rules
       WHERE tenant = ? AND environment = ? AND category_id = ? ORDER BY seq`,
    ),
    countRules: db
      .prepare<ScopeArgs, number>('SELECT count(*) FROM category_rules WHERE tenant = ? AND environment = ?')
      .pluck(),
    insertRule: db.prepare(insertStatement(categoryRuleInsert, () => '?')),
    deleteRule: db.prepare<[...ScopeArgs, id: string]>(
      'DELETE FROM category_rules WHERE tenant = ? AND environment = ? AND id = ?',
    ),
  };
  const args = (scope: Scope): ScopeArgs => [scope.tenant, scope.environment];

  /** Whether `owner` sees the custom category `id`: the integration's, or its own. */
  const visible = (scope: Scope, owner: CategoryOwnerPath, id: string) => {
    const of = s.categoryOwner.get(...args(scope), id);
    return of === INTEGRATION_OWNER || (of !== undefined && of === owner);
  };

  return {
    listCategories: op('listCategories', (scope: Scope, owner: CategoryOwnerPath) =>
      s.categories.all(...args(scope), owner).map(toCustomCategory),
    ),

    createCategory: write(
      'createCategory',
      db.transaction((scope: Scope, owner: CategoryOwnerPath, category: NewCustomCategory, limit: number) => {
        if (s.countCategories.get(...args(scope), owner)! >= limit) return 'limit' as const;
        if (s.nameTaken.get(...args(scope), owner, category.nameKey) !== undefined)
          return 'duplicate' as const;
        if (category.customParent && !visible(scope, owner, category.parentId))
          return 'unknownParent' as const;
        s.insertCategory.run(...customCategoryInsert.values(scope, owner, category));
        revisions.bump(scope, 'categories');
        return 'created' as const;
      }).immediate,
    ),

    deleteCategories: write(
      'deleteCategories',
      db.transaction((scope: Scope, owner: CategoryOwnerPath, id: string | null) => {
        const owned = s.categories.all(...args(scope), owner);
        const doomed = id === null ? owned : owned.filter((row) => row.id === id);
        if (id !== null && doomed.length === 0) return 'notFound' as const;
        const ids = new Set(doomed.map((row) => row.id));
        const use: CategoryUse = { personalizations: [], categories: [], rules: [] };
        for (const row of doomed) {
          use.personalizations.push(
            ...s.personalizationsOf.all(...args(scope), row.id).map(toPersonalization),
          );
          use.rules.push(...s.rulesOf.all(...args(scope), row.id).map(toCategoryRule));
          for (const child of s.childrenOf.all(...args(scope), row.id))
            if (!ids.has(child.id)) use.categories.push(toCustomCategory(child));
        }
        if (use.personalizations.length > 0 || use.categories.length > 0 || use.rules.length > 0)
          return { inUse: use };
        for (const row of doomed) s.deleteCategory.run(...args(scope), row.id);
        if (doomed.length > 0) revisions.bump(scope, 'categories');
        return { deleted: doomed.length };
      }).immediate,
    ),

    listPersonalizations: op('listPersonalizations', (scope: Scope, owner: CategoryOwnerPath) =>
      s.personalizations.all(...args(scope), owner).map(toPersonalization),
    ),

    putPersonalization: write(
      'putPersonalization',
      db.transaction(
        (
          scope: Scope,
          owner: CategoryOwnerPath,
          personalization: PersonalizationRecord,
          options: { limit: number; customCategory: boolean },
        ) => {
          const { counterpartyId, categoryId } = personalization;
          if (options.customCategory && !visible(scope, owner, categoryId)) return 'unknownCategory' as const;
          const earlier = s.personalized.get(...args(scope), owner, counterpartyId);
          if (earlier === undefined) {
            if (s.countPersonalizations.get(...args(scope), owner)! >= options.limit) return 'limit' as const;
            s.insertPersonalization.run(...args(scope), owner, counterpartyId, categoryId);
          } else if (earlier !== categoryId) {
            s.updatePersonalization.run(categoryId, ...args(scope), owner, counterpartyId);
          }
          if (earlier !== categoryId) revisions.bump(scope, 'categories');
          return earlier === undefined ? ('created' as const) : ('updated' as const);
        },
      ).immediate,
    ),

    deletePersonalizations: write(
      'deletePersonalizations',
      db.transaction((scope: Scope, owner: CategoryOwnerPath, counterpartyId: string | null) => {
        const { changes } =
          counterpartyId === null
            ? s.deletePersonalizations.run(...args(scope), owner)
            : s.deletePersonalization.run(...args(scope), owner, counterpartyId);
        if (changes > 0) revisions.bump(scope, 'categories');
        return changes;
      }).immediate,
    ),

    listCategoryRules: op('listCategoryRules', (scope: Scope) =>
      s.rules.all(...args(scope)).map(toCategoryRule),
    ),

    createCategoryRule: write(
      'createCategoryRule',
      db.transaction(
        (scope: Scope, rule: CategoryRuleRecord, options: { limit: number; customCategory: boolean }) => {
          if (options.customCategory && !visible(scope, INTEGRATION_OWNER, rule.categoryId))
            return 'unknownCategory' as const;
          if (s.countRules.get(...args(scope))! >= options.limit) return 'limit' as const;
          s.insertRule.run(...categoryRuleInsert.values(scope, rule));
          revisions.bump(scope, 'categories');
          return 'created' as const;
        },
      ).immediate,
    ),

    deleteCategoryRule: write(
      'deleteCategoryRule',
      db.transaction((scope: Scope, id: string) => {
        const { changes } = s.deleteRule.run(...args(scope), id);
        if (changes > 0) revisions.bump(scope, 'categories');
        return changes > 0;
      }).immediate,
    ),

    // The revision and the rows in one transaction (one snapshot).
    tenantCategories: op(
      'tenantCategories',
      db.transaction(
        (scope: Scope): TenantCategoryState => ({
          revision: revisions.revision(scope, 'categories'),
          categories: s.allCategories.all(...args(scope)).map((row) => coreCategory(toCustomCategory(row))),
          personalizations: s.allPersonalizations
            .all(...args(scope))
            .map((row) => corePersonalization(toPersonalization(row))),
          rules: s.rules.all(...args(scope)).map((row) => coreCategoryRule(toCategoryRule(row))),
        }),
      ),
    ),
  };
}
