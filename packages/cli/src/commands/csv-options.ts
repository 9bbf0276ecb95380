/**
 * The options of `txenrich enrich` that say how a CSV input is written, and the layout they come down
 * to. A preset fills in what the other options do not say: `--columns` adds to or replaces its columns
 * field by field, and `--date-format`, `--sign` and `--delimiter` replace its own.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { decimalStyles } from '../amounts.js';
import { type PresetId, presetIds, presetOf } from '../bank-presets.js';
import { parseDelimiter } from '../csv-delimiter.js';
import { type CsvLayout, plainCsvLayout, type SignConvention, signConventions } from '../csv-layout.js';
import { type DateFormatId, dateFormatIds, dateFormatOf } from '../date-formats.js';

export interface CsvFlags {
  columns?: Record<string, string>;
  preset?: PresetId;
  user?: string;
  dateFormat?: DateFormatId;
  sign?: SignConvention;
  decimalComma?: boolean;
  delimiter?: string;
}

/** The flags of `CsvFlags` as typed, to name them in messages. */
const flagNames: Readonly<Record<keyof CsvFlags, string>> = {
  columns: '--columns',
  preset: '--preset',
  user: '--user',
  dateFormat: '--date-format',
  sign: '--sign',
  decimalComma: '--decimal-comma',
  delimiter: '--delimiter',
};

/** `merchantName=Description,amount=Amount` -> `{merchantName: 'Description', amount: 'Amount'}`. */
export function parseColumnMapping(text: string): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [field, header, ...rest] = pair.split('=').map((part) => part.trim());
    if (!field || !header || rest.length > 0)
      throw new Error(`--columns expects field=Header pairs separated by commas, not "${pair}".`);
    mapping[field] = header;
  }
  return mapping;
}

/** A parser that turns the `Error` of `parse` into commander's message for a bad option value. */
function argument<T>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    try {
      return parse(text);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

export function addCsvOptions(command: Command): Command {
  return command
    .option(
      '--columns <mapping>',
      'CSV headers that differ from the request fields, e.g. description=Memo,amount=Amount; ' +
        'debit=Withdrawals,credit=Deposits for amounts in two columns',
      argument(parseColumnMapping),
    )
    .addOption(
      new Option(
        '--preset <bank>',
        "read a bank's CSV export as it is: its columns, signs and dates, as universal lines",
      ).choices(presetIds),
    )
    .option('--user <id>', 'the userId of every row, for a file without a userId column')
    .addOption(
      new Option(
        '--date-format <format>',
        'the form of occurredAt cells, read into YYYY-MM-DD (one-digit months and days too; YY is 20YY)',
      ).choices(dateFormatIds),
    )
    .addOption(
      new Option(
        '--sign <convention>',
        'what a positive amount is (default: money out, as in requests)',
      ).choices(signConventions),
    )
    .option('--decimal-comma', 'amounts are written 1.234,56 (default 1,234.56)')
    .option(
      '--delimiter <char>',
      'the cell separator: one character, or tab (default: the one of , ; tab | the first line has most of)',
      argument(parseDelimiter),
    );
}

/** The flags among `flags` that only a CSV input takes, as typed. */
export function csvFlagsGiven(flags: CsvFlags): string[] {
  return (Object.keys(flagNames) as Array<keyof CsvFlags>)
    .filter((key) => flags[key] !== undefined)
    .map((key) => flagNames[key]);
}

export function csvLayoutOf(flags: CsvFlags): CsvLayout {
  const preset = flags.preset ? presetOf(flags.preset) : undefined;
  const mapped = Object.fromEntries(
    Object.entries(flags.columns ?? {}).map(([field, header]) => [field, [header]]),
  );
  const dateFormat = flags.dateFormat ?? preset?.dateFormat;
  return {
    ...plainCsvLayout,
    ...(preset
      ? {
          header: preset.impliedHeader ?? 'search',
          otherHeadersAreFields: false,
          notTransactions: preset.notTransactions ?? [],
          preset: { id: preset.id, bank: preset.bank },
        }
      : {}),
    columns: { ...preset?.columns, ...mapped },
    optionalColumns: withoutFields(preset?.optionalColumns ?? {}, Object.keys(mapped)),
    sign: flags.sign ?? preset?.sign ?? plainCsvLayout.sign,
    decimal: flags.decimalComma ? decimalStyles.comma : decimalStyles.point,
    ...(dateFormat ? { dateFormat: dateFormatOf(dateFormat) } : {}),
    ...(flags.delimiter !== undefined ? { delimiter: flags.delimiter } : {}),
    ...(flags.user !== undefined ? { userId: flags.user } : {}),
  };
}

function withoutFields<T>(record: Readonly<Record<string, T>>, fields: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => !fields.includes(field)));
}
