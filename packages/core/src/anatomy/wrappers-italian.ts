/**
 * Bank wrappers in Italian, as Italy's banks word them: a card payment (`PAGAMENTO POS`, `PAG. DEL ... PRESSO:`),
 * a SEPA direct debit (`ADDEBITO SDD`, `ADDEBITO DIRETTO`), a transfer (`BONIFICO A FAVORE DI`, `BONIFICO DA`).
 * Lines reach the anatomy upper case and without accents. The merchants and people in the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** Leading Italian wrappers, each anchored and ending before the name. */
export const leadingWrappersItalian: readonly WrapperRule[] = [
  {
    id: 'wrapper.pagamento-pos',
    pattern: /^PAGAMENTO (?:POS|CARTA|TRAMITE POS|CON CARTA)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [{ line: 'PAGAMENTO POS PANIFICIO DEL CORSO', expect: { name: 'PANIFICIO DEL CORSO' } }],
  },
  {
    // A card payment with its day and time (`Pag. del 30/09/25 ora 16:24 presso: <merchant> <address>`).
    id: 'wrapper.pag-presso',
    pattern:
      /^PAG(?:AMENTO|\.)? DEL \d{1,2}\/\d{1,2}\/\d{2,4}(?: ORA \d{1,2}[:.]\d{2})? PRESSO:? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Pag. del 30/09/25 ora 16:24 presso: PANIFICIO DEL CORSO',
        expect: { name: 'PANIFICIO DEL CORSO', wrapper: 'wrapper.pag-presso' },
      },
    ],
  },
  {
    id: 'wrapper.addebito',
    pattern: /^(?:ADDEBITO (?:SDD|DIRETTO|SEPA)(?: CORE)?|DOMICILIAZIONE)(?: ?[:-])? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [{ line: 'ADDEBITO SDD ENERGIA DEL NORD', expect: { name: 'ENERGIA DEL NORD' } }],
  },
  {
    id: 'wrapper.bonifico',
    pattern: /^BONIFICO(?: (?:SEPA|ISTANTANEO))?(?: (?:A FAVORE DI|DA|A))?(?: ?[:-])? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [{ line: 'BONIFICO A FAVORE DI GIULIA ROSSI', expect: { name: 'GIULIA ROSSI' } }],
  },
];
