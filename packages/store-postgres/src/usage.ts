/** The usage counters of the Postgres store: one row per key, added to with ON CONFLICT (no lost count across processes). */
import {
  insertStatement,
  type Store,
  toUsage,
  type UsageCounterRow,
  type UsageKey,
  usageColumns,
  usageInsert,
  usageOrder,
} from '@txenrich/service';
import { placeholder, type Query, type StoreContext } from './operations.js';

const addUsageSql = `${insertStatement(usageInsert, placeholder)}
  ON CONFLICT ON CONSTRAINT usage_key DO UPDATE SET count = usage.count + excluded.count`;

/** Adds `count` to the key's counter (in the caller's transaction when `query` is one's). */
export async function addUsage(query: Query, key: UsageKey, count: number): Promise<void> {
  await query(addUsageSql, usageInsert.values(key, count));
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
