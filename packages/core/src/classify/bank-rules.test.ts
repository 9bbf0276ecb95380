import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.js';
import { directionOf } from '../normalize/direction.js';
import { bankRuleFor, bankRules } from './bank-rules.js';

const engine = createEngine();
/** A transfer must declare a type; one that names nothing leaves the line's own words to decide. */
const UNNAMED_TYPE = 'OTHER';

describe('every example of the bank-line rule table', () => {
  for (const rule of bankRules) {
    it(`${rule.id} has examples`, () => expect(rule.examples.length).toBeGreaterThan(0));
    for (const example of rule.examples) {
      const directionField =
        example.direction === undefined ? undefined : example.direction === 'incoming' ? 'CREDIT' : 'DEBIT';
      const transactionType = example.transactionType ?? UNNAMED_TYPE;
      it(`${rule.id}: ${example.line}`, () => {
        const direction = directionOf(directionField, transactionType, undefined);
        // The row fires first, and the whole engine makes of the line what the example expects.
        const amount = example.amount ?? 25;
        expect(bankRuleFor(example.line, direction, transactionType, amount)?.id).toBe(rule.id);
        const { transactionInfo } = engine.enrichTransfer({
          userId: 'u1',
          description: example.line,
          transactionType,
          amount,
          ...(directionField ? { direction: directionField } : {}),
        });
        expect({ type: transactionInfo.type, subType: transactionInfo.subType }).toEqual(example.expect);
      });
    }
  }
});
