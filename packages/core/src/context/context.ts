/**
 * What the service hands the engine besides the transaction: the user's
 * series states (recurrence), the tenant's corrections, its categories
 * (counterparty personalization), its active triggers and its reported
 * transaction outcomes.
 */

import type { CompiledCorrections } from './corrections.js';
import type { CompiledOutcomes } from './outcomes.js';
import type { CompiledCategories } from './personalization.js';
import type { SeriesBook } from './series.js';
import type { CompiledTriggers } from './triggers.js';

/**
 * The series a transaction belongs to (its key): its counterparty, or for a
 * transaction without one, its normalised descriptor (`descriptorKey`).
 */
export function recurrenceSeries(entry: { counterpartyId: string | null; descriptorKey: string }): string {
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
  /**
   * `compileCategories(...)` of the tenant's custom categories and counterparty personalizations (compile
   * once per revision): a personalized counterparty carries its category.
   */
  categories?: CompiledCategories | undefined;
  /** `compileTriggers(...)` of the tenant's active triggers (compile once per trigger version). */
  triggers?: CompiledTriggers | undefined;
  /**
   * `compileOutcomes(...)` of the tenant's reported outcomes (compile once per revision): they decide
   * `highRiskEntity` and `riskInsights.outcomeHistory` of the counterparties they name.
   */
  outcomes?: CompiledOutcomes | undefined;
}
