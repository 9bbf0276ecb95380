/**
 * The steps that depend on what the service hands over besides the
 * transaction, in order: the tenant's corrections first, so that recurrence
 * and triggers see the corrected counterparty; then its counterparty
 * personalizations (the category of that counterparty), and where none
 * applied to the transaction's counterparty, its category rules; then recurrence, in
 * the user's series with that counterparty; then the risk its reported
 * outcomes give that counterparty; then the tenant's merchant triggers.
 */
import type { Counterparty, Enrichment, Industry } from '@txenrich/schema';
import type { Place } from '../lexicon.js';
import type { Direction } from '../normalize/direction.js';
import { type CompiledCategoryRules, ruledCategory } from './category-rules.js';
import { type EnrichmentContext, recurrenceSeries } from './context.js';
import { applyCorrection, descriptorKey } from './corrections.js';
import { applyOutcomes } from './outcomes.js';
import { personalizeOwned, showCategoryOwned } from './personalization.js';
import { recordPayment, type SeriesRef } from './series.js';
import { matchTriggers } from './triggers.js';

/** What the context steps need to know about the transaction. */
export interface ContextFacts {
  /** The raw descriptor, canonical. */
  descriptor: string;
  mcc: string | null;
  /** The category the engine found (the one `display.categoryName` names before the context stage). */
  industryId: string | null;
  amount: number | null;
  /** The direction of money (category rules). */
  direction: Direction;
  occurredAt: string | null;
  userId: string | null;
  cardId: string | null;
  programId: string | null;
  /** The multi-source organization the transaction names (organization-level personalizations). */
  organizationId: string | null;
  place: Place;
  address: string | null;
}

/** What a correction needs from the catalog. */
export interface ContextParts {
  resolveCounterparty(id: string): Counterparty | null;
  industryChain(industryId: string | null): Industry[];
}

/** A result built up to its context stage: the series it extends is known, its recurrence and triggers not yet. */
export interface PendingEnrichment {
  /** The series this transaction extends (its user and series key), or null without a user or a date. */
  readonly series: SeriesRef | null;
  /** The normalised descriptor the tenant's corrections key the transaction by (`descriptorKey`). */
  readonly descriptorKey: string;
  /** Recurrence (reading and writing `context.series`) and triggers: the result. */
  finish(): Enrichment;
}

/**
 * The context stage of one transaction: corrections now (they decide the
 * counterparty, and so the series), recurrence and triggers at `finish`,
 * once the caller has loaded the series state it names. `enrichment` is the
 * pipeline's, built for this call and seen by no one else: personalizations,
 * category rules and triggers set its fields in place (an object copied on
 * every enrichment was a measurable share of their cost).
 */
export function beginContext(
  parts: ContextParts,
  enrichment: Enrichment,
  context: EnrichmentContext | undefined,
  facts: ContextFacts,
): PendingEnrichment {
  if (!context) return new ContextPending(null, facts.descriptor, undefined, () => enrichment);
  // The descriptor is normalised (a few regular expressions) only when read: by corrections, by a series
  // without a counterparty, or by the caller.
  let key = context.corrections ? descriptorKey(facts.descriptor) : undefined;
  const corrected =
    context.corrections && key !== undefined
      ? applyCorrection(context.corrections, key, facts.mcc, enrichment, {
          counterparty: (id) => parts.resolveCounterparty(id),
          industryChain: (id) => parts.industryChain(id),
        })
      : enrichment;
  // The result is this call's own (built by the pipeline, or a correction's copy): personalizations,
  // rules and triggers set their fields in place rather than copying it.
  const categorized = corrected;
  const categories = context.categories;
  const personalizedTop =
    categories !== undefined &&
    categories.personalizations.size > 0 &&
    personalizeOwned(categories.personalizations, categorized, facts.userId, facts.organizationId);
  // A personalization of the transaction's counterparty outranks every rule.
  const ruled =
    categories?.rules && !personalizedTop
      ? applyCategoryRules(parts, categories.rules, categorized, facts)
      : null;
  const top = categorized.counterparty[0];
  let series: SeriesRef | null = null;
  if (context.series && facts.userId && facts.occurredAt) {
    // A series is its counterparty's; the descriptor names it only without one.
    if (!top) key ??= descriptorKey(facts.descriptor);
    series = {
      userId: facts.userId,
      key: recurrenceSeries({ counterpartyId: top?.id ?? null, descriptorKey: key ?? '' }),
    };
  }
  return new ContextPending(series, facts.descriptor, key, () => {
    const recurring = withRecurrence(context, series, categorized, facts);
    return applyTriggers(
      parts,
      context,
      context.outcomes ? applyOutcomes(context.outcomes, recurring) : recurring,
      facts,
      ruled,
    );
  });
}

