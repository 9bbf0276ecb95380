/**
 * Statement codes: a bank that prints its description in a fixed field of 20 characters may close the field
 * with a code of what the entry is, right-aligned after the party's name (TD Canada Trust: `ZABER TECHNOLOG
 * PAY` with the code in the last columns, `CIBC MTGE CORP   MTG`, a card network's `_V` run into the name:
 * `INSTACAR REV 02/04_V`). The code is no part of the name: it is read off the line, and what it says
 * becomes words the bank rules know (`PAYROLL`, `MORTGAGE`), as a declared type would.
 *
 * Only a line as short as the field, the code set apart by the field's padding, is read so: a name that
 * ends in the same letters on a longer line (`APPLE PAY`, `TD INS`) keeps them. BMO prints the code in
 * English and French after a 16-character name, behind its own bracketed kind of entry (`[DN]CANADA
 * GST/TPS`, `[DS]THE PERSONAL    INS/ASS`): the bracket goes, the English half is read.
 */
import type { Rule } from '../anatomy/rules.js';

/** The width of the description field that ends in a code; a French half of the code may follow it. */
const FIELD_WIDTH = 20;
/** A French half of the code after the field's 16 characters of name (`PAY/PAY`). */
const FRENCH_HALF = 5;
/** BMO's kind of entry in brackets before the name (`[DN]`, `[DS]`, `[CW]`, `[PR]`). */
const bracketedKind = /^\[[A-Z]{2}\]/;

export interface StatementCodeYield {
  /** What the code says the entry is, in the bank rules' words; null when the party alone says it. */
  kind: string | null;
  /** Who pays it when the party printed is only the country (`CANADA GST`: the Canada Revenue Agency). */
  agency?: string;
  /** The code names a card network: the line is a card purchase. */
  card?: boolean;
}

export interface StatementCode {
  /** The description without its code. */
  text: string;
  /** The row that read it. */
  id: string;
  code: string;
  kind: string | null;
  card: boolean;
}

/** Each row matches one code, upper case, as it closes the field (`^...$` of the code alone). */
export const statementCodes: readonly Rule<StatementCodeYield>[] = [
  {
    // TD's description codes (its Description Code Reference Guide): payroll credits and wages.
    id: 'code.payroll',
    pattern: /^(?:PAY|APY)$/,
    yields: { kind: 'PAYROLL' },
    examples: [{ line: 'ZABER TECHNOLOG  PAY', expect: { name: 'ZABER TECHNOLOG' } }],
  },
  {
    id: 'code.pension',
    pattern: /^(?:ANN|PEN|RIF|CFS|PSA)$/,
    yields: { kind: 'PENSION' },
    examples: [{ line: 'SUN LIFE         ANN', expect: { name: 'SUN LIFE' } }],
  },
  {
    // Goods and Services Tax credit, Child Tax Benefit, Old Age Security, CPP, family allowance,
    // unemployment insurance, veterans' allowance, a general government payment.
    id: 'code.government-benefits',
    pattern: /^(?:OAS|CPP|FA|UI|WVA|FED)$/,
    yields: { kind: 'GOVT BENEFITS' },
    examples: [{ line: 'CANADA           OAS', expect: { name: 'CANADA' } }],
  },
  {
    // The tax agency's credits: the GST credit, the Child Tax Benefit, the Canada Carbon Rebate (`CCR`).
    id: 'code.tax-credits',
    pattern: /^(?:GST|CTB|CCR)$/,
    yields: { kind: 'GOVT BENEFITS', agency: 'CANADA REVENUE AGENCY' },
    examples: [
      { line: 'CANADA           GST', expect: { name: 'CANADA REVENUE AGENCY' } },
      { line: '[DN]CANADA          GST/TPS', expect: { name: 'CANADA REVENUE AGENCY' } },
      { line: '[DN]CDACARBONREBATE CCR/RCC', expect: { name: 'CDACARBONREBATE' } },
    ],
  },
  {
    // `RIT`: a refund of income tax (BMO: `CANADA RIT/RIF`).
    id: 'code.tax-refund',
    pattern: /^(?:TAX|RIT)$/,
    yields: { kind: 'TAX REFUND', agency: 'CANADA REVENUE AGENCY' },
    examples: [{ line: 'CANADA           TAX', expect: { name: 'CANADA REVENUE AGENCY' } }],
  },
  {
    id: 'code.insurance',
    pattern: /^INS$/,
    yields: { kind: 'INSURANCE' },
    examples: [{ line: 'TD Insurance     INS', expect: { name: 'TD INSURANCE' } }],
  },
  {
    id: 'code.mortgage',
    pattern: /^MTG$/,
    yields: { kind: 'MORTGAGE' },
    examples: [{ line: 'CIBC MTGE CORP   MTG', expect: { name: 'CIBC MTGE CORP' } }],
  },
  {
    // `LNS/PRE`: BMO's loans (prêts).
    id: 'code.loan',
    pattern: /^(?:LDR|LOAN|LNS)$/,
    yields: { kind: 'LOAN' },
    examples: [
      { line: 'UPLIFT          LOAN', expect: { name: 'UPLIFT' } },
      { line: '[DS]VW CREDIT CAN   LNS/PRE', expect: { name: 'VW CREDIT CAN' } },
    ],
  },
  {
    id: 'code.bill-payment',
    pattern: /^(?:BPY|GMP)$/,
    yields: { kind: 'BILL PAYMENT' },
    examples: [{ line: 'HOPE STREET REA  BPY', expect: { name: 'HOPE STREET REA' } }],
  },
  {
    // A transfer between people or accounts, and a funds transfer debit.
    id: 'code.transfer',
    pattern: /^(?:PTD|PTC|PTS|TCR|GMT|FTD|FTC)$/,
    yields: { kind: 'TRANSFER' },
    examples: [{ line: '        EQ BANK  FTD', expect: { name: 'EQ BANK' } }],
  },
  {
    // `INV/PLA`: BMO's investments (placements).
    id: 'code.investment',
    pattern: /^(?:RSP|TRM|INV)$/,
    yields: { kind: 'INVESTMENT' },
    examples: [
      { line: 'WEALTHSIMPLE     RSP', expect: { name: 'WEALTHSIMPLE' } },
      { line: '[DN]M-FUNDS/FONDS-M INV/PLA', expect: { name: 'M-FUNDS/FONDS-M' } },
    ],
  },
  {
    id: 'code.interest',
    pattern: /^(?:ICR|AID|DIV)$/,
    yields: { kind: 'INTEREST PAYMENT' },
    examples: [{ line: 'EQ BANK          DIV', expect: { name: 'EQ BANK' } }],
  },
  {
    // A debit the holder authorised (a pre-authorised or miscellaneous payment) and a fee the party charges
    // (`PLANET FITNESS   FEE`): who is paid says what it is.
    id: 'code.authorized-debit',
    pattern: /^(?:MSP|ADM|ADR|APM|FEE)$/,
    yields: { kind: null },
    examples: [
      { line: 'GOODLIFE CLUBS   MSP', expect: { name: 'GOODLIFE CLUBS' } },
      { line: 'PLANET FITNESS   FEE', expect: { name: 'PLANET FITNESS' } },
    ],
  },
  {
    // The card network's mark, run into the field's last columns: Visa, Mastercard, Interac Flash.
    id: 'code.card-network',
    pattern: /^_[VMF]$/,
    yields: { kind: null, card: true },
    examples: [
      { line: 'CALG CO-OP GROC   _F', expect: { name: 'CALG CO-OP GROC' } },
      { line: 'INSTACAR REV 02/04_V', expect: { name: 'INSTACAR REV 02/04' } },
    ],
  },
];

