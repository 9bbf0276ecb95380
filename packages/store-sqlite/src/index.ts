/**
 * @txenrich/store-sqlite: the embedded default `Store` of `@txenrich/service`
 * on one SQLite file (better-sqlite3), in WAL mode, migrated at start.
 *
 *   await using store = createSqliteStore({ path: '.txenrich/txenrich.db' });
 */
// The port's errors, which this adapter throws, re-exported for convenience (their home is the service).
export {
  isStoreError,
  StoreError,
  type StoreErrorCode,
  type StoreErrorOptions,
} from '@txenrich/service';
export {
  createSqliteStore,
  type SqliteStoreDatabaseOptions,
  type SqliteStoreFileOptions,
  type SqliteStoreOptions,
} from './sqlite-store.js';
