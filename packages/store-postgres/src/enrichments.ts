/** Enrichments and the users' series states (recurrence) in the Postgres store. */
import {
  type EnrichmentMethods,
  type EnrichmentRecord,
  type EnrichmentRow,
  type EnrichmentWrite,
  enrichmentColumns,
  enrichmentInsert,
  type Scope,
  type SeriesRef,
  type SeriesRow,
  seriesInsert,
  seriesUpsert,
  toEnrichment,
} from '@txenrich/service';
import { inKeyOrder } from './key-order.js';
import { insertRows, type Query, type StoreContext } from './operations.js';
import { addUsageRows } from './usage.js';

/** Stores enrichments (in the caller's transaction); an id already recorded in its scope throws. */
export async function insertEnrichments(
  query: Query,
  scope: Scope,
  enrichments: readonly EnrichmentRecord[],
): Promise<void> {
  await insertRows(
    query,
    enrichmentInsert,
    enrichments.map((each) => enrichmentInsert.values(scope, each)),
  );
}

/** A series state and the scope it belongs to. */
export interface ScopedSeries {
  scope: Scope;
  row: SeriesRow;
}

/** `series` of one scope, as `upsertSeries` takes them. */
export const scoped = (scope: Scope, series: readonly SeriesRow[]): ScopedSeries[] =>
  series.map((row) => ({ scope, row }));

/**
 * Stores series states, each replacing the one stored for its user and key: in key order (no deadlock
 * with another transaction writing some of them), the later of two states of one series kept.
 */
export async function upsertSeries(query: Query, series: readonly ScopedSeries[]): Promise<void> {
  const ordered = inKeyOrder(
    series,
    ({ scope, row }) => [scope.tenant, scope.environment, row.userId, row.key],
    (_earlier, later) => later,
  );
  await insertRows(
    query,
    seriesInsert,
    ordered.map(({ scope, row }) => seriesInsert.values(scope, row)),
    seriesUpsert,
  );
}

export function createEnrichments({ op, query, transaction }: StoreContext): EnrichmentMethods {
  return {
    recordEnrichments: op('recordEnrichments', (writes: readonly EnrichmentWrite[]) =>
      transaction(async (tx) => {
        for (const { scope, enrichments } of writes) await insertEnrichments(tx, scope, enrichments);
        // The rows other transactions write too: all of a kind at once, in key order.
        await upsertSeries(
          tx,
          writes.flatMap(({ scope, series }) => scoped(scope, series)),
        );
        await addUsageRows(
          tx,
          writes.flatMap(({ usage }) => usage),
        );
      }),
    ),

    findEnrichment: op('findEnrichment', async (scope: Scope, enrichmentId: string) => {
      const { rows } = await query<EnrichmentRow>(
        `SELECT ${enrichmentColumns} FROM enrichments WHERE tenant = $1 AND environment = $2 AND enrichment_id = $3`,
        [scope.tenant, scope.environment, enrichmentId],
      );
      return rows[0] ? toEnrichment(rows[0]) : null;
    }),

    // One statement for all the refs: one round trip, one snapshot.
    loadSeries: op('loadSeries', async (scope: Scope, refs: readonly SeriesRef[]) => {
      if (refs.length === 0) return [];
      const { rows } = await query<{ position: number; state: string | null }>(
        `SELECT asked.position, s.state
         FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS asked (user_id, series_key, position)
         LEFT JOIN recurrence_series s ON s.tenant = $1 AND s.environment = $2
           AND s.user_id = asked.user_id AND s.series_key = asked.series_key
         ORDER BY asked.position`,
        [scope.tenant, scope.environment, refs.map((ref) => ref.userId), refs.map((ref) => ref.key)],
      );
      return rows.map((row) => row.state);
    }),

    userSeries: op('userSeries', async (scope: Scope, userId: string) => {
      const { rows } = await query<{ series_key: string; state: string }>(
        `SELECT series_key, state FROM recurrence_series
         WHERE tenant = $1 AND environment = $2 AND user_id = $3 ORDER BY series_key`,
        [scope.tenant, scope.environment, userId],
      );
      return rows.map((row) => ({ key: row.series_key, state: row.state }));
    }),
  };
}
