import type { Counterparty, Enrichment, Industry } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import {
  applyCorrection,
  type CorrectionResolver,
  type CorrectionRule,
  compileCorrections,
  customCounterpartyId,
  descriptorKey,
} from './corrections.js';

const icon = (name: string) => `http://localhost:8080/icons/${name}.svg`;
const industries: Record<string, Industry[]> = {
  '011-000-000-000': [{ id: '011-000-000-000', name: 'Food and Drink', icon: icon('food') }],
  '011-002-000-000': [
    { id: '011-000-000-000', name: 'Food and Drink', icon: icon('food') },
    { id: '011-002-000-000', name: 'Coffee Shops', icon: icon('coffee') },
  ],
  '019-000-000-000': [{ id: '019-000-000-000', name: 'Entertainment', icon: icon('entertainment') }],
};

const place = {
  id: null,
  address: null,
  addressLine1: null,
  addressLine2: null,
  city: 'Seattle',
  region: 'WA',
  postalCode: '98101',
  country: 'US',
  phoneNumber: null,
  latitude: 47.61,
  longitude: -122.33,
  matchScore: null,
};

const counterparty = (fields: Partial<Counterparty>): Counterparty => ({
  id: '11111111-1111-5111-8111-111111111111',
  name: 'Wrong Merchant',
  legalName: null,
  industry: industries['019-000-000-000']!,
  location: [place],
  matchScore: 72.5,
  logo: 'https://logos.example/wrong.png',
  medianSpendPerTransaction: null,
  phoneNumber: null,
  website: 'https://wrong.example',
  possibleCounterpartyAlternate: null,
  verified: true,
  ...fields,
});

const blueBottle = counterparty({
  id: '22222222-2222-5222-8222-222222222222',
  name: 'Blue Bottle Coffee',
  industry: industries['011-002-000-000']!,
  location: [],
  matchScore: 100,
  logo: 'https://logos.example/blue-bottle.png',
  website: 'https://bluebottlecoffee.com',
});

const resolve: CorrectionResolver = {
  counterparty: (id) => (id === blueBottle.id ? blueBottle : null),
  industryChain: (id) => industries[id] ?? [],
};

const enrichment = (): Enrichment => ({
  enrichmentId: '33333333-3333-4333-8333-333333333333',
  transactionInfo: {
    transactionId: 'tx-1',
    type: 'spending',
    subType: null,
    display: {
      name: 'Wrong Merchant',
      categoryName: 'Entertainment',
      graphic: 'https://logos.example/wrong.png',
      graphicSource: 'counterparty',
    },
    thirdParties: [],
    spendingInfo: { channel: { value: 'digital' } },
    transferInfo: null,
    atmInfo: null,
    isAccountVerification: false,
    isPeerToPeer: false,
    isDigitalWallet: false,
    recurrenceInfo: null,
    riskInsights: {
      irregularWebPresenceDetected: false,
      negativeOnlineSentiment: null,
      highRiskEntity: false,
      riskyIndustry: false,
      cardAcceptanceHistory: 'stable',
    },
  },
  counterparty: [
    counterparty({}),
    counterparty({ id: '44444444-4444-5444-8444-444444444444', matchScore: 55 }),
  ],
  actions: null,
});

const KEY = descriptorKey('SQ *BLUE BTL #12 SEATTLE WA');
const rule = (fields: Omit<CorrectionRule, 'descriptorKey'>): CorrectionRule => ({
  descriptorKey: KEY,
  ...fields,
});
const apply = (rules: CorrectionRule[], input = enrichment(), mcc: string | null = '5814') =>
  applyCorrection(compileCorrections(rules), KEY, mcc, input, resolve);

