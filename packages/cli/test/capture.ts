import { Readable } from 'node:stream';
import type { CliIo } from '../src/index.js';

/** A `CliIo` that keeps what a command writes, for assertions; `stdin` is what `-` reads. */
export function capture(stdin = ''): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin: Readable.from([Buffer.from(stdin)]),
  };
}
