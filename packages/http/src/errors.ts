/**
 * Every error answer of the API, in one place: the service's and the store
 * port's error codes, this adapter's own, and the framework's (Fastify's and
 * Node's HTTP parser's), mapped to a status in one table, with one body shape
 * per status family (CONTRACT.md section 8):
 *
 * - 400: `{"<field>": ["message"]}`, or `{"non_field_errors": ["message"]}` when no field is at fault;
 * - 503: `{"details": "...", "code": "<code>"}`, with `Retry-After`;
 * - any other 5xx: `{"details": "Internal server error."}`, whatever the cause;
 * - any other status: `{"details": "<one sentence>"}`.
 *
 * Nothing else writes an error answer: the routes and hooks throw, and
 * `server.ts` sends what `errorResponse` (or, for a request Node could not
 * parse, `clientErrorResponse`) says.
 */
import { STATUS_CODES } from 'node:http';
import {
  errorDetails,
  type FieldErrors,
  messages,
  NON_FIELD_ERRORS,
  type Validation,
} from '@txenrich/schema';
import {
  isServiceError,
  isStoreError,
  ServiceError,
  type ServiceErrorCode,
  type StoreErrorCode,
} from '@txenrich/service';

/** This adapter's own faults, and its refusals of requests Node would answer outside the table. */
export type HttpErrorCode = 'SHUTTING_DOWN' | 'HOST_REQUIRED' | 'WORKER_PROCESS';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const isHttpError = (error: unknown): error is HttpError =>
  error instanceof Error && error.name === 'HttpError';

/** The codes of the framework answered here; any other framework error is answered by its status. */
type FrameworkErrorCode =
  | 'FST_ERR_CTP_BODY_TOO_LARGE'
  | 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
  | 'FST_ERR_CTP_EMPTY_JSON_BODY'
  | 'FST_ERR_CTP_INVALID_JSON_BODY'
  | 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
  | 'FST_ERR_BAD_URL'
  | 'FST_ERR_MAX_PARAM_LENGTH'
  | 'HPE_HEADER_OVERFLOW'
  | 'ERR_HTTP_REQUEST_TIMEOUT';

type Code = ServiceErrorCode | StoreErrorCode | HttpErrorCode | FrameworkErrorCode;

interface CodeAnswer {
  status: number;
  /** Sent as `Retry-After` (seconds): the fault is expected to pass by itself. */
  retryAfter?: number;
  /**
   * The sentence answered, for the framework's codes: their own messages name internals and echo the
   * request (a path, a header), so they are never sent.
   */
  message?: string;
}

export const TOO_LARGE = 'Request body is too large.';
export const NOT_FOUND = 'Not found.';

/**
 * The one table of codes and statuses. A store that cannot be used now is a 503 with `Retry-After` (the
 * request may succeed later unchanged); a store fault that retrying will not cure is a 500.
 */
export const answerOfCode: Readonly<Record<Code, CodeAnswer>> = {
  INVALID_INPUT: { status: 400 },
  FORBIDDEN: { status: 403 },
  NOT_FOUND: { status: 404 },
  CONFLICT: { status: 409 },
  GONE: { status: 410 },
  RATE_LIMITED: { status: 429 },
  INVALID_CONFIG: { status: 500 },
  STORE_UNAVAILABLE: { status: 503, retryAfter: 5 },
  STORE_BUSY: { status: 503, retryAfter: 1 },
  STORE_FULL: { status: 503, retryAfter: 30 },
  STORE_INCOMPATIBLE: { status: 500 },
  STORE_CONFLICT: { status: 500 },
  STORE_NOT_FOUND: { status: 500 },
  STORE_FAILED: { status: 500 },
  SHUTTING_DOWN: { status: 503, retryAfter: 5 },
  HOST_REQUIRED: { status: 400 },
  // The API is served by the fleet's API processes: this one exists, but is the wrong one to ask.
  WORKER_PROCESS: { status: 421 },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: TOO_LARGE },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    message: 'Unsupported media type: send the body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'JSON parse error - the body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The body is not as long as its Content-Length says.',
  },
  // A path that cannot be decoded names no resource, like a path that names none.
  FST_ERR_BAD_URL: { status: 404, message: NOT_FOUND },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The request URI is too long.' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};

