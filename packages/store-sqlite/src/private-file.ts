/**
 * The database file holds every tenant's transactions, so it is created
 * readable and writable by its owner only (0600). SQLite gives its WAL and
 * shared-memory files the mode of the database file. A file that already
 * exists keeps its mode: an operator may have chosen it.
 */
import { closeSync, openSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;

/** Creates the file at `path` with mode 0600 when it does not exist; leaves an existing one as it is. */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}
