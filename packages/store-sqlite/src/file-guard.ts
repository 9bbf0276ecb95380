/**
 * Whether the database file at a path is still the one the store opened.
 * A file deleted (or replaced: a restore, a rename) under a running process
 * leaves SQLite writing to the unlinked file it holds open: in WAL mode every
 * write succeeds and is gone at the next start. So the identity (device and
 * inode) of the database file and of its WAL, taken once the store opened
 * them, is compared with what their paths hold now, before every write and
 * on every readiness check. A lost file stays lost for this store: the data
 * it holds open is no longer where the next start will look.
 */
import { type Stats, statSync } from 'node:fs';
import { StoreError } from '@txenrich/service';

export interface FileGuard {
  /** Throws `STORE_UNAVAILABLE` unless the files at the paths are the ones opened. */
  check(operation: string): void;
}

interface Watched {
  path: string;
  identity: string;
}

const identityOf = (stats: Stats) => `${stats.dev}:${stats.ino}`;

/** A guard of the database file at `path` and of its WAL, as they are now (the store just opened them). */
export function createFileGuard(path: string): FileGuard {
  const watched: Watched[] = [];
  for (const each of [path, `${path}-wal`]) {
    const stats = statSync(each, { throwIfNoEntry: false });
    // The WAL exists while a connection has the database open in WAL mode; without it, the file alone.
    if (stats) watched.push({ path: each, identity: identityOf(stats) });
  }
  let lost: string | null = null;

  function lostFile(): string | null {
    for (const { path: each, identity } of watched) {
      let stats: Stats | undefined;
      try {
        stats = statSync(each, { throwIfNoEntry: false });
      } catch (error) {
        throw new StoreError('STORE_UNAVAILABLE', `cannot check ${each}: ${(error as Error).message}`, {
          cause: error,
          details: { path: each },
        });
      }
      if (!stats) return `${each} was deleted`;
      if (identityOf(stats) !== identity) return `${each} was replaced by another file`;
    }
    return null;
  }

  return {
    check(operation) {
      lost ??= lostFile();
      if (lost === null) return;
      throw new StoreError(
        'STORE_UNAVAILABLE',
        `${operation}: ${lost} while the store had it open; nothing more is written, as it would be lost at the next start. Restart the service to open the file at the path again.`,
        { details: { operation, path } },
      );
    },
  };
}
