/**
 * `--output-format csv`: one CSV row per result item, the fields a
 * spreadsheet user filters on, nested values as JSON. The pool's workers
 * import this module by its built path (`csvOutputModule`) and render their
 * rows with it.
 */
import { fileURLToPath } from 'node:url';
import type { OutputFormat } from '@txenrich/pool';
import type { ResultItem } from '@txenrich/schema';
import { stringify } from 'csv-stringify/sync';

/** The built module, for the workers (they run built JavaScript, under tests too). */
export const csvOutputModule = fileURLToPath(new URL('../dist/csv-output.js', import.meta.url));

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
    info.recurrenceInfo?.intervalType ?? '',
    info.recurrenceInfo?.nextPaymentExpected ?? '',
  ];
}

/** The header row. */
export const csvHeader = stringify([csvColumns as readonly string[]]).trimEnd();

/** One result item as a CSV row. */
const csvRows: OutputFormat = {
  render: (item, line) =>
    stringify([csvCells(item, line)], { cast: { boolean: (value) => String(value) } }).trimEnd(),
};

export default csvRows;
