/** The service's one error class. The HTTP adapter maps `code` to a status, in one table. */
export const serviceErrorCodes = [
  'INVALID_CONFIG',
  'INVALID_INPUT',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** What was asked for existed and was deleted for good (a batch's results past their retention). */
  'GONE',
  'RATE_LIMITED',
  'STORE_UNAVAILABLE',
] as const;
export type ServiceErrorCode = (typeof serviceErrorCodes)[number];

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: ServiceErrorCode;
  /**
   * The field errors of an `INVALID_INPUT` (the contract's 400 body, `{"field": ["message"]}`), or what a
   * `CONFLICT` adds to its `details` (the personalizations and categories using a category). Every
   * other code's body is built by the HTTP adapter's table from `message`; a body given here with
   * another code is not sent.
   */
  readonly body: Record<string, unknown> | undefined;

  constructor(
    code: ServiceErrorCode,
    message: string,
    options: { cause?: unknown; body?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.code = code;
    this.body = options.body;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && error.name === 'ServiceError' && 'code' in error;
}
