/**
 * The date forms of bank exports that `--date-format` names, read into the contract's `YYYY-MM-DD`. One
 * row per form: its pattern and examples with what they read as (null: not a date of that form). Months
 * and days may have one digit (`6/1/2024`); a two-digit year is 2000-2099. Whatever the form, a cell in
 * one of the contract's own forms (`2024-06-01`, `2024-06-01T12:30:00Z`) is taken as it is.
 */
import { monthLength, occurredAtToEpochMs } from '@txenrich/schema';

export interface DateFormat {
  /** What `--date-format` and the presets call it. */
  id: string;
  /** Named groups `year` (four digits) or `yy` (two), `month`, `day`. */
  pattern: RegExp;
  examples: ReadonlyArray<{ text: string; date: string | null }>;
}

export const dateFormats = [
  {
    id: 'YYYY-MM-DD',
    pattern: /^(?<year>\d{4})-(?<month>\d{1,2})-(?<day>\d{1,2})$/,
    examples: [
      { text: '2024-06-01', date: '2024-06-01' },
      { text: '2024-6-1', date: '2024-06-01' },
      { text: '2024-06-01T08:15:00Z', date: '2024-06-01T08:15:00Z' },
      { text: '2024-02-30', date: null },
    ],
  },
  {
    id: 'MM/DD/YYYY',
    pattern: /^(?<month>\d{1,2})\/(?<day>\d{1,2})\/(?<year>\d{4})$/,
    examples: [
      { text: '06/01/2024', date: '2024-06-01' },
      { text: '6/1/2024', date: '2024-06-01' },
      { text: '02/29/2024', date: '2024-02-29' },
      { text: '02/29/2023', date: null },
      { text: '13/01/2024', date: null },
      { text: '6/1/24', date: null },
    ],
  },
  {
    id: 'MM/DD/YY',
    pattern: /^(?<month>\d{1,2})\/(?<day>\d{1,2})\/(?<yy>\d{2})$/,
    examples: [
      { text: '06/01/24', date: '2024-06-01' },
      { text: '6/1/24', date: '2024-06-01' },
      { text: '06/01/2024', date: null },
    ],
  },
  {
    id: 'DD/MM/YYYY',
    pattern: /^(?<day>\d{1,2})\/(?<month>\d{1,2})\/(?<year>\d{4})$/,
    examples: [
      { text: '01/06/2024', date: '2024-06-01' },
      { text: '31/12/2024', date: '2024-12-31' },
      { text: '12/31/2024', date: null },
    ],
  },
  {
    id: 'DD.MM.YYYY',
    pattern: /^(?<day>\d{1,2})\.(?<month>\d{1,2})\.(?<year>\d{4})$/,
    examples: [
      { text: '01.06.2024', date: '2024-06-01' },
      { text: '1.6.2024', date: '2024-06-01' },
      { text: '01/06/2024', date: null },
    ],
  },
] as const satisfies readonly DateFormat[];

export type DateFormatId = (typeof dateFormats)[number]['id'];

export const dateFormatIds: readonly DateFormatId[] = dateFormats.map((format) => format.id);

export function dateFormatOf(id: DateFormatId): DateFormat {
  return dateFormats.find((format) => format.id === id)!;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `text` (trimmed) as the contract's date, or undefined when it is not a date of `format`. */
export function readDate(text: string, format: DateFormat): string | undefined {
  const trimmed = text.trim();
  if (occurredAtToEpochMs(trimmed) !== undefined) return trimmed;
  const groups = format.pattern.exec(trimmed)?.groups;
  if (!groups) return undefined;
  const year = groups.year ? Number(groups.year) : 2000 + Number(groups.yy);
  const month = Number(groups.month);
  const day = Number(groups.day);
  if (month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) return undefined;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}
