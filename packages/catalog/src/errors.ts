/** The one error class of `@txenrich/catalog`. */

export type CatalogErrorCode =
  /** A source package or curated list is missing, unreadable or malformed. */
  | 'INVALID_SOURCE'
  /** The built artifact does not exist: run `pnpm build`. */
  | 'ARTIFACT_MISSING'
  /** The artifact exists but cannot be read, or was written by another format version. */
  | 'ARTIFACT_INVALID'
  /** The build could not write its output. */
  | 'WRITE_FAILED';

export interface CatalogErrorOptions {
  cause?: unknown;
  details?: Record<string, unknown>;
}

/**
 * Thrown for whole-catalog faults. Recognise it by `name === 'CatalogError'`
 * (or `isCatalogError`), not `instanceof`: errors lose their class across a
 * worker boundary.
 */
export class CatalogError extends Error {
  override readonly name = 'CatalogError';
  readonly code: CatalogErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: CatalogErrorCode, message: string, options: CatalogErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details ?? {};
  }
}

export function isCatalogError(error: unknown): error is CatalogError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'CatalogError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
