import type { CliIo } from '../src/index.js';

/** A `CliIo` that keeps what a command writes, for assertions. */
export function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (text) => out.push(text), stderr: (text) => err.push(text) };
}