/** The body of a 503: the contract's `details`, plus the stable code. */
export const unavailableDetails = (seconds: number) =>
  `The service is temporarily unavailable. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  /** False for a 5xx: logged as an error with its cause. */
  expected: boolean;
  headers?: Record<string, string>;
}

interface AnswerOptions {
  /** A 400's field errors. */
  fields?: FieldErrors | undefined;
  /** A 503's stable code, and the seconds it advises to wait. */
  code?: Code;
  retryAfter?: number | undefined;
}

/** The contract's answer of a status: the one place that decides the body shapes. */
function answerOf(status: number, message: string, options: AnswerOptions = {}): ErrorAnswer {
  const { fields, code, retryAfter } = options;
  if (status === 400) return { status, body: fields ?? { [NON_FIELD_ERRORS]: [message] }, expected: true };
  if (status < 500) return { status, body: { details: message }, expected: true };
  if (status === 503 && retryAfter !== undefined) {
    return {
      status,
      body: { details: unavailableDetails(retryAfter), code },
      expected: false,
      headers: { 'retry-after': String(retryAfter) },
    };
  }
  return { status, body: { details: errorDetails.internal }, expected: false };
}

/** The answer of an error that carries a code of the table. */
function codedAnswer(code: Code, message: string, fields?: FieldErrors): ErrorAnswer {
  const { status, retryAfter, message: fixed } = answerOfCode[code];
  return answerOf(status, fixed ?? message, { fields, code, retryAfter });
}

const isFrameworkCode = (code: unknown): code is FrameworkErrorCode =>
  typeof code === 'string' && /^(FST_|HPE_|ERR_HTTP_)/.test(code) && Object.hasOwn(answerOfCode, code);

/** An error of the framework this table does not name: its 4xx status with the status's own name. */
function answerOfStatus(status: unknown): ErrorAnswer {
  if (typeof status === 'number' && status >= 400 && status < 500 && STATUS_CODES[status])
    return answerOf(status, `${STATUS_CODES[status]}.`);
  return answerOf(500, errorDetails.internal);
}

/** The status, body and headers for an error thrown while handling a request. */
export function errorResponse(error: unknown): ErrorAnswer {
  if (isServiceError(error)) {
    // Only an INVALID_INPUT carries a body of its own (its field errors), and a CONFLICT may add what is in
    // the way (a category's users) to its `details`; every other body is the table's.
    const fields = error.code === 'INVALID_INPUT' ? (error.body as FieldErrors | undefined) : undefined;
    const answer = codedAnswer(error.code, error.message, fields);
    if (error.code === 'CONFLICT' && error.body) answer.body = { ...answer.body, ...error.body };
    return answer;
  }
  if (isStoreError(error) || isHttpError(error)) return codedAnswer(error.code, error.message);
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (isFrameworkCode(code)) return codedAnswer(code, '');
  return answerOfStatus(statusCode);
}

/**
 * The answer to a request Node's HTTP parser refused (`clientError`: headers too large, a timeout,
 * anything that is not HTTP): it never reached Fastify, so it has no route, no hooks and no id.
 */
export function clientErrorResponse(error: { code?: unknown }): ErrorAnswer {
  return isFrameworkCode(error.code)
    ? codedAnswer(error.code, '')
    : answerOf(400, 'The request is not valid HTTP.');
}

/** The contract's 400 for field errors found at the edge, thrown to the table. */
export const invalidInput = (fields: FieldErrors) =>
  new ServiceError('INVALID_INPUT', 'Invalid input.', { body: fields });

/** The value of a validation, or its field errors thrown as the contract's 400. */
export function valid<T>(validation: Validation<T>): T {
  if (!validation.ok) throw invalidInput(validation.errors);
  return validation.value;
}

export const forbidden = () => new ServiceError('FORBIDDEN', errorDetails.forbidden);
