/**
 * Usage counters (CONTRACT.md section 6, multi-source): every enrichment
 * request counts its transactions per (tenant, environment, billingProfile,
 * organizationId, endpoint, UTC day). Endpoints are named `<mode>.<kind>`:
 * `single.card`, `batch.transfer`, `microbatch.de43`... A batch counts every
 * submitted item (its invalid items included: they were sent and answered);
 * an item without valid billing fields counts under null/null.
 */
import type { EnrichableKind } from '@txenrich/core';
import { billingFields, type UsageView } from '@txenrich/schema';
import * as z from 'zod';
import type { Logger } from './logger.js';
import type { Scope, Store, UsageRow } from './store.js';

export type UsageMode = 'single' | 'batch' | 'microbatch';

/** A usage row as the admin API shows it (`usageViewSchema`). */
export type { UsageView };

export interface UsageCounter {
  /** The counts of a request's items, for the store to add along with the request's other writes. */
  rowsOf(scope: Scope, mode: UsageMode, kind: EnrichableKind, items: readonly unknown[]): UsageRow[];
  /**
   * Counts a request's items, given as their counts per billing profile (`countByBilling`); a failure is
   * logged, never the request's failure (its work is done).
   */
  count(scope: Scope, mode: UsageMode, kind: EnrichableKind, billing: readonly BillingCount[]): Promise<void>;
  list(): Promise<UsageView[]>;
}

const billingSchema = z.object(billingFields);

/** How many items of a request name one (billingProfile, organizationId). */
export interface BillingCount {
  billingProfile: string | null;
  organizationId: string | null;
  count: number;
}

/** The items' counts per (billingProfile, organizationId), in first-seen order. */
export function countByBilling(items: readonly unknown[]): BillingCount[] {
  const counts = new Map<string, BillingCount>();
  for (const item of items) {
    const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    // Most items carry neither field: they skip the schema.
    const billing =
      fields.billingProfile === undefined && fields.organizationId === undefined
        ? null
        : billingSchema.safeParse(fields);
    const billingProfile = billing?.success ? (billing.data.billingProfile ?? null) : null;
    const organizationId = billing?.success ? (billing.data.organizationId ?? null) : null;
    const key = JSON.stringify([billingProfile, organizationId]);
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { billingProfile, organizationId, count: 1 });
  }
  return [...counts.values()];
}

export function createUsageCounter(options: {
  store: Store;
  logger: Logger;
  now: () => number;
}): UsageCounter {
  const { store, logger, now } = options;
  const rowsOfCounts = (
    scope: Scope,
    mode: UsageMode,
    kind: EnrichableKind,
    billing: readonly BillingCount[],
  ): UsageRow[] => {
    const day = new Date(now()).toISOString().slice(0, 10);
    const endpoint = `${mode}.${kind}`;
    return billing.map((counted) => ({ scope, endpoint, day, ...counted }));
  };
  return {
    rowsOf: (scope, mode, kind, items) => rowsOfCounts(scope, mode, kind, countByBilling(items)),

    async count(scope, mode, kind, billing) {
      try {
        for (const { count, ...key } of rowsOfCounts(scope, mode, kind, billing))
          await store.countUsage(key, count);
      } catch (error) {
        logger.error({ tenant: scope.tenant, mode, kind, err: error }, 'cannot count usage');
      }
    },

    async list() {
      return (await store.usage()).map(({ scope, ...row }) => ({
        tenant: scope.tenant,
        environment: scope.environment,
        billingProfile: row.billingProfile,
        organizationId: row.organizationId,
        endpoint: row.endpoint,
        day: row.day,
        count: row.count,
      }));
    },
  };
}
