import { describe, expect, it } from 'vitest';
import { echoedCustomAttributes, parseBatchRequest } from './batches.js';

const item = (id: string, fields: Record<string, unknown> = {}) => ({
  transactionId: id,
  merchantName: 'NETFLIX.COM',
  ...fields,
});

describe('parseBatchRequest', () => {
  it('validates each item on its own', () => {
    const result = parseBatchRequest('card', {
      transactions: [
        item('a'),
        { transactionId: 'b', customAttributes: { ref: '9' } },
        { merchantName: 'X' },
      ],
      callbackUrl: 'https://example.com/hook',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        callbackUrl: 'https://example.com/hook',
        items: [
          { ok: true, value: { transactionId: 'a', merchantName: 'NETFLIX.COM', categoryType: 'MCC' } },
          {
            ok: false,
            errors: { merchantName: ['This field is required.'] },
            transactionId: 'b',
            customAttributes: { ref: '9' },
          },
          { ok: false, errors: { transactionId: ['This field is required.'] }, transactionId: null },
        ],
      },
    });
  });

  it('fails the whole request on a duplicate transactionId, naming its index', () => {
    const transactions = Array.from({ length: 20 }, (_, i) => item(`t${i}`));
    transactions[17] = item('t3');
    expect(parseBatchRequest('card', { transactions })).toEqual({
      ok: false,
      errors: { transactions: ['Duplicate transactionId at index 17.'] },
    });
  });

  it('accepts 50,000 items and rejects 50,001', () => {
    const many = (count: number) => Array.from({ length: count }, (_, i) => item(`t${i}`));
    const accepted = parseBatchRequest('card', { transactions: many(50_000) });
    expect(accepted.ok && accepted.value.items.length).toBe(50_000);
    expect(parseBatchRequest('card', { transactions: many(50_001) })).toEqual({
      ok: false,
      errors: { transactions: ['Ensure this field has no more than 50000 elements.'] },
    });
  });

  it('rejects batch-level faults with field errors', () => {
    expect(parseBatchRequest('card', { transactions: [] })).toEqual({
      ok: false,
      errors: { transactions: ['This list may not be empty.'] },
    });
    expect(parseBatchRequest('transfer', {})).toEqual({
      ok: false,
      errors: { transactions: ['This field is required.'] },
    });
    expect(parseBatchRequest('card', { transactions: { a: 1 } })).toEqual({
      ok: false,
      errors: { transactions: ['Expected a list of items but got type "object".'] },
    });
    expect(parseBatchRequest('card', 'hello')).toEqual({
      ok: false,
      errors: { non_field_errors: ['Expected a dictionary of items but got type "string".'] },
    });
    expect(parseBatchRequest('card', { transactions: [item('a')], callbackUrl: 'ftp://x' })).toEqual({
      ok: false,
      errors: { callbackUrl: ['Enter a valid URL.'] },
    });
  });

  it('uses the item schema of each kind', () => {
    const transfers = parseBatchRequest('transfer', { transactions: [item('a')] });
    expect(transfers.ok && transfers.value.items[0]).toEqual({
      ok: false,
      errors: {
        userId: ['This field is required.'],
        description: ['This field is required.'],
        transactionType: ['This field is required.'],
      },
      transactionId: 'a',
    });
    const de43 = parseBatchRequest('de43', { transactions: [{ transactionId: 'a', de43: 'x'.repeat(300) }] });
    expect(de43.ok && de43.value.items[0]?.ok).toBe(true);
  });

  it('echoes the custom attributes of an invalid item only when they pass their limits', () => {
    const tooMany = Object.fromEntries(Array.from({ length: 31 }, (_, index) => [`k${index}`, 'v']));
    const result = parseBatchRequest('card', {
      transactions: [
        { transactionId: 'a', customAttributes: { ref: '9' } },
        { transactionId: 'b', customAttributes: tooMany },
        { transactionId: 'c', customAttributes: { ref: 'x'.repeat(251) } },
      ],
    });
    const echoed = result.ok ? result.value.items.map((item) => !item.ok && item.customAttributes) : [];
    expect(echoed).toEqual([{ ref: '9' }, undefined, undefined]);
  });

  it('fails the request on an item over the size bound, before validating any item', () => {
    const result = parseBatchRequest('card', {
      transactions: [item('a'), item('b', { merchantName: 'x'.repeat(60_000) })],
    });
    expect(result).toEqual({
      ok: false,
      errors: { 'transactions.1.merchantName': ['Ensure this field has no more than 1024 characters.'] },
    });
  });
});

describe('echoedCustomAttributes', () => {
  it('answers the attributes when valid, else nothing', () => {
    expect(echoedCustomAttributes({ customAttributes: { a: 'b' } })).toEqual({ a: 'b' });
    expect(echoedCustomAttributes({ customAttributes: { a: { b: 'c' } } })).toBeUndefined();
    expect(echoedCustomAttributes({ customAttributes: ['a'] })).toBeUndefined();
    expect(echoedCustomAttributes({})).toBeUndefined();
    expect(echoedCustomAttributes('text')).toBeUndefined();
  });
});
