/**
 * Postgres's faults in the `Store` port's terms: every driver error leaves the
 * adapter as a `StoreError` of `@txenrich/service` (the port owns the codes),
 * with the driver's error as its `cause` and its SQLSTATE or system code in
 * `details`. A server that cannot be reached, is restarting or refuses
 * connections is `STORE_UNAVAILABLE`: the HTTP adapter answers 503.
 */
import { isStoreError, StoreError, type StoreErrorCode } from '@txenrich/service';

/** SQLSTATE codes (exact) and the port's code each becomes. */
const codeOfState: Readonly<Record<string, StoreErrorCode>> = {
  // A lock, a deadlock or a serialization failure: the same call may succeed shortly.
  '40001': 'STORE_BUSY',
  '40P01': 'STORE_BUSY',
  '55P03': 'STORE_BUSY',
  '57014': 'STORE_BUSY', // a statement or lock timeout
  // No room left on the server's disk.
  '53100': 'STORE_FULL',
  // The server is out of memory or connections, shutting down, starting, or read-only (a standby).
  '53200': 'STORE_UNAVAILABLE',
  '53300': 'STORE_UNAVAILABLE',
  '57P01': 'STORE_UNAVAILABLE',
  '57P02': 'STORE_UNAVAILABLE',
  '57P03': 'STORE_UNAVAILABLE',
  '25006': 'STORE_UNAVAILABLE',
  '3D000': 'STORE_UNAVAILABLE', // the database does not exist
};

/** SQLSTATE classes (the first two characters) and the port's code each becomes. */
const codeOfClass: Readonly<Record<string, StoreErrorCode>> = {
  '08': 'STORE_UNAVAILABLE', // connection exceptions
  '28': 'STORE_UNAVAILABLE', // authentication refused
  '23': 'STORE_CONFLICT', // integrity constraints: an id stored twice
};

/** Node's codes of a connection that could not be made or was lost. */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT', // a Unix socket that is not there
]);

/** node-postgres's own messages for a connection lost, not made in time, or a pool already ended. */
const connectionLost =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

function codeOf(error: unknown): StoreErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code))
      return codeOfState[code] ?? codeOfClass[code.slice(0, 2)] ?? 'STORE_FAILED';
    if (unreachable.has(code)) return 'STORE_UNAVAILABLE';
  }
  return error instanceof Error && connectionLost.test(error.message) ? 'STORE_UNAVAILABLE' : 'STORE_FAILED';
}

/** The `StoreError` for whatever `operation` threw. */
export function toStoreError(operation: string, error: unknown): StoreError {
  if (isStoreError(error)) return error;
  const driverCode = (error as { code?: unknown } | null)?.code;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreError(codeOf(error), `${operation} failed: ${reason}`, {
    cause: error,
    details: typeof driverCode === 'string' ? { operation, postgresCode: driverCode } : { operation },
  });
}
