/**
 * The retention step of the SQLite store (`Store.prune`): one kind of record,
 * one environment, at most `limit` rows, one short `BEGIN IMMEDIATE`
 * transaction. Every statement walks an age index that leads with the
 * environment (migration 5), so a step reads about as many rows as it
 * deletes, however many are kept.
 *
 * A batch's results go in two moves: the step that picks a batch only marks
 * its results expired (from then on they read empty and GET /results answers
 * 410), and the steps after delete its chunks and items a few rows at a
 * time (a chunk is about 1.4 MB of results: `auto_vacuum = FULL` hands its
 * pages back to the file system at each commit, which is what a step's time
 * goes to). No reader ever sees part of a batch's results. Each step
 * checkpoints the WAL it wrote, so that no step, nor a request after it,
 * pays for a large checkpoint.
 */
import {
  agePruned,
  batchResultsPruned,
  dayOf,
  type Environment,
  type PrunableRecords,
  type PruneStep,
  type PruneStepResult,
  pruneNothing,
  type Store,
} from '@txenrich/service';
import type Database from 'better-sqlite3';
import type { StoreContext } from './operations.js';

type AgeParams = [environment: Environment, before: number, limit: number];

export function createRetentionSteps({ db, write }: StoreContext): Pick<Store, 'prune'> {
  const s = {
    // An enrichment an open report names stays until the report is closed: resolving it re-enriches it.
    enrichments: db.prepare<AgeParams>(
      `DELETE FROM enrichments WHERE rowid IN (
         SELECT e.rowid FROM enrichments e
         WHERE e.environment = ? AND e.created_at < ?
           AND NOT EXISTS (
             SELECT 1 FROM reports r
             WHERE r.status = 'open' AND r.tenant = e.tenant AND r.environment = e.environment
               AND r.enrichment_id = e.enrichment_id)
         ORDER BY e.created_at LIMIT ?)`,
    ),
    idempotencyKeys: db.prepare<AgeParams>(
      `UPDATE batches SET idempotency_key = NULL, request_hash = NULL, idempotency_created_at = NULL
       WHERE seq IN (
         SELECT seq FROM batches
         WHERE environment = ? AND idempotency_key IS NOT NULL AND idempotency_created_at < ?
         ORDER BY idempotency_created_at LIMIT ?)`,
    ),
    deliveredCallbacks: db.prepare<AgeParams>(
      `DELETE FROM deliveries WHERE rowid IN (
         SELECT rowid FROM deliveries
         WHERE environment = ? AND state = 'delivered' AND delivered_at < ?
         ORDER BY delivered_at LIMIT ?)`,
    ),
    recurrenceSeries: db.prepare<AgeParams>(
      `DELETE FROM recurrence_series WHERE rowid IN (
         SELECT rowid FROM recurrence_series WHERE environment = ? AND seen_at < ?
         ORDER BY seen_at LIMIT ?)`,
    ),
    // Kept per day: `before` is a day here (`dayAgeStep`), and the rows of earlier days go. Both
    // tables are WITHOUT ROWID: rows are named by their keys.
    counterpartyActivity: db.prepare<AgeParams>(
      `DELETE FROM counterparty_activity WHERE (tenant, environment, counterparty_id, day) IN (
         SELECT tenant, environment, counterparty_id, day FROM counterparty_activity
         WHERE environment = ? AND day < ?
         ORDER BY day LIMIT ?)`,
    ),
    enrichmentOutcomes: db.prepare<AgeParams>(
      `DELETE FROM enrichment_outcomes WHERE (tenant, environment, enrichment_id, kind) IN (
         SELECT tenant, environment, enrichment_id, kind FROM enrichment_outcomes
         WHERE environment = ? AND day < ?
         ORDER BY day LIMIT ?)`,
    ),

    // A finished batch (completed or failed: both have finished_at) whose results are still kept.
    expireResults: db.prepare<[at: number, ...AgeParams]>(
      `UPDATE batches SET results_expired_at = ? WHERE seq IN (
         SELECT seq FROM batches
         WHERE environment = ? AND finished_at IS NOT NULL AND finished_at < ? AND results_expired_at IS NULL
         ORDER BY finished_at LIMIT ?)`,
    ),
    purging: db
      .prepare<[environment: Environment], string>(
        `SELECT id FROM batches
         WHERE environment = ? AND results_expired_at IS NOT NULL AND results_purged_at IS NULL
         ORDER BY seq LIMIT 1`,
      )
      .pluck(),
    deleteChunks: db.prepare<[id: string, limit: number]>(
      `DELETE FROM batch_chunks WHERE rowid IN (SELECT rowid FROM batch_chunks WHERE batch_id = ? LIMIT ?)`,
    ),
    deleteItems: db.prepare<[id: string]>('DELETE FROM batch_items WHERE batch_id = ?'),
    purged: db.prepare<[at: number, id: string]>('UPDATE batches SET results_purged_at = ? WHERE id = ?'),
  };

  /** Deletes up to `limit` chunks and items rows of batches whose results expired; answers how many. */
  function purgeExpiredResults(environment: Environment, limit: number, at: number): number {
    let deleted = 0;
    for (let id = s.purging.get(environment); id !== undefined && deleted < limit; ) {
      deleted += s.deleteChunks.run(id, limit - deleted).changes;
      if (deleted === limit) break;
      deleted += s.deleteItems.run(id).changes;
      s.purged.run(at, id);
      id = s.purging.get(environment);
    }
    return deleted;
  }

  const steps: Record<PrunableRecords, (step: PruneStep) => PruneStepResult> = {
    batchResults({ environment, before, limit, at }) {
      const deleted = purgeExpiredResults(environment, limit, at);
      // The batches marked now have rows left for the steps after.
      const expired =
        deleted < limit ? s.expireResults.run(at, environment, before, limit - deleted).changes : 0;
      return batchResultsPruned(deleted, expired, limit);
    },
    enrichments: ageStep(s.enrichments),
    idempotencyKeys: ageStep(s.idempotencyKeys),
    deliveredCallbacks: ageStep(s.deliveredCallbacks),
    recurrenceSeries: ageStep(s.recurrenceSeries),
    counterpartyActivity: dayAgeStep(s.counterpartyActivity),
    enrichmentOutcomes: dayAgeStep(s.enrichmentOutcomes),
  };

  const pruneStep = db.transaction((step: PruneStep): PruneStepResult => {
    if (pruneNothing(step)) return { pruned: 0, more: false };
    return steps[step.records](step);
  }).immediate;

  return {
    prune: write('prune', (step: PruneStep): PruneStepResult => {
      const result = pruneStep(step);
      // Copies the step's pages from the WAL into the file now, a hundred or so at a time: left to
      // SQLite's auto-checkpoint, every fifth step or so (or the request after it) would copy a
      // thousand at once, 40 to 100 ms on the benchmark's disk (benchmarks/README.md).
      // PASSIVE waits for no reader or writer: what it cannot copy now waits for the next one.
      db.pragma('wal_checkpoint(PASSIVE)');
      return result;
    }),
  };
}

/** The step of records deleted (or cleared) by age with one statement. */
function ageStep(statement: Database.Statement<AgeParams>) {
  return ({ environment, before, limit }: PruneStep): PruneStepResult => {
    return agePruned(statement.run(environment, before, limit).changes, limit);
  };
}

/** The step of records kept per day (`dayOf`), deleted with one statement: those of days before `before`'s. */
function dayAgeStep(statement: Database.Statement<AgeParams>) {
  return ({ before, ...step }: PruneStep): PruneStepResult =>
    ageStep(statement)({ ...step, before: dayOf(before) });
}
