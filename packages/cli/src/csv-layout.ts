/**
 * What the CSV reader is told about an input: where its header row is, which columns each request field
 * is read from, and how amounts and dates are written. The command's options and a bank preset
 * (`bank-presets.ts`) both come down to one of these (`commands/csv-options.ts`).
 */
import { type DecimalStyle, decimalStyles } from './amounts.js';
import type { DateFormat } from './date-formats.js';

/** What a positive amount in the file is. A request's is money out (spending), as in Amex and Plaid exports. */
export const signConventions = ['money-out-positive', 'money-in-positive'] as const;
export type SignConvention = (typeof signConventions)[number];

/**
 * Request field -> the headers it is read from, in order of preference: a row takes the first of them
 * that has a value. Besides request fields, `debit` and `credit` name amounts in columns of their own
 * (money out and money in, whatever their sign).
 */
export type ColumnSources = Readonly<Record<string, readonly string[]>>;

/** A row of an export that is no transaction (a balance line): it gives no result. */
export interface NotTransactionRule {
  id: string;
  /** The request field whose value says so. */
  field: string;
  pattern: RegExp;
  example: string;
}

export interface CsvLayout {
  /** Undefined: the one of `,`, `;`, tab and `|` that the first line has most of (`csv-delimiter.ts`). */
  delimiter?: string;
  /**
   * `first`: the file's first record. `search`: the first of its first records that has every column
   * (a summary block sits above Bank of America's). Or the names of the columns of a file without one.
   */
  header: 'first' | 'search' | readonly string[];
  /** Columns the file must have. */
  columns: ColumnSources;
  /** Columns read when the file has them. */
  optionalColumns: ColumnSources;
  /**
   * Headers `columns` does not name are fields of their own name (a file written for txenrich). A bank's
   * export also has columns no request takes (`Balance`, `Category`): it is read through its columns only.
   */
  otherHeadersAreFields: boolean;
  /** The form of `occurredAt` cells; undefined: they go to the request as they are. */
  dateFormat?: DateFormat;
  sign: SignConvention;
  decimal: DecimalStyle;
  /** `--user`: the `userId` of every row. */
  userId?: string;
  notTransactions: readonly NotTransactionRule[];
  /** The preset it comes from, for messages. */
  preset?: { id: string; bank: string };
}

/** A file written for txenrich: a header row of request fields, amounts and dates as requests take them. */
export const plainCsvLayout: CsvLayout = {
  header: 'first',
  columns: {},
  optionalColumns: {},
  otherHeadersAreFields: true,
  sign: 'money-out-positive',
  decimal: decimalStyles.point,
  notTransactions: [],
};
