/**
 * The steps that depend on what the service hands over besides the
 * transaction, in order: the tenant's corrections first, so that recurrence
 * and triggers see the corrected counterparty; then recurrence over the
 * user's history; then the tenant's merchant triggers.
 */
import type { Counterparty, Enrichment, Industry } from '@txenrich/schema';
import type { Place } from '../lexicon.js';
import { detectRecurrence } from '../recurrence.js';
import { type EnrichmentContext, type HistoryEntry, recurrenceSeries } from './context.js';
import { applyCorrection, descriptorKey } from './corrections.js';
import { matchTriggers } from './triggers.js';

/** What the context steps need to know about the transaction. */
export interface ContextFacts {
  /** The raw descriptor, canonical. */
  descriptor: string;
  mcc: string | null;
  amount: number | null;
  occurredAt: string | null;
  userId: string | null;
  cardId: string | null;
  programId: string | null;
  place: Place;
  address: string | null;
}

/** What a correction needs from the catalog. */
export interface ContextParts {
  resolveCounterparty(id: string): Counterparty | null;
  industryChain(industryId: string | null): Industry[];
}

export function applyContext(
  parts: ContextParts,
  enrichment: Enrichment,
  context: EnrichmentContext | undefined,
  facts: ContextFacts,
): Enrichment {
  if (!context) return enrichment;
  const key = descriptorKey(facts.descriptor);
  let result = context.corrections
    ? applyCorrection(context.corrections, key, facts.mcc, enrichment, {
        counterparty: (id) => parts.resolveCounterparty(id),
        industryChain: (id) => parts.industryChain(id),
      })
    : enrichment;

  const top = result.counterparty[0];
  const entry: HistoryEntry = {
    enrichmentId: result.enrichmentId,
    transactionId: result.transactionInfo.transactionId,
    counterpartyId: top?.id ?? null,
    descriptorKey: key,
    amount: facts.amount,
    occurredAt: facts.occurredAt ?? '',
  };
  if (context.history && context.history.length > 0) {
    const series = recurrenceSeries(entry);
    const same = context.history.filter((earlier) => recurrenceSeries(earlier) === series);
    const recurrenceInfo = detectRecurrence({ ...entry, occurredAt: facts.occurredAt }, same);
    if (recurrenceInfo)
      result = { ...result, transactionInfo: { ...result.transactionInfo, recurrenceInfo } };
  }
  if (context.recordHistory && facts.userId && facts.occurredAt) {
    context.recordHistory({ ...entry, userId: facts.userId });
  }

  if (context.triggers) {
    const { place } = facts;
    const actions = matchTriggers(context.triggers, {
      userId: facts.userId,
      cardId: facts.cardId,
      programId: facts.programId,
      counterparty: {
        name: top?.name ?? result.transactionInfo.display.name,
        website: top?.website ?? null,
        city: place.city,
        region: place.region,
        postalCode: place.postalCode,
        address: facts.address,
        latitude: place.latitude,
        longitude: place.longitude,
      },
      thirdParties: result.transactionInfo.thirdParties,
    });
    if (actions) result = { ...result, actions };
  }
  return result;
}
