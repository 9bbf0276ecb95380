/**
 * A batch submission read: its body by the edge's rules (when it comes as
 * bytes), the batch-level rules (`validateBatchEnvelope`), the item fields
 * the key may not send; then its items cut to one JSON text per line as the
 * store keeps them (the workers parse each, and store it as the request it
 * was), their counts per billing profile, and the body's hash for an
 * `Idempotency-Key`. Pure: inline for a short body, on the intake thread
 * (intake-thread.ts) for a long one, so that the main thread never walks
 * 50,000 items.
 */
import { createHash } from 'node:crypto';
import type { EnrichableKind } from '@txenrich/core';
import { type FieldErrors, parseJsonBytes, type Validation, validateBatchEnvelope } from '@txenrich/schema';
import { canonicalJson } from './canonical-json.js';
import { type BillingCount, countByBilling } from './usage.js';

export interface BatchBody {
  kind: EnrichableKind;
  /** The body: parsed at the edge (a short one), or its UTF-8 bytes, not read yet. */
  body: { parsed: unknown } | { bytes: Uint8Array };
  /** Item fields the key may not send, and what each is answered (`transactions.3.billingProfile`). */
  refusedFields?: { fields: readonly string[]; message: string } | undefined;
  /** Whether to hash the body, for an `Idempotency-Key`. */
  hashed?: boolean;
}

export interface ReadBatch {
  /** The items' JSON texts, one per line. */
  items: string;
  size: number;
  callbackUrl?: string | undefined;
  /** The items' counts per billing profile and organization, for usage. */
  billing: BillingCount[];
  /** SHA-256 of the body's canonical JSON (key order aside), when hashed. */
  requestHash: string | null;
}

/** The errors of items carrying a field the key may not send (`transactions.3.billingProfile`), or null. */
export function refusedItemErrors(
  items: readonly unknown[],
  refused: NonNullable<BatchBody['refusedFields']>,
): FieldErrors | null {
  const errors: FieldErrors = {};
  items.forEach((item, index) => {
    if (typeof item !== 'object' || item === null) return;
    for (const field of refused.fields)
      if ((item as Record<string, unknown>)[field] !== undefined)
        errors[`transactions.${index}.${field}`] = [refused.message];
  });
  return Object.keys(errors).length > 0 ? errors : null;
}

export function readBatchBody(input: BatchBody): Validation<ReadBatch> {
  const body =
    'parsed' in input.body
      ? { ok: true as const, value: input.body.parsed }
      : parseJsonBytes(input.body.bytes);
  if (!body.ok) return body;
  const envelope = validateBatchEnvelope(input.kind, body.value);
  if (!envelope.ok) return envelope;
  const { transactions, callbackUrl } = envelope.value;
  const refused = input.refusedFields && refusedItemErrors(transactions, input.refusedFields);
  if (refused) return { ok: false, errors: refused };
  return {
    ok: true,
    value: {
      items: transactions.map((item) => JSON.stringify(item)).join('\n'),
      size: transactions.length,
      callbackUrl,
      billing: countByBilling(transactions),
      requestHash: input.hashed ? createHash('sha256').update(canonicalJson(body.value)).digest('hex') : null,
    },
  };
}
