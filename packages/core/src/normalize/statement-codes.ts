/**
 * Statement codes: a bank that prints its description in a fixed field of 20 characters may close the field
 * with a code of what the entry is, right-aligned after the party's name (TD Canada Trust: `ZABER TECHNOLOG
 * PAY` with the code in the last columns, `CIBC MTGE CORP   MTG`, a card network's `_V` run into the name:
 * `INSTACAR REV 02/04_V`). The code is no part of the name: it is read off the line, and what it says
 * becomes words the bank rules know (`PAYROLL`, `MORTGAGE`), as a declared type would.
 *
 * Only a line as short as the field, the code set apart by the field's padding, is read so: a name that
 * ends in the same letters on a longer line (`APPLE PAY`, `TD INS`) keeps them.
 */
import type { Rule } from '../anatomy/rules.js';

/** The width of the description field that ends in a code. */
const FIELD_WIDTH = 20;

export interface StatementCodeYield {
  /** What the code says the entry is, in the bank rules' words; null when the party alone says it. */
  kind: string | null;
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
    pattern: /^(?:GST|CTB|OAS|CPP|FA|UI|WVA|FED)$/,
    yields: { kind: 'GOVT BENEFITS' },
    examples: [{ line: 'CANADA           GST', expect: { name: 'CANADA' } }],
  },
  {
    id: 'code.tax-refund',
    pattern: /^TAX$/,
    yields: { kind: 'TAX REFUND' },
    examples: [{ line: 'CANADA           TAX', expect: { name: 'CANADA' } }],
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
    id: 'code.loan',
    pattern: /^(?:LDR|LOAN)$/,
    yields: { kind: 'LOAN' },
    examples: [{ line: 'UPLIFT          LOAN', expect: { name: 'UPLIFT' } }],
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
    id: 'code.investment',
    pattern: /^(?:RSP|TRM)$/,
    yields: { kind: 'INVESTMENT' },
    examples: [{ line: 'WEALTHSIMPLE     RSP', expect: { name: 'WEALTHSIMPLE' } }],
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

/** The code a short fixed-width description ends in, and the description without it; null when none. */
export function readStatementCode(description: string): StatementCode | null {
  const field = description.trimEnd();
  if (field.length > FIELD_WIDTH || !field.includes(' ') || !/ {2}|_/.test(field)) return null;
  const found = codedField.exec(field.toUpperCase());
  if (!found) return null;
  const code = found[2] ?? found[3]!;
  const rule = statementCodes.find((row) => row.pattern.test(code));
  if (!rule) return null;
  return {
    text: field.slice(0, found[1]!.length).trim(),
    id: rule.id,
    code,
    kind: rule.yields.kind,
    card: rule.yields.card === true,
  };
}
