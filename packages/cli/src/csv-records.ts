/**
 * CSV records from lines of text, read strictly (RFC 4180) so that a bad record costs one row and no
 * more. A quote inside an unquoted cell, or text after a closing quote, makes that record an error and
 * reading goes on at the next line. A quoted cell may run over several lines, but one still open after
 * `MAX_RECORD_LINES` lines or at the end of the input makes its first line an error, and the lines after
 * it are read again as records of their own: an unclosed quote cannot swallow the rest of the file.
 */

/** A record: its cells, or why it is not CSV; `line` is the line it starts on (from 1). */
export type CsvRecord = { line: number; cells: string[] } | { line: number; error: string };

/** The most lines one record may span; a quoted cell open longer than this was a stray quote. */
export const MAX_RECORD_LINES = 100;

export interface CsvRecordReader {
  /** Reads the next line of the input (without its line break); answers the records it completes. */
  push(text: string): CsvRecord[];
  /** Ends the input; answers the records left. */
  end(): CsvRecord[];
}

interface Scan {
  cells: string[];
  /** The cell being read. */
  cell: string;
  /** Inside a quoted cell (it continues on the next line when the line ends). */
  inQuotes: boolean;
}

interface OpenRecord {
  line: number;
  /** Its lines so far, to read again if its quote never closes. */
  lines: string[];
  scan: Scan;
}

const BLANK = /^\s*$/;

/** Reads one line into `scan`: `done` at the end of the record, `open` inside a quoted cell, else the fault. */
function scanLine(text: string, scan: Scan, delimiter: string): 'done' | 'open' | string {
  let closed = false; // the current cell's closing quote has been read
  let at = 0;
  while (at < text.length) {
    if (scan.inQuotes) {
      const quote = text.indexOf('"', at);
      if (quote < 0) {
        scan.cell += text.slice(at);
        break;
      }
      scan.cell += text.slice(at, quote);
      if (text[quote + 1] === '"') {
        scan.cell += '"'; // an escaped quote
        at = quote + 2;
      } else {
        scan.inQuotes = false;
        closed = true;
        at = quote + 1;
      }
      continue;
    }
    const char = text[at];
    if (char === delimiter) {
      scan.cells.push(scan.cell);
      scan.cell = '';
      closed = false;
      at++;
      continue;
    }
    if (closed) return `text after the closing quote of cell ${scan.cells.length + 1}`;
    if (char === '"') {
      if (scan.cell !== '') return `a quote inside the unquoted cell ${scan.cells.length + 1}`;
      scan.inQuotes = true;
      at++;
      continue;
    }
    let end = at + 1;
    while (end < text.length && text[end] !== delimiter && text[end] !== '"') end++;
    scan.cell += text.slice(at, end);
    at = end;
  }
  if (scan.inQuotes) {
    scan.cell += '\n';
    return 'open';
  }
  scan.cells.push(scan.cell);
  return 'done';
}

export function createCsvRecordReader(delimiter = ','): CsvRecordReader {
  let lineNumber = 0;
  let open: OpenRecord | null = null;

  function read(text: string, line: number, records: CsvRecord[]): void {
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (!open && BLANK.test(trimmed)) return; // a blank line is no record
    const record: OpenRecord = open ?? { line, lines: [], scan: { cells: [], cell: '', inQuotes: false } };
    open = null;
    record.lines.push(trimmed);
    const outcome = scanLine(trimmed, record.scan, delimiter);
    if (outcome === 'done') records.push({ line: record.line, cells: record.scan.cells });
    else if (outcome !== 'open') {
      if (record.lines.length === 1) records.push({ line, error: outcome });
      else giveUp(record, records);
    } else if (record.lines.length >= MAX_RECORD_LINES) giveUp(record, records);
    else open = record;
  }

  /** A record whose quote did not close: its first line is the error, the others are read again. */
  function giveUp(record: OpenRecord, records: CsvRecord[]): void {
    records.push({ line: record.line, error: 'a quoted cell is not closed' });
    for (let index = 1; index < record.lines.length; index++)
      read(record.lines[index]!, record.line + index, records);
  }

  return {
    push(text) {
      lineNumber++;
      const records: CsvRecord[] = [];
      // A byte order mark starts the first line of many spreadsheet exports.
      read(lineNumber === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text, lineNumber, records);
      return records;
    },
    end() {
      const records: CsvRecord[] = [];
      while (open) {
        const record: OpenRecord = open;
        open = null;
        giveUp(record, records);
      }
      return records;
    },
  };
}
