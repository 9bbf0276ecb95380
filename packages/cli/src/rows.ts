/**
 * Reading request rows from a file, chunk by chunk, never the whole file:
 * JSON lines (blocks of whole lines go to the workers as bytes; they parse them) or
 * CSV with a header row (parsed here, headers mapped to request fields).
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ChunkInput } from '@txenrich/pool';
import { parse } from 'csv-parse';

export const inputFormats = ['jsonl', 'csv'] as const;
export type InputFormat = (typeof inputFormats)[number];

export type RowChunk = ChunkInput & {
  /** Bytes of the file read so far, for progress. */
  bytesRead: number;
};

export interface ReadRowsOptions {
  format: InputFormat;
  chunkSize: number;
  /** CSV: request field -> CSV header, for headers that differ from the field names. */
  columns?: Readonly<Record<string, string>>;
}

/** `merchantName=Description,amount=Amount` -> `{merchantName: 'Description', amount: 'Amount'}`. */
export function parseColumnMapping(text: string): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [field, header, ...rest] = pair.split('=').map((part) => part.trim());
    if (!field || !header || rest.length > 0)
      throw new Error(`--columns expects field=Header pairs separated by commas, not "${pair}".`);
    mapping[field] = header;
  }
  return mapping;
}

/** The format a file name suggests: `.csv` is CSV, anything else JSON lines. */
export function formatOfPath(path: string): InputFormat {
  return /\.csv$/i.test(path) ? 'csv' : 'jsonl';
}

/** Bytes read from the file at a time. */
const READ_SIZE = 1 << 20;

export function readRows(path: string, options: ReadRowsOptions): AsyncGenerator<RowChunk> {
  const stream = createReadStream(path, { highWaterMark: READ_SIZE });
  return options.format === 'csv' ? readCsv(stream, options) : readLineBlocks(stream, options.chunkSize);
}

/**
 * Cuts the file into blocks of `chunkSize` whole lines, as bytes: finding line
 * breaks is the only work done here; the workers decode and parse. Each byte
 * is copied once, from the read buffer into its block.
 */
async function* readLineBlocks(stream: ReadStream, chunkSize: number): AsyncGenerator<RowChunk> {
  /** The current block's bytes from earlier reads. */
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let firstLine = 1;
  let lines = 0;
  for await (const data of stream as AsyncIterable<Buffer>) {
    let blockStart = 0;
    for (let at = data.indexOf(10); at >= 0; at = data.indexOf(10, at + 1)) {
      if (++lines < chunkSize) continue;
      yield {
        lines: joined(held, heldBytes, data.subarray(blockStart, at + 1)),
        firstLine,
        bytesRead: stream.bytesRead,
      };
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
  if (heldBytes > 0)
    yield { lines: joined(held, heldBytes, new Uint8Array(0)), firstLine, bytesRead: stream.bytesRead };
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

async function* readCsv(stream: ReadStream, options: ReadRowsOptions): AsyncGenerator<RowChunk> {
  // Header -> field: mapped headers first; any other header is taken as a field name itself.
  const fieldOfHeader = new Map(
    Object.entries(options.columns ?? {}).map(([field, header]) => [header, field]),
  );
  const skipped: Array<{ line: number; message: string }> = [];
  const parser = stream.pipe(
    parse({
      columns: true,
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        if (error) skipped.push({ line: Number(error.lines), message: error.message });
      },
    }),
  );
  let chunk: { rows: unknown[]; lineNumbers: number[]; unreadable: Array<[number, string]> } = {
    rows: [],
    lineNumbers: [],
    unreadable: [],
  };
  // The parser reads ahead: a skipped record is placed before the first record after it.
  const take = (beforeLine: number) => {
    while (skipped.length > 0 && skipped[0]!.line < beforeLine) {
      const { line, message } = skipped.shift()!;
      chunk.unreadable.push([chunk.rows.length, `Line ${line} is not valid CSV: ${message}`]);
      chunk.rows.push(null);
      chunk.lineNumbers.push(line);
    }
  };
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    take(info.lines);
    const body: Record<string, string> = {};
    for (const [header, value] of Object.entries(record)) {
      // An empty cell is an absent field, not an empty string.
      if (value !== '') body[fieldOfHeader.get(header) ?? header] = value;
    }
    chunk.rows.push(body);
    chunk.lineNumbers.push(info.lines);
    if (chunk.rows.length >= options.chunkSize) {
      yield { ...chunk, bytesRead: stream.bytesRead };
      chunk = { rows: [], lineNumbers: [], unreadable: [] };
    }
  }
  take(Number.POSITIVE_INFINITY);
  if (chunk.rows.length > 0) yield { ...chunk, bytesRead: stream.bytesRead };
}

/** Reads JSON lines one by one (blank lines skipped), never the whole file at once. */
export async function* readJsonLines(
  path: string,
): AsyncGenerator<{ lineNumber: number; value?: unknown; error?: unknown }> {
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
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
