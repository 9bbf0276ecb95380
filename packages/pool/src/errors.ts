/** The pool's one error class; recognise it by `name` (it may cross threads). */
export const poolErrorCodes = ['WORKER_CRASHED', 'CLOSED', 'ABORTED', 'INVALID_OPTIONS'] as const;
export type PoolErrorCode = (typeof poolErrorCodes)[number];

export class PoolError extends Error {
  override readonly name = 'PoolError';
  readonly code: PoolErrorCode;

  constructor(code: PoolErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isPoolError(error: unknown): error is PoolError {
  return error instanceof Error && error.name === 'PoolError' && 'code' in error;
}
