import { loadCatalog } from '@txenrich/catalog';
import { describe, expect, it } from 'vitest';
import { buildLexicon } from '../lexicon.js';
import { readPaddedFields } from './padded-fields.js';

const lexicon = buildLexicon(loadCatalog());
const read = (line: string, home: string | null = 'us') => readPaddedFields(line, home, lexicon);

describe("a description in a card network's columns", () => {
  it('reads the name, the town and an alpha-3 country run into it', () => {
    expect(read('KOALA TEA HOUSE          BALWYN NORTHAUS', 'au')).toEqual({
      name: 'KOALA TEA HOUSE',
      city: 'BALWYN NORTH',
      region: null,
      country: 'AUS',
    });
  });

  it("reads a state of the account's own country abroad", () => {
    expect(read('SQ *WATTLE GALLERY       Melbourne   VI', 'au')).toMatchObject({
      name: 'SQ *WATTLE GALLERY',
      city: 'Melbourne',
      region: 'VI',
      country: 'AU',
    });
  });

  it('reads a US state after a cut town, whatever the issuer printed after the columns', () => {
    expect(read('CODEHARBOR, INC.         SAN FRANCISCCA ##1225          39.00 US DOLLAR')).toMatchObject({
      name: 'CODEHARBOR, INC.',
      city: 'SAN FRANCISC',
      region: 'CA',
    });
  });

  it('finds where a full name field ends by the capital of a mixed-case town, and the Visa country', () => {
    expect(read('WATTLE LIME THAI & LAO RECabramatta WeAU', 'au')).toMatchObject({
      name: 'WATTLE LIME THAI & LAO RE',
      city: 'Cabramatta We',
      country: 'AU',
    });
  });

  it("reads a US state in the Visa layout's country slot as a state, but a Canadian account's own CA as Canada", () => {
    expect(read('SQ *HARBOR LIGHT COFFEE  SAN FRANCISCOCA')).toMatchObject({ region: 'CA', country: null });
    expect(read('MAPLE LEAF DINER         VANCOUVER   CA', 'ca')).toMatchObject({ country: 'CA' });
  });

  it('reads a town alone when no code follows', () => {
    expect(read('TRAM PAYMENTS            MELBOURNE', 'au')).toMatchObject({
      name: 'TRAM PAYMENTS',
      city: 'MELBOURNE',
    });
  });

  it('leaves other layouts alone: more padded fields, a code that is no place, a date, a host, no padding', () => {
    expect(read('POS DEBIT                DOMINO PARK CAFE         BROOKLYN      NY')).toBeNull();
    expect(read('POS DEBIT                TOP DOLLAR PAWN          CHARLOTTE     NC')).toBeNull();
    expect(read('SAINSBURYS S/MKTS      ON 15 MAR          BCC', 'gb')).toBeNull();
    expect(read('AMAZON MKTPLACE PMTS     AMZN.COM/BILL WA')).toBeNull();
    expect(read('BLUE BOTTLE COFFEE SAN FRANCISCO CA')).toBeNull();
  });
});
