/**
 * What every method of the SQLite store is wrapped in: the port's wrapper
 * (`createStoreOperations`: it rejects once the store is closed, and every
 * failure leaves as a `StoreError`), and for a write, a check first that the
 * database file is still the one opened.
 */
import { createStoreOperations, type StoreOperation } from '@txenrich/service';
import type Database from 'better-sqlite3';
import { toStoreError } from './errors.js';
import type { FileGuard } from './file-guard.js';

/** What each concern of the store is built from. */
export interface StoreContext {
  db: Database.Database;
  /** A read: rejects once the store is closed, turns failures into `StoreError`s. */
  op: StoreOperation;
  /** A write: as `op`, and rejects once the database file is not the one opened. */
  write: StoreOperation;
}

export function createOperations(guard: FileGuard | null): {
  op: StoreOperation;
  write: StoreOperation;
  /** Marks the store closed; answers false when it already was. */
  markClosed(): boolean;
} {
  const { op, markClosed } = createStoreOperations(toStoreError);
  const write: StoreOperation = (name, run) =>
    op(name, (...args) => {
      guard?.check(name);
      return run(...args);
    });
  return { op, write, markClosed };
}
