/**
 * What the service hands the engine besides the transaction: the user's
 * series states (recurrence), the tenant's corrections and its active
 * triggers.
 */

import type { CompiledCorrections } from './corrections.js';
import type { SeriesBook } from './series.js';
import type { CompiledTriggers } from './triggers.js';

/** One earlier enriched transaction of the same user. */
export interface HistoryEntry {
  enrichmentId: string;
  transactionId: string | null;
  /** The matched counterparty, or null when none matched. */
  counterpartyId: string | null;
  /** `descriptorKey(raw descriptor)`, for users' transactions without a counterparty. */
  descriptorKey: string;
  amount: number | null;
  /** As sent by the caller (`2024-06-01`, `2024-06-01T12:30:00Z`, ...). */
  occurredAt: string;
}

/** A history entry and whose it is: what a caller stores for the user's later transactions. */
export interface UserHistoryEntry extends HistoryEntry {
  userId: string;
}

/**
 * The series a history entry belongs to: its counterparty, or for a
 * transaction without one, its normalised descriptor. Recurrence only looks
 * at earlier entries of the same series.
 */
export function recurrenceSeries(entry: Pick<HistoryEntry, 'counterpartyId' | 'descriptorKey'>): string {
  return entry.counterpartyId ?? `descriptor:${entry.descriptorKey}`;
}

export interface EnrichmentContext {
  /**
   * The users' series states (recurrence): the context stage reads the
   * transaction's series and writes it back with the transaction in it. Load
   * the state `PendingEnrichment.series` names before `finish`.
   */
  series?: SeriesBook | undefined;
  /** `compileCorrections(...)` of the tenant's correction rules. */
  corrections?: CompiledCorrections | undefined;
  /** `compileTriggers(...)` of the tenant's active triggers (compile once per trigger version). */
  triggers?: CompiledTriggers | undefined;
}
