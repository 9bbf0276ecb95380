import { describe, expect, it } from 'vitest';
import { parseDe43 } from './de43.js';
import { type DescriptorLexicon, parseDescriptor } from './descriptor.js';

const cities: Record<string, string[]> = {
  CA: ['SAN FRANCISCO', 'LOS ANGELES', 'OAKLAND'],
  TX: ['AUSTIN', 'SAN ANTONIO'],
  MO: ['SPRINGFIELD'],
  WA: ['SEATTLE'],
};
const lexicon: DescriptorLexicon = {
  facilitatorPrefixes: new Map([
    ['SQ', 'square'],
    ['TST', 'toast'],
    ['PAYPAL', 'paypal'],
    ['PP', 'paypal'],
    ['DD', 'doordash'],
  ]),
  literalPrefixes: [
    ['TST. ', 'toast'],
    ['SP ', 'shopify'],
  ],
  unknownPrefixes: new Set(['CKO']),
  markers: {
    pattern: /(?<![A-Z0-9])(APPLE PAY)(?![A-Z0-9])/g,
    byPhrase: new Map([['APPLE PAY', { thirdPartyId: 'apple-pay', strip: true }]]),
  },
  regionCountry: new Map([
    ['CA', 'US'],
    ['TX', 'US'],
    ['MO', 'US'],
    ['WA', 'US'],
    ['NY', 'US'],
    ['CO', 'US'],
    ['ON', 'CA'],
  ]),
  countryCodes: new Map([
    ['US', 'US'],
    ['USA', 'US'],
    ['GB', 'GB'],
    ['GBR', 'GB'],
  ]),
  isCity: (region, city) => cities[region]?.includes(city) ?? false,
};

const parse = (raw: string) => parseDescriptor(raw, lexicon);

describe('parseDescriptor', () => {
  it('strips facilitator prefixes and keeps the sub-merchant', () => {
    expect(parse('SQ *BLUE BOTTLE COFFEE SF CA')).toMatchObject({
      merchant: 'BLUE BOTTLE COFFEE',
      thirdPartyIds: ['square'],
      city: 'SAN FRANCISCO',
      region: 'CA',
      country: 'US',
    });
    expect(parse('TST* The Hungry Pig')).toMatchObject({
      merchant: 'THE HUNGRY PIG',
      thirdPartyIds: ['toast'],
    });
    expect(parse('TST. MARIOS PIZZA')).toMatchObject({ merchant: 'MARIOS PIZZA', thirdPartyIds: ['toast'] });
    expect(parse('PAYPAL *SPOTIFY')).toMatchObject({ merchant: 'SPOTIFY', thirdPartyIds: ['paypal'] });
    expect(parse('CKO*ACME WIDGETS')).toMatchObject({ merchant: 'ACME WIDGETS', thirdPartyIds: [] });
  });

  it('keeps a merchant-owned prefix and offers the rest as an alternate', () => {
    expect(parse('AMZN MKTP US*2K4LL8PT1')).toMatchObject({
      merchant: 'AMZN MKTP US',
      alternates: ['2K4LL8PT1'],
    });
    expect(parse('UBER *TRIP')).toMatchObject({ merchant: 'UBER', alternates: ['TRIP'] });
  });

  it('removes store numbers, dates and bank wrappers', () => {
    expect(parse('WAL-MART #2345 SPRINGFIELD MO')).toMatchObject({
      merchant: 'WAL-MART',
      storeNumber: '2345',
      city: 'SPRINGFIELD',
    });
    expect(parse("MCDONALD'S F12345")).toMatchObject({ merchant: "MCDONALD'S", storeNumber: 'F12345' });
    expect(parse('TARGET T-1234')).toMatchObject({ merchant: 'TARGET' });
    expect(parse('TARGET        00034132')).toMatchObject({ merchant: 'TARGET', storeNumber: '00034132' });
    expect(
      parse('PURCHASE AUTHORIZED ON 09/25 STARBUCKS STORE 12345 SEATTLE WA S584269371234567 CARD 1082'),
    ).toMatchObject({ merchant: 'STARBUCKS STORE', city: 'SEATTLE', region: 'WA' });
    expect(parse('DBT CRD 1442 03/31/23 WHOLEFDS MKT 10234 AUSTIN TX')).toMatchObject({
      merchant: 'WHOLEFDS MKT',
    });
    expect(parse('7-ELEVEN 35123')).toMatchObject({ merchant: '7-ELEVEN' });
    expect(parse('99 RANCH MARKET')).toMatchObject({ merchant: '99 RANCH MARKET' });
  });

  it('reads phones, hosts and INTERNET as card-not-present clues', () => {
    expect(parse('NETFLIX.COM')).toMatchObject({
      merchant: 'NETFLIX.COM',
      host: 'netflix.com',
      cardNotPresent: true,
    });
    expect(parse('AMAZON.COM*RT4YU7BC2 AMZN.COM/BILL WA')).toMatchObject({
      merchant: 'AMAZON.COM',
      host: 'amazon.com',
    });
    expect(parse('SIRIUSXM 888-635-5144 NY')).toMatchObject({
      merchant: 'SIRIUSXM',
      phone: '888-635-5144',
      cardNotPresent: true,
    });
    expect(parse('ADOBE INTERNET')).toMatchObject({ merchant: 'ADOBE', cardNotPresent: true });
  });

  it('finds wallet markers anywhere', () => {
    expect(parse('APPLE PAY ENDING IN 8080 CHIPOTLE 1234')).toMatchObject({
      merchant: 'CHIPOTLE',
      thirdPartyIds: ['apple-pay'],
    });
  });

  it('reads a lone state code as a place unless it can be a word', () => {
    expect(parse('BLUE BOTTLE COFFEE CA')).toMatchObject({ merchant: 'BLUE BOTTLE COFFEE', region: 'CA' });
    expect(parse('SHELL TX')).toMatchObject({ merchant: 'SHELL', region: 'TX' });
    expect(parse('ACME CO')).toMatchObject({ merchant: 'ACME CO', region: null });
  });
});

