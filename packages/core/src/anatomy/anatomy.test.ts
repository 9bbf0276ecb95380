import { loadCatalog } from '@txenrich/catalog';
import { describe, expect, it } from 'vitest';
import { buildLexicon } from '../lexicon.js';
import { euroCountries } from '../normalize/home-country.js';
import { achEntries } from './ach-entries.js';
import { type Anatomy, readAnatomy } from './anatomy.js';
import { atmExamples } from './atm.js';
import { bankFields } from './bank-fields.js';
import { locationRules } from './location.js';
import { chargeTail, legalFormTail, noiseRules } from './noise.js';
import type { ExpectedParts, Rule } from './rules.js';
import { maskedNumber } from './tidy.js';
import { leadingWrappers, namelessLines, trailingWrappers } from './wrappers.js';

const catalog = loadCatalog();
const lexicon = buildLexicon(catalog);
const thirdPartyName = (id: string) => lexicon.thirdParties.get(id)?.name ?? id;

/** The parts an example pins, read from the anatomy. */
function partsOf(anatomy: Anatomy, expected: ExpectedParts): ExpectedParts {
  const actual: Record<string, unknown> = {
    name: anatomy.name,
    display: anatomy.display,
    wrapper: anatomy.wrapper?.id ?? null,
    city: anatomy.location.city,
    region: anatomy.location.region,
    country: anatomy.location.country,
    postalCode: anatomy.location.postalCode,
    phone: anatomy.location.phone,
    host: anatomy.location.host,
    storeNumber: anatomy.storeNumber,
    thirdParties: anatomy.thirdPartyIds.map(thirdPartyName),
  };
  return Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key]]));
}

const tables: [string, readonly Rule<unknown>[]][] = [
  ['leading wrappers', leadingWrappers],
  ['trailing wrappers', trailingWrappers],
  ['nameless lines', namelessLines],
  ['bank fields', bankFields],
  ['ACH entry descriptions', achEntries],
  ['noise', [...noiseRules, chargeTail, legalFormTail]],
  ['location', locationRules],
];

describe('every example of every anatomy table', () => {
  for (const [table, rules] of tables) {
    describe(table, () => {
      for (const rule of rules) {
        it(`${rule.id} has examples`, () => expect(rule.examples.length).toBeGreaterThan(0));
        for (const example of rule.examples) {
          it(`${rule.id}: ${example.line}`, () => {
            const anatomy = readAnatomy(example.line, lexicon, { homeCountry: example.homeCountry ?? null });
            expect(partsOf(anatomy, example.expect)).toEqual(example.expect);
          });
        }
      }
    });
  }
});

describe("an app's or wallet's name with no other name left", () => {
  it("is the name, not what its phrase leaves (a host's end, a country, a prefix)", () => {
    expect(readAnatomy('XOOM.COM', lexicon).name).toBe('XOOM');
    expect(readAnatomy('MONEYGRAM US 8009262400 TX', lexicon).name).toBe('MONEYGRAM');
    // Another name left stays the name: the wallet only wraps it.
    expect(readAnatomy('APPLE PAY ENDING IN 1234 HARBOR BAKERY', lexicon).name).toBe('HARBOR BAKERY');
  });
});

describe('bank fields: each row is reached by its own anchor', () => {
  for (const rule of bankFields) {
    for (const example of rule.examples) {
      // Masks are gone before the fields are read (`XXXXX1234`).
      const line = example.line.toUpperCase().replace(maskedNumber, ' ').replace(/\s+/g, ' ');
      it(`${rule.id}: ${example.line}`, () => expect(rule.anchor.test(line)).toBe(true));
    }
  }
});

describe('ATM lines: the owner of the machine, if the line names one', () => {
  for (const { line, owner } of atmExamples) {
    it(line, () => expect(readAnatomy(line, lexicon, { atm: true }).name).toBe(owner));
  }
});

