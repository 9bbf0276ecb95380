/**
 * The errors of the `Store` port. Every adapter rejects with a `StoreError`
 * carrying one of these codes, never with its driver's error (that is the
 * `cause`); the service passes them on, and the HTTP adapter maps each code
 * to a status in its one table (a store outage is a 503 with `Retry-After`).
 * Recognise one with `isStoreError` (by `name` and `code`), not `instanceof`:
 * errors lose their class crossing a worker or package boundary.
 */

export const storeErrorCodes = [
  /** The adapter's options are not valid. */
  'INVALID_CONFIG',
  /** The store cannot be reached, opened, read or written (I/O error, read-only, closed...): try again later. */
  'STORE_UNAVAILABLE',
  /** Another writer held the store past the adapter's busy timeout: try again shortly. */
  'STORE_BUSY',
  /** The store has no room left (disk full, size limit reached): nothing of the write was stored. */
  'STORE_FULL',
  /** The store's data was written by a newer version and is left as it is. */
  'STORE_INCOMPATIBLE',
  /** A write broke a uniqueness rule (an id stored twice); nothing of it was stored. */
  'STORE_CONFLICT',
  /** A record a method needs (a batch id) does not exist. */
  'STORE_NOT_FOUND',
  /** Anything else the store or its driver threw: a defect, not an outage. */
  'STORE_FAILED',
] as const;
export type StoreErrorCode = (typeof storeErrorCodes)[number];

export interface StoreErrorOptions {
  cause?: unknown;
  /** What an operator needs to place the fault: the operation, the driver's own code... */
  details?: Record<string, unknown>;
}

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

const knownCodes: ReadonlySet<string> = new Set(storeErrorCodes);

/** A `StoreError` of any copy of this package (recognised by `name` and a known `code`). */
export function isStoreError(error: unknown): error is StoreError {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'StoreError' && typeof code === 'string' && knownCodes.has(code);
}

/** The codes of a store that cannot be used now but may recover by itself: the same call may then succeed. */
const transientCodes: ReadonlySet<StoreErrorCode> = new Set([
  'STORE_UNAVAILABLE',
  'STORE_BUSY',
  'STORE_FULL',
]);

/** A `StoreError` worth retrying later unchanged (an outage, a lock, a full disk). */
export function isTransientStoreError(error: unknown): error is StoreError {
  return isStoreError(error) && transientCodes.has(error.code);
}

/** The `STORE_NOT_FOUND` of a method given a batch id no batch has. */
export function batchNotFound(id: string): never {
  throw new StoreError('STORE_NOT_FOUND', `no batch ${id}`, { details: { batchId: id } });
}
