/** What a command tells the user when it stops, and the exit codes it stops with. */

/** Exit codes of `txenrich`: 1 when a command could not run, 2 when `enrich` ran but some rows failed. */
export const exitCodes = { failed: 1, rowsFailed: 2 } as const;

/**
 * A mistake of the user's or of their machine's (a missing file, a port in use, a bad configuration):
 * printed as one line without a stack, since there is no bug to report.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const reasons: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EEXIST: 'a part of the path is not a directory', // what creating a folder over a file answers
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

/** A system error in a few words: `no such file or directory` rather than the whole errno message. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && reasons[code]) return reasons[code];
  return error instanceof Error ? error.message : String(error);
}
