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

export function createOutcomes({ db, op, write }: StoreContext, revisions: Revisions): OutcomeMethods {
  const s = {
    enrichment: db.prepare<
      [tenant: string, environment: string, enrichmentId: string],
      { counterparty_id: string | null; created_at: number }
    >(
      'SELECT counterparty_id, created_at FROM enrichments WHERE tenant = ? AND environment = ? AND enrichment_id = ?',
    ),
    upsert: db.prepare(outcomeUpsert(() => '?')),
    // Named: each of the three values appears twice in the statement.
    counts: db.prepare<[{ p0: string; p1: string; p2: number }], OutcomeRow>(
      counterpartyOutcomesSql((index) => `@p${index}`),
    ),
  };

  return {
    recordOutcome: write(
      'recordOutcome',
      db.transaction((scope: Scope, outcome: OutcomeRecord): boolean => {
        const enrichment = s.enrichment.get(scope.tenant, scope.environment, outcome.enrichmentId);
        if (!enrichment) return false;
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
        );
        revisions.bump(scope, 'outcomes');
        return true;
      }).immediate,
    ),

    counterpartyOutcomes: op('counterpartyOutcomes', (scope: Scope, sinceDay: number) =>
      s.counts.all({ p0: scope.tenant, p1: scope.environment, p2: sinceDay }).map(toCounterpartyOutcomes),
    ),
  };
}
