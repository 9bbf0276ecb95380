import * as z from 'zod';
import { NON_FIELD_ERRORS } from './validate.js';

/** 400: field path to messages; errors of no field under `non_field_errors`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** 400 for a body that is not JSON or has the wrong content type. */
export const nonFieldErrorsSchema = z.object({ [NON_FIELD_ERRORS]: z.array(z.string()) });

/** 403, 404, 413, 429, 500: one human-readable sentence. */
export const detailsErrorSchema = z.object({ details: z.string() });

/** 404 and 409 of the trigger endpoints, which say `detail` (as the service they mirror does). */
export const detailErrorSchema = z.object({ detail: z.string() });

/** The fixed sentences of CONTRACT.md sections 3, 5, 6 and 8. */
export const errorDetails = {
  forbidden: 'Incorrect authentication credentials.',
  batchNotFound: 'Batch job not found.',
  noTriggers: 'No action triggers exist for this scope',
  registrationInProgress: 'An action trigger registration is already in progress for this scope.',
  internal: 'Internal server error.',
} as const;
