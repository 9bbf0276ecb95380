/**
 * Reading request rows from a file or standard input, chunk by chunk, never the whole input:
 * JSON lines (blocks of whole lines go to the workers as bytes; they parse them) or
 * CSV (parsed here, its columns read into request fields: `csv-rows.ts`). Every row keeps its
 * line number, which the results of rows that fail carry; blank lines are no rows.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { openCsvRows } from './csv-rows.js';
import type { InputFile } from './files.js';
import type { InputFormat, ReadRowsOptions, RowChunk } from './row-chunk.js';

export { type InputFormat, inputFormats, type ReadRowsOptions, type RowChunk } from './row-chunk.js';

/** The format a file name suggests: `.csv` is CSV, anything else JSON lines. */
export function formatOfPath(path: string): InputFormat {
  return /\.csv$/i.test(path) ? 'csv' : 'jsonl';
}

/**
 * The input's rows, chunk by chunk. A CSV input is read up to its header row first: a header row that is
 * not CSV, or lacks a column the layout needs, is a `UsageError` before any row is read.
 */
export async function openRows(
  input: InputFile,
  options: ReadRowsOptions,
): Promise<AsyncGenerator<RowChunk>> {
  if (options.format !== 'csv') return readLineBlocks(input.stream, options.chunkSize);
  try {
    return await openCsvRows(input, options);
  } catch (error) {
    input.stream.destroy();
    throw error;
  }
}

/**
 * Cuts the input into blocks of `chunkSize` whole lines, as bytes: finding line
 * breaks is the only work done here; the workers decode and parse. Each byte
 * is copied once, from the read buffer into its block.
 */
async function* readLineBlocks(stream: Readable, chunkSize: number): AsyncGenerator<RowChunk> {
  /** The current block's bytes from earlier reads. */
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let firstLine = 1;
  let lines = 0;
  let bytesRead = 0;
  for await (const data of stream as AsyncIterable<Buffer>) {
    bytesRead += data.length;
    let blockStart = 0;
    for (let at = data.indexOf(10); at >= 0; at = data.indexOf(10, at + 1)) {
      if (++lines < chunkSize) continue;
      yield { lines: joined(held, heldBytes, data.subarray(blockStart, at + 1)), firstLine, bytesRead };
      held = [];
      heldBytes = 0;
      firstLine += lines;
      lines = 0;
      blockStart = at + 1;
    }
    if (blockStart < data.length) {
      held.push(data.subarray(blockStart));
      heldBytes += data.length - blockStart;
    }
  }
  if (heldBytes > 0) yield { lines: joined(held, heldBytes, new Uint8Array(0)), firstLine, bytesRead };
}

/** `pieces` then `last`, in a block of its own (the read buffers are not pinned while a worker has it). */
function joined(pieces: readonly Uint8Array[], piecesBytes: number, last: Uint8Array): Uint8Array {
  const block = new Uint8Array(piecesBytes + last.length);
  let at = 0;
  for (const piece of pieces) {
    block.set(piece, at);
    at += piece.length;
  }
  block.set(last, at);
  return block;
}

/** Reads JSON lines one by one (blank lines skipped), never the whole input at once. */
export async function* readJsonLines(
  input: Readable,
): AsyncGenerator<{ lineNumber: number; value?: unknown; error?: unknown }> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    try {
      yield { lineNumber, value: JSON.parse(line) as unknown };
    } catch (error) {
      yield { lineNumber, error };
    }
  }
}