/** A code set apart by two spaces or more at the end of the field, or a network's mark run into it. */
const codedField = /^(.*?\S)(?: {2,}([A-Z]{2,4})|\s*(_[A-Z]))$/;
/** BMO's: the name padded to 16 characters, then the code and its French half (`U OF A          PAY/PAY`). */
const bilingualField = /^(.{16})([A-Z]{2,4})\/[A-Z]{2,4}$/;

/** The code a short fixed-width description ends in, and the description without it; null when none. */
export function readStatementCode(description: string): StatementCode | null {
  const unbracketed = description.trimEnd().replace(bracketedKind, '');
  const field = unbracketed.toUpperCase();
  if (field.length > FIELD_WIDTH + FRENCH_HALF) return bracketedKindAlone(description);
  const found =
    bilingualField.exec(field) ??
    (field.length <= FIELD_WIDTH && field.includes(' ') && / {2}|_/.test(field)
      ? codedField.exec(field)
      : null);
  const code = found?.[2] ?? found?.[3];
  const rule = code ? statementCodes.find((row) => row.pattern.test(code)) : undefined;
  if (!found || !code || !rule) return bracketedKindAlone(description);
  const party = unbracketed.slice(0, found[1]!.trimEnd().length).trim();
  return {
    text: rule.yields.agency && /^CANADA$/i.test(party) ? rule.yields.agency : party,
    id: rule.id,
    code,
    kind: rule.yields.kind,
    card: rule.yields.card === true,
  };
}

/**
 * BMO's bracketed kinds that say what the entry is: interest paid (`[IN]`), a service charge (`[SC]`), a
 * cash machine's entry, BMO's own (`[IB]`, InstaBank) or another bank's (`[OM]`), a transfer between accounts,
 * in the same currency (`[TF]`) or another (`[FX]`); the others only go.
 */
const bracketedKinds: Readonly<Record<string, string>> = {
  IN: 'INTEREST PAYMENT',
  SC: 'SERVICE CHARGE',
  IB: 'ATM',
  OM: 'ATM',
  TF: 'INTERNAL TRANSFER',
  FX: 'INTERNAL TRANSFER',
};

/** A line that carries BMO's bracketed kind of entry and no code: the bracket is no part of the name. */
function bracketedKindAlone(description: string): StatementCode | null {
  const found = bracketedKind.exec(description);
  if (!found) return null;
  const code = found[0].slice(1, 3);
  return {
    text: description.slice(found[0].length).trim(),
    id: 'code.bracketed-kind',
    code,
    kind: bracketedKinds[code] ?? null,
    card: false,
  };
}