/**
 * A transaction at its context stage, its descriptor key normalised on first read. A class: an object
 * literal with a getter is built on V8's slow path, once per enrichment.
 */
class ContextPending implements PendingEnrichment {
  constructor(
    readonly series: SeriesRef | null,
    private readonly descriptor: string,
    private key: string | undefined,
    readonly finish: () => Enrichment,
  ) {}

  get descriptorKey(): string {
    this.key ??= descriptorKey(this.descriptor);
    return this.key;
  }
}

/**
 * Files the result (this call's own: set in place) under the category of the best rule it matches, and
 * answers that category; null when none matches. The category becomes its counterparty's industry (the
 * last node) and the displayed `categoryName`; a transaction naming no counterparty gets the displayed
 * name alone (and triggers see the category: `decidedCategory`).
 */
function applyCategoryRules(
  parts: ContextParts,
  rules: CompiledCategoryRules,
  result: Enrichment,
  facts: ContextFacts,
): readonly Industry[] | null {
  const { transactionInfo } = result;
  const top = result.counterparty[0];
  const category = ruledCategory(rules, {
    name: transactionInfo.display.name,
    category: () => (top ? top.industry : parts.industryChain(facts.industryId)),
    mcc: facts.mcc,
    amount: facts.amount,
    type: transactionInfo.type,
    subType: transactionInfo.subType,
    direction: facts.direction,
    channel: transactionInfo.spendingInfo?.channel.value ?? null,
  });
  if (!category) return null;
  if (top) top.industry = category as Industry[];
  showCategoryOwned(result, category.at(-1)!);
  return category;
}

/** The result with its recurrence, the transaction recorded in its series. */
function withRecurrence(
  context: EnrichmentContext,
  series: SeriesRef | null,
  result: Enrichment,
  facts: ContextFacts,
): Enrichment {
  if (!series || !context.series || !facts.occurredAt) return result;
  const top = result.counterparty[0];
  const earlier = context.series.get(series.userId, series.key);
  const { state, recurrence } = recordPayment(
    earlier,
    {
      occurredAt: facts.occurredAt,
      amount: facts.amount,
      enrichmentId: result.enrichmentId,
      transactionId: result.transactionInfo.transactionId,
    },
    { name: top?.name ?? result.transactionInfo.display.name, counterpartyId: top?.id ?? null },
  );
  if (state && state !== earlier) context.series.set(series.userId, series.key, state);
  return recurrence
    ? { ...result, transactionInfo: { ...result.transactionInfo, recurrenceInfo: recurrence } }
    : result;
}

/**
 * The transaction's category as the context stage finally decided it, which category triggers match:
 * its first counterparty's industry (where corrections, personalizations and category rules put the
 * category they decide), or for a transaction naming no counterparty, the category of the rule it
 * matched (`ruled`), else the category the engine found.
 */
function decidedCategory(
  parts: ContextParts,
  result: Enrichment,
  facts: ContextFacts,
  ruled: readonly Industry[] | null,
): readonly Industry[] {
  const top = result.counterparty[0];
  return top ? top.industry : (ruled ?? parts.industryChain(facts.industryId));
}

/** The result with the actions of the tenant's triggers it matches. */
function applyTriggers(
  parts: ContextParts,
  context: EnrichmentContext,
  result: Enrichment,
  facts: ContextFacts,
  ruled: readonly Industry[] | null,
): Enrichment {
  const { triggers } = context;
  if (!triggers) return result;
  const top = result.counterparty[0];
  const { place } = facts;
  // Only merchant triggers read the counterparty, only category triggers the category.
  const actions = matchTriggers(triggers, {
    userId: facts.userId,
    cardId: facts.cardId,
    programId: facts.programId,
    counterparty:
      triggers.size > triggers.categoryTriggers
        ? {
            name: top?.name ?? result.transactionInfo.display.name,
            website: top?.website ?? null,
            city: place.city,
            region: place.region,
            postalCode: place.postalCode,
            address: facts.address,
            latitude: place.latitude,
            longitude: place.longitude,
          }
        : null,
    thirdParties: result.transactionInfo.thirdParties,
    category: triggers.categoryTriggers > 0 ? decidedCategory(parts, result, facts, ruled) : null,
  });
  // The result is this call's own (see `beginContext`).
  if (actions) result.actions = actions;
  return result;
}
