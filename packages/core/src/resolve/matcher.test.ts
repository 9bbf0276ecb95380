import { describe, expect, it } from 'vitest';
import type { MatchEntry } from './match-entry.js';
import { createMatcher, type MatchEvidence, type MatcherOptions } from './matcher.js';

const entry = (names: string[], industryId = '011-001-001-000'): MatchEntry => ({
  names,
  statementForms: 0,
  hosts: [],
  industryId,
  countries: [],
  popularity: 0.5,
});
const evidence: MatchEvidence = {
  mccIndustryId: null,
  country: 'us',
  mccEntry: null,
  behindFacilitator: false,
  cardMerchant: true,
};
/** The name of the brand the matcher finds for a line, with word lists that know nothing unless given. */
const matchName = (
  entries: MatchEntry[],
  line: string,
  words: Partial<MatcherOptions> = {},
  more: Partial<MatchEvidence> = {},
) => {
  const matcher = createMatcher(entries, {
    isGeneric: () => false,
    isCutWord: () => false,
    isWord: () => false,
    ...words,
  });
  const found = matcher.match({ readings: [line], statementForms: [], host: null }, { ...evidence, ...more });
  return found === null ? null : entries[found.entry]!.names[0];
};

describe('createMatcher: a name the field cut', () => {
  it('completes to the brand whose own name it starts, not one that only has an alias so', () => {
    const entries = [entry(['Harborview Grill']), entry(['Harborview Bistro', 'Harborview Grill House'])];
    expect(matchName(entries, 'HARBORVIEW GRI')).toBe('Harborview Grill');
  });

  it('finds a brand whose name starts with a filler word by its first other word', () => {
    expect(matchName([entry(['The Lantern Exchange'])], 'THE LANTERN EXCHAN')).toBe('The Lantern Exchange');
  });

  it("counts a word's plural in the brand's name as the brand's own (`FERRY` of Ferries)", () => {
    const entries = [
      entry(['Harbour Trains', 'hbtn'], '013-005-000-000'),
      entry(['Harbour Ferries', 'hbtn'], '013-005-000-000'),
    ];
    expect(matchName(entries, 'HBTN FERRY')).toBe('Harbour Ferries');
  });
});

describe("createMatcher: a name's letters a keyboard lacks", () => {
  it('finds the name with them spelt out (`FOLKTANDVAARDEN`) or dropped to their base letter', () => {
    const bakery = [entry(['Fjällbåtens Bageri'])];
    expect(matchName(bakery, 'FJAELLBAATENS BAGERI')).toBe('Fjällbåtens Bageri');
    expect(matchName(bakery, 'FJALLBATENS BAGERI')).toBe('Fjällbåtens Bageri');
  });
});

describe("createMatcher: the words around a brand's name that say where its store is", () => {
  const salon = [entry(['Harbor Clips'], '010-001-000-000')];
  const isGeneric = (key: string) => ['harbor', 'clips', 'harbor clips', 'pizza'].includes(key);
  const isWord = () => true;

  it('reads `AT` and a place after the name as where its counter stands (`GREAT CLIPS AT SHIPYARD`)', () => {
    expect(matchName(salon, 'HARBOR CLIPS AT SHIPYARD', { isGeneric, isWord })).toBe('Harbor Clips');
    // After one common word, they go on another business's name (`PIZZA AT THE PARK`).
    const pizza = [entry(['Pizza'], '011-001-000-000')];
    expect(matchName(pizza, 'PIZZA AT THE PARK', { isGeneric, isWord })).toBeNull();
  });

  it("reads the store's number before the name as none of it (`3332 GREAT CLIPS`)", () => {
    expect(matchName(salon, '3332 HARBOR CLIPS', { isGeneric, isWord })).toBe('Harbor Clips');
  });
});

