/**
 * Bank wrappers of Sweden's banks (Nordea, Swedbank, SEB, Handelsbanken): a card purchase (`Kortköp`), a
 * payment to a Bankgiro or Plusgiro number (`Betalning BG 5127-5477 <payee>`, also started from another
 * app: `Open Banking BG ...`), a direct debit (`Autogiro <biller>`) and Swish, the Swedish banks' own payment
 * app, paying a shop or a person (`Swish betalning <payee>`). Lines reach the anatomy upper case and without
 * accents (`Kortköp` is `KORTKOP`). The merchants and people in the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** A Bankgiro (`BG 5127-5477`) or Plusgiro (`PG 4187500-6`) number: the payee's account for bills. */
const giroNumber = '(?:BG|PG) \\d[\\d-]{3,}';

/** Leading Swedish wrappers, each anchored and ending before the name. */
export const leadingWrappersNordic: readonly WrapperRule[] = [
  {
    // Nordea and others print the purchase's day after the word: `Kortköp 240115 <merchant>`.
    id: 'wrapper.kortkop',
    pattern: /^(?:RESERVATION )?KORTKOP(?: \d{6})? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Kortköp 240115 Hamnkaféet Norrtälje',
        homeCountry: 'SE',
        expect: { name: 'HAMNKAFEET', wrapper: 'wrapper.kortkop' },
      },
    ],
  },
  {
    id: 'wrapper.giro-payment',
    pattern: new RegExp(
      `^(?:BETALNING|OPEN BANKING|E-?FAKTURA|LOPANDE BETALNING) ${giroNumber} (?=[A-Z0-9])`,
    ),
    yields: { via: 'bill-pay' },
    examples: [
      {
        line: 'Betalning BG 5127-5477 Solbacka Energi AB',
        expect: { name: 'SOLBACKA ENERGI', wrapper: 'wrapper.giro-payment' },
      },
      { line: 'Open Banking BG 305-6520 Ekbacken Bostad', expect: { name: 'EKBACKEN BOSTAD' } },
    ],
  },
  {
    id: 'wrapper.autogiro',
    pattern: /^AUTOGIRO (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      { line: 'Autogiro Granbo Fiber', expect: { name: 'GRANBO FIBER', wrapper: 'wrapper.autogiro' } },
    ],
  },
  {
    id: 'wrapper.swish',
    pattern: /^SWISH (?:BETALNING|INBETALNING|UTBETALNING|BETALT|MOTTAGEN)(?: (?:TILL|FRAN))? (?=[A-Z0-9])/,
    yields: { via: 'p2p' },
    examples: [
      {
        line: 'Swish betalning Tallbacka Cykel AB',
        expect: { name: 'TALLBACKA CYKEL', wrapper: 'wrapper.swish' },
      },
    ],
  },
];
