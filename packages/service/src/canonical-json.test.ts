import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('writes the keys of every object in order, and lists as they are', () => {
    const one = { transactions: [{ transactionId: 't', amount: 1, location: { region: 'CA', city: 'X' } }] };
    const other = {
      transactions: [{ location: { city: 'X', region: 'CA' }, amount: 1, transactionId: 't' }],
    };
    expect(canonicalJson(one)).toBe(canonicalJson(other));
    expect(canonicalJson(one)).toBe(
      '{"transactions":[{"amount":1,"location":{"city":"X","region":"CA"},"transactionId":"t"}]}',
    );
    expect(canonicalJson({ list: [2, 1] })).not.toBe(canonicalJson({ list: [1, 2] }));
  });
});
