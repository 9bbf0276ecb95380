/** The usage counters of the SQLite store. */
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
import type { StoreContext } from './operations.js';

export function createUsage({ db, op, write }: StoreContext): {
  /** Adds `count` to the key's counter, inside the caller's transaction. */
  addUsage(key: UsageKey, count: number): void;
  methods: Pick<Store, 'countUsage' | 'usage'>;
} {
  const s = {
    // billing_profile and organization_id may be null, so the row is found with IS, not a unique key.
    add: db.prepare<
      [
        count: number,
        tenant: string,
        environment: string,
        endpoint: string,
        day: string,
        billingProfile: string | null,
        organizationId: string | null,
      ]
    >(
      `UPDATE usage SET count = count + ?
       WHERE tenant = ? AND environment = ? AND endpoint = ? AND day = ?
         AND billing_profile IS ? AND organization_id IS ?`,
    ),
    insert: db.prepare(insertStatement(usageInsert, () => '?')),
    all: db.prepare<[], UsageCounterRow>(`SELECT ${usageColumns} FROM usage ORDER BY ${usageOrder}`),
  };

  function addUsage(key: UsageKey, count: number): void {
    const { scope, billingProfile, organizationId, endpoint, day } = key;
    const added = s.add.run(
      count,
      scope.tenant,
      scope.environment,
      endpoint,
      day,
      billingProfile,
      organizationId,
    );
    if (added.changes === 0) s.insert.run(...usageInsert.values(key, count));
  }

  return {
    addUsage,
    methods: {
      countUsage: write('countUsage', db.transaction(addUsage).immediate),
      usage: op('usage', () => s.all.all().map(toUsage)),
    },
  };
}
