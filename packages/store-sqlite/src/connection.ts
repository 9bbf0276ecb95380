/**
 * Opening the SQLite file: validated options, the connection configured (WAL,
 * synchronous, auto_vacuum, foreign keys, busy timeout) and migrated, and the
 * guard of its file; and the chunk writer thread's connection to the same file.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreError } from '@txenrich/service';
import Database from 'better-sqlite3';
import { toStoreError } from './errors.js';
import { createFileGuard, type FileGuard } from './file-guard.js';
import { migrate } from './migrations.js';
import { createPrivateFile } from './private-file.js';
import { deleteUnusedTriggerPages } from './trigger-lists.js';

interface CommonOptions {
  /** How long a write waits for another connection's lock before failing, in ms. Default 5000. */
  busyTimeoutMs?: number;
}

export interface SqliteStoreFileOptions extends CommonOptions {
  /** The database file, created with its directories when missing; `:memory:` for a throwaway store. */
  path: string;
}

export interface SqliteStoreDatabaseOptions extends CommonOptions {
  /** A ready connection. The store configures and migrates it, and leaves it open on `close()`. */
  database: Database.Database;
}

export type SqliteStoreOptions = SqliteStoreFileOptions | SqliteStoreDatabaseOptions;

/**
 * The configured, migrated connection; `owned` when the store opened it (and so closes it), the guard
 * of its file (none in memory), and the busy timeout it was given.
 */
export function openDatabase(options: SqliteStoreOptions): {
  db: Database.Database;
  owned: boolean;
  guard: FileGuard | null;
  busyTimeoutMs: number;
} {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new StoreError('INVALID_CONFIG', 'createSqliteStore: `busyTimeoutMs` must be an integer >= 0');
  }
  if (!('database' in options) && (typeof options.path !== 'string' || options.path === '')) {
    throw new StoreError('INVALID_CONFIG', 'createSqliteStore: `path` must be a non-empty string');
  }
  const owned = !('database' in options);
  let db: Database.Database | undefined;
  try {
    db = 'database' in options ? options.database : openFile(options.path);
    configure(db, busyTimeoutMs);
    migrate(db, Date.now());
    db.exec(deleteUnusedTriggerPages);
    const onDisk = !db.memory && db.name !== '';
    return { db, owned, guard: onDisk ? createFileGuard(db.name) : null, busyTimeoutMs };
  } catch (error) {
    if (owned) db?.close();
    throw toStoreError('createSqliteStore', error);
  }
}

function openFile(path: string): Database.Database {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    createPrivateFile(path);
  }
  return new Database(path);
}

function configure(db: Database.Database, busyTimeoutMs: number): void {
  // First, so that the statements below wait for another connection's lock too.
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // Before any table exists (it cannot change after, short of a VACUUM). Each commit gives back the
  // pages it freed: replacing a scope's 300,000 triggers frees about 30,000, and left in the file they
  // are where every later insert takes its pages from, searching and rewriting the free list on each
  // commit (single enrichments ran 10% slower on such a file: benchmarks/README.md). A file created
  // before this setting keeps `auto_vacuum = NONE`.
  db.pragma('auto_vacuum = FULL');
  db.pragma('journal_mode = WAL');
  configureEachConnection(db);
}

/**
 * A second connection to the store's file, for the chunk writer thread (`chunk-writer.ts`): the file is
 * configured (WAL, auto_vacuum) and migrated already, by the store's own connection.
 */
export function openWriterConnection(path: string, busyTimeoutMs: number): Database.Database {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    configureEachConnection(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** What each connection sets for itself (SQLite keeps these per connection, not in the file). */
function configureEachConnection(db: Database.Database): void {
  // In WAL mode, NORMAL appends each commit to the WAL without an fsync: a committed transaction
  // survives a crash of the process (kill -9: the bytes are already the OS's), which is what the
  // contract asks of batches and the outbox; a power loss may lose the last commits, never corrupt
  // the file. FULL would add an fsync to every single enrichment.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
}
