/** Enrichments and the users' series states (recurrence) in the SQLite store. */
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
  insertStatement,
  type OutcomeMethods,
  type Scope,
  type SeriesRef,
  type SeriesRow,
  type StoredSeries,
  seriesInsert,
  seriesUpsert,
  toEnrichment,
  type UsageKey,
} from '@txenrich/service';
import type Database from 'better-sqlite3';
import type { StoreContext } from './operations.js';

type ScopeParams = [tenant: string, environment: string];

export interface EnrichmentSteps {
  /** Stores enrichments, inside the caller's transaction; an id already recorded in its scope throws. */
  insertEnrichments(scope: Scope, enrichments: readonly EnrichmentRecord[]): void;
  /** Adds to the enrichments counted per counterparty and day, inside the caller's transaction. */
  countActivity(rows: readonly ActivityRow[]): void;
  /** Stores series states, each replacing the one stored for its user and key. */
  upsertSeries(scope: Scope, series: readonly SeriesRow[]): void;
}

/** The steps on a connection: the store's, or the chunk writer thread's (`chunk-writer-thread.ts`). */
export function createEnrichmentSteps(db: Database.Database): EnrichmentSteps {
  const s = {
    insertEnrichment: db.prepare(insertStatement(enrichmentInsert, () => '?')),
    addActivity: db.prepare(`${insertStatement(activityInsert, () => '?')} ${activityAdd}`),
    upsertSeries: db.prepare(`${insertStatement(seriesInsert, () => '?')} ${seriesUpsert}`),
  };
  return {
    insertEnrichments(scope, enrichments) {
      for (const each of enrichments) s.insertEnrichment.run(...enrichmentInsert.values(scope, each));
    },
    countActivity(rows) {
      for (const row of rows) s.addActivity.run(...row);
    },
    upsertSeries(scope, series) {
      for (const row of series) s.upsertSeries.run(...seriesInsert.values(scope, row));
    },
  };
}

export function createEnrichments(
  { db, op, write }: StoreContext,
  addUsage: (key: UsageKey, count: number) => void,
): EnrichmentSteps & {
  methods: EnrichmentMethods & Pick<OutcomeMethods, 'countActivity'>;
} {
  const s = {
    enrichment: db.prepare<[...ScopeParams, enrichmentId: string], EnrichmentRow>(
      `SELECT ${enrichmentColumns} FROM enrichments WHERE tenant = ? AND environment = ? AND enrichment_id = ?`,
    ),
    // The text only when the reader does not hold this revision parsed already.
    series: db.prepare<[held: number | null, ...ScopeParams, userId: string, key: string], StoredSeries>(
      `SELECT revision, CASE WHEN revision = ? THEN NULL ELSE state END AS state FROM recurrence_series
       WHERE tenant = ? AND environment = ? AND user_id = ? AND series_key = ?`,
    ),
    userSeries: db.prepare<
      [...ScopeParams, userId: string],
      { series_key: string; state: string; revision: number }
    >(
      `SELECT series_key, state, revision FROM recurrence_series
       WHERE tenant = ? AND environment = ? AND user_id = ? ORDER BY series_key`,
    ),
  };

  const steps = createEnrichmentSteps(db);
  const readOne = (scope: Scope, ref: SeriesRef, held: number | null) =>
    s.series.get(held, scope.tenant, scope.environment, ref.userId, ref.key) ?? null;
  const readSeries = db.transaction(
    (scope: Scope, refs: readonly SeriesRef[], held?: readonly (number | null)[]) =>
      refs.map((ref, index) => readOne(scope, ref, held?.[index] ?? null)),
  );

  return {
    ...steps,
    methods: {
      recordEnrichments: write(
        'recordEnrichments',
        db.transaction((writes: readonly EnrichmentWrite[]) => {
          for (const { scope, enrichments, series, usage } of writes) {
            steps.insertEnrichments(scope, enrichments);
            steps.upsertSeries(scope, series);
            for (const row of usage) addUsage(row, row.count);
          }
        }).immediate,
      ),

      countActivity: write(
        'countActivity',
        db.transaction((rows: readonly ActivityRow[]) => steps.countActivity(rows)).immediate,
      ),

      findEnrichment: op('findEnrichment', (scope: Scope, enrichmentId: string) => {
        const row = s.enrichment.get(scope.tenant, scope.environment, enrichmentId);
        return row === undefined ? null : toEnrichment(row);
      }),

      loadSeries: op(
        'loadSeries',
        (scope: Scope, refs: readonly SeriesRef[], held?: readonly (number | null)[]) =>
          // One series is one statement, a snapshot of its own (an inline request's read: no transaction
          // to begin and end); several are read in one.
          refs.length === 1 ? [readOne(scope, refs[0]!, held?.[0] ?? null)] : readSeries(scope, refs, held),
      ),

      userSeries: op('userSeries', (scope: Scope, userId: string) =>
        s.userSeries
          .all(scope.tenant, scope.environment, userId)
          .map((row) => ({ key: row.series_key, state: row.state, revision: row.revision })),
      ),
    },
  };
}
