/** Enrichments and the users' series states (recurrence) in the Postgres store. */
import {
  type ActivityRow,
  activityAdd,
  activityInsert,
  type EnrichmentMethods,
  type EnrichmentRecord,
  type EnrichmentRow,
  type EnrichmentWrite,
  enrichmentColumns,
  enrichmentInsert,
  type Scope,
  type SeriesRef,
  type SeriesRow,
  type StoredSeries,
  seriesInsert,
  seriesUpsert,
  toEnrichment,
} from '@txenrich/service';
import { inKeyOrder } from './key-order.js';
import { type Insert, insertAll, named, type StoreContext } from './operations.js';
import { perTurn } from './per-turn.js';
import { usageRowsInsert } from './usage.js';

/** Enrichments, each of its scope: an id already recorded in its scope fails the insert. */
export const enrichmentsInsert = (
  writes: ReadonlyArray<{ scope: Scope; enrichments: readonly EnrichmentRecord[] }>,
): Insert => ({
  mapping: enrichmentInsert,
  rows: writes.flatMap(({ scope, enrichments }) =>
    enrichments.map((each) => enrichmentInsert.values(scope, each)),
  ),
});

/** Enrichments counted per counterparty and day, added to the stored counts (rows in key order). */
export const activityAddInsert = (rows: readonly ActivityRow[]): Insert => ({
  mapping: activityInsert,
  rows: rows.map((row) => [...row]),
  suffix: activityAdd,
});

/** A series state and the scope it belongs to. */
export interface ScopedSeries {
  scope: Scope;
  row: SeriesRow;
}

/** `series` of one scope, as `upsertSeries` takes them. */
export const scoped = (scope: Scope, series: readonly SeriesRow[]): ScopedSeries[] =>
  series.map((row) => ({ scope, row }));

/**
 * Series states, each replacing the one stored for its user and key: in key order (no deadlock with
 * another transaction writing some of them), the later of two states of one series kept.
 */
export function seriesUpsertInsert(series: readonly ScopedSeries[]): Insert {
  const ordered = inKeyOrder(
    series,
    ({ scope, row }) => [scope.tenant, scope.environment, row.userId, row.key],
    (_earlier, later) => later,
  );
  return {
    mapping: seriesInsert,
    rows: ordered.map(({ scope, row }) => seriesInsert.values(scope, row)),
    suffix: seriesUpsert,
  };
}

/** The series asked in a turn (`$1` to `$4` their keys, `$5` the revisions held), one row each in order. */
const readSeriesSql = named(
  'read_series',
  `SELECT s.revision, CASE WHEN s.revision = asked.held THEN NULL ELSE s.state END AS state
   FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])
     WITH ORDINALITY AS asked (tenant, environment, user_id, series_key, held, position)
   LEFT JOIN recurrence_series s ON s.tenant = asked.tenant AND s.environment = asked.environment
     AND s.user_id = asked.user_id AND s.series_key = asked.series_key
   ORDER BY asked.position`,
);

export function createEnrichments({ op, query }: StoreContext): EnrichmentMethods {
  // One statement for the refs of every read asked in a turn: one round trip, one snapshot. The text only
  // when the reader does not hold this revision parsed already.
  const readSeries = perTurn(
    async (
      reads: ReadonlyArray<{ scope: Scope; refs: readonly SeriesRef[]; held?: readonly (number | null)[] }>,
    ) => {
      const asked = reads.flatMap(({ scope, refs, held }) =>
        refs.map((ref, index) => ({ scope, ref, held: held?.[index] ?? null })),
      );
      const { rows } = await query<{ revision: number | null; state: string | null }>(readSeriesSql, [
        asked.map(({ scope }) => scope.tenant),
        asked.map(({ scope }) => scope.environment),
        asked.map(({ ref }) => ref.userId),
        asked.map(({ ref }) => ref.key),
        asked.map(({ held }) => held),
      ]);
      let next = 0;
      return reads.map(({ refs }) =>
        refs.map((): StoredSeries | null => {
          const { revision, state } = rows[next++]!;
          return revision === null ? null : { revision, state };
        }),
      );
    },
  );

  return {
    // A turn's requests in one statement: one round trip. The rows other transactions write
    // too go all of a kind at once, in key order.
    recordEnrichments: op('recordEnrichments', (writes: readonly EnrichmentWrite[]) =>
      insertAll(query, 'record_enrichments', [
        enrichmentsInsert(writes),
        seriesUpsertInsert(writes.flatMap(({ scope, series }) => scoped(scope, series))),
        usageRowsInsert(writes.flatMap(({ usage }) => usage)),
      ]),
    ),

    findEnrichment: op('findEnrichment', async (scope: Scope, enrichmentId: string) => {
      const { rows } = await query<EnrichmentRow>(
        `SELECT ${enrichmentColumns} FROM enrichments WHERE tenant = $1 AND environment = $2 AND enrichment_id = $3`,
        [scope.tenant, scope.environment, enrichmentId],
      );
      return rows[0] ? toEnrichment(rows[0]) : null;
    }),

    loadSeries: op(
      'loadSeries',
      (scope: Scope, refs: readonly SeriesRef[], held?: readonly (number | null)[]) =>
        refs.length === 0 ? Promise.resolve([]) : readSeries(held ? { scope, refs, held } : { scope, refs }),
    ),

    userSeries: op('userSeries', async (scope: Scope, userId: string) => {
      const { rows } = await query<{ series_key: string; state: string; revision: number }>(
        `SELECT series_key, state, revision FROM recurrence_series
         WHERE tenant = $1 AND environment = $2 AND user_id = $3 ORDER BY series_key`,
        [scope.tenant, scope.environment, userId],
      );
      return rows.map((row) => ({ key: row.series_key, state: row.state, revision: row.revision }));
    }),
  };
}