describe('ACH entries in the NACHA columns, padded or collapsed', () => {
  it('reads the company from the columns as printed', () => {
    const read = readAnatomy('VANGUARD BUY     INVESTMENT ***********3619', lexicon);
    expect([read.fields?.id, read.name]).toEqual(['fields.ach-columns', 'VANGUARD BUY']);
  });

  it("reads the columns before any individual's id when the entry's class and the company's id close the line", () => {
    const read = readAnatomy('CITY OF FRISCO , MINTBILLS  BILL #7SHTAT    WEB ID: 1260357037', lexicon);
    expect([read.fields?.id, read.name, read.fields?.entry]).toEqual([
      'fields.ach-columns',
      'CITY OF FRISCO',
      'MINTBILLS',
    ]);
  });

  it('reads a known entry before a masked id once the blanks are collapsed, and nothing else', () => {
    const read = readAnatomy('VANGUARD ACCTVERIFY ***********9107', lexicon);
    expect([read.fields?.id, read.name]).toEqual(['fields.ach-columns', 'VANGUARD']);
    expect(readAnatomy('HARBOR TECHNOLOG PAY ***********1234', lexicon).fields).toBeNull();
    expect(readAnatomy('VANGUARD ACCTVERIFY 9107', lexicon).fields).toBeNull();
  });
});

