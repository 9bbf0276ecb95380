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
import type { Engine } from './engine.js';
import type { EnrichOptions } from './shape/explanation.js';

/** Kinds the engine enriches (all of them). */
export type EnrichableKind = TransactionKind;

function rawField(raw: unknown, field: string): unknown {
  return typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[field] : undefined;
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
  options: { batchItem?: boolean; context?: EnrichmentContext; explain?: boolean } = {},
): ResultItem {
  const schema = options.batchItem ? batchItemSchemas[kind] : transactionSchemas[kind];
  const body = validate(schema, raw);
  if (!body.ok) {
    const transactionId = rawField(raw, 'transactionId');
    const attributes = echoedCustomAttributes(raw);
    return {
      statusCode: 400,
      errors: body.errors,
      transactionInfo: { transactionId: typeof transactionId === 'string' ? transactionId : null },
      ...(attributes ? { customAttributes: attributes } : {}),
    };
  }
  const enrichment = enrichByKind(engine, kind, body.value, options.context, {
    explain: options.explain ?? false,
  });
  return { statusCode: 200, ...enrichment };
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
