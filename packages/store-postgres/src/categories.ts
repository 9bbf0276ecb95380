/**
 * Custom categories, counterparty personalizations and category rules in the Postgres store:
 * each write one transaction holding the tenant's advisory lock on its
 * categories, so that checks and limits hold across processes writing at
 * once; a write that changes anything bumps the `categories` revision.
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
import { lockKey, placeholder, type Query, type StoreContext } from './operations.js';
import { bumpRevision, revisionSql } from './revisions.js';

const insertCategorySql = insertStatement(customCategoryInsert, placeholder);
const insertRuleSql = insertStatement(categoryRuleInsert, placeholder);

/** Whether `owner` sees the custom category `id`: the integration's, or its own. */
async function visible(query: Query, scope: Scope, owner: CategoryOwnerPath, id: string): Promise<boolean> {
  const { rows } = await query<{ owner: string }>(
    'SELECT owner FROM custom_categories WHERE tenant = $1 AND environment = $2 AND id = $3',
    [scope.tenant, scope.environment, id],
  );
  const of = rows[0]?.owner;
  return of === INTEGRATION_OWNER || (of !== undefined && of === owner);
}

const lockCategories = (query: Query, scope: Scope) =>
  lockKey(query, 'categories', scope.tenant, scope.environment);

export function createCategories({ op, query, transaction, snapshot }: StoreContext): CategoryMethods {
  return {
    listCategories: op('listCategories', async (scope: Scope, owner: CategoryOwnerPath) => {
      const { rows } = await query<CustomCategoryRow>(
        `SELECT ${customCategoryColumns} FROM custom_categories
         WHERE tenant = $1 AND environment = $2 AND owner = $3 ORDER BY seq`,
        [scope.tenant, scope.environment, owner],
      );
      return rows.map(toCustomCategory);
    }),

    createCategory: op(
      'createCategory',
      (scope: Scope, owner: CategoryOwnerPath, category: NewCustomCategory, limit: number) =>
        transaction(async (tx) => {
          await lockCategories(tx, scope);
          const { rows } = await tx<{ count: number; taken: boolean }>(
            `SELECT count(*) AS count, coalesce(bool_or(name_key = $4), false) AS taken FROM custom_categories
             WHERE tenant = $1 AND environment = $2 AND owner = $3`,
            [scope.tenant, scope.environment, owner, category.nameKey],
          );
          if ((rows[0]?.count ?? 0) >= limit) return 'limit' as const;
          if (rows[0]?.taken) return 'duplicate' as const;
          if (category.customParent && !(await visible(tx, scope, owner, category.parentId)))
            return 'unknownParent' as const;
          await tx(insertCategorySql, customCategoryInsert.values(scope, owner, category));
          await bumpRevision(tx, scope, 'categories');
          return 'created' as const;
        }),
    ),

    deleteCategories: op('deleteCategories', (scope: Scope, owner: CategoryOwnerPath, id: string | null) =>
      transaction(async (tx) => {
        await lockCategories(tx, scope);
        const { rows: doomed } = await tx<CustomCategoryRow>(
          `SELECT ${customCategoryColumns} FROM custom_categories
           WHERE tenant = $1 AND environment = $2 AND owner = $3 AND ($4::text IS NULL OR id = $4)
           ORDER BY seq`,
          [scope.tenant, scope.environment, owner, id],
        );
        if (id !== null && doomed.length === 0) return 'notFound' as const;
        const ids = doomed.map((row) => row.id);
        const [personalizations, children, rules] = await Promise.all([
          tx<PersonalizationRow>(
            `SELECT ${personalizationColumns} FROM personalizations
             WHERE tenant = $1 AND environment = $2 AND category_id = ANY($3) ORDER BY seq`,
            [scope.tenant, scope.environment, ids],
          ),
          tx<CustomCategoryRow>(
            `SELECT ${customCategoryColumns} FROM custom_categories
             WHERE tenant = $1 AND environment = $2 AND parent_id = ANY($3) AND NOT id = ANY($3) ORDER BY seq`,
            [scope.tenant, scope.environment, ids],
          ),
          tx<CategoryRuleRow>(
            `SELECT ${categoryRuleColumns} FROM category_rules
             WHERE tenant = $1 AND environment = $2 AND category_id = ANY($3) ORDER BY seq`,
            [scope.tenant, scope.environment, ids],
          ),
        ]);
        const use: CategoryUse = {
          personalizations: personalizations.rows.map(toPersonalization),
          categories: children.rows.map(toCustomCategory),
          rules: rules.rows.map(toCategoryRule),
        };
        if (use.personalizations.length > 0 || use.categories.length > 0 || use.rules.length > 0)
          return { inUse: use };
        if (ids.length > 0) {
          await tx('DELETE FROM custom_categories WHERE tenant = $1 AND environment = $2 AND id = ANY($3)', [
            scope.tenant,
            scope.environment,
            ids,
          ]);
          await bumpRevision(tx, scope, 'categories');
        }
        return { deleted: ids.length };
      }),
    ),

    listPersonalizations: op('listPersonalizations', async (scope: Scope, owner: CategoryOwnerPath) => {
      const { rows } = await query<PersonalizationRow>(
        `SELECT ${personalizationColumns} FROM personalizations
         WHERE tenant = $1 AND environment = $2 AND owner = $3 ORDER BY seq`,
        [scope.tenant, scope.environment, owner],
      );
      return rows.map(toPersonalization);
    }),

    putPersonalization: op(
      'putPersonalization',
      (
        scope: Scope,
        owner: CategoryOwnerPath,
        personalization: PersonalizationRecord,
        options: { limit: number; customCategory: boolean },
      ) =>
        transaction(async (tx) => {
          const { counterpartyId, categoryId } = personalization;
          await lockCategories(tx, scope);
          if (options.customCategory && !(await visible(tx, scope, owner, categoryId)))
            return 'unknownCategory' as const;
          const { rows } = await tx<{ category_id: string | null; count: number }>(
            `SELECT (SELECT category_id FROM personalizations
                WHERE tenant = $1 AND environment = $2 AND owner = $3 AND counterparty_id = $4) AS category_id,
              (SELECT count(*) FROM personalizations
                WHERE tenant = $1 AND environment = $2 AND owner = $3) AS count`,
            [scope.tenant, scope.environment, owner, counterpartyId],
          );
          const earlier = rows[0]?.category_id ?? null;
          if (earlier === null) {
            if ((rows[0]?.count ?? 0) >= options.limit) return 'limit' as const;
            await tx(
              `INSERT INTO personalizations (tenant, environment, owner, counterparty_id, category_id)
               VALUES ($1, $2, $3, $4, $5)`,
              [scope.tenant, scope.environment, owner, counterpartyId, categoryId],
            );
          } else if (earlier !== categoryId) {
            await tx(
              `UPDATE personalizations SET category_id = $5
               WHERE tenant = $1 AND environment = $2 AND owner = $3 AND counterparty_id = $4`,
              [scope.tenant, scope.environment, owner, counterpartyId, categoryId],
            );
          }
          if (earlier !== categoryId) await bumpRevision(tx, scope, 'categories');
          return earlier === null ? ('created' as const) : ('updated' as const);
        }),
    ),

    deletePersonalizations: op(
      'deletePersonalizations',
      (scope: Scope, owner: CategoryOwnerPath, counterpartyId: string | null) =>
        transaction(async (tx) => {
          await lockCategories(tx, scope);
          const { rowCount } = await tx(
            `DELETE FROM personalizations WHERE tenant = $1 AND environment = $2 AND owner = $3
             AND ($4::text IS NULL OR counterparty_id = $4)`,
            [scope.tenant, scope.environment, owner, counterpartyId],
          );
          const deleted = rowCount ?? 0;
          if (deleted > 0) await bumpRevision(tx, scope, 'categories');
          return deleted;
        }),
    ),

    listCategoryRules: op('listCategoryRules', async (scope: Scope) => {
      const { rows } = await query<CategoryRuleRow>(
        `SELECT ${categoryRuleColumns} FROM category_rules WHERE tenant = $1 AND environment = $2 ORDER BY seq`,
        [scope.tenant, scope.environment],
      );
      return rows.map(toCategoryRule);
    }),

    createCategoryRule: op(
      'createCategoryRule',
      (scope: Scope, rule: CategoryRuleRecord, options: { limit: number; customCategory: boolean }) =>
        transaction(async (tx) => {
          await lockCategories(tx, scope);
          if (options.customCategory && !(await visible(tx, scope, INTEGRATION_OWNER, rule.categoryId)))
            return 'unknownCategory' as const;
          const { rows } = await tx<{ count: number }>(
            'SELECT count(*) AS count FROM category_rules WHERE tenant = $1 AND environment = $2',
            [scope.tenant, scope.environment],
          );
          if (Number(rows[0]?.count ?? 0) >= options.limit) return 'limit' as const;
          await tx(insertRuleSql, categoryRuleInsert.values(scope, rule));
          await bumpRevision(tx, scope, 'categories');
          return 'created' as const;
        }),
    ),

    deleteCategoryRule: op('deleteCategoryRule', (scope: Scope, id: string) =>
      transaction(async (tx) => {
        await lockCategories(tx, scope);
        const { rowCount } = await tx(
          'DELETE FROM category_rules WHERE tenant = $1 AND environment = $2 AND id = $3',
          [scope.tenant, scope.environment, id],
        );
        const deleted = (rowCount ?? 0) > 0;
        if (deleted) await bumpRevision(tx, scope, 'categories');
        return deleted;
      }),
    ),

    // The revision and the rows from one snapshot.
    tenantCategories: op('tenantCategories', async (scope: Scope): Promise<TenantCategoryState> => {
      const read = await snapshot();
      try {
        const values = [scope.tenant, scope.environment];
        const { rows } = await read.query<{ revision: number }>(revisionSql('categories'), values);
        const categories = await read.query<CustomCategoryRow>(
          `SELECT ${customCategoryColumns} FROM custom_categories WHERE tenant = $1 AND environment = $2 ORDER BY seq`,
          values,
        );
        const personalizations = await read.query<PersonalizationRow>(
          `SELECT ${personalizationColumns} FROM personalizations WHERE tenant = $1 AND environment = $2 ORDER BY seq`,
          values,
        );
        const rules = await read.query<CategoryRuleRow>(
          `SELECT ${categoryRuleColumns} FROM category_rules WHERE tenant = $1 AND environment = $2 ORDER BY seq`,
          values,
        );
        return {
          revision: rows[0]?.revision ?? 0,
          categories: categories.rows.map((row) => coreCategory(toCustomCategory(row))),
          personalizations: personalizations.rows.map((row) => corePersonalization(toPersonalization(row))),
          rules: rules.rows.map((row) => coreCategoryRule(toCategoryRule(row))),
        };
      } finally {
        await read.end();
      }
    }),
  };
}
