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
