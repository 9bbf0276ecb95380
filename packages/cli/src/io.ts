import type { Readable } from 'node:stream';

/** Where a command reads and writes: the process streams, or a test's buffers. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** What `-` reads as an input file. */
  stdin: Readable;
  /** A terminal for progress bars; absent when standard error is not one. */
  progress?: NodeJS.WriteStream;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  // A getter: `process.stdin` opens standard input when first read, so only `-` opens it.
  get stdin() {
    return process.stdin;
  },
  ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
};
