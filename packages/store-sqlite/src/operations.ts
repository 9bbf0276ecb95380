/**
 * What every method of the SQLite store is wrapped in: it rejects once the
 * store is closed, a write also once the database file is no longer the one
 * opened, and every failure leaves as a `StoreError`.
 */
import { StoreError } from '@txenrich/service';
import type Database from 'better-sqlite3';
import { toStoreError } from './errors.js';
import type { FileGuard } from './file-guard.js';

/** Wraps a synchronous step into a store method. */
export type Operation = <A extends unknown[], R>(
  name: string,
  run: (...args: A) => R,
) => (...args: A) => Promise<R>;

/** What each concern of the store is built from. */
export interface StoreContext {
  db: Database.Database;
  /** A read: rejects once the store is closed, turns failures into `StoreError`s. */
  op: Operation;
  /** A write: as `op`, and rejects once the database file is not the one opened. */
  write: Operation;
}

export function createOperations(guard: FileGuard | null): {
  op: Operation;
  write: Operation;
  /** Marks the store closed; answers false when it already was. */
  markClosed(): boolean;
} {
  let closed = false;

  const op: Operation =
    (name, run) =>
    async (...args) => {
      if (closed) throw new StoreError('STORE_UNAVAILABLE', `${name}: the store is closed`);
      try {
        return run(...args);
      } catch (error) {
        throw toStoreError(name, error);
      }
    };

  const write: Operation = (name, run) =>
    op(name, (...args) => {
      guard?.check(name);
      return run(...args);
    });

  return {
    op,
    write,
    markClosed() {
      if (closed) return false;
      closed = true;
      return true;
    },
  };
}
