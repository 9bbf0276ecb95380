/**
 * The rows of a CSV input with a header row: each record becomes a request body whose fields are the
 * headers (or the fields `columns` maps them to); a record that is not CSV, or has more cells than the
 * header row, becomes an unreadable row naming its line.
 */
import type { Readable } from 'node:stream';
import { type CsvRecord, createCsvRecordReader } from './csv-records.js';
import { UsageError } from './errors.js';
import type { InputFile } from './files.js';
import type { ReadRowsOptions, RowChunk } from './row-chunk.js';

/** Bytes of the input read so far, for progress. */
interface Progress {
  bytes: number;
}

/** The input's lines (without their `\n`), those of each read together. */
async function* textLines(stream: Readable, progress: Progress): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const data of stream as AsyncIterable<Buffer>) {
    progress.bytes += data.length;
    const lines = (rest + decoder.decode(data, { stream: true })).split('\n');
    rest = lines.pop()!;
    yield lines;
  }
  rest += decoder.decode();
  if (rest !== '') yield [rest];
}

/** The input's CSV records, those of each read together. */
async function* csvRecords(stream: Readable, progress: Progress): AsyncGenerator<CsvRecord[]> {
  const reader = createCsvRecordReader();
  for await (const lines of textLines(stream, progress)) yield lines.flatMap((line) => reader.push(line));
  yield reader.end();
}

/**
 * Reads the header row first, so that a header row that is not CSV, or `columns` naming headers it
 * lacks, is a `UsageError` before any row; then the rows, chunk by chunk.
 */
export async function openCsvRows(
  input: InputFile,
  options: ReadRowsOptions,
): Promise<AsyncGenerator<RowChunk>> {
  const progress: Progress = { bytes: 0 };
  const batches = csvRecords(input.stream, progress);
  let records: CsvRecord[] = [];
  let header: CsvRecord | undefined;
  while (!header) {
    const next = await batches.next();
    if (next.done) return csvChunks(batches, [], options.chunkSize, progress); // an empty input: no rows
    records = next.value;
    header = records.shift();
  }
  if ('error' in header)
    throw new UsageError(
      `the header row of ${input.name} (line ${header.line}) is not CSV: ${header.error}.`,
    );
  const fields = fieldsOfHeaders(header.cells, options.columns ?? {}, input.name);
  const following = (async function* () {
    yield records; // those read with the header row
    yield* batches;
  })();
  return csvChunks(following, fields, options.chunkSize, progress);
}

/**
 * The request field of each column: the field `columns` maps its header to, else the header itself.
 * Headers that `columns` names and the header row lacks are a `UsageError` (a typo would otherwise
 * leave the field empty in every row).
 */
function fieldsOfHeaders(
  headers: readonly string[],
  columns: Readonly<Record<string, string>>,
  inputName: string,
): string[] {
  const missing = Object.values(columns).filter((header) => !headers.includes(header));
  if (missing.length > 0) {
    throw new UsageError(
      `--columns names ${missing.length === 1 ? 'a header' : 'headers'} that ${inputName} does not have: ` +
        `${missing.join(', ')} (its headers: ${headers.join(', ')}).`,
    );
  }
  const fieldOfHeader = new Map(Object.entries(columns).map(([field, header]) => [header, field]));
  return headers.map((header) => fieldOfHeader.get(header) ?? header);
}

/** A record as a request body, or why it cannot be one. */
function rowOf(
  record: CsvRecord,
  fields: readonly string[],
): { body: Record<string, string> } | { fault: string } {
  if ('error' in record) return { fault: `Line ${record.line} is not valid CSV: ${record.error}.` };
  const { cells, line } = record;
  // Cells past the header's are a comma in an unquoted cell: the columns would be shifted.
  if (cells.slice(fields.length).some((cell) => cell !== ''))
    return { fault: `Line ${line} has ${cells.length} cells; the header row has ${fields.length}.` };
  const body: Record<string, string> = {};
  // An empty cell is an absent field, not an empty string.
  fields.forEach((field, index) => {
    const cell = cells[index];
    if (cell) body[field] = cell;
  });
  return { body };
}

async function* csvChunks(
  records: AsyncIterable<CsvRecord[]>,
  fields: readonly string[],
  chunkSize: number,
  progress: Progress,
): AsyncGenerator<RowChunk> {
  const empty = () => ({
    rows: [] as unknown[],
    lineNumbers: [] as number[],
    unreadable: [] as Array<[number, string]>,
  });
  let chunk = empty();
  for await (const batch of records) {
    for (const record of batch) {
      const row = rowOf(record, fields);
      if ('fault' in row) chunk.unreadable.push([chunk.rows.length, row.fault]);
      chunk.rows.push('body' in row ? row.body : null);
      chunk.lineNumbers.push(record.line);
      if (chunk.rows.length < chunkSize) continue;
      yield { ...chunk, bytesRead: progress.bytes };
      chunk = empty();
    }
  }
  if (chunk.rows.length > 0) yield { ...chunk, bytesRead: progress.bytes };
}
