/**
 * Bank wrappers in French, as Quebec's banks (Desjardins, National Bank) and the French statements of every
 * Canadian bank word them: a purchase (`ACHAT`, `PAIEMENT DIRECT`), a bill paid (`PAIEMENT FACTURE`), a
 * pre-authorised debit (`PRELEVEMENT AUTOMATIQUE`, `PPA`), a transfer (`VIREMENT`), a deposit (`DEPOT`); and as
 * France's banks do: a card payment (`CB`, `PAIEMENT PAR CARTE`), a SEPA direct debit (`PRLV SEPA`) and transfer
 * (`VIR SEPA`). Lines reach the anatomy upper case and without accents (`Dépôt` is `DEPOT`). The merchants in
 * the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** A card's masked number or last digits, and the day, as France's banks print them after the word. */
const cardAndDay = '(?: (?:X|\\*{1,4})?\\d{4}(?:[X*]+\\d*)?)?(?: \\d{2}\\/\\d{2}(?:\\/\\d{2,4})?)?';

/** Leading French wrappers, each anchored and ending before the name. */
export const leadingWrappersFrench: readonly WrapperRule[] = [
  {
    // France's card payments: `PAIEMENT PAR CARTE X1234 <merchant> 14/02`, `CARTE X1234 12/03 <merchant>`, and
    // `CB <merchant> 12/03` (only with the day after: `CB` alone may start a name).
    id: 'wrapper.carte',
    pattern: new RegExp(
      `^(?:(?:PAIEMENT|ACHAT) (?:PAR )?(?:CARTE|CB)|CARTE(?= X?\\d{4}| \\d{2}\\/\\d{2})|CB(?=\\*| .* \\d{2}\\/\\d{2}\\b))\\*?${cardAndDay} (?=[A-Z0-9])`,
    ),
    yields: { via: 'card' },
    examples: [
      {
        line: 'PAIEMENT PAR CARTE X1234 BOULANGERIE DU MARCHE 14/02',
        expect: { name: 'BOULANGERIE DU MARCHE', wrapper: 'wrapper.carte' },
      },
      { line: 'CB BOULANGERIE DU MARCHE 12/03', expect: { name: 'BOULANGERIE DU MARCHE' } },
      // `CB` with no day after it is a name's (`CB PIZZA`), and `CARTE` with no card or day (`CARTE BLANCHE`).
      { line: 'CB PIZZA', expect: { name: 'CB PIZZA', wrapper: null } },
      { line: 'CARTE BLANCHE BISTRO', expect: { name: 'CARTE BLANCHE BISTRO', wrapper: null } },
    ],
  },
  {
    // France's SEPA direct debit: `PRLV SEPA <biller>`.
    id: 'wrapper.prlv-sepa',
    pattern: /^(?:PRLV(?: SEPA)?|PRELEVEMENT SEPA)(?: ?[:-])? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'PRLV SEPA ENERGIE DU LITTORAL',
        expect: { name: 'ENERGIE DU LITTORAL', wrapper: 'wrapper.prlv-sepa' },
      },
    ],
  },
  {
    // France's SEPA transfer: `VIR SEPA <party>`, `VIR INST RECU DE <party>`, `VIREMENT SEPA EMIS`.
    id: 'wrapper.vir-sepa',
    pattern:
      /^(?:VIR(?: SEPA)?|VIREMENT SEPA)(?: (?:RECU|EMIS|INST(?:ANTANE)?|PERMANENT))*(?: (?:DE|A|VERS|POUR))?(?: ?[:-])? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [
      { line: 'VIR SEPA CAMILLE MARTIN', expect: { name: 'CAMILLE MARTIN', wrapper: 'wrapper.vir-sepa' } },
    ],
  },
  {
    // A purchase by debit or credit card: `ACHAT INTERAC <merchant>`, `Achat - Paiement direct <merchant>`,
    // `Achat point de vente <merchant>`, `ACHAT VISA DEBIT <merchant>`, and Interac's own `PAIEMENT DIRECT`.
    id: 'wrapper.achat',
    pattern:
      /^(?:ACHAT(?: (?:INTERAC|VISA DEBIT|MASTERCARD DEBIT|DEBIT|(?:AU )?POINT DE VENTE|PAR CARTE(?: DE DEBIT)?|CARTE))?(?: ?- ?PAIEMENT DIRECT)?|PAIEMENT DIRECT(?: INTERAC)?)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'ACHAT INTERAC CAFE DU PLATEAU MONTREAL QC',
        expect: { name: 'CAFE DU PLATEAU', city: 'MONTREAL', region: 'QC' },
      },
      { line: 'Achat - Paiement direct BOULANGERIE DU COIN', expect: { name: 'BOULANGERIE DU COIN' } },
      { line: 'Achat point de vente FROMAGERIE LAVAL', expect: { name: 'FROMAGERIE LAVAL' } },
    ],
  },
  {
    // A bill paid from the account: `PAIEMENT FACTURE <biller>`, Desjardins' `Paiement facture - AccesD <biller>`.
    id: 'wrapper.paiement-facture',
    pattern:
      /^(?:PAIEMENT|PMT) (?:DE )?FACTURES?(?: ?-)?(?: ACCES ?D(?: INTERNET| MOBILE)?)?(?: ?[-/])? (?=[A-Z0-9])/,
    yields: { via: 'bill-pay' },
    examples: [
      { line: 'Paiement facture - AccesD ENERGIE BOREALE', expect: { name: 'ENERGIE BOREALE' } },
      { line: 'PAIEMENT FACTURE TELECOM LAURENTIDES', expect: { name: 'TELECOM LAURENTIDES' } },
    ],
  },
  {
    // A pre-authorised debit: `PRELEVEMENT AUTOMATIQUE <biller>`, `PPA <biller>`, `Retrait direct <biller>`.
    id: 'wrapper.prelevement',
    pattern:
      /^(?:PRELEVEMENT(?: AUTOMATIQUE| PREAUTORISE)?|PAIEMENT PREAUTORISE|PPA|RETRAIT (?:DIRECT|PREAUTORISE))(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      { line: 'Prelevement automatique GYM DU NORD', expect: { name: 'GYM DU NORD' } },
      { line: 'PPA ASSURANCES BELLEVUE', expect: { name: 'ASSURANCES BELLEVUE' } },
    ],
  },
  {
    // A transfer: Interac's e-transfer (`VIREMENT INTERAC A <person>`, `Virement Interac de <person>`), between
    // the holder's accounts (`VIREMENT ENTRE COMPTES`), or to and from others.
    id: 'wrapper.virement',
    pattern:
      /^(?:VIREMENT|TRANSFERT)(?: (?:INTERAC|ENTRE COMPTES|AUTOMATIQUE|EN LIGNE|ACCES ?D))?(?: (?:ENVOYE|RECU|REMIS))?(?: (?:A|AU|DE|DU|VERS|POUR))?(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [
      { line: 'VIREMENT INTERAC A JULIETTE GAGNON', expect: { name: 'JULIETTE GAGNON' } },
      { line: 'Virement Interac de JULIETTE GAGNON', expect: { name: 'JULIETTE GAGNON' } },
    ],
  },
  {
    // A deposit of pay (`DEPOT PAIE <employer>`) or a direct deposit (`Depot direct <payer>`); not `DEPOT` alone
    // before a name, which may be the name's (`DEPOT STREET ANTIQUES`).
    id: 'wrapper.depot',
    pattern: /^(?:DEPOT (?:DIRECT(?: (?:DE )?PAIE)?|(?:DE )?PAIE)|PAIE)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      { line: 'DEPOT PAIE ATELIERS BEAULIEU', expect: { name: 'ATELIERS BEAULIEU' } },
      { line: 'Depot direct Gouv. du Quebec', expect: { name: 'GOUV. DU QUEBEC' } },
      { line: 'DEPOT STREET ANTIQUES', expect: { name: 'DEPOT STREET ANTIQUES' } },
    ],
  },
];

/** Trailing French wrappers: the card entry's fields after the name. */
export const trailingWrappersFrench: readonly WrapperRule[] = [
  {
    // The day, the amount and the card's number after the name (`ACHAT CB <merchant> 05.08.21 EUR 12.80 CARTE NO
    // 222`).
    id: 'wrapper.carte-fields',
    pattern: /(?: \d{2}[./]\d{2}[./]\d{2,4})?(?: EUR [\d.,]+)? CARTE (?:NO|N) ?\d+$/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'ACHAT CB BOULANGERIE DU PORT 05.08.21 EUR         12.80 CARTE NO  222',
        expect: { name: 'BOULANGERIE DU PORT', wrapper: 'wrapper.carte' },
      },
    ],
  },
];
