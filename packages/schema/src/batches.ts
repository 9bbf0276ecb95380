import * as z from 'zod';
import { resultItemSchema } from './enrichment.js';
import { type CustomAttributes, customAttributes, httpUrl, uuid } from './fields.js';
import { oversizedItemErrors } from './item-size.js';
import { messages } from './messages.js';
import { batchItemSchemas, type TransactionByKind, type TransactionKind } from './transactions.js';
import { type FieldErrors, type Validation, validate } from './validate.js';

export const batchLimits = { maxItems: 50_000, defaultSynchronousMax: 100 } as const;

export const batchStatuses = ['pending', 'running', 'completed', 'failed'] as const;
export type BatchStatus = (typeof batchStatuses)[number];

/**
 * The envelope of every batch endpoint. Items stay unknown here: each is
 * validated on its own, so one bad item never fails the batch.
 */
export const batchEnvelopeSchema = z.object({
  transactions: z.array(z.unknown()).min(1).max(batchLimits.maxItems),
  callbackUrl: httpUrl.optional(),
});

/** The request body of a batch of one kind, for documentation (items fully typed). */
export const batchRequestSchema = <K extends TransactionKind>(kind: K) =>
  z.object({
    transactions: z.array(batchItemSchemas[kind]).min(1).max(batchLimits.maxItems),
    callbackUrl: httpUrl.optional(),
  });

/** One item of a parsed batch: its validated body, or its per-item errors. */
export type BatchItem<K extends TransactionKind> =
  | { ok: true; value: TransactionByKind[K] }
  | {
      ok: false;
      errors: FieldErrors;
      transactionId: string | null;
      customAttributes?: CustomAttributes;
    };

export interface ParsedBatch<K extends TransactionKind> {
  items: BatchItem<K>[];
  callbackUrl?: string;
}

/** The `transactionId` of a raw item, when it has a string one. */
function rawTransactionId(item: unknown): string | null {
  const id =
    typeof item === 'object' && item !== null
      ? (item as { transactionId?: unknown }).transactionId
      : undefined;
  return typeof id === 'string' ? id : null;
}

/**
 * The `customAttributes` an invalid item echoes: the caller's own when they pass their limits, else none
 * (the errors name them). Never the raw value, which may be of any size.
 */
export function echoedCustomAttributes(item: unknown): CustomAttributes | undefined {
  const value =
    typeof item === 'object' && item !== null
      ? (item as { customAttributes?: unknown }).customAttributes
      : undefined;
  if (value === undefined) return undefined;
  const attributes = customAttributes.safeParse(value);
  return attributes.success ? attributes.data : undefined;
}

/** The index of the first item whose `transactionId` was already used by an earlier item. */
export function findDuplicateTransactionId(items: readonly unknown[]): number | undefined {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const id = rawTransactionId(item);
    if (id === null) continue;
    if (seen.has(id)) return index;
    seen.add(id);
  }
  return undefined;
}

/** A batch request whose batch-level rules hold; its items are still unknown. */
export interface BatchEnvelope {
  transactions: unknown[];
  callbackUrl?: string | undefined;
}

/**
 * Checks the batch-level rules of a request: an object with a `transactions` list of 1 to 50,000
 * items, none over the size bound (`item-size.ts`), no `transactionId` used twice. Items are not
 * validated here: an invalid item only fails itself, later.
 */
export function validateBatchEnvelope(kind: TransactionKind, body: unknown): Validation<BatchEnvelope> {
  const envelope = validate(batchEnvelopeSchema, body);
  if (!envelope.ok) return envelope;
  const { transactions } = envelope.value;
  const oversized = oversizedItemErrors(kind, transactions);
  if (oversized) return { ok: false, errors: oversized };
  const duplicate = findDuplicateTransactionId(transactions);
  if (duplicate !== undefined) {
    return { ok: false, errors: { transactions: [messages.duplicateTransactionId(duplicate)] } };
  }
  return envelope;
}

/**
 * Validates a batch request. Batch-level faults (`validateBatchEnvelope`) fail the request; an invalid
 * item only fails itself.
 */
export function parseBatchRequest<K extends TransactionKind>(
  kind: K,
  body: unknown,
): Validation<ParsedBatch<K>> {
  const envelope = validateBatchEnvelope(kind, body);
  if (!envelope.ok) return envelope;
  const { transactions, callbackUrl } = envelope.value;
  const schema = batchItemSchemas[kind];
  const items = transactions.map((raw): BatchItem<K> => {
    const item = validate(schema, raw);
    if (item.ok) return { ok: true, value: item.value as TransactionByKind[K] };
    const attributes = echoedCustomAttributes(raw);
    return {
      ok: false,
      errors: item.errors,
      transactionId: rawTransactionId(raw),
      ...(attributes ? { customAttributes: attributes } : {}),
    };
  });
  return { ok: true, value: callbackUrl === undefined ? { items } : { items, callbackUrl } };
}

/** `{batchId, status, batchSize, submittedAt}`: the answer to a submission and to `GET /batches/{id}`. */
export const batchSchema = z.object({
  batchId: uuid,
  status: z.enum(batchStatuses),
  batchSize: z.number().int().min(1).max(batchLimits.maxItems),
  submittedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z$/),
});

/**
 * Pages of a batch's results (`GET /batches/{id}/results?limit=&cursor=`): `limit` items per page, from
 * the item `cursor` names (the first without one), in input order.
 */
export const resultsPageLimits = { default: 1_000, max: 5_000 } as const;

/**
 * `GET /batches/{id}/results` once completed. `next` is there when a page was asked for: the cursor of
 * the page after it, or null after the last one.
 */
export const batchResultsSchema = z.object({
  batchId: uuid,
  results: z.array(resultItemSchema),
  next: z.string().nullable().optional(),
});

/** `GET /batches/{id}/results` before completion (202), or after failure (200, no results). */
export const batchResultsPendingSchema = z.object({ batchId: uuid, status: z.enum(batchStatuses) });

/** The answer to `?synchronous=true`: the results inline. */
export const microbatchResultsSchema = z.object({ results: z.array(resultItemSchema) });

/** The answer to `OPTIONS` on a batch endpoint. */
export const batchOptionsSchema = z.object({
  name: z.string(),
  description: z.string(),
  renders: z.array(z.string()),
  parses: z.array(z.string()),
  synchronousMax: z.number().int().positive(),
});

/** The batch status callback POSTed to `callbackUrl` when a batch ends. */
export const batchCallbackSchema = z.object({ batchId: uuid, status: z.enum(['completed', 'failed']) });

export type Batch = z.infer<typeof batchSchema>;
export type BatchResults = z.infer<typeof batchResultsSchema>;
export type BatchOptions = z.infer<typeof batchOptionsSchema>;
export type BatchCallback = z.infer<typeof batchCallbackSchema>;