describe('readAnatomy', () => {
  it('reads a store sold through a platform without the platform (`COSTCO BY INSTACART`)', () => {
    const store = readAnatomy('SPROUTS BY INSTACART INSTACART.COMCA', lexicon);
    expect(store.name).toBe('SPROUTS');
    // The host run into the state, then the bank's own fields.
    const wrapped = readAnatomy(
      'PURCHASE AUTHORIZED ON 02/14 SPROUTS BY INSTACART INSTACART.COMCA S381045129834567 CARD 1234',
      lexicon,
    );
    expect(wrapped.name).toBe('SPROUTS');
    expect(store.thirdPartyIds.map(thirdPartyName)).toEqual(['Instacart']);
    expect(readAnatomy('STAND BY ME CAFE', lexicon).name).toBe('STAND BY ME CAFE');
    // The platform's name cut by the field, the town run into it.
    const runIn = readAnatomy('IC* COSTCO BY INSTACSAN FRANCISCO       CA', lexicon);
    expect([runIn.name, runIn.location.city]).toEqual(['COSTCO', 'SAN FRANCISCO']);
  });

  it("reads a store a delivery service sold for, the service's name cut after `VIA`, and a cut site in the town's slot", () => {
    const store = readAnatomy('TOTAL WI VIA INSTACA WWW.TOTALWINE CA        03/19', lexicon);
    expect([store.name, store.location.region]).toEqual(['TOTAL WI', 'CA']);
    expect(store.thirdPartyIds.map(thirdPartyName)).toEqual(['Instacart']);
    expect(readAnatomy('CAFE VIA ROMA', lexicon).thirdPartyIds).toEqual([]);
    // The scheme run into a host the town's slot cut: no town is read in the name before it.
    const shop = readAnatomy('SP PARKER CLAY HTTPSPARKERCL CA              03/27', lexicon);
    expect([shop.name, shop.location.city, shop.location.region, shop.cardNotPresent]).toEqual([
      'PARKER CLAY',
      null,
      'CA',
      true,
    ]);
  });

  it("reads a place abroad the gazetteer lacks, a British postcode's district, and a foreign amount's tail", () => {
    const read = (line: string) => {
      const anatomy = readAnatomy(line, lexicon, { homeCountry: 'GB' });
      return [anatomy.name, anatomy.location.country];
    };
    expect(read('RABACAL NATURE SPOT CALHETA PT')).toEqual(['RABACAL NATURE SPOT', 'PT']);
    expect(read('AQUILA NERA SESTRIERE IT 107.000000 EUR at 1.18481')).toEqual(['AQUILA NERA', 'IT']);
    expect(read('JACK HORNER LONDON W1T GB')).toEqual(['JACK HORNER', 'GB']);
    expect(read('BOOTS 1234 GB')).toEqual(['BOOTS', 'GB']);
    // An English word before the code is no town: it stays the name's.
    expect(read('AMAZON PRIME GB')[0]).toMatch(/^AMAZON PRIME/);
    // The payment service that started it, a store's number padded with zeros, an online sale's words.
    expect(read('HMRC Self Assessment Shipley via Ecospend Technologies Limited')[0]).toBe(
      'HMRC SELF ASSESSMENT',
    );
    expect(readAnatomy('0155 FIRST WATCH PHOENIX AZ', lexicon).name).toBe('FIRST WATCH');
    expect(readAnatomy('LIVING SPACES E COMMERCE LA MIRADA CA', lexicon).name).toBe('LIVING SPACES');
  });

  it("reads a branch after a dash that starts with a street's side, after a one-word name too, and a street's ordinal", () => {
    expect(readAnatomy('TST* ZOOKZ - E CAMELBACK PHOENIX AZ', lexicon).name).toBe('ZOOKZ');
    expect(readAnatomy('ECO - FRIENDLY CLEANERS', lexicon).name).toBe('ECO - FRIENDLY CLEANERS');
    // A street's ordinal after the name, without the dash.
    expect(readAnatomy('TST* 5 & DINER 16TH PHOENIX AZ', lexicon).name).toBe('5 & DINER');
  });

  it('reads the start of the town after the name as the town cut, printed whole in its slot', () => {
    expect(readAnatomy('INDIA BAZAAR FRI 8998 FRISCO TX      938663  02/24', lexicon).name).toBe(
      'INDIA BAZAAR',
    );
    // A name after its town keeps the town's start.
    expect(readAnatomy('UNIVERSITY OF CINC CINCINNATI OH', lexicon).name).toBe('UNIVERSITY OF CINC');
  });

  it("reads a town and state alone after a delivery app's or a platform's prefix as the party's place", () => {
    for (const [line, city] of [
      ['UBER EATS SAN FRANCISCO CA', 'SAN FRANCISCO'],
      ['DD *DOORDASH SAN FRANCISCO CA', 'SAN FRANCISCO'],
      ['GRUBHUB*SEATTLE WA', 'SEATTLE'],
    ]) {
      expect(readAnatomy(line!, lexicon).location.city).toBe(city);
    }
    // After a card processor's, it is the name of the business behind it.
    expect(readAnatomy('SQ *OAKLAND CA', lexicon).name).toBe('OAKLAND');
  });

  it("reads a delivery app's or a processor's prefix run into the name, but not a word that only starts alike", () => {
    const grubhub = readAnatomy('GRUBHUBBUFFALOWILDWIN', lexicon);
    expect(grubhub.thirdPartyIds.map(thirdPartyName)).toEqual(['Grubhub']);
    expect(grubhub.name).toBe('BUFFALOWILDWIN');
    expect(readAnatomy('SEAMLSSDISTRICTSAIGON', lexicon).thirdPartyIds.map(thirdPartyName)).toEqual([
      'Seamless',
    ]);
    expect(readAnatomy('DOORDASH DASHPASS', lexicon).prefixes).toEqual([]);
    // A processor's code of three consonants starts no word: run into the name, it is still the prefix.
    const toast = readAnatomy('TSTDRIP KITCHEN AND CO ATHENS TN', lexicon);
    expect(toast.thirdPartyIds.map(thirdPartyName)).toEqual(['Toast']);
    expect(toast.name).toBe('DRIP KITCHEN AND CO');
  });

  it('reads a wrapped facilitator line into wrapper, prefix, name, place and ids', () => {
    const anatomy = readAnatomy(
      'PURCHASE AUTHORIZED ON 02/14 SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA S381234 CARD 1234',
      lexicon,
    );
    expect(anatomy.wrapper?.id).toBe('wrapper.authorized-on');
    expect(anatomy.prefixes.map((prefix) => prefix.text)).toEqual(['SQ*']);
    expect(anatomy.thirdPartyIds.map(thirdPartyName)).toEqual(['Square']);
    expect(anatomy.name).toBe('BLUE BOTTLE COFFEE');
    expect(anatomy.display).toBe('Blue Bottle Coffee');
    expect(anatomy.location).toMatchObject({ city: 'SAN FRANCISCO', region: 'CA', country: 'US' });
    expect(anatomy.rules).toContain('wrapper.card-suffix');
  });

  it("reads a business's name after an unknown abbreviation first, but not one common word", () => {
    expect(readAnatomy('TCKTWEB*COMEDYSHOWCASE 800-965-4827 CA', lexicon).name).toBe('COMEDYSHOWCASE');
    const product = readAnatomy('THINKIFIC* ACADEMY', lexicon);
    expect(product.name).toBe('THINKIFIC');
    expect(product.alternates).toEqual(['ACADEMY']);
  });

  it('reads a town abroad as its own country prints it (`ROMA`, `WIEN`), and the country after it', () => {
    const rome = readAnatomy(
      'PURCHASE INTL AUTHORIZED ON 08/13 TRATTORIA DA LUCA ROMA ITA S302226058062514 CARD 1234',
      lexicon,
    );
    expect(rome.name).toBe('TRATTORIA DA LUCA');
    expect(rome.location).toMatchObject({ city: 'ROMA', country: 'IT' });
    expect(readAnatomy('CAFE HARBOR WIEN AUT', lexicon).name).toBe('CAFE HARBOR');
  });

  it("reads a headquarters' spelt street number in Apple Card's address layout as the address", () => {
    const billed = readAnatomy('APPLE.COM/BILL ONE APPLE PARK WAY 866-712-7753 95014 CA USA', lexicon);
    expect(billed.location?.address).toBe('ONE APPLE PARK WAY');
    expect(readAnatomy('LAKESIDE BOOKS ONE LAKESIDE WAY SEATTLE 98101 WA USA', lexicon).name).toBe(
      'LAKESIDE BOOKS',
    );
  });

  it('reads a name the bank prints again and again once, the last copy perhaps cut, but keeps a doubled word', () => {
    expect(readAnatomy('FISH FRY 08/23 PURCHASE FISH FRY ERIE PA', lexicon).name).toBe('FISH FRY');
    expect(readAnatomy('Preauthorized credit Lakeshore Lakeshore Lakeshore', lexicon).name).toBe('LAKESHORE');
    expect(
      readAnatomy('Preauthorized payment HARBOR ALL LIFE IN HARBOR ALL LIFE IN HARBOR ALL', lexicon).name,
    ).toBe('HARBOR ALL LIFE');
    expect(readAnatomy('MAHI MAHI GRILL', lexicon).name).toBe('MAHI MAHI GRILL');
  });

  it('reads the seller before its star when only the kind of charge follows it, with or without the place', () => {
    expect(readAnatomy('HARBORTEL*BILL PAYMENT', lexicon).name).toBe('HARBORTEL');
    const placed = readAnatomy('HARBORTEL* BILL PAYMENT, DALLAS, TX', lexicon);
    expect(placed.name).toBe('HARBORTEL');
    expect(placed.location).toMatchObject({ city: 'DALLAS', region: 'TX' });
  });

  it("reads a marketplace's own prefix before an order code as an order, not as a store", () => {
    const order = readAnatomy('AMZN MKTP US*7NFQ2V49E WA', lexicon);
    expect(order.name).toBe('AMAZON');
    expect(order.orderReference).toBe(true);
    expect(readAnatomy('AMZN MKTP US*HARBOR BOOKS', lexicon).orderReference).toBe(false);
  });

  it("reads a party's own prefix with its star set apart, and a cut word or codes after it as no one", () => {
    const spaced = readAnatomy('UBER * EATS 11/02 PURCHASE San Francisco CA DEBIT CARD *4417', lexicon);
    expect(spaced.prefixes.map((prefix) => prefix.text)).toEqual(['UBER *EATS']);
    expect(spaced.location.city).toBe('SAN FRANCISCO');
    for (const line of ['UBER   * EATS P', 'UBER   * EATS PENDING    San Francisc  CA     0NN0      7329']) {
      const anatomy = readAnatomy(line, lexicon);
      expect(anatomy.name, line).toBe('UBER EATS');
      expect(anatomy.thirdPartyIds.map(thirdPartyName), line).toEqual(['Uber Eats']);
    }
    // A processor's star set apart is its own: the business after it stays.
    expect(readAnatomy('SQ * BLUE BOTTLE', lexicon).name).toBe('BLUE BOTTLE');
  });

  it('names no one on a card payment or a check by number', () => {
    expect(readAnatomy('PAYMENT - THANK YOU', lexicon).name).toBe('');
    expect(readAnatomy('CHECK # 1234', lexicon).name).toBe('');
  });

  it("reads an unlabelled ACH entry's receiver after the ids as no part of the company's name", () => {
    const name = (line: string) => readAnatomy(line, lexicon).name;
    expect(name('SPECTRUM 7731902 448120937 240611 9912834 LAURA *BENSON')).toBe('SPECTRUM');
    expect(name('ALLSTATE INS PREMIUM 018224490113372 HARPER,DAVID Q118')).toBe('ALLSTATE INS PREMIUM');
    // The words after a card merchant's number are its town; words naming no one stay the name's.
    expect(name('SHELL OIL 57442394701 HOUSTON TX')).toBe('SHELL OIL');
    expect(name('ACME SUPPLY 20240611 WAREHOUSE ORDER')).not.toBe('ACME SUPPLY');
  });

  it('keeps leading numbers that are part of a name', () => {
    expect(readAnatomy('7-ELEVEN 34012 DALLAS TX', lexicon).name).toBe('7-ELEVEN');
    expect(readAnatomy('99 RANCH MARKET #12', lexicon).name).toBe('99 RANCH MARKET');
  });

  it("reads words joined by underscores as words, but not a seller's product and account after its star", () => {
    const anatomy = readAnatomy('TB_HAYMARKET_3114 PYRMONT AU', lexicon);
    expect(anatomy.display).toBe('TB Haymarket');
    expect(anatomy.location.city).toBe('PYRMONT');
    expect(readAnatomy('GOOGLE *GSUITE_ACME.CO', lexicon).name).toBe('GSUITE');
  });

  it("reads Discover's wallet and cash-over note run into the state, and a long reference run into it", () => {
    const wallet = readAnatomy(
      'TRADER JOE S #081 MOUNTAIN VIEWCACASHOVER $ 50.00 PURCHASES $ 15.80APPLE PAY ENDING IN 8015',
      lexicon,
    );
    expect(partsOf(wallet, { name: '', city: '', region: '', thirdParties: [] })).toEqual({
      name: 'TRADER JOE S',
      city: 'MOUNTAIN VIEW',
      region: 'CA',
      thirdParties: ['Apple Pay'],
    });
    // The wallet's card digits with a reference run into them, dashed or not.
    const dashed = readAnatomy('HARBOR GRILL SPOKANE WAAPPLE PAY ENDING IN 1786TD368679-1568355440', lexicon);
    expect(partsOf(dashed, { name: '', city: '' })).toEqual({ name: 'HARBOR GRILL', city: 'SPOKANE' });
    const referenced = readAnatomy(
      'HARBOR OUTFITTERS 3514 NEWPORT RIAPPLE PAY ENDING IN 044402943R',
      lexicon,
    );
    expect(partsOf(referenced, { name: '', city: '', region: '' })).toEqual({
      name: 'HARBOR OUTFITTERS',
      city: 'NEWPORT',
      region: 'RI',
    });
    // A reference of digits, then letters and digits, run into the state.
    const coded = readAnatomy('HARBOR GRILL SPOKANE WA94164987I06TCBRL', lexicon);
    expect(partsOf(coded, { name: '', city: '', region: '' })).toEqual({
      name: 'HARBOR GRILL',
      city: 'SPOKANE',
      region: 'WA',
    });
    // The name printed again, run into the state.
    const again = readAnatomy('HARBOR BOOKS UNIT #129 800-555-0151 ILHARBOR BOOKS UNIT #129', lexicon);
    expect(partsOf(again, { name: '', region: '' })).toEqual({ name: 'HARBOR BOOKS', region: 'IL' });
    const reference = readAnatomy('TST*HARBOR TAVERN & BREW DAYTONA BEACHFL00017819022535742933AA', lexicon);
    expect(partsOf(reference, { name: '', city: '', region: '' })).toEqual({
      name: 'HARBOR TAVERN & BREW',
      city: 'DAYTONA BEACH',
      region: 'FL',
    });
  });

  it("reads a large town of the euro area ending a line on an account in euros, but not a venue's own town", () => {
    const inEuros = { homeCountries: euroCountries };
    const bakery = readAnatomy('HARBOUR BAKERY GRONINGEN', lexicon, inEuros);
    expect(partsOf(bakery, { name: '', city: '' })).toEqual({ name: 'HARBOUR BAKERY', city: 'GRONINGEN' });
    // Without the currency's countries, or a venue's word alone before it, the town is the name's.
    expect(readAnatomy('HARBOUR BAKERY GRONINGEN', lexicon).name).toBe('HARBOUR BAKERY GRONINGEN');
    expect(readAnatomy('PIZZA NAPOLI', lexicon, inEuros).name).toBe('PIZZA NAPOLI');
  });

  it("reads a Dutch company's form last on an account in euros as no state (`NV`: not Nevada)", () => {
    const inEuros = { homeCountries: euroCountries };
    const insurer = readAnatomy('HARBOUR ZORGVERZEKERINGEN  NV', lexicon, inEuros);
    expect(partsOf(insurer, { name: '', region: '' })).toEqual({
      name: 'HARBOUR ZORGVERZEKERINGEN',
      region: null,
    });
    expect(insurer.display).toBe('Harbour Zorgverzekeringen');
    // On an account in dollars, the state.
    expect(readAnatomy('HARBOUR CASINO LAS VEGAS NV', lexicon).location.region).toBe('NV');
    expect(readAnatomy('HARBOUR ENERGIE N.V.', lexicon, inEuros).display).toBe('Harbour Energie');
  });

  it("reads PayPal Europe's direct debit reference as PayPal's prefix (`PP.2630.PP . <merchant>`)", () => {
    const anatomy = readAnatomy('PP.2630.PP . HARBOUR MARKT', lexicon);
    expect(anatomy.name).toBe('HARBOUR MARKT');
    expect(anatomy.prefixes.map((prefix) => prefix.id)).toEqual(['prefix.third-party']);
    // Its digits only after `PP.`: a name that starts so stays whole.
    expect(readAnatomy('PP. HARBOUR MARKT', lexicon).name).toBe('PP. HARBOUR MARKT');
  });

  it('reads a site printed twice, run together, as the site once (`AMAZON.DEAMAZON.DE`)', () => {
    expect(readAnatomy('HARBOURSHOP.DEHARBOURSHOP.DE', lexicon).location.host).toBe('harbourshop.de');
  });

  it("reads a chain's store code before a dash as no part of the name (`NL0168 - H&M GRONINGEN`)", () => {
    expect(readAnatomy('NL0421 - H&R OUTFITTERS UTRECHT', lexicon).name).toBe('H&R OUTFITTERS UTRECHT');
  });

  it("reads a phone of zeros as no part of the name, in the town's slot", () => {
    const anatomy = readAnatomy('SIG POS TRANS 4417 HARBOUR LTD. 000-000-0000 BM', lexicon);
    expect(anatomy.name).toBe('HARBOUR LTD.');
    expect(anatomy.display).toBe('Harbour');
  });

  it('reads two letters before a slash as a name of its own, no ACH company (`RE/MAX`)', () => {
    const anatomy = readAnatomy('RE/MAX CITY REA', lexicon);
    expect(anatomy.fields).toBeNull();
    expect(anatomy.name).toBe('RE/MAX CITY REA');
  });

  it('reads a long line to its place', () => {
    const line = `${'ACME '.repeat(200)}#1234 AUSTIN TX`;
    expect(readAnatomy(line, lexicon).location.region).toBe('TX');
  });
});
