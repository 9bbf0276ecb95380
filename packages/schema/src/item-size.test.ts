import { describe, expect, it } from 'vitest';
import { customAttributesLimits } from './fields.js';
import { maxBatchItemSize, oversizedItemErrors } from './item-size.js';

const largestValidItem = {
  transactionId: 't'.repeat(512),
  userId: 'u'.repeat(512),
  cardId: 'c'.repeat(512),
  programId: 'p'.repeat(512),
  acquirerId: 'q'.repeat(512),
  merchantName: 'm'.repeat(1024),
  amount: '12.50',
  location: {
    address: 'a'.repeat(256),
    city: 'c'.repeat(128),
    region: 'CA',
    country: 'US',
    postalCode: '94110',
  },
  city: 'c'.repeat(128),
  state: 's'.repeat(64),
  country: 'c'.repeat(64),
  organizationId: 'o'.repeat(256),
  customAttributes: Object.fromEntries(
    Array.from({ length: customAttributesLimits.maxKeys }, (_, index) => [
      `k${index}`.padEnd(customAttributesLimits.maxKeyLength, 'k'),
      'v'.repeat(customAttributesLimits.maxValueLength),
    ]),
  ),
};

describe('oversizedItemErrors', () => {
  it('passes the largest valid item, with room to spare', () => {
    expect(oversizedItemErrors('card', [largestValidItem])).toBeNull();
    expect(JSON.stringify(largestValidItem).length).toBeLessThan(maxBatchItemSize / 2);
  });

  it("names the member that takes an item over, with that member's own message", () => {
    const items = [
      { transactionId: 'a', merchantName: 'A' },
      { transactionId: 'b', merchantName: 'x'.repeat(60_000) },
    ];
    expect(oversizedItemErrors('card', items)).toEqual({
      'transactions.1.merchantName': ['Ensure this field has no more than 1024 characters.'],
    });
  });

  it('names a member that is no text, such as 100,000 custom attributes, with the bound', () => {
    const customAttributes = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, index) => [`k${index}`, 'v']),
    );
    expect(oversizedItemErrors('transfer', [{ transactionId: 'a', customAttributes }])).toEqual({
      'transactions.0.customAttributes': [
        `Ensure this item holds no more than ${maxBatchItemSize} characters (keys and text values together).`,
      ],
    });
  });

  it('names an unknown member, and an item that is no object, with the bound too', () => {
    const bound = [
      `Ensure this item holds no more than ${maxBatchItemSize} characters (keys and text values together).`,
    ];
    expect(
      oversizedItemErrors('card', [{ transactionId: 'a', merchantName: 'A', note: 'x'.repeat(40_000) }]),
    ).toEqual({
      'transactions.0.note': bound,
    });
    expect(oversizedItemErrors('card', ['x'.repeat(40_000)])).toEqual({ 'transactions.0': bound });
    expect(oversizedItemErrors('card', [Array(40_000).fill(1)])).toEqual({ 'transactions.0': bound });
  });
});
