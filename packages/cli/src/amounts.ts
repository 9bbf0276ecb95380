/**
 * Amounts as bank exports write them, read into the plain decimal a request takes (`-1234.56`): a sign
 * before or after a currency symbol (`-$12.00`, `$-12.00`), parentheses for a negative amount
 * (`(12.00)`, accountants' notation), thousands separators. Which separator is the decimal one is the
 * caller's to say: `1,234` is 1234 in a US export and 1.234 in a European one, and no cell tells them
 * apart. Signs are read as written; what a positive amount means is the layout's (`csv-layout.ts`).
 */

export interface DecimalStyle {
  id: 'point' | 'comma';
  /** A number without sign or symbol: digits, optionally grouped by thousands, optionally decimals. */
  number: RegExp;
  /** The separators between thousands, removed. */
  groups: RegExp;
  decimal: string;
  examples: ReadonlyArray<{ text: string; amount: string | null }>;
}

export const decimalStyles = {
  /** US exports: `1,234.56`. */
  point: {
    id: 'point',
    number: /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?$|^\.\d+$/,
    groups: /,/g,
    decimal: '.',
    examples: [
      { text: '1234.56', amount: '1234.56' },
      { text: '$1,234.56', amount: '1234.56' },
      { text: '-$12.00', amount: '-12.00' },
      { text: '$-12.00', amount: '-12.00' },
      { text: '(12.00)', amount: '-12.00' },
      { text: '($1,234.56)', amount: '-1234.56' },
      { text: '+2,500.00', amount: '2500.00' },
      { text: ' 4.5 ', amount: '4.5' },
      { text: '1,234', amount: '1234' },
      { text: '12,34.56', amount: null },
      { text: '1.234,56', amount: null },
      { text: '(-12.00)', amount: null },
      { text: '--12', amount: null },
      { text: '12 USD', amount: null },
      { text: '$', amount: null },
    ],
  },
  /** Many European exports (`--decimal-comma`): `1.234,56`, `1 234,56`. */
  comma: {
    id: 'comma',
    number: /^(?:\d{1,3}(?:([. \u00a0\u202f])\d{3})(?:\1\d{3})*|\d+)(?:,\d*)?$|^,\d+$/,
    groups: /[. \u00a0\u202f]/g,
    decimal: ',',
    examples: [
      { text: '1.234,56', amount: '1234.56' },
      { text: '-12,50', amount: '-12.50' },
      { text: '1 234,56 €', amount: '1234.56' },
      { text: '(12,00)', amount: '-12.00' },
      { text: '1,234.56', amount: null },
      { text: '1.234 567,00', amount: null },
    ],
  },
} as const satisfies Record<string, DecimalStyle>;

/** A sign, a currency symbol and another sign around the number, or the number then a symbol. */
const NOTATION =
  /^(?<before>[-+])?(?<symbol>[$€£])?(?<after>[-+])?(?<number>[^$€£]*?)\s?(?<trailing>[$€£])?$/;

/** `text` as a plain decimal (`-1234.56`), or undefined when it is not an amount in `style`. */
export function readAmount(text: string, style: DecimalStyle): string | undefined {
  let rest = text.trim();
  const bracketed = rest.startsWith('(') && rest.endsWith(')');
  if (bracketed) rest = rest.slice(1, -1).trim();
  const groups = NOTATION.exec(rest)?.groups;
  const number = groups?.number?.trim();
  if (!groups || !number || (groups.before && groups.after) || (groups.symbol && groups.trailing))
    return undefined;
  const sign = groups.before ?? groups.after;
  if (bracketed && sign) return undefined; // `(-12.00)` says negative twice
  if (!style.number.test(number)) return undefined;
  const digits = number.replace(style.groups, '').replace(style.decimal, '.');
  return bracketed || sign === '-' ? `-${digits}` : digits;
}

/** The decimal with the opposite sign; zero stays unsigned. */
export function negated(decimal: string): string {
  if (decimal.startsWith('-')) return decimal.slice(1);
  return /[1-9]/.test(decimal) ? `-${decimal}` : decimal;
}
