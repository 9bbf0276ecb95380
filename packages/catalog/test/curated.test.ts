import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCurated } from '../src/build/curated.js';
import { readCountries } from '../src/build/geo.js';
import { readMccCodes } from '../src/build/mcc.js';
import { packageRoot } from '../src/build/sources.js';

const countryCodes = new Set(readCountries().map((country) => country.alpha2));
const mccCodes = readMccCodes().map(({ code }) => code);

describe('the curated lists of packages/catalog/data', () => {
  const { data, issues, missing } = readCurated({
    dataDir: join(packageRoot, 'data'),
    iconsDir: join(packageRoot, 'icons'),
    mccCodes,
    countryCodes,
  });

  it('exist', () => {
    expect(missing).toEqual([]);
  });

  it('have no duplicates, malformed websites, unknown industry ids, lowercase prefixes or other problems', () => {
    expect(issues.map((issue) => `${issue.file} [${issue.at}]: ${issue.message}`)).toEqual([]);
  });

  it('list at least 650 online merchants, third parties with prefixes, and descriptor aliases', () => {
    expect(data.merchants.length).toBeGreaterThanOrEqual(650);
    expect(data.thirdParties.length).toBeGreaterThan(0);
    expect(data.thirdParties.filter((party) => party.prefixes.length > 0).length).toBeGreaterThan(0);
    expect(data.descriptorAliases.length).toBeGreaterThan(0);
    expect(data.unknownFacilitatorPrefixes.length).toBeGreaterThan(0);
  });

  it('map every MCC of merchant-category-codes to an industry node', () => {
    const ids = new Set(data.industries.map((industry) => industry.id));
    expect(mccCodes.length).toBeGreaterThan(1000);
    expect(mccCodes.filter((code) => !ids.has(data.mccIndustries[code] ?? ''))).toEqual([]);
  });

  it('keep prefixes and markers uppercase', () => {
    const all = [
      ...data.thirdParties.flatMap((party) => [...party.prefixes, ...party.markers]),
      ...data.unknownFacilitatorPrefixes,
    ];
    expect(all.filter((value) => value !== value.toUpperCase())).toEqual([]);
  });
});

