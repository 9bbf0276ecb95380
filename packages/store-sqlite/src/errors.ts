/**
 * SQLite's faults in the `Store` port's terms: every driver error leaves the
 * adapter as a `StoreError` of `@txenrich/service` (the port owns the codes),
 * with the driver's error as its `cause` and its code in `details`.
 */
import { isStoreError, StoreError, type StoreErrorCode } from '@txenrich/service';

/**
 * SQLite's primary result codes (an extended code such as `SQLITE_IOERR_WRITE` or `SQLITE_BUSY_SNAPSHOT`
 * counts as its primary one) and the port's code each becomes. Any other code is `STORE_FAILED`.
 */
const codeOfSqlite: Readonly<Record<string, StoreErrorCode>> = {
  // Locked by another connection past `busy_timeout`, or a table locked within this one.
  SQLITE_BUSY: 'STORE_BUSY',
  SQLITE_LOCKED: 'STORE_BUSY',
  // The disk is full, or the database reached `max_page_count`.
  SQLITE_FULL: 'STORE_FULL',
  // The file cannot be opened, read or written.
  SQLITE_IOERR: 'STORE_UNAVAILABLE',
  SQLITE_CANTOPEN: 'STORE_UNAVAILABLE',
  SQLITE_READONLY: 'STORE_UNAVAILABLE',
  SQLITE_PERM: 'STORE_UNAVAILABLE',
  SQLITE_NOMEM: 'STORE_UNAVAILABLE',
  SQLITE_PROTOCOL: 'STORE_UNAVAILABLE',
  SQLITE_NOLFS: 'STORE_UNAVAILABLE',
  SQLITE_AUTH: 'STORE_UNAVAILABLE',
  // The file is damaged or no database: an operator's matter, the service cannot go on with it.
  SQLITE_CORRUPT: 'STORE_UNAVAILABLE',
  SQLITE_NOTADB: 'STORE_UNAVAILABLE',
  SQLITE_CONSTRAINT: 'STORE_CONFLICT',
};

const primaryCode = (code: string): string => /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code;

/** better-sqlite3's answer to any use of a closed connection (a `TypeError`, without a code). */
const CLOSED_CONNECTION = 'The database connection is not open';

/** The `StoreError` for whatever `operation` threw. */
export function toStoreError(operation: string, error: unknown): StoreError {
  if (isStoreError(error)) return error;
  const sqliteCode = (error as { code?: unknown } | null)?.code;
  const reason = error instanceof Error ? error.message : String(error);
  const code: StoreErrorCode =
    typeof sqliteCode === 'string'
      ? (codeOfSqlite[primaryCode(sqliteCode)] ?? 'STORE_FAILED')
      : reason === CLOSED_CONNECTION
        ? 'STORE_UNAVAILABLE'
        : 'STORE_FAILED';
  return new StoreError(code, `${operation} failed: ${reason}`, {
    cause: error,
    details: typeof sqliteCode === 'string' ? { operation, sqliteCode } : { operation },
  });
}
