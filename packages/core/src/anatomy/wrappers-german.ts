/**
 * Bank wrappers in German, as Germany's and Austria's banks word them: a card payment (`Kartenzahlung`,
 * `girocard`), a SEPA direct debit (`SEPA-Lastschrift`, `Basislastschrift`), a transfer out or in
 * (`Überweisung`, `Dauerauftrag`, `Gutschrift`). Lines reach the anatomy upper case and without accents
 * (`Überweisung` is `UBERWEISUNG`). The merchants and people in the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** Leading German wrappers, each anchored and ending before the name. */
export const leadingWrappersGerman: readonly WrapperRule[] = [
  {
    id: 'wrapper.kartenzahlung',
    pattern: /^(?:KARTENZAHLUNG|KARTENUMSATZ|GIROCARD|EC-KARTE|DEBITKARTE)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Kartenzahlung Backstube am Markt',
        expect: { name: 'BACKSTUBE AM MARKT', wrapper: 'wrapper.kartenzahlung' },
      },
    ],
  },
  {
    id: 'wrapper.lastschrift',
    pattern: /^(?:SEPA-?|SEPA )?(?:BASIS|FOLGE|ERST)?LASTSCHRIFT(?:EINZUG)?(?: ?[:-])? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [{ line: 'SEPA-Lastschrift Stadtwerke Nordheim', expect: { name: 'STADTWERKE NORDHEIM' } }],
  },
  {
    // A transfer out (`Überweisung`, `Echtzeitüberweisung`, a standing order's `Dauerauftrag`) or in (`Gutschrift`).
    id: 'wrapper.uberweisung',
    pattern: /^(?:SEPA-?|SEPA |ECHTZEIT-?)?(?:UBERWEISUNG|GUTSCHRIFT|DAUERAUFTRAG)(?: ?[:-])? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [{ line: 'SEPA-Überweisung Lena Schmidt', expect: { name: 'LENA SCHMIDT' } }],
  },
];

/** Trailing German wrappers: what the bank or the payee appends after the name. */
export const trailingWrappersGerman: readonly WrapperRule[] = [
  {
    // The Bundesbank's reporting notice on payments across the border (`AWV-MELDEPFLICHT BEACHTEN HOTLINE
    // BUNDESBANK: (0800) 1234-111`): the law's, no part of the name.
    id: 'wrapper.awv-notice',
    pattern: / AWV-MELDEPFLICHT BEACHTEN\b.*$/,
    yields: { via: 'transfer', silent: true },
    examples: [
      {
        line: 'Harbour Software Ltd AWV-MELDEPFLICHT BEACHTEN HOTLINE BUNDESBANK: (0800) 1234-111',
        expect: { name: 'HARBOUR SOFTWARE LTD' },
      },
    ],
  },
  {
    // A payee's own words after its name (PayPal's direct debits: `..., Ihr Einkauf bei <merchant>`).
    id: 'wrapper.ihr-einkauf',
    pattern: /,? IHR EINKAUF BEI\b.*$/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'PP.1234.PP . Backstube am Markt, Ihr Einkauf bei Backstube am Markt',
        expect: { name: 'BACKSTUBE AM MARKT' },
      },
    ],
  },
];
