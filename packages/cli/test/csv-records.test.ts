import { describe, expect, it } from 'vitest';
import { type CsvRecord, createCsvRecordReader, MAX_RECORD_LINES } from '../src/csv-records.js';

/** Every record of `text`, read line by line as the CLI does. */
function records(text: string): CsvRecord[] {
  const reader = createCsvRecordReader();
  return [...text.split('\n').flatMap((line) => reader.push(line)), ...reader.end()];
}

describe('createCsvRecordReader', () => {
  it('reads quoted cells, escaped quotes, empty cells, CRLF and a byte order mark', () => {
    expect(records('\uFEFFa,b,c\r\n"x, y","say ""hi""",\r\n,,z')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', ''] },
      { line: 3, cells: ['', '', 'z'] },
    ]);
  });

  it('skips blank lines, keeping the line numbers of the others', () => {
    expect(records('a\n\n  \nb\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 4, cells: ['b'] },
    ]);
  });

  it('reads a quoted cell over several lines as one record of its first line', () => {
    expect(records('t1,"first\nsecond",x\nt2,y,z')).toEqual([
      { line: 1, cells: ['t1', 'first\nsecond', 'x'] },
      { line: 3, cells: ['t2', 'y', 'z'] },
    ]);
  });

  it('makes a stray quote one error of its line, and reads on', () => {
    expect(records('t1,SQ *BLUE "BOTTLE,5814\nt2,"SQ *BLUE BOTTLE" COFFEE",5814\nt3,ok,1')).toEqual([
      { line: 1, error: 'a quote inside the unquoted cell 2' },
      { line: 2, error: 'text after the closing quote of cell 2' },
      { line: 3, cells: ['t3', 'ok', '1'] },
    ]);
  });

  it('makes an unclosed quote one error of its line, and reads the lines after it again', () => {
    expect(records('t1,"OPEN QUOTE,5814\nt2,a,1\nt3,b,2')).toEqual([
      { line: 1, error: 'a quoted cell is not closed' },
      { line: 2, cells: ['t2', 'a', '1'] },
      { line: 3, cells: ['t3', 'b', '2'] },
    ]);
    // A quote that "closes" on a later line into a fault: the opening line was the mistake.
    expect(records('t1,"OPEN,1\nt2,a,1\n"t3",b,2')).toEqual([
      { line: 1, error: 'a quoted cell is not closed' },
      { line: 2, cells: ['t2', 'a', '1'] },
      { line: 3, cells: ['t3', 'b', '2'] },
    ]);
  });

  it(`gives up on a quote still open after ${MAX_RECORD_LINES} lines without waiting for the end`, () => {
    const reader = createCsvRecordReader();
    expect(reader.push('t0,"never closed')).toEqual([]);
    const early: CsvRecord[] = [];
    for (let line = 2; line <= MAX_RECORD_LINES; line++) early.push(...reader.push(`t${line},x`));
    expect(early[0]).toEqual({ line: 1, error: 'a quoted cell is not closed' });
    expect(early.slice(1).map((record) => record.line)).toEqual(
      Array.from({ length: MAX_RECORD_LINES - 1 }, (_, index) => index + 2),
    );
    expect(reader.end()).toEqual([]);
  });
});
