/** Transaction outcomes reported on enrichments, and their counts per counterparty, in the Postgres store. */
import {
  type ActivityRow,
  counterpartyOutcomesSql,
  dayOf,
  type OutcomeMethods,
  type OutcomeRecord,
  type OutcomeRow,
  outcomeUpsert,
  type Scope,
  toCounterpartyOutcomes,
} from '@txenrich/service';
import { activityAddInsert } from './enrichments.js';
import { insertAll, type StoreContext } from './operations.js';
import { bumpRevision, revision } from './revisions.js';

const upsertSql = outcomeUpsert((index) => `$${index + 1}`);
const countsSql = counterpartyOutcomesSql((index) => `$${index + 1}`, false);
const changedCountsSql = counterpartyOutcomesSql((index) => `$${index + 1}`, true);

export function createOutcomes({ op, query, transaction }: StoreContext): OutcomeMethods {
  return {
    countActivity: op('countActivity', (rows: readonly ActivityRow[]) =>
      insertAll(query, 'count_activity', [activityAddInsert(rows)]),
    ),

    recordOutcome: op('recordOutcome', (scope: Scope, outcome: OutcomeRecord) =>
      transaction(async (tx) => {
        const { rows } = await tx<{ counterparty_id: string | null; created_at: string | number }>(
          `SELECT counterparty_id, created_at FROM enrichments
           WHERE tenant = $1 AND environment = $2 AND enrichment_id = $3`,
          [scope.tenant, scope.environment, outcome.enrichmentId],
        );
        const enrichment = rows[0];
        if (!enrichment) return false;
        await bumpRevision(tx, scope, 'outcomes');
        await tx(upsertSql, [
          scope.tenant,
          scope.environment,
          outcome.enrichmentId,
          outcome.kind,
          enrichment.counterparty_id,
          dayOf(Number(enrichment.created_at)),
          outcome.state,
          outcome.isFraud,
          outcome.body,
          outcome.reportedAt,
          await revision(tx, scope, 'outcomes'),
        ]);
        return true;
      }),
    ),

    counterpartyOutcomes: op(
      'counterpartyOutcomes',
      async (scope: Scope, sinceDay: number, changedAfter?: number) => {
        const values = [scope.tenant, scope.environment, sinceDay];
        const { rows } =
          changedAfter === undefined
            ? await query<OutcomeRow>(countsSql, values)
            : await query<OutcomeRow>(changedCountsSql, [...values, changedAfter]);
        return rows.map(toCounterpartyOutcomes);
      },
    ),
  };
}