describe("createMatcher: a brand's name after a venue's code", () => {
  const roasters = entry(['Harborview Roasters'], '011-002-000-000');

  it('finds the whole name after a code of a few letters (`JCP STARBUCKS`)', () => {
    expect(matchName([roasters], 'HMX HARBORVIEW ROASTERS')).toBe('Harborview Roasters');
    expect(matchName([roasters], 'HM 12 HARBORVIEW ROASTERS')).toBe('Harborview Roasters');
  });

  it("leaves it to a longer word's business, a trade's or a longer name's (`TACOS LA MICHOACANA`)", () => {
    expect(matchName([roasters], 'NELSONS HARBORVIEW ROASTERS')).toBeNull();
    expect(matchName([roasters], 'CAFE HARBORVIEW ROASTERS')).toBeNull();
    expect(matchName([roasters], 'FOR HARBORVIEW ROASTERS')).toBeNull();
  });

  it("finds it after the place a chain names its numbered store by: a town of the line's state, or `DOWNTOWN`", () => {
    const namesTown = (key: string) => key === 'kailua';
    const numbered = { namesTown, storeNumbered: true };
    expect(matchName([roasters], 'KAILUA HARBORVIEW ROASTERS', {}, numbered)).toBe('Harborview Roasters');
    expect(matchName([roasters], 'DOWNTOWN HARBORVIEW ROASTERS', {}, numbered)).toBe('Harborview Roasters');
    // Without a store's number, or behind a card processor, a town first names an independent business.
    expect(matchName([roasters], 'KAILUA HARBORVIEW ROASTERS', {}, { namesTown })).toBeNull();
    const behind = { ...numbered, behindFacilitator: true };
    expect(matchName([roasters], 'KAILUA HARBORVIEW ROASTERS', {}, behind)).toBeNull();
    // A longer word that is no town of the state stays another business's name.
    expect(matchName([roasters], 'NELSONS HARBORVIEW ROASTERS', {}, numbered)).toBeNull();
  });

  it('finds it after the very town the line places the store in (`EAGLE SINCLAIR EAGLE CO`)', () => {
    const inKailua = { townWords: new Set(['kailua']) };
    expect(matchName([roasters], 'KAILUA HARBORVIEW ROASTERS', {}, inKailua)).toBe('Harborview Roasters');
    expect(
      matchName([roasters], 'KAILUA HARBORVIEW ROASTERS', {}, { ...inKailua, behindFacilitator: true }),
    ).toBeNull();
  });

  it("leaves a vehicle maker's name to its dealer (`ROSEN NISSAN`)", () => {
    expect(matchName([entry(['Zephyra'], '014-006-001-000')], 'BMX ZEPHYRA')).toBeNull();
  });

  it('leaves a common word the field cut to the company it starts (`COLUMBIA TRANSPO`)', () => {
    const transit = [entry(['Transpo'], '013-005-000-000')];
    expect(matchName(transit, 'ABC TRANSPO', { isCutWord: (token) => token === 'transpo' })).toBeNull();
    expect(matchName(transit, 'ABC TRANSPO')).toBe('Transpo');
  });
});

describe("createMatcher: a fuel brand's station shop", () => {
  it("reads the shop after a fuel brand's name as the brand's own (`CHEVRON FOOD MART`)", () => {
    const station = entry(['Harborline'], '014-001-000-000');
    expect(matchName([station], 'HARBORLINE FOOD MART')).toBe('Harborline');
    // Not after another trade's brand.
    const isWord = (token: string) => ['food', 'mart'].includes(token);
    expect(
      matchName([entry(['Harborline'], '012-001-000-000')], 'HARBORLINE FOOD MART', { isWord }),
    ).toBeNull();
  });
});

describe("createMatcher: a word run into a brand's name", () => {
  const isWord = (token: string) => ['direct', 'optical'].includes(token);
  const isCutWord = (token: string) => token === 'direc';

  it('finds a one-word name before a word, whole or cut by the field (`PATAGONIADIREC`)', () => {
    const outfitter = [entry(['Harborline'], '012-004-000-000')];
    expect(matchName(outfitter, 'HARBORLINEDIREC', { isCutWord, isWord })).toBe('Harborline');
    expect(matchName(outfitter, 'HARBORLINEDIRECT', { isCutWord, isWord })).toBe('Harborline');
    // Letters that are no word stay another name.
    expect(matchName(outfitter, 'HARBORLINEQUARX', { isCutWord, isWord })).toBeNull();
  });

  it('leaves names of several words run together to the local business (`COLLEGEAVEOPTICAL`)', () => {
    expect(matchName([entry(['Harbor Line'])], 'HARBORLINEOPTICAL', { isCutWord, isWord })).toBeNull();
  });
});

