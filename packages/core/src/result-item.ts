import {
  batchItemSchemas,
  echoedCustomAttributes,
  type ResultItem,
  type TransactionByKind,
  type TransactionKind,
  transactionSchemas,
  validate,
} from '@txenrich/schema';
import type { EnrichmentContext } from './context/context.js';
import type { SeriesRef } from './context/series.js';
import type { Engine } from './engine.js';
import type { EnrichOptions } from './shape/explanation.js';

/** Kinds the engine enriches (all of them). */
export type EnrichableKind = TransactionKind;

function rawField(raw: unknown, field: string): unknown {
  return typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[field] : undefined;
}

/** A result item up to its context's recurrence and triggers (see `PendingEnrichment`). */
export interface PendingResultItem {
  /** The series the transaction extends, or null (no user, no date, or an invalid body). */
  readonly series: SeriesRef | null;
  finish(): ResultItem;
}

/**
 * Validates one raw request body and enriches it: the batch result item of the
 * contract (`statusCode` 200 with the enrichment, or 400 with `errors`). A bad
 * body is data, never an exception. `batchItem` requires a `transactionId`.
 */
export function enrichResultItem(
  engine: Engine,
  kind: EnrichableKind,
  raw: unknown,
  options: ResultItemOptions = {},
): ResultItem {
  return beginResultItem(engine, kind, raw, options).finish();
}

export interface ResultItemOptions {
  batchItem?: boolean;
  context?: EnrichmentContext;
  explain?: boolean;
}

/** `enrichResultItem` in two steps, as `Engine.begin`. */
export function beginResultItem(
  engine: Engine,
  kind: EnrichableKind,
  raw: unknown,
  options: ResultItemOptions = {},
): PendingResultItem {
  const schema = options.batchItem ? batchItemSchemas[kind] : transactionSchemas[kind];
  const body = validate(schema, raw);
  if (!body.ok) {
    const transactionId = rawField(raw, 'transactionId');
    const attributes = echoedCustomAttributes(raw);
    const item: ResultItem = {
      statusCode: 400,
      errors: body.errors,
      transactionInfo: { transactionId: typeof transactionId === 'string' ? transactionId : null },
      ...(attributes ? { customAttributes: attributes } : {}),
    };
    return { series: null, finish: () => item };
  }
  const pending = engine.begin(kind, body.value as TransactionByKind[typeof kind], options.context, {
    explain: options.explain ?? false,
  });
  return { series: pending.series, finish: () => ({ statusCode: 200, ...pending.finish() }) };
}

/** Enriches a body already validated by the schema of `kind`. */
export function enrichByKind(
  engine: Engine,
  kind: TransactionKind,
  body: unknown,
  context: EnrichmentContext | undefined,
  options: EnrichOptions = {},
) {
  return engine.enrich(kind, body as TransactionByKind[typeof kind], context, options);
}
