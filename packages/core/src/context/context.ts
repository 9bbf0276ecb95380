/**
 * What the service hands the engine besides the transaction: the user's
 * history (recurrence), the tenant's corrections and its active triggers.
 * Plain data, so a worker thread receives it unchanged.
 */

import type { CompiledCorrections } from './corrections.js';
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
  /** The user's earlier transactions, oldest first. */
  history?: readonly HistoryEntry[];
  /** `compileCorrections(...)` of the tenant's correction rules. */
  corrections?: CompiledCorrections | undefined;
  /** `compileTriggers(...)` of the tenant's active triggers (compile once per trigger version). */
  triggers?: CompiledTriggers | undefined;
  /**
   * Called with this transaction's own history entry (when it has a user and a
   * date), so that the caller can keep it for the user's later transactions.
   * The one non-data member: it never crosses a thread.
   */
  recordHistory?: (entry: UserHistoryEntry) => void;
}
