/**
 * The database file holds every tenant's transactions, so it is created
 * readable and writable by its owner only (0600). SQLite gives its WAL and
 * shared-memory files the mode of the database file. A file that already
 * exists keeps its mode: an operator may have chosen it.
 */
import { closeSync, openSync } from 'node:fs';
import { StoreError } from '@txenrich/service';

export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the file at `path` with mode 0600, unless something is there already: SQLite then opens it, or
 * says why it cannot.
 */
export function createPrivateFile(path: string): void {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    throw new StoreError('STORE_UNAVAILABLE', `createSqliteStore: cannot create ${path}: ${code ?? error}`, {
      cause: error,
      details: { operation: 'createSqliteStore', ...(code ? { fsCode: code } : {}) },
    });
  }
}
