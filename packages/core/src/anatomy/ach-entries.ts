/**
 * ACH entry descriptions: the NACHA "company entry description" (10
 * characters) that banks print right after the company's name (`PAYROLL`,
 * `DIR DEP`, `AUTOPAY`, `UTIL PMT`, `CRCARDPMT`). It says what the payment
 * is for, never who the company is, and is cut from the end of the party.
 * Trailing ids (`66133`, `250126`) come off with it.
 */
import type { Rule } from './rules.js';

export type EntryPurpose =
  | 'payroll'
  | 'payment'
  | 'card-payment'
  | 'bill'
  | 'transfer'
  | 'refund'
  | 'benefits'
  | 'verification';

export type EntryRule = Rule<{ purpose: EntryPurpose }>;

/** Each pattern matches one entry description at the end of the party (after a space). */
export const achEntries: readonly EntryRule[] = [
  {
    id: 'entry.payroll',
    pattern:
      / (?:PAYROLL(?: DD| PPD)?|PAYRLL|PAYROL|DIR(?:ECT)? DEP(?:OSIT)?|DIRDEP|NET ?PAY|REG\.? ?SALARY|SALARY|PR PAYMENT|WAGES?|EDI PYMNTS|PAYABLES|DD)$/,
    yields: { purpose: 'payroll' },
    examples: [
      {
        line: 'FOUR RIVERS CU   PAYROLL    66133           PPD ID: 9340020801',
        expect: { name: 'FOUR RIVERS CU' },
      },
      { line: 'ACH DEPOSIT HILLCREST CC PAYROLL DD 635243092867', expect: { name: 'HILLCREST CC' } },
      // No bank wording: the payroll entry says it is an ACH credit.
      { line: 'RIVERBEND CLINIC PAYROLL 240315', expect: { name: 'RIVERBEND CLINIC' } },
    ],
  },
  {
    id: 'entry.card-payment',
    pattern: / (?:CRCARDPMT|CR CD PMT|CREDIT CRD(?: EPAY| AUTOPAY)?|CRDT CRD|CARD PMT|CC PMT|PAYMNT)$/,
    yields: { purpose: 'card-payment' },
    examples: [
      { line: 'WEB AUTHORIZED PMT CHASE CREDIT CRD', expect: { name: 'CHASE' } },
      // `SYF` stays: Synchrony's ACH company for the Amazon card is `AMAZON CORP SYF`.
      { line: 'AMAZON CORP SYF PAYMNT 241124 498645985401 EMILY CHOI', expect: { name: 'AMAZON CORP SYF' } },
    ],
  },
  {
    id: 'entry.bill',
    pattern:
      / (?:UTIL(?:ITY)? (?:PMT|PAYMENT)|UTILITY|UTILITIES|GASPMT|GAS PMT|ELEC PMT|WATER PMT|WATER\/SEWER|SEWER|(?:WATER |GAS |ELECTRIC |PHONE )?BILL|TRASH|INS PREM|PREMIUM|RENT|DUES|CLUB FEES|MEMBERSHIP|MBRSHP|ASSESSMENT|HOA DUES|TUITION|STUDENT LN|STUDENT LOAN)$/,
    yields: { purpose: 'bill' },
    examples: [
      { line: 'SOUTHWEST GAS UTIL PMT 250126 8067723 LATOYA WILSON', expect: { name: 'SOUTHWEST GAS' } },
      { line: 'Direct Debit: Lakeshore Rental Rent', expect: { name: 'LAKESHORE RENTAL' } },
      // A gym's membership.
      { line: 'ACH Transaction - CRUNCH FIT CLUB FEES 0006200001', expect: { name: 'CRUNCH FIT' } },
    ],
  },
  {
    id: 'entry.payment',
    pattern:
      / (?:(?:ONLINE|WEB|MOBILE|ACH|TEL|PHONE|AUTO|RECUR(?:RING)?|BILL|LOAN|MTG) ?(?:PMTS?|PAYMENTS?|PYMT|PAY)|E-?PAYMENT|E-?PAY|AUTO ?PAY(?:MENT|BUS)?|PAYMENTS?|PMTS?|PMNT|PYMT|PAYMT|DEBIT|PURCHASE|SALE|IAT PAYPAL)$/,
    yields: { purpose: 'payment' },
    examples: [
      { line: 'ACH DEBIT FRONTIER COMM ONLINE PMT 00407', expect: { name: 'FRONTIER COMM' } },
      { line: 'ACH Transaction - AMEX EPAYMENT ACH PMT', expect: { name: 'AMEX' } },
    ],
  },
  {
    id: 'entry.transfer',
    pattern: / (?:ACH )?(?:TRANSFER|TRNSFR|XFER|INST XFER|FUNDS|MONEYLINE|CASHOUT|CASH OUT|DEPOSIT)$/,
    yields: { purpose: 'transfer' },
    examples: [{ line: 'ACH DEBIT ACORNS INVEST TRANSFER', expect: { name: 'ACORNS INVEST' } }],
  },
  {
    id: 'entry.refund',
    pattern: / (?:REFUND|REFUNDS|REVERSAL|RETURN|REBATE|CLAIM PMT|CLAIMS)$/,
    yields: { purpose: 'refund' },
    examples: [{ line: 'ELECTRONIC DEPOSIT GEICO REFUND', expect: { name: 'GEICO' } }],
  },
  {
    id: 'entry.verification',
    pattern: / (?:VERIFYBANK|ACCTVERIFY|ACCT VERIFY|VERIFICATION|TRIAL DEP|MICRO ?DEP)$/,
    yields: { purpose: 'verification' },
    examples: [{ line: 'VENMO VERIFYBANK 250117 9432313267 ISAAC CLARK', expect: { name: 'VENMO' } }],
  },
];

/** A trailing id of an ACH line: a number, or a code with digits (`66133`, `XNRG4U`, `635243092867`). */
const trailingId = / (?=[A-Z0-9]*\d)[A-Z0-9#-]{3,}$/;

/**
 * Cuts entry descriptions and trailing ids from the end of an ACH party
 * (`SOUTHWEST GAS UTIL PMT 8067723` -> `SOUTHWEST GAS`), keeping at least one
 * word; answers the party and the ids of the rows that fired.
 */
export function cutEntries(party: string): { party: string; rules: string[]; purpose: EntryPurpose | null } {
  let text = party;
  const rules: string[] = [];
  let purpose: EntryPurpose | null = null;
  for (let guard = 0; guard < 4; guard++) {
    const id = trailingId.exec(text);
    if (id && id.index > 0) {
      text = text.slice(0, id.index);
      continue;
    }
    const entry = achEntries.find((rule) => {
      const found = rule.pattern.exec(text);
      return found !== null && found.index > 0;
    });
    if (!entry) break;
    const found = entry.pattern.exec(text)!;
    text = text.slice(0, found.index);
    purpose ??= entry.yields.purpose;
    if (!rules.includes(entry.id)) rules.push(entry.id);
  }
  return { party: text, rules, purpose };
}

/** Whether the text is, whole, an entry description a row knows (`ACCTVERIFY`; `INC PAYROLL` ends in one). */
export function isEntry(text: string): boolean {
  const padded = ` ${text}`;
  return achEntries.some((rule) => rule.pattern.exec(padded)?.index === 0);
}

/** What an ACH entry description (a `DES:` field: `TRANSFER`, `PAYROLL`) says the payment is for, if a row knows. */
export function purposeOf(entry: string): EntryPurpose | null {
  const text = ` ${entry}`;
  return achEntries.find((rule) => rule.pattern.test(text))?.yields.purpose ?? null;
}
