/**
 * Ids and noise: store and terminal numbers, masked card numbers, dates and
 * times, trace, confirmation and reference numbers. None of it names the
 * merchant; store numbers and order references are clues to the channel.
 */
import type { Rule } from './rules.js';

export type NoiseKind = 'store' | 'card' | 'date' | 'reference';

export interface NoiseYield {
  kind: NoiseKind;
  /** The capture group holding the value worth keeping (a store number). */
  value?: number;
  /** A character every match holds: a line without it skips the rule (most lines have no `@` or `$`). */
  requires?: string;
  /** Printed in the city's place, like a phone: a state right after it stands alone (`188-87211115 OR`). */
  inCitySlot?: boolean;
}

export type NoiseRule = Rule<NoiseYield>;

/**
 * Removed anywhere but at the start of the text (`7-ELEVEN`, `99 RANCH MARKET`,
 * `1-800-FLOWERS` keep their leading numbers). Applied in order, each as often
 * as it matches.
 */
/** Confirmation, trace, reference and account numbers with their label: removed before phones are read. */
export const labelledReference =
  / (?:CONF(?:IRMATION)?|REF(?:ERENCE)?|TRACE|TRN|TRANS(?:ACTION)?|AUTH(?:ORIZATION)?|APPROVAL|SEQ|TERMINAL|TERM|INV(?:OICE)?|ORDER|ACCT|ACCOUNT)(?: ?#| NO\.?| NUMBER| ID)?:? ?(?=[A-Z0-9-]*\d)[A-Z0-9-]+\b/g;

export const noiseRules: readonly NoiseRule[] = [
  {
    id: 'noise.labelled-reference',
    pattern: labelledReference,
    yields: { kind: 'reference' },
    examples: [
      { line: 'PAYPAL *JOHNSSHOP REF#8812345', expect: { name: 'JOHNSSHOP' } },
      {
        line: 'Online Banking transfer to CHK 1234 Confirmation# 4412239822',
        expect: { name: 'CHK', phone: null },
      },
    ],
  },
  {
    id: 'noise.masked-card',
    pattern: / (?:X{2,}|\*{2,}|#{2,})[X*#-]*\d{2,}\b/g,
    // A masked number where the town goes leaves the state or country alone after it (an aggregator's
    // masking of every digit run: `PAYPAL *HARBORGEAR xxxxxx7733 HK`, `TU SMARTMOVE xxx-xxx-0961 CO`).
    yields: { kind: 'card', inCitySlot: true },
    examples: [
      { line: 'POS PURCHASE XXXXXXXXXXXX4412 BLUE DOOR BISTRO', expect: { name: 'BLUE DOOR BISTRO' } },
      { line: 'QUEEN CITY MANAGEME 08/12 PURCHASE XXX-XX16209 NC', expect: { name: 'QUEEN CITY MANAGEME' } },
      { line: 'PAYPAL *HARBORGEAR xxxxxx7733 HK', expect: { name: 'HARBORGEAR', country: 'HK' } },
      // The issuer's first digits shown, after a town run into its state.
      { line: 'CHEVRON 0095006 TAHOE PARADISCA 486831XXXXXX6803', expect: { name: 'CHEVRON', region: 'CA' } },
      {
        line: 'RIVER CITY SCREENING xxx-xxx-0961 CO',
        expect: { name: 'RIVER CITY SCREENING', region: 'CO' },
      },
      // A phone masked whole (`tidy.ts`).
      { line: 'BLUE DOOR CAFE XXX-XXXXXXX NJ', expect: { name: 'BLUE DOOR CAFE', region: 'NJ' } },
    ],
  },
  {
    // Chase's card line, pending: the date, then the name again, cut (`KJEAN SEAFOOD NEW ORLEAN 04/06KJEAN SEA`).
    id: 'noise.date-and-name-again',
    pattern: / \d{2}\/\d{2}[A-Z][A-Z0-9 '&*.#-]*$/g,
    yields: { kind: 'date', requires: '/' },
    examples: [
      { line: 'YOUR DEKALB FARMERS MA D296376  07/20YOUR DEKA', expect: { name: 'YOUR DEKALB FARMERS MA' } },
    ],
  },
  {
    id: 'noise.date',
    pattern: / \d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?(?= |$)/g,
    yields: { kind: 'date' },
    examples: [{ line: 'LYFT *RIDE SUN 6PM 04/12', expect: {} }],
  },
  {
    // A date with the month's name (`FUNDING FUTURES 2118880 JUN 02 8256219323`, `ON 07 APR`).
    id: 'noise.month-date',
    pattern:
      / (?:ON )?(?:(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC) \d{1,2}|\d{1,2} (?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC))(?=(?: [A-Z]*\d[A-Z0-9]*| [A-Z]{2})* *$)/g,
    yields: { kind: 'date' },
    examples: [
      {
        line: 'ACH DEBIT HARBOR FREIGHT LEASE 2118880 JUN 02 8256219323',
        expect: { name: 'HARBOR FREIGHT LEASE' },
      },
      // A state's letters run into a reference after it (`NC2009768`).
      { line: 'ACH DEBIT LAKESIDE FUNDING JUN 23 NC2009768', expect: { name: 'LAKESIDE FUNDING' } },
    ],
  },
  {
    // A purchase with cash back prints both amounts (`... NJ 06/09 Purchase $12.34 Cash Back $40.00`).
    id: 'noise.cash-back',
    pattern: / (?:PURCHASE )?\$ ?[\d,]+\.\d{2} CASH ?BACK \$ ?[\d,]+\.\d{2}\b/g,
    yields: { kind: 'reference', requires: '$' },
    examples: [
      {
        line: 'FOOD BAZAAR 1777 EDGEWATER NJ 06/09 Purchase $12.34 Cash Back $40.00',
        expect: { name: 'FOOD BAZAAR', city: 'EDGEWATER', region: 'NJ' },
      },
    ],
  },
  {
    // A foreign purchase's conversion (`POUND STERL1935.84 X 1.315372 (EXCHG RTE) + 76.39 (EXCHG RTE ADJ)`):
    // the currency's name, the foreign amount, the rate and what follows.
    id: 'noise.exchange-rate',
    pattern: / (?:[A-Z]+ )?[A-Z]*\d[\d,]*\.\d{2} X \d+\.\d+\b.*$/g,
    yields: { kind: 'reference', requires: ' X ' },
    examples: [
      {
        line: 'EBOOKERS 07/30 POUND STERL1935.84 X 1.315372 (EXCHG RTE) + 76.39 (EXCHG RTE ADJ)',
        expect: { name: 'EBOOKERS' },
      },
    ],
  },
  {
    // An amount printed in the field (`SP SILK CO   10.95_V`, a foreign purchase's own amount): no name's part.
    id: 'noise.amount',
    pattern: / \$?\d{1,3}(?:,\d{3})*\.\d{2}(?= |$)/g,
    yields: { kind: 'reference', requires: '.' },
    examples: [{ line: 'SP SILK CO 10.95', expect: { name: 'SILK CO' } }],
  },
  {
    // A reference in braces (ANZ's BPAY receipt: `NSW RENTAL BONDS {102514}`).
    id: 'noise.braced-reference',
    pattern: / ?\{[A-Z0-9-]*\}?$/g,
    yields: { kind: 'reference', requires: '{' },
    examples: [{ line: 'INTERNET BPAY KOALA WATER {102514}', expect: { name: 'KOALA WATER' } }],
  },
  {
    // An email address, often cut (`GRIND LLC BENJAMIN@GRIN NY`): a contact, never the name.
    id: 'noise.email',
    pattern: / [A-Z0-9._-]+@[A-Z0-9.-]*/g,
    yields: { kind: 'reference', requires: '@' },
    examples: [{ line: 'HARBOR STUDIO LLC BENJAMIN@HARB NY', expect: { name: 'HARBOR STUDIO LLC' } }],
  },
  {
    id: 'noise.time',
    pattern: / \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M|[AP])?\b/g,
    yields: { kind: 'date' },
    examples: [{ line: 'CORNER MARKET 10:42 AM', expect: { name: 'CORNER MARKET' } }],
  },
  {
    id: 'noise.long-number',
    pattern: / [A-Z]?\d{9,}[A-Z]?\b/g,
    yields: { kind: 'reference' },
    examples: [
      {
        line: 'CHECKCARD 0101 SUNSET LAUNDROMAT 24431064045123456789012',
        expect: { name: 'SUNSET LAUNDROMAT' },
      },
    ],
  },
  {
    // A state is the end of a line's place: a number after it is the bank's reference, not a ZIP code
    // (`H MART LOS ANGELES LOS ANGELES CA 188177 04/11`).
    id: 'noise.reference-after-state',
    // Not after a number's or a street's own word (`STATION NO 1234`, `MAIN ST 12`).
    // Some banks' references mix letters in (`00000INC100`): long, and three digits in a row at least.
    // Two or three numbers may end it, after the ZIP code or not (`COLUMBUS OH 548141 52460`); a ZIP code alone stays.
    pattern:
      /(?<= (?!NO|ST|RD|DR|LN|PL|SQ)[A-Z]{2}(?: \d{5}(?:-\d{4})?)?) +(?:\d{6,8}|#?\d{1,4}|(?=[A-Z]*\d*[A-Z]*\d{3})[A-Z0-9]{8,12})(?: +\d{1,8}){0,2}(?= *$)/g,
    yields: { kind: 'reference' },
    examples: [
      {
        line: 'BROTHERS PRODUCE PATERSON NJ 116895 06/08',
        expect: { name: 'BROTHERS PRODUCE', city: 'PATERSON', region: 'NJ' },
      },
      {
        line: 'HARBOR GRILL COLUMBUS OH 548141 52460',
        expect: { name: 'HARBOR GRILL', city: 'COLUMBUS', region: 'OH' },
      },
      {
        line: 'HARBOR GRILL COLUMBUS OH 43215 548141',
        expect: { name: 'HARBOR GRILL', postalCode: '43215' },
      },
      // The card's last digits after the place.
      { line: 'HARBOR GRILL COLUMBUS OH #5780', expect: { name: 'HARBOR GRILL', region: 'OH' } },
      {
        line: 'POS Purchase Non-PIN HARBOR GAMES HARBORGAMES CA 00000INC100 *****8191 12/02 13:58',
        expect: { name: 'HARBOR GAMES', region: 'CA' },
      },
    ],
  },
  {
    // Gas stations print which side of the pump the sale was (`QT 465 INSIDE`, `LOVE'S #0387 INSIDE`).
    id: 'noise.pump-side',
    pattern: /(?<=\d) (?:INSIDE|OUTSIDE)(?=\d|\b)/g,
    yields: { kind: 'reference' },
    examples: [{ line: 'QT 465 INSIDE 06/16 PURCHASE PHOENIX AZ', expect: { name: 'QT', city: 'PHOENIX' } }],
  },
  {
    id: 'noise.store-number',
    pattern:
      // After `STORE`, only the number: the word may be the name's (`THE UPS STORE 7488`, `FAMILY STORE 12`).
      /(?:(?<= (?:STORE|STR)) ?#? ?| (?:#|NO\.? ?|STE ?#? ?|UNIT ?#? ?|LOC ?#? ?|LOCATION ?#? ?|BRANCH ?#? ?)\s*)([A-Z]?\d+[A-Z]?)\b/g,
    yields: { kind: 'store', value: 1 },
    examples: [
      { line: 'COSTCO WHSE #0692 SAN DIEGO CA', expect: { storeNumber: '0692' } },
      { line: 'SHELL SERVICE STATION NO 1234', expect: { storeNumber: '1234' } },
    ],
  },
  {
    id: 'noise.terminal-number',
    pattern: / ([A-Z]{1,2}-?\d{3,})\b/g,
    yields: { kind: 'store', value: 1 },
    examples: [{ line: "MCDONALD'S F12345", expect: { storeNumber: 'F12345' } }],
  },
  {
    // A letter and two digits ending a name of two words or more (`MAKI OF JAPAN F78`).
    id: 'noise.store-code',
    pattern: /(?<= [A-Z]{2,}) ([A-Z]\d{2})$/g,
    yields: { kind: 'store', value: 1 },
    examples: [
      {
        line: 'MAKI OF JAPAN F78 02/28 MOBILE PURCHASE CONCORD NC',
        expect: { name: 'MAKI OF JAPAN', storeNumber: 'F78' },
      },
      { line: 'A1 AUTO', expect: { name: 'A1 AUTO' } },
    ],
  },
  {
    // An account's id or domain joined to the product's word by an underscore (`GOOGLE *CLOUD_02BB66-C`,
    // `GOOGLE *GSUITE_acme.co`): the customer's, not the merchant's.
    id: 'noise.underscored-id',
    pattern: /_(?=[A-Z0-9.-]*[\d.])[A-Z0-9-]+(?:\.[A-Z0-9-]+)*/g,
    yields: { kind: 'reference' },
    examples: [
      { line: 'GOOGLE *CLOUD_02BB66-C', expect: { name: 'CLOUD' } },
      { line: 'GOOGLE *GSUITE_harborbooks.com', expect: { name: 'GSUITE', host: null } },
    ],
  },
  {
    // A number with a dash inside that is no phone (`197-04022466`, `000-0000000`): a reference.
    id: 'noise.dashed-number',
    pattern: / \d{2,4}-\d{5,}\b/g,
    yields: { kind: 'reference', inCitySlot: true },
    examples: [
      { line: 'SP HAUNTED GAME CAFE 197-04022466 CA', expect: { name: 'HAUNTED GAME CAFE', region: 'CA' } },
      {
        line: 'ISSAQUAH PEST & HOM... 188-87211115 OR',
        expect: { name: 'ISSAQUAH PEST & HOM', region: 'OR' },
      },
    ],
  },
  {
    // A number of one or two digits ending a name of two words or more is the store's (`PITA JUNGLE 63`,
    // `FRED'S LIQUOR & DELI 2`); after a word that numbers what it names, it is the name's (`AMERICAN
    // LEGION POST 44`, `HARRIS COUNTY PRECINCT 3`), after a street a station's brand (`TREAT BLVD 76`), and
    // after one word the brand's (`PHILLIPS 66`).
    id: 'noise.trailing-store-number',
    pattern:
      / (\d{1,2})$(?<= [A-Z&'-]+ (?!(?:POST|DISTRICT|PRECINCT|WARD|TROOP|LODGE|CHAPTER|LOCAL|CHANNEL|PACK|COURT|ROUTE|HWY|HIGHWAY|STUDIO|PIER|GATE|TERMINAL|NO|BLVD|AVE|ST|RD|DR|WAY|LN|PKWY)\b)[A-Z&'-]+ \d{1,2})/g,
    yields: { kind: 'store', value: 1 },
    examples: [
      { line: 'PHX PITA JUNGLE 63 PHOENIX AZ', expect: { storeNumber: '63' } },
      { line: "FRED'S LIQUOR & DELI 2 SAN FRANCISCO CA", expect: { storeNumber: '2' } },
      { line: 'AMERICAN LEGION POST 44 BEMIDJI MN', expect: { name: 'AMERICAN LEGION POST 44' } },
      { line: 'PHILLIPS 66 INDIANAPOLIS IN', expect: { name: 'PHILLIPS 66' } },
    ],
  },
  {
    id: 'noise.bare-number',
    pattern: / (\d{3,})\b/g,
    yields: { kind: 'store', value: 1 },
    examples: [
      { line: 'TARGET 00034132', expect: { storeNumber: '00034132' } },
      // Run into the name on a line of its own.
      { line: 'H&M0123', expect: { name: 'H&M', storeNumber: '0123' } },
      // The name's last word run into it (`tidy.ts`).
      { line: 'HARBOR CANADA078', expect: { name: 'HARBOR CANADA' } },
    ],
  },
];

/** Order and reference codes mixing letters and digits (`P1A2B3C4`, `2K4LL8PT1`): a remote sale. */
export const referenceToken = / (?=[A-Z0-9]*\d[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,}\b(?!\.)/g;

/**
 * What was bought or how it is billed, at the end of the name and often cut by the field (`FLOATME
 * SUBSCRIPTI`, `CONED BILL PAYMEN`, `METLIFE STADIUM CONCES`, `CANTEEN VEND`): no part of the name.
 * Nor is what the field cut to a sign, to the I of `INC` or to the start of `COMPANY`, `CORPORATION`,
 * `INCORPORATED`, `LIMITED` or `PTY LTD` (`GOODWILL RETAIL STORE &`, `AIBERTOS MEXICAN FOOD I`, `G W
 * EXTERMINATING COMPA`, `ARE MEDIA PTY LI`); other letters are too often a name's own (`TRADER JOE S`, `PLAN
 * B`) or kept as the statement prints the name (`BROAD STREET OYSTER C`).
 */
export const chargeTail: NoiseRule = {
  id: 'noise.charge-tail',
  pattern:
    / (?:BILL PAY(?:M(?:E(?:NT?)?)?)?|SUBSC(?:R(?:I(?:P(?:T(?:I(?:ON?)?)?)?)?)?)?|CONCES(?:S(?:I(?:O(?:NS?)?)?)?)?|CONCESSION STAND|VEND(?:ING)?|PMTS|PYMTS?|PAYMENTS?|DEBITS?|RENEWAL|MEMBERSHIP|AUTOPAY|MONTHLY|TICKETS?|(?:SQUARE )?PURCHASE)$|-EFT$| &$| I$(?<= [A-Z]+ [A-Z]+ I)| (?:COMPAN?|CORPO(?:R(?:A(?:T(?:I(?:O)?)?)?)?)?|INCORP(?:O(?:R(?:A(?:T(?:E)?)?)?)?)?|LIMI(?:T(?:E)?)?|PTY L(?:T|I(?:M(?:I(?:T(?:E)?)?)?)?)?)$(?<=[A-Z]{3,} [A-Z]+)| IN$(?<=[A-Z] (?!(?:DRIVE|CHECK|WALK|PLUG|LOG|SIGN|DINE|TUNE|CARRY|BUILT|MADE|JACK|ALL|LOCK|MOVE|WORK|STAY)\b)[A-Z]{3,} IN)/,
  yields: { kind: 'reference' },
  examples: [
    { line: 'FLOATME SUBSCRIPTI SAN ANTONIO TX', expect: { name: 'FLOATME', city: 'SAN ANTONIO' } },
    { line: 'RIVERSIDE UTIL BILL PAYMEN NY 06/28', expect: { name: 'RIVERSIDE UTIL' } },
    { line: 'LAMBEAU FIELD CONCES GREEN BAY WI', expect: { name: 'LAMBEAU FIELD' } },
    { line: 'EAST BANK CLUB-EFT 000-0000000 IL 05/10', expect: { name: 'EAST BANK CLUB' } },
    { line: 'ARLINGTON THEATRE TICKETS', expect: { name: 'ARLINGTON THEATRE' } },
    { line: 'ACH DEBIT LAKESIDE FUNDING DEBITS', expect: { name: 'LAKESIDE FUNDING' } },
    { line: 'SQ *DT VINTAGE & MORE... SQUARE PURCHASE NORTH BEND WA', expect: { name: 'DT VINTAGE & MORE' } },
    {
      line: 'AIBERTOS MEXICAN FOOD I 03/21 PURCHASE SAN DIEGO CA',
      expect: { name: 'AIBERTOS MEXICAN FOOD' },
    },
    {
      line: 'GOODWILL RETAIL STORE & 09/28 PURCHASE WALKERSVILLE MD',
      expect: { name: 'GOODWILL RETAIL STORE' },
    },
    { line: 'EASHUM PLUMBING IN CAMDEN DE', expect: { name: 'EASHUM PLUMBING' } },
    // A legal form the field cut (`COMPANY`, `CORPORATION`).
    { line: 'G W EXTERMINATING COMPA', expect: { name: 'G W EXTERMINATING' } },
    { line: 'HARBOR FREIGHT LINES CORPOR', expect: { name: 'HARBOR FREIGHT LINES' } },
    { line: 'LANTANA MINDWORKS LIMI', expect: { name: 'LANTANA MINDWORKS' } },
    { line: 'Direct Credit 158824 WATTLE MEDIA PTY LI 162996', expect: { name: 'WATTLE MEDIA' } },
    { line: 'LAKESIDE DRIVE IN', expect: { name: 'LAKESIDE DRIVE IN' } },
    { line: 'TRADER JOE S #123 SEATTLE WA', expect: { name: 'TRADER JOE S', display: "Trader Joe's" } },
  ],
};

/**
 * What follows a legal form inside the name is a cut town or a memo (`DB NOCO LLC FORT COLLIN CO`,
 * `GENTRY INC. 021000026641877 PPD`): the name ends with its legal form (kept here, dropped from the
 * display). A name doing business as another is known by the other (`ACTUALIZE INDUSTRIES LLC DBA EPIC`).
 */
export const legalFormTail: NoiseRule = {
  id: 'noise.after-legal-form',
  pattern:
    /(?<= (?:LLC|L\.L\.C\.|INC\.?|CORP\.?|LTD\.?|PLLC|LLP))(?= (?!DBA |D\/B\/A )[A-Z0-9]|\/).*$| (DBA|D\/B\/A) (?=[A-Z0-9])/,
  yields: { kind: 'reference' },
  examples: [
    { line: 'PP*DB NOCO LLC FORT COLLIN CO', expect: { name: 'DB NOCO LLC', display: 'DB Noco' } },
    { line: 'ACTUALIZE INDUSTRIES LLC DBA EPIC', expect: { name: 'EPIC' } },
    {
      line: 'PURCHASE AUTHORIZED ON 12/07 PAXTON GATE INC/766 VA SAN FRANCISCO CA',
      expect: { display: 'Paxton Gate' },
    },
    {
      line: 'BLUE HERON DESIGN INC',
      expect: { name: 'BLUE HERON DESIGN INC', display: 'Blue Heron Design' },
    },
  ],
};
