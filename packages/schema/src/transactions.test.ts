import { describe, expect, it } from 'vitest';
import {
  cardTransactionSchema,
  de43TransactionSchema,
  transferTransactionSchema,
  universalTransactionSchema,
} from './transactions.js';
import { validate } from './validate.js';

const card = (fields: Record<string, unknown>) =>
  validate(cardTransactionSchema, { merchantName: 'TARGET 00034132', ...fields });
const errorsOf = (result: ReturnType<typeof validate>) => (result.ok ? undefined : result.errors);

describe('card transaction', () => {
  it('accepts the shapes of interface.md', () => {
    const single = validate(cardTransactionSchema, {
      userId: 'u1',
      cardId: 'c1',
      programId: 'p1',
      merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA',
      acquirerId: '',
      amount: 12.5,
      currencyCode: 'USD',
      occurredAt: '2024-06-01T12:30:00Z',
      categoryCode: '5814',
      categoryType: 'MCC',
      location: {
        address: '66 Mint St',
        city: 'San Francisco',
        region: 'CA',
        country: 'US',
        postalCode: '94103',
        latitude: 37.78,
        longitude: -122.4,
      },
      customAttributes: { ref: 'x' },
    });
    expect(single.ok).toBe(true);
    const topLevelPlace = card({
      city: 'Honolulu',
      state: '15',
      country: 'USA',
      amount: '-4.20',
      billingProfile: 'standard',
    });
    expect(topLevelPlace).toEqual({
      ok: true,
      value: {
        merchantName: 'TARGET 00034132',
        city: 'Honolulu',
        state: '15',
        country: 'USA',
        amount: -4.2,
        billingProfile: 'standard',
        categoryType: 'MCC',
      },
    });
  });

  it('requires merchantName with the contract message', () => {
    expect(errorsOf(validate(cardTransactionSchema, { amount: 1 }))).toEqual({
      merchantName: ['This field is required.'],
    });
    expect(errorsOf(card({ merchantName: '' }))).toEqual({ merchantName: ['This field may not be blank.'] });
    expect(errorsOf(card({ merchantName: 'x'.repeat(1025) }))).toEqual({
      merchantName: ['Ensure this field has no more than 1024 characters.'],
    });
  });

  it('reads amount as a number or a decimal string', () => {
    expect(card({ amount: '1,000' }).ok).toBe(false);
    expect(errorsOf(card({ amount: 'abc' }))).toEqual({ amount: ['A valid number is required.'] });
    expect(errorsOf(card({ amount: true }))).toEqual({ amount: ['A valid number is required.'] });
    expect(card({ amount: '  12.50 ' })).toMatchObject({ ok: true, value: { amount: 12.5 } });
    expect(card({ amount: '.5' })).toMatchObject({ ok: true, value: { amount: 0.5 } });
  });

  it.each([
    '2024-06-01T12:30:00Z',
    '2024-06-01T12:30:00.123+02:00',
    '2024-06-01',
    '2024-06-01 12:30:00Z',
    '2024-02-29T23:59:59.999999Z',
  ])('accepts occurredAt %s', (occurredAt) => {
    expect(card({ occurredAt })).toMatchObject({ ok: true, value: { occurredAt } });
  });

  it.each([
    'yesterday',
    '2024-13-01',
    '2023-02-29',
    '2024-06-01T25:00:00Z',
    '2024-06-01T12:30:00',
    '06/01/2024',
    '',
  ])('rejects occurredAt %j', (occurredAt) => {
    expect(Object.keys(errorsOf(card({ occurredAt })) ?? {})).toEqual(['occurredAt']);
  });

  it('defaults categoryType to MCC and rejects empty or other values', () => {
    expect(card({ categoryCode: '742' })).toMatchObject({
      ok: true,
      value: { categoryCode: '0742', categoryType: 'MCC' },
    });
    expect(errorsOf(card({ categoryType: '' }))).toEqual({ categoryType: ['"" is not a valid choice.'] });
    expect(errorsOf(card({ categoryType: 'SIC' }))).toEqual({
      categoryType: ['"SIC" is not a valid choice.'],
    });
    expect(errorsOf(card({ categoryCode: '58123' }))).toEqual({
      categoryCode: ['Ensure this field is a merchant category code of 3 or 4 digits.'],
    });
  });

  it('accepts ISO 4217 currency codes only', () => {
    expect(card({ currencyCode: 'eur' })).toMatchObject({ ok: true, value: { currencyCode: 'EUR' } });
    expect(errorsOf(card({ currencyCode: 'XYZ' }))).toEqual({
      currencyCode: ['"XYZ" is not a valid ISO 4217 currency code.'],
    });
  });

  it('limits customAttributes', () => {
    const keys = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));
    expect(card({ customAttributes: keys(30) }).ok).toBe(true);
    expect(errorsOf(card({ customAttributes: keys(31) }))).toEqual({
      customAttributes: ['Ensure this field has no more than 30 keys.'],
    });
    const longKey = 'k'.repeat(41);
    expect(errorsOf(card({ customAttributes: { [longKey]: 'v' } }))).toEqual({
      customAttributes: [`Ensure this key has no more than 40 characters: "${longKey}".`],
    });
    expect(errorsOf(card({ customAttributes: { note: 'v'.repeat(251) } }))).toEqual({
      'customAttributes.note': ['Ensure this field has no more than 250 characters.'],
    });
    expect(errorsOf(card({ customAttributes: { count: 3 } }))).toEqual({
      'customAttributes.count': ['Not a valid string.'],
    });
  });

  it('requires organizationId for the resell billing profile', () => {
    expect(errorsOf(card({ billingProfile: 'resell' }))).toEqual({
      organizationId: ['This field is required when billingProfile is "resell".'],
    });
    expect(card({ billingProfile: 'resell', organizationId: 'client-9' }).ok).toBe(true);
    expect(errorsOf(card({ billingProfile: 'wholesale' }))).toEqual({
      billingProfile: ['"wholesale" is not a valid choice.'],
    });
  });

  it('reports nested fields with dotted paths', () => {
    expect(errorsOf(card({ location: { city: 7, latitude: 91 } }))).toEqual({
      'location.city': ['Not a valid string.'],
      'location.latitude': ['Ensure this value is less than or equal to 90.'],
    });
    expect(errorsOf(card({ cardFirstSix: '12345', cardLastFour: 'abcd' }))).toEqual({
      cardFirstSix: ['Ensure this field has exactly 6 digits.'],
      cardLastFour: ['Ensure this field has exactly 4 digits.'],
    });
  });

  it('ignores unknown fields and reports a body that is not an object', () => {
    expect(card({ surprise: { deep: true }, mcc: 5411 })).toEqual({
      ok: true,
      value: { merchantName: 'TARGET 00034132', categoryType: 'MCC' },
    });
    expect(errorsOf(validate(cardTransactionSchema, [1]))).toEqual({
      non_field_errors: ['Expected a dictionary of items but got type "array".'],
    });
    expect(errorsOf(validate(cardTransactionSchema, null))).toEqual({
      non_field_errors: ['Expected a dictionary of items but got type "null".'],
    });
    expect(errorsOf(validate(cardTransactionSchema, undefined))).toEqual({
      non_field_errors: ['JSON parse error - the body is empty.'],
    });
    // A value that cannot be made a string (its own toString is not a function) is named by its type.
    expect(errorsOf(card({ categoryType: JSON.parse('{"toString": {"a": 1}}') }))).toEqual({
      categoryType: ['"[object]" is not a valid choice.'],
    });
    // A field's null and absence are still the field's.
    expect(errorsOf(validate(cardTransactionSchema, { merchantName: null }))).toEqual({
      merchantName: ['This field may not be null.'],
    });
    expect(errorsOf(validate(cardTransactionSchema, {}))).toEqual({
      merchantName: ['This field is required.'],
    });
  });
});

