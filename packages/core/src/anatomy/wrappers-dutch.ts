/**
 * Bank wrappers of the Netherlands' banks, in ABN AMRO's export wording: a card payment at a terminal (`BEA`,
 * betaalautomaat) or a cash machine (`GEA`, geldautomaat), paid with the card or a phone's wallet (`BEA,
 * Betaalpas`, `BEA, Apple Pay`) or online (`eCom, Apple Pay`). The card entry's fields follow the name: the
 * card's number (`,PAS123`), the terminal's transaction number and the time (`NR:0ABC0D, 13.02.23/14:37`),
 * then the town and, abroad, the country (`Land: GRC`). Older entries put the number and time first (`BEA
 * NR:A1B23C 30.12.21/09.15 <name>,PAS123 <town>`). The merchants and places in the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** The terminal's transaction number and the day and time of the payment (`NR:0ABC0D, 13.02.23/14:37`). */
const terminalEntry = 'NR:\\S+?,? \\d{2}\\.\\d{2}\\.\\d{2}\\/\\d{2}[.:]\\d{2}';

/** What paid, or the older entries' terminal fields, after the entry's code (`BEA, Apple Pay`). */
const paidWith = `(?:BETAALPAS|CREDITCARD|(?:APPLE|GOOGLE|SAMSUNG) PAY|${terminalEntry})`;

/** Leading Dutch wrappers, each anchored and ending before the name. */
export const leadingWrappersDutch: readonly WrapperRule[] = [
  {
    id: 'wrapper.bea',
    pattern: new RegExp(`^(?:BEA|ECOM),? ${paidWith} (?=[A-Z0-9])`),
    yields: { via: 'card' },
    examples: [
      {
        line: 'BEA, Betaalpas                   Bakkerij de Molen,PAS123        NR:0ABC0D, 13.02.23/14:37        HAARLEM',
        homeCountry: 'NL',
        expect: { name: 'BAKKERIJ DE MOLEN', wrapper: 'wrapper.bea', city: 'HAARLEM' },
      },
      {
        line: 'BEA   NR:A1B23C   30.12.21/09.15 Bakkerij de Molen,PAS123               HAARLEM',
        homeCountry: 'NL',
        expect: { name: 'BAKKERIJ DE MOLEN', city: 'HAARLEM' },
      },
    ],
  },
  {
    id: 'wrapper.gea',
    pattern: new RegExp(
      `^GEA,? (?:BETAALPAS|CREDITCARD|(?:APPLE|GOOGLE|SAMSUNG) PAY|${terminalEntry}) (?=[A-Z0-9])`,
    ),
    yields: { via: 'atm' },
    examples: [
      {
        line: 'GEA, Betaalpas                   Geldmaat Stationsplein 2,PAS123 NR:012345, 12.02.23/17:55        UTRECHT',
        homeCountry: 'NL',
        expect: { wrapper: 'wrapper.gea' },
      },
    ],
  },
];

/** Trailing Dutch wrappers: the card entry's fields after the name, and what may follow the town. */
export const trailingWrappersDutch: readonly WrapperRule[] = [
  {
    // The card's number and the terminal's entry between the name and the town.
    id: 'wrapper.bea-fields',
    pattern: new RegExp(`,PAS ?\\d{3}(?: ${terminalEntry})?(?= |$)`),
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'Bakkerij de Molen,PAS123 NR:0ABC0D, 13.02.23/14:37 HAARLEM',
        homeCountry: 'NL',
        expect: { name: 'BAKKERIJ DE MOLEN', city: 'HAARLEM' },
      },
    ],
  },
  {
    // A payment abroad: the amount in the merchant's currency and the rate (`GBP 10,00 1EUR=0,8539 GBP`), the
    // bank's charge for it (`KOSTEN EUR0,15 ACHTERAF BEREKEND`), a refund's words (`TERUGBOEKING BEA-TRANSACTIE`).
    id: 'wrapper.bea-abroad',
    pattern:
      /(?: [A-Z]{3} [\d.]*\d,\d{2} 1EUR=[\d,]+ [A-Z]{3}| KOSTEN EUR ?[\d,]+ ACHTERAF BEREKEND| TERUGBOEKING(?: BEA)?-? ?TRANSACTIE)+$/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'The Lamb And Flag LONDON, Land: GBR GBP 10,00 1EUR=0,8539 GBP KOSTEN EUR0,15 ACHTERAF BEREKEND',
        expect: { name: 'THE LAMB AND FLAG', country: 'GB' },
      },
    ],
  },
  {
    // The country's label before its code (`ATHINA, Land: GRC`).
    id: 'wrapper.land',
    pattern: /,? LAND:(?= [A-Z]{3}$)/,
    yields: { via: 'card', silent: true },
    examples: [{ line: 'Taverna Kipos ATHINA, Land: GRC', expect: { name: 'TAVERNA KIPOS', country: 'GR' } }],
  },
];