describe('parseDe43', () => {
  const mastercard = `${'NETFLIX.COM'.padEnd(22)} ${'866-579-7172'.padEnd(13)} CA `;
  const visa = `${'STARBUCKS STORE 12345'.padEnd(25)}${'SEATTLE'.padEnd(13)}US`;
  it('reads the Mastercard layout, with a phone in the city slot', () => {
    expect(mastercard).toHaveLength(40);
    expect(parseDe43(mastercard, lexicon)).toMatchObject({
      layout: 'mastercard',
      name: 'NETFLIX.COM',
      city: null,
      remoteContact: '866-579-7172',
      region: 'CA',
      country: 'US',
    });
    const london = `${'PRET A MANGER'.padEnd(22)} ${'LONDON'.padEnd(13)} GBR`;
    expect(parseDe43(london, lexicon)).toMatchObject({
      layout: 'mastercard',
      city: 'LONDON',
      region: null,
      country: 'GB',
    });
  });

  it('reads the Visa layout', () => {
    expect(parseDe43(visa, lexicon)).toMatchObject({
      layout: 'visa',
      name: 'STARBUCKS STORE 12345',
      city: 'SEATTLE',
      country: 'US',
    });
  });

  it('reads the payment-facilitator layout', () => {
    const raw = `${'SQ *MARIAS FLOWERS'.padEnd(22)}${'OAKLAND'.padEnd(13)}USA${'1200 BROADWAY'.padEnd(25)}${'94612'.padEnd(9)}CA`;
    expect(raw).toHaveLength(74);
    expect(parseDe43(raw, lexicon)).toMatchObject({
      layout: 'facilitator',
      name: 'SQ *MARIAS FLOWERS',
      city: 'OAKLAND',
      country: 'US',
      street: '1200 BROADWAY',
      postalCode: '94612',
      region: 'CA',
    });
  });

  it('falls back to free form for anything else', () => {
    expect(parseDe43('COFFEE', lexicon)).toMatchObject({ layout: 'freeform', name: 'COFFEE' });
    expect(parseDe43('', lexicon)).toMatchObject({ layout: 'freeform', name: '' });
    expect(parseDe43(`${'X'.repeat(39)}Q`, lexicon).layout).toBe('freeform');
  });
});
