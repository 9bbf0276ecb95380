/**
 * `--preset <bank>`: the CSV exports of US banks and card issuers, one row per bank: its header rows as
 * the bank writes them, the columns each request field is read from, what a positive amount is, the date
 * form, and sample exports in its shape (written for the tests, in
 * `packages/cli/test/fixtures/bank-exports/`, each beside the requests it reads as).
 *
 * Issuers do not document their download formats; the facts below come from public descriptions and
 * parsers of real exports, cross-checked (links on each row). Every export is read as the universal
 * kind: it mixes card purchases, transfers, fees and deposits, and the engine tells which each line is.
 */

import type { ColumnSources, NotTransactionRule, SignConvention } from './csv-layout.js';
import type { DateFormatId } from './date-formats.js';

export interface BankPreset {
  id: string;
  bank: string;
  /** The header rows of its exports, as written (an example starts with one, below a summary or not). */
  headerRows: readonly string[];
  /** Names for the columns of an export without a header row, in order. */
  impliedHeader?: readonly string[];
  columns: ColumnSources;
  optionalColumns?: ColumnSources;
  /** What a positive amount is; absent when debits and credits have columns of their own. */
  sign?: SignConvention;
  dateFormat: DateFormatId;
  notTransactions?: readonly NotTransactionRule[];
  /** Sample exports in this shape, by file name. */
  examples: readonly string[];
}

export const bankPresets = [
  {
    // Checking and savings; credit cards. Amounts are negative for money out in both, dates MM/DD/YYYY;
    // checking rows end with a comma after `Check or Slip #` (one empty cell more than the header).
    // github.com/gonzalocordero/personal-finances CSV-FORMAT-GUIDE.md (both headers, signs),
    // https://checkunpaidinvoices.com/reconcile/chase-with-quickbooks (the Details and Type values),
    // github.com/mendelmaleh/pfin parser/chase/types.go (card columns, US dates).
    id: 'chase',
    bank: 'Chase (checking, savings, credit cards)',
    headerRows: [
      'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
      'Transaction Date,Post Date,Description,Category,Type,Amount,Memo',
    ],
    columns: {
      description: ['Description'],
      amount: ['Amount'],
      // A card export's Transaction Date is the purchase; Post Date is days later.
      occurredAt: ['Transaction Date', 'Posting Date'],
    },
    sign: 'money-in-positive',
    dateFormat: 'MM/DD/YYYY',
    examples: ['chase-checking.csv', 'chase-card.csv'],
  },
  {
    // A summary block (Description,,Summary Amt.), a blank line, then the transactions, oldest first, the
    // first being the opening balance without an amount. Amounts quoted with thousands separators,
    // negative for money out.
    // github.com/mendelmaleh/pfin parser/bofa/parser.go (the two tables),
    // https://www.datariver.co/blog/how-to-convert-bank-of-america-statement-to-csv (header, quoting),
    // https://parsedoc.wrapper-agency.com/formats/bank-of-america-statement (signs).
    id: 'bofa',
    bank: 'Bank of America (checking, savings)',
    headerRows: ['Date,Description,Amount,Running Bal.'],
    columns: { description: ['Description'], amount: ['Amount'], occurredAt: ['Date'] },
    sign: 'money-in-positive',
    dateFormat: 'MM/DD/YYYY',
    notTransactions: [
      {
        id: 'bofa.opening-balance',
        field: 'description',
        pattern: /^Beginning balance as of \d{2}\/\d{2}\/\d{4}$/,
        example: 'Beginning balance as of 01/01/2024',
      },
    ],
    examples: ['bofa-checking.csv'],
  },
  {
    // No header row: date, amount (negative for money out), `*`, a check number or nothing, description;
    // every cell quoted, newest first.
    // https://checkunpaidinvoices.com/reconcile/wells-fargo-with-wave (headerless, five columns, signs),
    // github.com/gonzalocordero/personal-finances CSV-FORMAT-GUIDE.md (Date, Amount, *, Check Number, Description).
    id: 'wells',
    bank: 'Wells Fargo (checking, savings)',
    headerRows: [],
    impliedHeader: ['Date', 'Amount', '*', 'Check Number', 'Description'],
    columns: { occurredAt: ['Date'], amount: ['Amount'], description: ['Description'] },
    sign: 'money-in-positive',
    dateFormat: 'MM/DD/YYYY',
    examples: ['wells-checking.csv'],
  },
  {
    // Charges positive, payments and credits negative; MM/DD/YYYY. The short export has Date,
    // Description, Amount; with "additional transaction details" cells run over several lines.
    // github.com/mendelmaleh/pfin parser/amex/types.go (the long header),
    // github.com/jbmilgrom/budget-interpreter src/amex/index.ts (the same columns),
    // github.com/Tar-ive/rewind docs/statements.md (positive charges, multi-line cells).
    id: 'amex',
    bank: 'American Express (cards)',
    headerRows: [
      'Date,Description,Amount',
      'Date,Description,Card Member,Account #,Amount',
      'Date,Description,Card Member,Account #,Amount,Extended Details,Appears On Your Statement As,Address,City/State,Zip Code,Country,Reference,Category',
    ],
    columns: { occurredAt: ['Date'], description: ['Description'], amount: ['Amount'] },
    sign: 'money-out-positive',
    dateFormat: 'MM/DD/YYYY',
    examples: ['amex.csv'],
  },
  {
    // Credit cards: charges in Debit, payments and refunds in Credit, both positive; ISO dates.
    // github.com/mendelmaleh/pfin parser/capitalone/types.go (columns, ISO dates),
    // github.com/gonzalocordero/personal-finances CSV-FORMAT-GUIDE.md (split columns).
    id: 'capitalone',
    bank: 'Capital One (credit cards)',
    headerRows: ['Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit'],
    columns: {
      description: ['Description'],
      occurredAt: ['Transaction Date'],
      debit: ['Debit'],
      credit: ['Credit'],
    },
    dateFormat: 'YYYY-MM-DD',
    examples: ['capitalone.csv'],
  },
  {
    // Plaid's Transaction object written as CSV, one column per field (/transactions/get or /sync).
    // `amount` is positive when money moves out of the account; `date` is the posting date,
    // `authorized_date` the purchase (null for some); `original_description` is the bank's raw line when
    // asked for (include_original_description), else `name` is Plaid's cleaned one.
    // https://www.rubydoc.info/gems/plaid/Plaid/Transaction (Plaid's API reference, generated from its OpenAPI),
    // https://www.rubydoc.info/gems/plaid/Plaid%2FTransaction:amount (the sign).
    id: 'plaid',
    bank: 'Plaid (Transactions API fields)',
    headerRows: [],
    columns: {
      description: ['original_description', 'name'],
      amount: ['amount'],
      occurredAt: ['authorized_date', 'date'],
    },
    optionalColumns: {
      merchantName: ['merchant_name'],
      transactionId: ['transaction_id'],
      accountId: ['account_id'],
      currencyCode: ['iso_currency_code'],
    },
    sign: 'money-out-positive',
    dateFormat: 'YYYY-MM-DD',
    examples: ['plaid.csv'],
  },
] as const satisfies readonly BankPreset[];

export type PresetId = (typeof bankPresets)[number]['id'];

export const presetIds: readonly PresetId[] = bankPresets.map((preset) => preset.id);

export function presetOf(id: PresetId): BankPreset {
  return bankPresets.find((preset) => preset.id === id)!;
}

/** The kind every preset is enriched as. */
export const PRESET_KIND = 'universal';
