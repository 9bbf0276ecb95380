/**
 * How a result item is written: as one JSON line, or as one CSV row. Each
 * text keeps a placeholder for `recurrenceInfo` at a known offset (`slot`),
 * because recurrence is decided after the workers, in input order (see
 * `recurrence-pass.ts`), and only the few rows that recur are then touched.
 */
import type { RecurrenceInfo, ResultItem } from '@txenrich/schema';
import { stringify } from 'csv-stringify/sync';

export const outputFormatNames = ['jsonl', 'csv'] as const;
export type OutputFormatName = (typeof outputFormatNames)[number];

export interface OutputFormat {
  /**
   * The item's text (without a line break) and the offset of its recurrence placeholder, or -1.
   * `line`, the row's line in the file it was read from, is written on error items (`line`).
   */
  render(item: ResultItem, line?: number): { text: string; slot: number };
  /** How long the placeholder is. */
  placeholderLength: number;
  /** What replaces the placeholder of a recurring transaction. */
  recurrenceText(info: RecurrenceInfo): string;
  /** The first line of a file in this format (CSV header), or null. */
  header: string | null;
}

/** A recurrence found for the row whose placeholder is at `slot`. */
export interface RecurrenceFill {
  slot: number;
  info: RecurrenceInfo;
}

/**
 * UTF-8 `bytes` with each fill's placeholder replaced (`slot`: byte offset, ascending), as the
 * pieces to write one after the other: views of `bytes` between the recurrence texts, never a copy.
 */
export function recurrencePieces(
  format: OutputFormat,
  bytes: Uint8Array,
  fills: readonly RecurrenceFill[],
): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const { slot, info } of fills) {
    pieces.push(bytes.subarray(from, slot), Buffer.from(format.recurrenceText(info)));
    from = slot + format.placeholderLength;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

const JSON_PLACEHOLDER = '"recurrenceInfo":null';

/** An error item with its file line, written second, after `statusCode`. */
function withLine({ statusCode, ...rest }: ResultItem, line: number) {
  return { statusCode, line, ...rest };
}

const jsonl: OutputFormat = {
  header: null,
  render(item, line) {
    const text = JSON.stringify(item.statusCode !== 200 && line !== undefined ? withLine(item, line) : item);
    // User data cannot contain this key-and-null: quotes inside JSON strings are escaped.
    const at = item.statusCode === 200 ? text.indexOf(JSON_PLACEHOLDER) : -1;
    return { text, slot: at < 0 ? -1 : at + JSON_PLACEHOLDER.length - 'null'.length };
  },
  placeholderLength: 'null'.length,
  recurrenceText: (info) => JSON.stringify(info),
};

/** The CSV columns: the fields a spreadsheet user filters on; nested values as JSON. */
export const csvColumns = [
  'transactionId',
  'statusCode',
  'errors',
  'line',
  'enrichmentId',
  'type',
  'subType',
  'displayName',
  'counterpartyId',
  'counterpartyName',
  'counterpartyWebsite',
  'counterpartyLogo',
  'matchScore',
  'industryId',
  'industryName',
  'channel',
  'thirdParties',
  'isPeerToPeer',
  'isDigitalWallet',
  'city',
  'region',
  'postalCode',
  'country',
  'actions',
  'customAttributes',
  // Last, so that recurrence fills the row's two trailing empty cells.
  'recurrenceInterval',
  'nextPaymentExpected',
] as const;

const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

function csvCells(item: ResultItem, line: number | undefined): unknown[] {
  const custom = json(item.customAttributes);
  if (item.statusCode !== 200) {
    const cells: unknown[] = new Array(csvColumns.length).fill('');
    cells[0] = item.transactionInfo.transactionId ?? '';
    cells[1] = item.statusCode;
    cells[2] = JSON.stringify(item.errors);
    cells[3] = line ?? '';
    cells[csvColumns.indexOf('customAttributes')] = custom;
    return cells;
  }
  const info = item.transactionInfo;
  const top = item.counterparty[0];
  const industry = top?.industry.at(-1);
  const location = top?.location[0];
  return [
    info.transactionId ?? '',
    item.statusCode,
    '',
    '',
    item.enrichmentId,
    info.type,
    info.subType ?? '',
    info.display.name,
    top?.id ?? '',
    top?.name ?? '',
    top?.website ?? '',
    top?.logo ?? '',
    top?.matchScore ?? '',
    industry?.id ?? '',
    industry?.name ?? info.display.categoryName ?? '',
    info.spendingInfo?.channel.value ?? '',
    info.thirdParties.map((party) => party.name).join('|'),
    info.isPeerToPeer ?? '',
    info.isDigitalWallet ?? '',
    location?.city ?? '',
    location?.region ?? '',
    location?.postalCode ?? '',
    location?.country ?? '',
    json(item.actions),
    custom,
    '',
    '',
  ];
}

const csv: OutputFormat = {
  header: stringify([csvColumns as readonly string[]]).trimEnd(),
  render(item, line) {
    const text = stringify([csvCells(item, line)], { cast: { boolean: (value) => String(value) } }).trimEnd();
    return { text, slot: item.statusCode === 200 ? text.length - ',,'.length : -1 };
  },
  placeholderLength: ',,'.length,
  recurrenceText: (info) => `,${info.intervalType},${info.nextPaymentExpected}`,
};

export const outputFormats: Readonly<Record<OutputFormatName, OutputFormat>> = { jsonl, csv };
