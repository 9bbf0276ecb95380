/**
 * The retention step of the Postgres store (`Store.prune`): one kind of
 * record, one environment, at most `limit` rows, one short transaction. Every
 * statement walks an age index that leads with the environment, so a step
 * reads about as many rows as it deletes, however many are kept.
 *
 * A batch's results go in two moves: the step that picks a batch only marks
 * its results expired (from then on they read empty and GET /results answers
 * 410), and the steps after delete its chunks and items a few rows at a time.
 * No reader ever sees part of a batch's results.
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
import type { Query, StoreContext } from './operations.js';

/** Deletes (or clears) by age with one statement: `$1` environment, `$2` before, `$3` limit. */
const ageStatements = {
  // An enrichment an open report names stays until the report is closed: resolving it re-enriches it.
  enrichments: `DELETE FROM enrichments WHERE (tenant, environment, enrichment_id) IN (
      SELECT e.tenant, e.environment, e.enrichment_id FROM enrichments e
      WHERE e.environment = $1 AND e.created_at < $2
        AND NOT EXISTS (
          SELECT 1 FROM reports r
          WHERE r.status = 'open' AND r.tenant = e.tenant AND r.environment = e.environment
            AND r.enrichment_id = e.enrichment_id)
      ORDER BY e.created_at LIMIT $3)`,
  idempotencyKeys: `UPDATE batches SET idempotency_key = NULL, request_hash = NULL, idempotency_created_at = NULL
    WHERE seq IN (
      SELECT seq FROM batches
      WHERE environment = $1 AND idempotency_key IS NOT NULL AND idempotency_created_at < $2
      ORDER BY idempotency_created_at LIMIT $3)`,
  deliveredCallbacks: `DELETE FROM deliveries WHERE id IN (
      SELECT id FROM deliveries
      WHERE environment = $1 AND state = 'delivered' AND delivered_at < $2
      ORDER BY delivered_at LIMIT $3)`,
  // Rows an enrichment is writing are skipped, not waited for: retention takes its locks in age order,
  // writers in key order, and a step that waited could close a circle with one (a deadlock).
  recurrenceSeries: `DELETE FROM recurrence_series WHERE (tenant, environment, user_id, series_key) IN (
      SELECT tenant, environment, user_id, series_key FROM recurrence_series
      WHERE environment = $1 AND seen_at < $2
      ORDER BY seen_at LIMIT $3 FOR UPDATE SKIP LOCKED)`,
  // Kept per day: `$2` is a day here (`dayAgeStep`), and the rows of earlier days go. Rows being added
  // to are skipped, as the series are.
  counterpartyActivity: `DELETE FROM counterparty_activity
    WHERE (tenant, environment, counterparty_id, day) IN (
      SELECT tenant, environment, counterparty_id, day FROM counterparty_activity
      WHERE environment = $1 AND day < $2
      ORDER BY day LIMIT $3 FOR UPDATE SKIP LOCKED)`,
  enrichmentOutcomes: `DELETE FROM enrichment_outcomes WHERE (tenant, environment, enrichment_id, kind) IN (
      SELECT tenant, environment, enrichment_id, kind FROM enrichment_outcomes
      WHERE environment = $1 AND day < $2
      ORDER BY day LIMIT $3 FOR UPDATE SKIP LOCKED)`,
};

/** Deletes up to `limit` chunks and items rows of batches whose results expired; answers how many. */
async function purgeExpiredResults(tx: Query, environment: Environment, limit: number, at: number) {
  const purging = async () =>
    (
      await tx<{ id: string }>(
        `SELECT id FROM batches
         WHERE environment = $1 AND results_expired_at IS NOT NULL AND results_purged_at IS NULL
         ORDER BY seq LIMIT 1`,
        [environment],
      )
    ).rows[0]?.id;
  let deleted = 0;
  for (let id = await purging(); id !== undefined && deleted < limit; ) {
    const chunks = await tx(
      `DELETE FROM batch_chunks WHERE (batch_id, chunk_index) IN (
         SELECT batch_id, chunk_index FROM batch_chunks WHERE batch_id = $1 LIMIT $2)`,
      [id, limit - deleted],
    );
    deleted += chunks.rowCount ?? 0;
    if (deleted === limit) break;
    deleted += (await tx('DELETE FROM batch_items WHERE batch_id = $1', [id])).rowCount ?? 0;
    await tx('UPDATE batches SET results_purged_at = $1 WHERE id = $2', [at, id]);
    id = await purging();
  }
  return deleted;
}

export function createRetentionSteps({ op, transaction }: StoreContext): Pick<Store, 'prune'> {
  const steps: Record<PrunableRecords, (tx: Query, step: PruneStep) => Promise<PruneStepResult>> = {
    async batchResults(tx, { environment, before, limit, at }) {
      const deleted = await purgeExpiredResults(tx, environment, limit, at);
      // A finished batch (completed or failed: both have finished_at) whose results are still kept; the
      // batches marked now have rows left for the steps after.
      const expired =
        deleted < limit
          ? ((
              await tx(
                `UPDATE batches SET results_expired_at = $1 WHERE seq IN (
                   SELECT seq FROM batches
                   WHERE environment = $2 AND finished_at IS NOT NULL AND finished_at < $3
                     AND results_expired_at IS NULL
                   ORDER BY finished_at LIMIT $4)`,
                [at, environment, before, limit - deleted],
              )
            ).rowCount ?? 0)
          : 0;
      return batchResultsPruned(deleted, expired, limit);
    },
    enrichments: ageStep(ageStatements.enrichments),
    idempotencyKeys: ageStep(ageStatements.idempotencyKeys),
    deliveredCallbacks: ageStep(ageStatements.deliveredCallbacks),
    recurrenceSeries: ageStep(ageStatements.recurrenceSeries),
    counterpartyActivity: dayAgeStep(ageStatements.counterpartyActivity),
    enrichmentOutcomes: dayAgeStep(ageStatements.enrichmentOutcomes),
  };

  return {
    prune: op('prune', async (step: PruneStep) => {
      if (pruneNothing(step)) return { pruned: 0, more: false };
      return transaction((tx) => steps[step.records](tx, step));
    }),
  };
}

/** The step of records deleted (or cleared) by age with one statement. */
function ageStep(sql: string) {
  return async (tx: Query, { environment, before, limit }: PruneStep): Promise<PruneStepResult> => {
    const { rowCount } = await tx(sql, [environment, before, limit]);
    return agePruned(rowCount ?? 0, limit);
  };
}

/** The step of records kept per day (`dayOf`), deleted with one statement: those of days before `before`'s. */
function dayAgeStep(sql: string) {
  return (tx: Query, { before, ...step }: PruneStep): Promise<PruneStepResult> =>
    ageStep(sql)(tx, { ...step, before: dayOf(before) });
}
