/** The usage counters of the Postgres store: one row per key, added to with ON CONFLICT (no lost count across processes). */
import {
  insertStatement,
  type Store,
  toUsage,
  type UsageCounterRow,
  type UsageKey,
  type UsageRow,
  usageColumns,
  usageInsert,
  usageOrder,
} from '@txenrich/service';
import { inKeyOrder } from './key-order.js';
import { type Insert, placeholder, type Query, type StoreContext } from './operations.js';

const addUsageSuffix =
  'ON CONFLICT ON CONSTRAINT usage_key DO UPDATE SET count = usage.count + excluded.count';
const addUsageSql = `${insertStatement(usageInsert, placeholder)} ${addUsageSuffix}`;

/** Adds `count` to the key's counter (in the caller's transaction when `query` is one's). */
export async function addUsage(query: Query, key: UsageKey, count: number): Promise<void> {
  await query(addUsageSql, usageInsert.values(key, count));
}

/**
 * Adds each row's count to its key's counter: in key order (no deadlock with another transaction
 * counting some of the same keys), the counts of one key added up first.
 */
export function usageRowsInsert(rows: readonly UsageRow[]): Insert {
  const ordered = inKeyOrder(
    rows,
    (row) => [
      row.scope.tenant,
      row.scope.environment,
      row.endpoint,
      row.day,
      row.billingProfile,
      row.organizationId,
    ],
    (earlier, later) => ({ ...earlier, count: earlier.count + later.count }),
  );
  return {
    mapping: usageInsert,
    rows: ordered.map((row) => usageInsert.values(row, row.count)),
    suffix: addUsageSuffix,
  };
}

export function createUsage({ op, query }: StoreContext): Pick<Store, 'countUsage' | 'usage'> {
  return {
    countUsage: op('countUsage', (key: UsageKey, count: number) => addUsage(query, key, count)),
    usage: op('usage', async () => {
      const { rows } = await query<UsageCounterRow>(
        `SELECT ${usageColumns} FROM usage ORDER BY ${usageOrder}`,
      );
      return rows.map(toUsage);
    }),
  };
}
