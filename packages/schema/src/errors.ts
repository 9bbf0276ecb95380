import * as z from 'zod';
import { NON_FIELD_ERRORS } from './validate.js';

/** 400: field path to messages; errors of no field under `non_field_errors`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** 400 for a body that is not JSON or has the wrong content type. */
export const nonFieldErrorsSchema = z.object({ [NON_FIELD_ERRORS]: z.array(z.string()) });

/**
 * Every other error status (403, 404, 409, 410, 413, 414, 429, 500, 503): one human-readable sentence. One
 * shape for all of them, on every endpoint (CONTRACT.md section 8); a 503 adds its stable `code`.
 */
export const detailsErrorSchema = z.object({ details: z.string() });

/** The fixed sentences of CONTRACT.md sections 3, 5, 6 and 8. */
export const errorDetails = {
  forbidden: 'Incorrect authentication credentials.',
  batchNotFound: 'Batch job not found.',
  noTriggers: 'No action triggers exist for this scope',
  registrationInProgress: 'An action trigger registration is already in progress for this scope.',
  internal: 'Internal server error.',
} as const;

/** The 410 of a batch's results once retention deleted them (the batch itself stays readable). */
export const batchResultsExpired = (days: number, completedAt: number, deletedAt: number): string =>
  `The results of this batch were deleted on ${new Date(deletedAt).toISOString()}: results are kept for ${days} days after a batch completes, and this batch completed on ${new Date(completedAt).toISOString()}.`;