describe("createMatcher: a branch's name after a store brand's", () => {
  const isWord = (token: string) => ['direct', 'sales', 'tuna'].includes(token);

  it('weighs words no dictionary knows after a store brand of its own name lightly: a branch (`LIDL RABERGSTO`)', () => {
    const grocer = [entry(['Harborline'], '011-007-000-000')];
    expect(matchName(grocer, 'HARBORLINE QUARVIK ODDNESTA', { isWord })).toBe('Harborline');
    // Common words are another business's name.
    expect(matchName(grocer, 'HARBORLINE DIRECT SALES', { isWord })).toBeNull();
  });

  it('reads the branch after a store brand named with two common words or more (`BURGER URGE SOUTHBANK SOUTH`)', () => {
    const words = { isGeneric: () => true, isWord };
    const grill = [entry(['Harbor Line'], '011-001-000-000')];
    expect(matchName(grill, 'HARBOR LINE QUARVIK SOUTH', words)).toBe('Harbor Line');
    // Common words after it are another business's name; one common word alone names too many.
    expect(matchName(grill, 'HARBOR LINE DIRECT SALES', words)).toBeNull();
    expect(matchName([entry(['Harbor'], '011-001-000-000')], 'HARBOR QUARVIK', words)).toBeNull();
  });

  it("reads common words after a brand's coined name as its station's or product's (`EXXON PALMETTO ROADS`)", () => {
    const isGeneric = (key: string) => ['palmetto', 'roads'].includes(key);
    const station = [entry(['Harborline'], '014-001-000-000')];
    expect(matchName(station, 'HARBORLINE PALMETTO ROADS', { isWord: () => true })).toBe('Harborline');
    // Not after a common word's brand, nor a person's, nor a company that sells to businesses.
    const isWord = () => true;
    expect(
      matchName([entry(['Palmetto'], '014-001-000-000')], 'PALMETTO HARBOR ROADS', { isGeneric, isWord }),
    ).toBeNull();
    expect(matchName([entry(['Floyds'], '012-001-000-000')], 'FLOYDS NO FRILLS', { isWord })).toBeNull();
    expect(
      matchName([entry(['Harborline'], '020-017-000-000')], 'HARBORLINE SPIRIT INFLYT', { isWord }),
    ).toBeNull();
  });

  it('not after a company of a line without branches', () => {
    const company = [entry(['Harborline'], '020-017-000-000')];
    expect(matchName(company, 'HARBORLINE QUARVIK ODDNESTA', { isWord })).toBeNull();
  });
});

describe('createMatcher: a name shortened as banks shorten it', () => {
  const university = entry(['Lorentian University'], '008-002-000-000');
  const energy = entry(['Centerpoint Energy'], '017-001-000-000');

  it('finds a name whose words lost their vowels or their end (`LRNTN UNIV`, `CNTRPNT ENRGY`)', () => {
    expect(matchName([university], 'LRNTN UNIV')).toBe('Lorentian University');
    expect(matchName([university], 'LRNTN UNIV TUITION')).toBe('Lorentian University');
    expect(matchName([energy], 'CNTRPNT ENRGY')).toBe('Centerpoint Energy');
    expect(matchName([energy], 'CENT ENERGY')).toBe('Centerpoint Energy');
  });

  it('not from letters too few or out of order, a common word, or one of two brands', () => {
    // Most consonants must stay, vowels kept past the first letter shorten less surely (`MIC` of Medica).
    expect(matchName([energy], 'CPT ENERGY')).toBeNull();
    expect(matchName([energy], 'CNTEP ENERGY')).toBeNull();
    expect(matchName([entry(['Medica Insurance'])], 'MIC INSURANCE')).toBeNull();
    // A word of its own is no shortening: a common word (`CENT`), a given name (`CHRIS BANKS` is a person).
    expect(matchName([energy], 'CENT ENERGY', { isGeneric: (key) => key === 'cent' })).toBeNull();
    const retailer = entry(['Christopher & Banks'], '003-001-000-000');
    expect(matchName([retailer], 'CHRIS BANKS', { isGeneric: (key) => key === 'chris' })).toBeNull();
    expect(matchName([retailer], 'CHRIS BANKS')).toBe('Christopher & Banks');
    const twoBrands = [university, entry(['Lorentian Universal'], '008-002-000-000')];
    expect(matchName(twoBrands, 'LRNTN UNIV')).toBeNull();
  });

  it('leaves a line that stops at a cut word of a longer name to the leading search (`AUSTIN PUB`)', () => {
    // The leading search knows a trade's word is printed whole: `PUB` is a pub, not the start of Public.
    const library = entry(['Harborview Public Library'], '008-000-000-000');
    expect(matchName([library], 'HARBORVIEW PUB')).toBeNull();
    expect(matchName([library], 'HRBRVW PUBLIC')).toBe('Harborview Public Library');
  });

  it('holds a name of common words shortened to its start to the generic-name guard, not when whole (`HOME DPT`)', () => {
    const cooperative = entry(['First Electric Cooperative'], '017-001-000-000');
    // Every word common but the shortenings.
    const words = { isGeneric: (key: string) => !['elctrc', 'coop'].includes(key) };
    expect(matchName([cooperative], 'FIRST ELCTRC', words)).toBeNull();
    expect(matchName([cooperative], 'FIRST ELCTRC COOP', words)).toBe('First Electric Cooperative');
  });
});

describe('createMatcher: a brand of common words behind a delivery service', () => {
  const subs = entry(['Harbor Subs'], '011-001-000-000');
  const words = { isGeneric: () => true };

  it("takes the service's trade for the brand's, as an MCC would (`DD DOORDASH FIREHOUSE`)", () => {
    expect(matchName([subs], 'HARBOR', words, { deliveredIndustry: '011' })).toBe('Harbor Subs');
    expect(matchName([subs], 'HARBOR', words)).toBeNull();
  });

  it('not for a brand of another trade', () => {
    const tires = entry(['Harbor Tires'], '014-002-000-000');
    expect(matchName([tires], 'HARBOR', words, { deliveredIndustry: '011' })).toBeNull();
  });
});