describe('DE43 card transaction', () => {
  it('makes merchantName optional when de43 is given', () => {
    const raw = 'AMAZON.COM*RT4YU7BC2   AMZN.COM/BILL WA ';
    expect(validate(de43TransactionSchema, { de43: raw })).toMatchObject({ ok: true, value: { de43: raw } });
    expect(errorsOf(validate(de43TransactionSchema, {}))).toEqual({
      merchantName: ['This field is required.'],
    });
    expect(errorsOf(validate(de43TransactionSchema, { de43: 'x'.repeat(101) }))).toEqual({
      de43: ['Ensure this field has no more than 100 characters.'],
    });
  });
});

describe('transfer transaction', () => {
  const transfer = { userId: 'u1', transactionType: 'ACH_DEPOSIT', description: 'ACME CORP DES:PAYROLL PPD' };
  it('accepts known and unknown transaction types', () => {
    expect(validate(transferTransactionSchema, transfer).ok).toBe(true);
    expect(
      validate(transferTransactionSchema, {
        ...transfer,
        transactionType: 'CRYPTO_SWEEP',
        direction: 'DEBIT',
      }).ok,
    ).toBe(true);
  });
  it('requires userId, transactionType and description', () => {
    expect(errorsOf(validate(transferTransactionSchema, {}))).toEqual({
      userId: ['This field is required.'],
      description: ['This field is required.'],
      transactionType: ['This field is required.'],
    });
    expect(errorsOf(validate(transferTransactionSchema, { ...transfer, direction: 'credit' }))).toEqual({
      direction: ['"credit" is not a valid choice.'],
    });
    expect(
      errorsOf(
        validate(transferTransactionSchema, { ...transfer, transactionTypeDescription: 'x'.repeat(65) }),
      ),
    ).toEqual({
      transactionTypeDescription: ['Ensure this field has no more than 64 characters.'],
    });
  });
});

describe('universal transaction', () => {
  it('takes card fields when the source has them', () => {
    const result = validate(universalTransactionSchema, {
      userId: 'u1',
      description: 'POS PURCHASE WHOLEFDS MKT #10234',
      merchantName: 'WHOLEFDS MKT',
      categoryCode: '5411',
      location: { city: 'Austin', region: 'Texas' },
    });
    expect(result).toMatchObject({ ok: true, value: { categoryType: 'MCC', location: { city: 'Austin' } } });
    expect(errorsOf(validate(universalTransactionSchema, { userId: 'u1' }))).toEqual({
      description: ['This field is required.'],
    });
  });
});