describe('the curated checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'txenrich-curated-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, value: unknown) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), JSON.stringify(value));
  };
  write('icons/food.svg', '<svg/>');
  write('data/industries.json', [
    { id: '011-000-000-000', name: 'Food', icon: 'food.svg' },
    { id: '011-001-000-000', name: 'Restaurants', icon: 'food.svg' },
    { id: '011-001-000-000', name: 'Twice', icon: 'food.svg' },
    { id: '012-003-000-000', name: 'Orphan', icon: 'food.svg' },
    { id: '013-000-001-000', name: 'Gap in id', icon: 'food.svg' },
    { id: '014-000-000-000', name: 'No icon', icon: 'missing.svg' },
  ]);
  write('data/mcc-industries.json', { '5812': '011-001-000-000', '5999': '099-000-000-000' });
  write('data/mcc-flags.json', { cardNotPresent: ['5812', '5812'], cashLike: ['6011'], risky: [], atm: [] });
  write('data/nsi-tag-industries.json', {
    'amenity/fast_food': '011-001-000-000',
    'shop/x': '098-000-000-000',
  });
  write('data/merchants/a.json', [
    { name: 'Netflix', domain: 'netflix.com', industry: '011-001-000-000' },
    { name: 'NETFLIX', domain: 'netflix2.com', industry: '011-001-000-000' },
    { name: 'Other', domain: 'netflix.com', industry: '011-001-000-000' },
    { name: 'Bad site', domain: 'https://www.example.com/', industry: '011-001-000-000' },
    { name: 'Bad industry', domain: 'ok.com', industry: '011-999-000-000' },
    { name: 'Bad country', domain: 'ok2.com', industry: '011-001-000-000', countries: ['USA'] },
  ]);
  write('data/third-parties.json', [
    {
      name: 'Square',
      domain: 'squareup.com',
      type: 'payment_processor',
      roles: ['facilitator'],
      prefixes: ['SQ *', 'sq*'],
      markers: [],
      industry: '011-001-000-000',
      confidence: 'doc',
    },
    {
      name: 'Copycat',
      domain: 'copy.com',
      type: 'bank',
      roles: [],
      prefixes: ['SQ *'],
      markers: [],
      industry: '011-001-000-000',
      confidence: 'high',
    },
  ]);
  write('data/unknown-facilitator-prefixes.json', ['CLR*', 'SQ *']);
  write('data/descriptor-aliases.json', [
    { descriptor: 'NETFLIX.COM', merchant: 'Netflix', domain: 'netflix.com' },
    { descriptor: 'netflix.com', merchant: 'Netflix', domain: 'netflix.com' },
    { descriptor: 'X', merchant: 'X', domain: 'x.com', mcc: '0000' },
  ]);
  write('data/city-local-names.json', [
    { name: 'Roma', city: 'Rome', country: 'it' },
    { name: 'ROMA', city: 'Rome', country: 'it' },
    { name: 'Wien', city: 'Vienna', country: 'aut' },
  ]);

  const { issues, missing } = readCurated({
    dataDir: join(dir, 'data'),
    iconsDir: join(dir, 'icons'),
    mccCodes: ['5812', '5411'],
    countryCodes,
  });
  const messages = issues.map((issue) => `${issue.file} [${issue.at}]: ${issue.message}`);

  it('find every planted problem', () => {
    expect(missing).toEqual([]);
    expect(messages).toEqual([
      'industries.json [2]: duplicate industry id 011-001-000-000',
      'industries.json [4]: malformed industry id 013-000-001-000',
      'industries.json [5]: icon file icons/missing.svg is missing',
      'industries.json [012-003-000-000]: parent 012-000-000-000 of 012-003-000-000 does not exist',
      'industries.json [013-000-001-000]: parent 013-000-000-000 of 013-000-001-000 does not exist',
      'mcc-industries.json [5999]: unknown industry id 099-000-000-000',
      'mcc-industries.json [5411]: MCC 5411 has no industry',
      'mcc-flags.json [cardNotPresent]: duplicate MCC 5812',
      'mcc-flags.json [cashLike]: MCC 6011 is not in mcc-industries.json',
      'nsi-tag-industries.json [shop/x]: unknown industry id 098-000-000-000',
      'merchants/a.json [1]: duplicate name netflix (first at merchants/a.json[0])',
      'merchants/a.json [2]: duplicate domain netflix.com (first at merchants/a.json[0])',
      'merchants/a.json [3]: malformed domain https://www.example.com/ (want a bare lowercase host such as example.com)',
      'merchants/a.json [4]: unknown industry id 011-999-000-000',
      'merchants/a.json [5]: unknown country USA (want lowercase ISO alpha-2)',
      'third-parties.json [0]: prefixes entry sq* is not uppercase',
      'third-parties.json [1]: unknown type bank',
      'third-parties.json [1]: confidence must be doc, 2nd or seen, not high',
      'third-parties.json [1]: duplicate prefix SQ * (first at Square)',
      'unknown-facilitator-prefixes.json [1]: prefix SQ * also belongs to third party Square',
      'descriptor-aliases.json [1]: duplicate descriptor NETFLIX.COM (first at descriptor-aliases.json[0])',
      'descriptor-aliases.json [2]: unknown MCC 0000',
      'city-local-names.json [1]: duplicate local name ROMA',
      'city-local-names.json [2]: unknown country aut',
    ]);
  });

  it('report optional lists that are missing without failing', () => {
    const empty = mkdtempSync(join(tmpdir(), 'txenrich-curated-empty-'));
    try {
      mkdirSync(join(empty, 'data'));
      writeFileSync(join(empty, 'data/industries.json'), '[]');
      writeFileSync(join(empty, 'data/mcc-industries.json'), '{}');
      writeFileSync(
        join(empty, 'data/mcc-flags.json'),
        '{"cardNotPresent":[],"cashLike":[],"risky":[],"atm":[]}',
      );
      const result = readCurated({
        dataDir: join(empty, 'data'),
        iconsDir: empty,
        mccCodes: [],
        countryCodes,
      });
      expect(result.issues).toEqual([]);
      expect(result.missing).toEqual([
        'nsi-tag-industries.json',
        'merchants/*.json',
        'third-parties.json',
        'unknown-facilitator-prefixes.json',
        'descriptor-aliases.json',
        'city-local-names.json',
      ]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
