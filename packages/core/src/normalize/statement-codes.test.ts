import { describe, expect, it } from 'vitest';
import { readStatementCode, statementCodes } from './statement-codes.js';

describe('statement codes', () => {
  for (const rule of statementCodes) {
    for (const example of rule.examples) {
      it(`${rule.id}: ${example.line}`, () => {
        const code = readStatementCode(example.line);
        expect(code?.id).toBe(rule.id);
        expect(code?.text.toUpperCase()).toBe(example.expect.name);
      });
    }
  }

  it('says what the code means, and whether a card network made the entry', () => {
    expect(readStatementCode('ZABER TECHNOLOG  PAY')).toMatchObject({
      code: 'PAY',
      kind: 'PAYROLL',
      card: false,
    });
    expect(readStatementCode('MIDORI RAMEN      _F ')).toMatchObject({ code: '_F', kind: null, card: true });
  });

  it('leaves a name that ends in the same letters, a longer line and an unknown code alone', () => {
    expect(readStatementCode('APPLE PAY')).toBeNull();
    expect(readStatementCode('TD INS')).toBeNull();
    expect(readStatementCode('FOUR RIVERS CU   PAYROLL    66133   PPD ID: 9340020801')).toBeNull();
    expect(readStatementCode('USAA P&C         INS')).toMatchObject({ text: 'USAA P&C' });
    expect(readStatementCode('WEST ELM STORE   XYZ')).toBeNull();
    expect(readStatementCode('SOME VERY LONG MERCHANT NAME  PAY')).toBeNull();
  });
});
