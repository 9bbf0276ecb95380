/**
 * Transaction outcomes in the context stage: the tenant's rolling counts per
 * counterparty (enrichments, lost chargebacks, fraud reports, declines,
 * refunds), compiled once into a map, decide `highRiskEntity` and
 * `riskInsights.outcomeHistory` with one lookup per enrichment. A rate counts
 * once the counterparty has the minimum of enrichments; a rate at or over its
 * threshold makes the counterparty a high-risk entity.
 */
import type { Enrichment, OutcomeHistory, OutcomeRate } from '@txenrich/schema';

/** The counts of one counterparty over the window. */
export interface OutcomeCounts {
  enrichments: number;
  chargebacksLost: number;
  fraudReports: number;
  declines: number;
  refunds: number;
}

/** When outcomes make a counterparty a high-risk entity (the service's `risk` configuration). */
export interface RiskThresholds {
  /** The rolling window the counts cover, in days. */
  windowDays: number;
  /** Below this many enrichments in the window, no rate counts. */
  minEnrichments: number;
  /** Lost chargebacks per enrichment at or over which the counterparty is high risk. */
  chargebackRate: number;
  /** Enrichments reported as fraud per enrichment. */
  fraudRate: number;
  declineRate: number;
  refundRate: number;
}

/** A tenant's outcome state as data (for the worker pool): the counterparties with an outcome reported. */
export interface TenantOutcomes {
  thresholds: RiskThresholds;
  counterparties: ReadonlyArray<OutcomeCounts & { counterpartyId: string }>;
}

/** `compileOutcomes(...)`: the counts by counterparty id, for `context.outcomes`. */
export interface CompiledOutcomes {
  thresholds: RiskThresholds;
  byCounterparty: Map<string, OutcomeCounts>;
}

export function compileOutcomes(outcomes: TenantOutcomes): CompiledOutcomes {
  const byCounterparty = new Map<string, OutcomeCounts>();
  for (const { counterpartyId, ...counts } of outcomes.counterparties)
    byCounterparty.set(counterpartyId, counts);
  return { thresholds: outcomes.thresholds, byCounterparty };
}

/**
 * Counts an enrichment of `counterpartyId` in the compiled state, when the state holds the counterparty
 * (the enrichments of others need no count: without an outcome, no rate is above zero). The service
 * calls it after each inline request, so that its next requests see the count before the state is
 * compiled again from the store.
 */
export function countEnrichment(outcomes: CompiledOutcomes, counterpartyId: string): void {
  const counts = outcomes.byCounterparty.get(counterpartyId);
  if (counts) counts.enrichments++;
}

const rateOf = (count: number, enrichments: number) => Math.round((count / enrichments) * 10_000) / 10_000;

/** The history `riskInsights.outcomeHistory` shows for these counts. */
export function outcomeHistoryOf(counts: OutcomeCounts, thresholds: RiskThresholds): OutcomeHistory {
  const { enrichments } = counts;
  const counted = enrichments > 0 && enrichments >= thresholds.minEnrichments;
  const rates: Record<OutcomeRate, number | null> = {
    chargebackRate: counted ? rateOf(counts.chargebacksLost, enrichments) : null,
    fraudRate: counted ? rateOf(counts.fraudReports, enrichments) : null,
    declineRate: counted ? rateOf(counts.declines, enrichments) : null,
    refundRate: counted ? rateOf(counts.refunds, enrichments) : null,
  };
  const exceeded = (Object.keys(rates) as OutcomeRate[]).filter((rate) => {
    const value = rates[rate];
    return value !== null && value > 0 && value >= thresholds[rate];
  });
  return { windowDays: thresholds.windowDays, ...counts, ...rates, exceeded };
}

/**
 * The result with its counterparty's outcome history: `highRiskEntity` true when a rate is over its
 * threshold; else, once the rates count, what the industry said (false when it said nothing); else
 * unchanged. A counterparty without an outcome reported is left as it is.
 */
export function applyOutcomes(outcomes: CompiledOutcomes, result: Enrichment): Enrichment {
  const top = result.counterparty[0];
  const counts = top ? outcomes.byCounterparty.get(top.id) : undefined;
  if (!counts) return result;
  const history = outcomeHistoryOf(counts, outcomes.thresholds);
  const { riskInsights } = result.transactionInfo;
  const highRiskEntity =
    history.exceeded.length > 0
      ? true
      : history.chargebackRate !== null
        ? (riskInsights.highRiskEntity ?? false)
        : riskInsights.highRiskEntity;
  return {
    ...result,
    transactionInfo: {
      ...result.transactionInfo,
      riskInsights: { ...riskInsights, highRiskEntity, outcomeHistory: history },
    },
  };
}
