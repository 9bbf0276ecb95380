/** Multi-source fields are refused unless the key has the feature (CONTRACT.md section 6). */
import type { FieldErrors } from '@txenrich/schema';
import type { Principal } from '@txenrich/service';
import { featureDisabledDetails } from './features.js';

export const MULTI_SOURCE_DISABLED = featureDisabledDetails('multiSource');

/** Field errors for `billingProfile` / `organizationId` sent without the feature, or null. */
export function multiSourceErrors(principal: Principal, body: unknown): FieldErrors | null {
  if (principal.features.has('multiSource') || typeof body !== 'object' || body === null) return null;
  const errors: FieldErrors = {};
  for (const field of ['billingProfile', 'organizationId'])
    if ((body as Record<string, unknown>)[field] !== undefined) errors[field] = [MULTI_SOURCE_DISABLED];
  return Object.keys(errors).length > 0 ? errors : null;
}
