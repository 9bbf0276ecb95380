/**
 * Transaction outcomes reported on an enrichment (chargeback, decline, refund,
 * fraud): stored per enrichment and kind, a later report of the same kind
 * replacing the earlier one (a chargeback's state moves on), each bumping the
 * tenant's outcomes revision so the next enrichment counts it
 * (`outcome-states.ts`). An enrichment of another tenant or environment is
 * not found.
 */
import { messages, type OutcomeByKind, type OutcomeKind } from '@txenrich/schema';
import { ServiceError } from './errors.js';
import { isUuid } from './ids.js';
import type { Scope, Store } from './store.js';

/** What an outcome endpoint answers: the outcome as stored, its enrichment, and when it was reported. */
export type RecordedOutcome<K extends OutcomeKind> = OutcomeByKind[K] & {
  enrichmentId: string;
  reportedAt: string;
};

export interface Outcomes {
  /** Records the outcome; `NOT_FOUND` when the scope has no such enrichment. */
  record<K extends OutcomeKind>(
    scope: Scope,
    enrichmentId: string,
    kind: K,
    outcome: OutcomeByKind[K],
  ): Promise<RecordedOutcome<K>>;
}

export function createOutcomes(options: { store: Store; now: () => number }): Outcomes {
  const { store, now } = options;
  return {
    async record(scope, enrichmentId, kind, outcome) {
      // A fraud report is fraud whether or not its body says so.
      const stored = kind === 'fraud' ? { ...outcome, isFraud: true } : outcome;
      const reportedAt = now();
      // Enrichment ids are UUIDs, written in lower case; a client may have kept one in upper case.
      const id = enrichmentId.toLowerCase();
      const recorded =
        isUuid(enrichmentId) &&
        (await store.recordOutcome(scope, {
          enrichmentId: id,
          kind,
          body: JSON.stringify(stored),
          state: 'state' in stored ? stored.state : null,
          isFraud: stored.isFraud === true,
          reportedAt,
        }));
      if (!recorded) throw new ServiceError('NOT_FOUND', messages.enrichmentNotFound);
      const answer = { enrichmentId: id, ...stored, reportedAt: new Date(reportedAt).toISOString() };
      return answer as RecordedOutcome<typeof kind>;
    },
  };
}
