/** Multi-source fields are refused unless the key has the feature (CONTRACT.md section 6). */
import type { FieldErrors } from '@txenrich/schema';
import { type Principal, refusedItemErrors } from '@txenrich/service';
import { featureDisabledDetails } from './features.js';

export const MULTI_SOURCE_DISABLED = featureDisabledDetails('multiSource');

/** The fields of a request or item that only a key with the feature may send. */
export const multiSourceFields = ['billingProfile', 'organizationId'] as const;

/** Field errors for `billingProfile` / `organizationId` sent without the feature, or null. */
export function multiSourceErrors(principal: Principal, body: unknown): FieldErrors | null {
  if (principal.features.has('multiSource') || typeof body !== 'object' || body === null) return null;
  const errors: FieldErrors = {};
  for (const field of multiSourceFields)
    if ((body as Record<string, unknown>)[field] !== undefined) errors[field] = [MULTI_SOURCE_DISABLED];
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The same refusal for the items of a batch or microbatch, as one request
 * 400 (`transactions.3.billingProfile`) rather than a 400 item among the
 * results: the fault is the key's, not the item's, so a misconfigured client
 * learns it at submission instead of in 50,000 failed results, and the
 * workers need not know the key's features.
 */
export function multiSourceItemErrors(principal: Principal, items: readonly unknown[]): FieldErrors | null {
  if (principal.features.has('multiSource')) return null;
  return refusedItemErrors(items, { fields: multiSourceFields, message: MULTI_SOURCE_DISABLED });
}
