import { describe, expect, it } from 'vitest';
import { dateFormats, readDate } from './date-formats.js';

describe('dateFormats', () => {
  for (const format of dateFormats) {
    it(`${format.id} reads its examples`, () => {
      for (const { text, date } of format.examples)
        expect(readDate(text, format), text).toBe(date ?? undefined);
    });
  }

  it('takes a cell in one of the contract forms as it is, whatever the form', () => {
    for (const format of dateFormats) expect(readDate(' 2024-06-01 ', format)).toBe('2024-06-01');
  });
});
