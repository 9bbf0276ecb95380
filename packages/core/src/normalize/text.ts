/** String helpers shared by the parser, the matcher and the shaper. */

const diacritics = /[\u0300-\u036f]/g;
const nonAscii = /[\u0080-\uffff]/;

/** Accents removed (`Café` -> `Cafe`); ASCII, the common case, passes through untouched. */
const withoutAccents = (text: string) =>
  nonAscii.test(text) ? text.normalize('NFKD').replace(diacritics, '') : text;

/** Upper-cased ASCII with collapsed whitespace: the form descriptors are parsed in. */
export function canonical(text: string): string {
  // A backslash parts fields, never a name's words (`CBA\SYDNEY NSW`).
  const upper = withoutAccents(text)
    .toUpperCase()
    .replace(/[\s\\]+/g, ' ')
    .trim();
  // A backtick or a typographic apostrophe is an apostrophe (`HARRISON`S LTD`).
  return upper.includes('`') || upper.includes('’') ? upper.replace(/[`’]/g, "'") : upper;
}

const plainWords = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * The lookup key of a name or alias: lower case, `&` as `and`, a plus closing a
 * name as `plus` (`PARAMOUNT+`), apostrophes dropped (`MCDONALD'S` =
 * `mcdonalds`), other punctuation as spaces.
 */
export function nameKey(text: string): string {
  const lower = withoutAccents(text).toLowerCase();
  // Most texts are words and single spaces already: one test instead of four replacements.
  if (plainWords.test(lower)) return lower;
  return (
    lower
      .replace(/&/g, ' and ')
      // A plus after a name is its word (`PARAMOUNT+`, `AMC+`: AMC's streaming, not its cinemas).
      .replace(/(?<=[a-z0-9])\+(?![a-z0-9])/g, ' plus')
      .replace(/['’`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  );
}

/** `nameKey` without spaces, so `WAL-MART`, `WAL MART` and `WALMART` meet. */
export function compactKey(key: string): string {
  return key.replace(/ /g, '');
}

const smallWords = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);
const vowels = /[AEIOUY]/;
/** Upper-case tokens that are acronyms although they have vowels. */
export const acronyms = new Set([
  'USA',
  'LLC',
  'INC',
  'IHOP',
  'YMCA',
  'YWCA',
  'UPS',
  'USPS',
  'DMV',
  'IRS',
  'AAA',
  'ATM',
  'BBQ',
  'TV',
  'II',
  'III',
  'IV',
  'NY',
  'LA',
  'DC',
  'UCLA',
  'NASA',
  'ACE',
  'KFC',
  'HVAC',
  'CPA',
  'DDS',
  'HOA',
  'DMD',
  'VFW',
  'PTA',
  'PTO',
  'ISD',
  'EMS',
]);

/** `BLUE BOTTLE COFFEE` -> `Blue Bottle Coffee`; vowel-less short tokens stay upper case (`BBQ`, `LLC`). */
export function displayCase(text: string): string {
  return text
    .split(' ')
    .filter(Boolean)
    .map((word, index) => {
      const upper = word.toUpperCase();
      if (acronyms.has(upper) || (upper.length <= 4 && !vowels.test(upper) && /[A-Z]/.test(upper)))
        return upper;
      const lower = word.toLowerCase();
      if (index > 0 && smallWords.has(lower)) return lower;
      return lower.replace(
        /(^|[-/.'(])([a-z])/g,
        (_, boundary: string, letter: string) => boundary + letter.toUpperCase(),
      );
    })
    .join(' ');
}

/** The bare host of a URL or host string, without `www.`: `https://www.netflix.com/x` -> `netflix.com`. */
export function bareHost(urlOrHost: string): string {
  return urlOrHost
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/#?].*$/, '');
}

/** Whether `token` is one of `words`, or the start of one a field cut (five letters or more: `DASHP`, `HOLDIN`). */
export function isWordOrCutStart(words: ReadonlySet<string>, token: string): boolean {
  if (words.has(token)) return true;
  if (token.length < 5) return false;
  for (const word of words) if (word.startsWith(token)) return true;
  return false;
}