describe('descriptorKey', () => {
  it('drops store numbers, phone numbers and references, keeps the first word, upper-cases', () => {
    expect(descriptorKey('SQ *BLUE BOTTLE #12 4155551234')).toBe('SQ BLUE BOTTLE');
    expect(descriptorKey('sq * Blue Bottle #7')).toBe('SQ BLUE BOTTLE');
    expect(descriptorKey('AMZN Mktp US*2K4L55XY3')).toBe('AMZN MKTP US');
    expect(descriptorKey('7-ELEVEN 38712')).toBe('7 ELEVEN');
    expect(descriptorKey("MCDONALD'S F1234 H&M")).toBe('MCDONALDS H AND M');
    expect(descriptorKey('   ')).toBe('');
  });

  it('is idempotent', () => {
    for (const raw of ['SQ *BLUE BOTTLE #12', '7-ELEVEN 38712', 'Café Olé 12/03']) {
      expect(descriptorKey(descriptorKey(raw))).toBe(descriptorKey(raw));
    }
  });
});

describe('applyCorrection: counterparty', () => {
  it('replaces it with the catalog counterparty, keeping the transaction place', () => {
    const input = enrichment();
    const snapshot = structuredClone(input);
    const output = apply([rule({ counterparty: { id: blueBottle.id } })], input);
    expect(input).toEqual(snapshot);
    expect(output).not.toBe(input);
    expect(output.counterparty).toEqual([{ ...blueBottle, matchScore: 100, location: [place] }]);
    expect(output.transactionInfo.display).toEqual({
      name: 'Blue Bottle Coffee',
      categoryName: 'Coffee Shops',
      graphic: 'https://logos.example/blue-bottle.png',
      graphicSource: 'counterparty',
    });
    expect(output.enrichmentId).toBe(input.enrichmentId);
  });

  it('leaves the counterparty alone when the catalog no longer has the id', () => {
    const output = apply([rule({ counterparty: { id: '99999999-9999-5999-8999-999999999999' } })]);
    expect(output.counterparty).toEqual(enrichment().counterparty);
  });

  it('creates a custom counterparty with a stable, deterministic id', () => {
    const output = apply([
      rule({ counterparty: { name: 'Corner Roasters', website: 'cornerroasters.com' } }),
    ]);
    const [top, ...rest] = output.counterparty;
    expect(rest).toEqual([]);
    expect(top).toEqual({
      id: customCounterpartyId('Corner Roasters', 'https://cornerroasters.com'),
      name: 'Corner Roasters',
      legalName: null,
      industry: [],
      location: [place],
      matchScore: 100,
      logo: null,
      medianSpendPerTransaction: null,
      phoneNumber: null,
      website: 'https://cornerroasters.com',
      possibleCounterpartyAlternate: null,
      verified: true,
    });
    expect(top?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(customCounterpartyId('CORNER ROASTERS', 'https://www.cornerroasters.com/menu')).toBe(top?.id);
    expect(customCounterpartyId('Corner Roasters')).not.toBe(top?.id);
    // No logo of its own and none from a third party: the graphic is no longer the wrong merchant's logo.
    expect(output.transactionInfo.display).toEqual({
      name: 'Corner Roasters',
      categoryName: 'Entertainment',
      graphic: null,
      graphicSource: null,
    });
  });
});

describe('applyCorrection: category, channel, location', () => {
  it('sets the industry chain and the category name', () => {
    const output = apply([rule({ industryId: '011-002-000-000' })]);
    expect(output.counterparty[0]?.industry).toEqual(industries['011-002-000-000']);
    expect(output.counterparty[1]).toEqual(enrichment().counterparty[1]);
    expect(output.transactionInfo.display.categoryName).toBe('Coffee Shops');
    // The graphic was the counterparty's logo: it stays.
    expect(output.transactionInfo.display.graphic).toBe('https://logos.example/wrong.png');
  });

  it('replaces a category graphic with the new category icon, also without a counterparty', () => {
    const input = enrichment();
    input.counterparty = [];
    input.transactionInfo.display = {
      name: 'Sq Blue Btl',
      categoryName: 'Entertainment',
      graphic: icon('entertainment'),
      graphicSource: 'category',
    };
    const output = apply([rule({ industryId: '011-002-000-000' })], input);
    expect(output.counterparty).toEqual([]);
    expect(output.transactionInfo.display).toEqual({
      name: 'Sq Blue Btl',
      categoryName: 'Coffee Shops',
      graphic: icon('coffee'),
      graphicSource: 'category',
    });
  });

  it('sets the channel of spending transactions only', () => {
    expect(apply([rule({ channel: 'physical' })]).transactionInfo.spendingInfo).toEqual({
      channel: { value: 'physical' },
    });
    const atm = enrichment();
    atm.transactionInfo.spendingInfo = null;
    expect(apply([rule({ channel: 'physical' })], atm).transactionInfo.spendingInfo).toBeNull();
  });

  it('corrects the place and drops the coordinates of the old one', () => {
    const output = apply([rule({ location: { city: 'Portland', region: 'OR', postalCode: '97205' } })]);
    expect(output.counterparty[0]?.location).toEqual([
      { ...place, city: 'Portland', region: 'OR', postalCode: '97205', latitude: null, longitude: null },
    ]);
  });
});

describe('applyCorrection: which rule', () => {
  it('applies a rule with an MCC to that MCC only, and one without to any', () => {
    const rules = [rule({ mcc: '5814', channel: 'physical' })];
    expect(apply(rules, enrichment(), '5814').transactionInfo.spendingInfo?.channel.value).toBe('physical');
    expect(apply(rules, enrichment(), '5812').transactionInfo.spendingInfo?.channel.value).toBe('digital');
    expect(apply(rules, enrichment(), null).transactionInfo.spendingInfo?.channel.value).toBe('digital');
    const anyMcc = [rule({ channel: 'physical' })];
    expect(apply(anyMcc, enrichment(), '5812').transactionInfo.spendingInfo?.channel.value).toBe('physical');
    expect(apply(anyMcc, enrichment(), null).transactionInfo.spendingInfo?.channel.value).toBe('physical');
  });

  it('reads 3-digit MCCs as 4-digit ones', () => {
    const rules = [rule({ mcc: '742', channel: 'physical' })];
    expect(apply(rules, enrichment(), '0742').transactionInfo.spendingInfo?.channel.value).toBe('physical');
  });

  it('lets the MCC rule win where both set a field, and keeps the other fields of the any-MCC rule', () => {
    const rules = [
      rule({ mcc: '5814', channel: 'physical' }),
      rule({ channel: 'digital', industryId: '011-000-000-000' }),
    ];
    const output = apply(rules, enrichment(), '5814');
    expect(output.transactionInfo.spendingInfo?.channel.value).toBe('physical');
    expect(output.transactionInfo.display.categoryName).toBe('Food and Drink');
  });

  it('merges later rules for the same descriptor over earlier ones', () => {
    const rules = [
      rule({ counterparty: { id: blueBottle.id }, channel: 'digital' }),
      rule({ channel: 'physical' }),
    ];
    const output = apply(rules);
    expect(output.counterparty[0]?.name).toBe('Blue Bottle Coffee');
    expect(output.transactionInfo.spendingInfo?.channel.value).toBe('physical');
  });

  it('returns the enrichment itself when no rule applies', () => {
    const input = enrichment();
    const compiled = compileCorrections([rule({ channel: 'physical' })]);
    expect(applyCorrection(compiled, descriptorKey('NETFLIX.COM'), null, input, resolve)).toBe(input);
  });

  it('normalises the rule descriptors it compiles', () => {
    const compiled = compileCorrections([
      { descriptorKey: 'sq * blue btl #99 seattle wa', channel: 'physical' },
    ]);
    expect(compiled.byDescriptor.has(KEY)).toBe(true);
  });
});

describe('customCounterpartyId', () => {
  it('keeps the ids users have stored (UUIDv5 in the catalog namespace)', () => {
    expect(customCounterpartyId('Corner Roasters', 'https://cornerroasters.com')).toBe(
      '379768c3-96cf-5c5d-8a89-f57b374c2dd4',
    );
    expect(customCounterpartyId('Café Olé')).toBe('268ae7bc-5007-56cf-aaa7-e4554f22dd77');
  });
});
