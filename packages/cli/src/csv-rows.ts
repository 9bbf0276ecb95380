/**
 * The rows of a CSV input: its records, read with the layout's delimiter (or the one its first line
 * suggests), become request bodies through the columns of the header row (`csv-fields.ts`). A record
 * that is not CSV, or whose cells cannot be read, becomes an unreadable row naming its line; records
 * above the header row and balance lines are no rows.
 */
import type { Readable } from 'node:stream';
import { detectDelimiter } from './csv-delimiter.js';
import { type BoundColumns, bindColumns } from './csv-fields.js';
import { type CsvLayout, plainCsvLayout } from './csv-layout.js';
import { type CsvRecord, createCsvRecordReader } from './csv-records.js';
import { UsageError } from './errors.js';
import type { InputFile } from './files.js';
import type { ReadRowsOptions, RowChunk } from './row-chunk.js';

/** How many records may sit above the header row a layout searches for (Bank of America's summary has 5). */
export const MAX_RECORDS_BEFORE_HEADER = 20;

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

/** The input's CSV records, those of each read together; the delimiter is settled on the first non-blank line. */
async function* csvRecords(
  stream: Readable,
  progress: Progress,
  delimiter: string | undefined,
): AsyncGenerator<CsvRecord[]> {
  let reader = delimiter === undefined ? null : createCsvRecordReader(delimiter);
  const held: string[] = []; // blank lines before the first, which still count for line numbers
  for await (const lines of textLines(stream, progress)) {
    if (!reader) {
      const first = lines.find((line) => line.trim() !== '');
      if (first === undefined) {
        held.push(...lines);
        continue;
      }
      reader = createCsvRecordReader(detectDelimiter(first));
      lines.unshift(...held.splice(0));
    }
    yield lines.flatMap((line) => reader!.push(line));
  }
  if (reader) yield reader.end();
}

/**
 * Reads up to the header row first, so that a header row that is not CSV, or lacks a column the layout
 * needs, is a `UsageError` before any row; then the rows, chunk by chunk.
 */
export async function openCsvRows(
  input: InputFile,
  options: ReadRowsOptions,
): Promise<AsyncGenerator<RowChunk>> {
  const layout = options.csv ?? plainCsvLayout;
  const progress: Progress = { bytes: 0 };
  const batches = csvRecords(input.stream, progress, layout.delimiter);
  const header = await readHeader(batches, layout, input.name);
  if (!header) return csvChunks(batches, null, options.chunkSize, progress); // an empty input: no rows
  checkUser(header.columns, options, input.name);
  const following = (async function* () {
    yield header.records; // those read with the header row
    yield* batches;
  })();
  return csvChunks(following, header.columns, options.chunkSize, progress);
}

/**
 * The columns of the header row, bound to the layout, and the records read after it; null for an input
 * without records. The header row is the layout's own, the first record, or the first of the first
 * `MAX_RECORDS_BEFORE_HEADER` records that has every column the layout needs.
 */
async function readHeader(
  batches: AsyncGenerator<CsvRecord[]>,
  layout: CsvLayout,
  inputName: string,
): Promise<{ columns: BoundColumns; records: CsvRecord[] } | null> {
  if (typeof layout.header === 'object') return { columns: bindColumns(layout.header, layout), records: [] };
  let searched = 0;
  for (let next = await batches.next(); !next.done; next = await batches.next()) {
    const records = next.value;
    while (records.length > 0) {
      const record = records.shift()!;
      if (layout.header === 'first') {
        if ('error' in record)
          throw new UsageError(
            `the header row of ${inputName} (line ${record.line}) is not CSV: ${record.error}.`,
          );
        const columns = bindColumns(record.cells, layout);
        if (columns.missing.length > 0) throw missingHeaders(inputName, columns.missing, record.cells);
        return { columns, records };
      }
      const columns = 'cells' in record ? bindColumns(record.cells, layout) : null;
      if (columns?.missing.length === 0) return { columns, records };
      if (++searched >= MAX_RECORDS_BEFORE_HEADER) throw noHeaderRow(inputName, layout);
    }
  }
  if (searched > 0) throw noHeaderRow(inputName, layout);
  return null;
}

/** `--columns` names headers the file lacks: a typo would otherwise leave the field empty in every row. */
function missingHeaders(
  inputName: string,
  missing: readonly string[],
  headers: readonly string[],
): UsageError {
  return new UsageError(
    `--columns names ${missing.length === 1 ? 'a header' : 'headers'} that ${inputName} does not have: ` +
      `${missing.join(', ')} (its headers: ${headers.join(', ')}).`,
  );
}

function noHeaderRow(inputName: string, layout: CsvLayout): UsageError {
  const columns = Object.values(layout.columns).map((names) => names.join(' or '));
  const export_ = layout.preset ? `a ${layout.preset.bank} export` : 'the export';
  return new UsageError(
    `${inputName} does not read as ${export_}: none of its first ${MAX_RECORDS_BEFORE_HEADER} lines is ` +
      `a header row with the columns ${new Intl.ListFormat('en').format(columns)}.`,
  );
}

/** A `userId` from two places, or from none when the kind needs one, is the user's mistake: say so once. */
function checkUser(columns: BoundColumns, options: ReadRowsOptions, inputName: string): void {
  const hasColumn = columns.fields.has('userId');
  const userId = options.csv?.userId;
  if (userId !== undefined && hasColumn)
    throw new UsageError(
      `--user gives every row a userId, and ${inputName} has a userId column too: use one or the other.`,
    );
  if (options.userRequiredBy && userId === undefined && !hasColumn)
    throw new UsageError(
      `every ${options.userRequiredBy} request needs a userId, and ${inputName} has no userId column: ` +
        'give one with --user <id> (or name its column with --columns userId=<header>).',
    );
}

async function* csvChunks(
  records: AsyncIterable<CsvRecord[]>,
  columns: BoundColumns | null,
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
      const row =
        'error' in record
          ? { fault: `Line ${record.line} is not valid CSV: ${record.error}.` }
          : columns!.read(record.cells, record.line);
      if ('notTransaction' in row) continue;
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
