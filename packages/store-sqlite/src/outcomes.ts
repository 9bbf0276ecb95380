/** Transaction outcomes reported on enrichments, and their counts per counterparty, in the SQLite store. */
import {
  counterpartyOutcomesSql,
  dayOf,
  type OutcomeMethods,
  type OutcomeRecord,
  type OutcomeRow,
  outcomeUpsert,
  type Scope,
  toCounterpartyOutcomes,
} from '@txenrich/service';
import type { StoreContext } from './operations.js';
import type { Revisions } from './revisions.js';

export function createOutcomes(
  { db, op, write }: StoreContext,
  revisions: Revisions,
): Omit<OutcomeMethods, 'countActivity'> {
  const s = {
    enrichment: db.prepare<
      [tenant: string, environment: string, enrichmentId: string],
      { counterparty_id: string | null; created_at: number }
    >(
      'SELECT counterparty_id, created_at FROM enrichments WHERE tenant = ? AND environment = ? AND enrichment_id = ?',
    ),
    upsert: db.prepare(outcomeUpsert(() => '?')),
    // Named: the values appear more than once in the statements.
    counts: db.prepare<[{ p0: string; p1: string; p2: number }], OutcomeRow>(
      counterpartyOutcomesSql((index) => `@p${index}`, false),
    ),
    changedCounts: db.prepare<[{ p0: string; p1: string; p2: number; p3: number }], OutcomeRow>(
      counterpartyOutcomesSql((index) => `@p${index}`, true),
    ),
  };

  return {
    recordOutcome: write(
      'recordOutcome',
      db.transaction((scope: Scope, outcome: OutcomeRecord): boolean => {
        const enrichment = s.enrichment.get(scope.tenant, scope.environment, outcome.enrichmentId);
        if (!enrichment) return false;
        revisions.bump(scope, 'outcomes');
        s.upsert.run(
          scope.tenant,
          scope.environment,
          outcome.enrichmentId,
          outcome.kind,
          enrichment.counterparty_id,
          dayOf(enrichment.created_at),
          outcome.state,
          outcome.isFraud ? 1 : 0,
          outcome.body,
          outcome.reportedAt,
          revisions.revision(scope, 'outcomes'),
        );
        return true;
      }).immediate,
    ),

    counterpartyOutcomes: op(
      'counterpartyOutcomes',
      (scope: Scope, sinceDay: number, changedAfter?: number) => {
        const values = { p0: scope.tenant, p1: scope.environment, p2: sinceDay };
        const rows =
          changedAfter === undefined
            ? s.counts.all(values)
            : s.changedCounts.all({ ...values, p3: changedAfter });
        return rows.map(toCounterpartyOutcomes);
      },
    ),
  };
}
