/**
 * Every error answer of the API, in one place: the service's error codes and
 * Fastify's own request errors mapped to the contract's statuses and bodies.
 */
import { errorDetails, NON_FIELD_ERRORS } from '@txenrich/schema';
import { isServiceError, type ServiceErrorCode } from '@txenrich/service';
import type { FastifyError } from 'fastify';

const statusOfCode: Readonly<Record<ServiceErrorCode, number>> = {
  INVALID_INPUT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INVALID_CONFIG: 500,
  STORE_UNAVAILABLE: 503,
};

export const TOO_LARGE = 'Request body is too large.';
export const NOT_FOUND = 'Not found.';

/** The status and body for an error thrown while handling a request; `expected` is false for a 5xx bug. */
export function errorResponse(error: unknown): { status: number; body: unknown; expected: boolean } {
  if (isServiceError(error)) {
    const status = statusOfCode[error.code];
    return {
      status,
      body: error.body ?? { details: status >= 500 ? errorDetails.internal : error.message },
      expected: status < 500,
    };
  }
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
