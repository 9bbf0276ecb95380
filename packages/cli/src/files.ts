/**
 * The input and output files of `txenrich enrich`, opened before any work so that a mistake is one line
 * and nothing is written: a missing input, `-` for standard input, an output in a folder that does not
 * exist yet (created), an output that is the input (refused: opening it for writing would empty it).
 */
import {
  closeSync,
  createReadStream,
  createWriteStream,
  fstatSync,
  mkdirSync,
  openSync,
  type Stats,
  statSync,
  type WriteStream,
} from 'node:fs';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { reasonOf, UsageError } from './errors.js';

/** Bytes read from a file at a time. */
const READ_SIZE = 1 << 20;

export interface InputFile {
  /** As the user named it; `-` is standard input. */
  name: string;
  stream: Readable;
  /** Its size, for progress; null for standard input. */
  size: number | null;
  /** What it is on disk, to recognise it under another name; null for standard input. */
  stats: Stats | null;
}

export function openInput(name: string, stdin: Readable): InputFile {
  if (name === '-') return { name: 'standard input', stream: stdin, size: null, stats: null };
  let fd: number;
  try {
    fd = openSync(name, 'r');
  } catch (error) {
    throw new UsageError(`cannot read ${name}: ${reasonOf(error)}.`);
  }
  const stats = fstatSync(fd);
  if (stats.isDirectory()) {
    closeSync(fd);
    throw new UsageError(`cannot read ${name}: it is a directory.`);
  }
  return { name, stream: createReadStream('', { fd, highWaterMark: READ_SIZE }), size: stats.size, stats };
}

/** The file at `path` when it is there (any name of it: a link, a relative path), else undefined. */
function existing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

export function openOutput(path: string, input: InputFile): WriteStream {
  const target = existing(path);
  if (input.stats && target && target.dev === input.stats.dev && target.ino === input.stats.ino)
    throw new UsageError(
      `the output ${path} is the input file; writing it would empty it. Choose another -o.`,
    );
  try {
    mkdirSync(dirname(path), { recursive: true });
    return createWriteStream('', { fd: openSync(path, 'w') });
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${reasonOf(error)}.`);
  }
}
