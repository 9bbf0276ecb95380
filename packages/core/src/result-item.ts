import {
  batchItemSchemas,
  type ResultItem,
  type TransactionKind,
  transactionSchemas,
  validate,
} from '@txenrich/schema';
import type { EnrichmentContext } from './context.js';
import type { Engine } from './engine.js';

/** Kinds the engine enriches so far. */
export type EnrichableKind = Extract<TransactionKind, 'card' | 'de43'>;

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
  options: { batchItem?: boolean; context?: EnrichmentContext } = {},
): ResultItem {
  const schema = options.batchItem ? batchItemSchemas[kind] : transactionSchemas[kind];
  const body = validate(schema, raw);
  if (!body.ok) {
    const transactionId = rawField(raw, 'transactionId');
    const attributes = rawField(raw, 'customAttributes');
    return {
      statusCode: 400,
      errors: body.errors,
      transactionInfo: { transactionId: typeof transactionId === 'string' ? transactionId : null },
      ...(typeof attributes === 'object' && attributes !== null && !Array.isArray(attributes)
        ? { customAttributes: attributes as Record<string, unknown> }
        : {}),
    };
  }
  const enrichment =
    kind === 'de43'
      ? engine.enrichCardDe43(body.value as Parameters<Engine['enrichCardDe43']>[0], options.context)
      : engine.enrichCard(body.value as Parameters<Engine['enrichCard']>[0], options.context);
  return { statusCode: 200, ...enrichment };
}
