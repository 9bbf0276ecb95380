import { describe, expect, it } from 'vitest';
import { decimalStyles, negated, readAmount } from './amounts.js';

describe('readAmount', () => {
  for (const style of Object.values(decimalStyles)) {
    it(`reads the examples of the ${style.id} style`, () => {
      for (const { text, amount } of style.examples)
        expect(readAmount(text, style), text).toBe(amount ?? undefined);
    });
  }
});

describe('negated', () => {
  it('flips the sign and leaves zero unsigned', () => {
    expect(negated('12.50')).toBe('-12.50');
    expect(negated('-12.50')).toBe('12.50');
    expect(negated('0.00')).toBe('0.00');
  });
});
