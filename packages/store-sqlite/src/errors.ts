/** The one error class of `@txenrich/store-sqlite`. */

export type StoreErrorCode =
  /** The options given to `createSqliteStore` are not valid. */
  | 'INVALID_CONFIG'
  /** The database cannot be opened, read or written (I/O, disk full, locked past the busy timeout, closed store). */
  | 'STORE_UNAVAILABLE'
  /** The file was migrated by a newer version of txenrich than this one. */
  | 'STORE_INCOMPATIBLE'
  /** A write broke a uniqueness rule (an id stored twice); nothing of it was stored. */
  | 'STORE_CONFLICT'
  /** A batch id the store does not know. */
  | 'STORE_NOT_FOUND';

export interface StoreErrorOptions {
  cause?: unknown;
  details?: Record<string, unknown>;
}

/**
 * Thrown (as a rejection) for every store fault. Recognise it by
 * `name === 'StoreError'` (or `isStoreError`), not `instanceof`.
 */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: StoreErrorCode, message: string, options: StoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details ?? {};
  }
}

export function isStoreError(error: unknown): error is StoreError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'StoreError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** The `StoreError` for whatever `operation` threw: SQLite constraint failures are conflicts. */
export function toStoreError(operation: string, error: unknown): StoreError {
  if (isStoreError(error)) return error;
  const sqliteCode = (error as { code?: unknown } | null)?.code;
  const code =
    typeof sqliteCode === 'string' && sqliteCode.startsWith('SQLITE_CONSTRAINT')
      ? 'STORE_CONFLICT'
      : 'STORE_UNAVAILABLE';
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreError(code, `${operation} failed: ${reason}`, {
    cause: error,
    details: typeof sqliteCode === 'string' ? { operation, sqliteCode } : { operation },
  });
}
