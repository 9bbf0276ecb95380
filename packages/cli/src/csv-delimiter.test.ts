import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseDelimiter } from './csv-delimiter.js';

describe('detectDelimiter', () => {
  it('takes the separator the line has most of outside quotes, the comma on a tie or none', () => {
    expect(detectDelimiter('Date;Description;Amount')).toBe(';');
    expect(detectDelimiter('"01/02/2024","-4,50";"NETFLIX; INC";"x"')).toBe(';');
    expect(detectDelimiter('Date\tDescription\tAmount')).toBe('\t');
    expect(detectDelimiter('Description,,Summary Amt.')).toBe(',');
    expect(detectDelimiter('a;b,c')).toBe(',');
    expect(detectDelimiter('description')).toBe(',');
  });
});

describe('parseDelimiter', () => {
  it('takes one character or tab, never a quote', () => {
    expect(parseDelimiter(';')).toBe(';');
    expect(parseDelimiter('tab')).toBe('\t');
    expect(() => parseDelimiter(';;')).toThrow(/one character/);
    expect(() => parseDelimiter('"')).toThrow(/one character/);
  });
});
