/**
 * Every error answer of the API, in one place: the service's and the store
 * port's error codes, and Fastify's own request errors, mapped to the
 * contract's statuses and bodies.
 */
import { errorDetails, NON_FIELD_ERRORS } from '@txenrich/schema';
import { isServiceError, isStoreError, type ServiceErrorCode, type StoreErrorCode } from '@txenrich/service';
import type { FastifyError } from 'fastify';

interface CodeAnswer {
  status: number;
  /** Sent as `Retry-After` (seconds): the fault is expected to pass by itself. */
  retryAfter?: number;
}

/**
 * The one table of codes and statuses. A store that cannot be used now is a 503 with `Retry-After` (the
 * request may succeed later unchanged); a store fault that retrying will not cure is a 500.
 */
export const answerOfCode: Readonly<Record<ServiceErrorCode | StoreErrorCode, CodeAnswer>> = {
  INVALID_INPUT: { status: 400 },
  FORBIDDEN: { status: 403 },
  NOT_FOUND: { status: 404 },
  CONFLICT: { status: 409 },
  RATE_LIMITED: { status: 429 },
  INVALID_CONFIG: { status: 500 },
  STORE_UNAVAILABLE: { status: 503, retryAfter: 5 },
  STORE_BUSY: { status: 503, retryAfter: 1 },
  STORE_FULL: { status: 503, retryAfter: 30 },
  STORE_INCOMPATIBLE: { status: 500 },
  STORE_CONFLICT: { status: 500 },
  STORE_NOT_FOUND: { status: 500 },
  STORE_FAILED: { status: 500 },
};

/** The body of a 503: the contract's `details`, plus the stable code. */
export const unavailableDetails = (seconds: number) =>
  `The service is temporarily unavailable. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export interface ErrorAnswer {
  status: number;
  body: unknown;
  /** False for a 5xx: logged as an error with its cause. */
  expected: boolean;
  headers?: Record<string, string>;
}

function answerOf(code: ServiceErrorCode | StoreErrorCode, body: Record<string, unknown> | undefined) {
  const { status, retryAfter } = answerOfCode[code];
  if (retryAfter !== undefined) {
    return {
      status,
      body: body ?? { details: unavailableDetails(retryAfter), code },
      expected: false,
      headers: { 'retry-after': String(retryAfter) },
    };
  }
  return { status, body: body ?? { details: errorDetails.internal }, expected: status < 500 };
}

export const TOO_LARGE = 'Request body is too large.';
export const NOT_FOUND = 'Not found.';

/** The status, body and headers for an error thrown while handling a request. */
export function errorResponse(error: unknown): ErrorAnswer {
  if (isServiceError(error)) {
    const { status } = answerOfCode[error.code];
    return answerOf(error.code, error.body ?? (status < 500 ? { details: error.message } : undefined));
  }
  if (isStoreError(error)) return answerOf(error.code, undefined);
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { details: TOO_LARGE }, expected: true };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 400,
        body: { [NON_FIELD_ERRORS]: ['Unsupported media type: send the body as application/json.'] },
        expected: true,
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        body: { [NON_FIELD_ERRORS]: ['JSON parse error - the body is empty.'] },
        expected: true,
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        body: { [NON_FIELD_ERRORS]: [`JSON parse error - ${fastifyError.message ?? 'invalid body'}`] },
        expected: true,
      };
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return {
      status: 400,
      body: { [NON_FIELD_ERRORS]: [`JSON parse error - ${(error as Error).message}`] },
      expected: true,
    };
  }
  if (fastifyError.statusCode === 413) return { status: 413, body: { details: TOO_LARGE }, expected: true };
  return { status: 500, body: { details: errorDetails.internal }, expected: false };
}

export const forbiddenBody = { details: errorDetails.forbidden };
