/**
 * The clean display name of a name part that no catalog entry names:
 * title case with possessives (`JOES PIZZA` -> Joe's Pizza, `BIG AL S DELI`
 * -> Big Al's Deli), acronyms (`BBQ`, `BJS` -> BJ's, `A&W`) and `Mc` names.
 */
import { acronyms } from '../normalize/text.js';
import { givenNames } from './given-names.js';
import { statementAbbreviations } from './statement-abbreviations.js';

const smallWords = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'de',
  'la',
  'del',
]);
// `CO` stays: it is part of many names people use (`Hilltop Bagel Co`).
// British `PLC` and Australian `PTY` (`PTY LTD`) too, and continental Europe's (`GMBH`, `SARL`, `SRL`, `BV`, `NV`,
// `KG`, `AB`).
const legalForms = new Set([
  // `COMP`: a company's form the field cut (`HELIO BASIN BREWING COMP`).
  'COMP',
  'LLC',
  'INC',
  'CORP',
  'LTD',
  'LIMITED',
  'PLLC',
  'LLP',
  'LP',
  'PC',
  'PA',
  'PLC',
  'PTY',
  'GMBH',
  'SARL',
  'SRL',
  'BV',
  // The Dutch and Belgian naamloze vennootschap (`ALLIANDER N.V.`).
  'NV',
  'KG',
  // The Nordic countries' (`MALARDALSTRAFIK AB`, `MA LIVS HANDELSBOLAG`, `NORDFJORD ASA`).
  'AB',
  'HB',
  'AKTIEBOLAG',
  'HANDELSBOLAG',
  'ASA',
  'OY',
  'OYJ',
]);
const vowels = /[AEIOUY]/;
const titleWords = new Set(['ST', 'STE', 'DR', 'MT', 'FT', 'MR', 'MRS', 'JR', 'SR']);
/** Surnames that are a given name and an s (`KELLER WILLIAMS`, `ROGERS PLUMBING`): no possessive. */
const surnamesOfGivenNames = new Set(
  'WILLIAMS ROBERTS EDWARDS RICHARDS PETERS STEVENS EVANS ADAMS MATTHEWS DANIELS ANDREWS PHILLIPS ROGERS WALTERS REYNOLDS SIMONS JACOBS SAMUELS NICHOLS STEPHENS ROBBINS WATKINS PERKINS HOPKINS'.split(
    ' ',
  ),
);
/** State codes that are no English word: first in a name of three words or more, a state's (`VA ABC STORE`, `IL DEPT OF REVEN`). */
const stateCodes = new Set('AK AZ AR CA CT FL GA IA IL KS KY NE NV NY UT VA WA WI WV WY'.split(' '));
/**
 * Three letters no English word starts or ends with (`NRA`, `HBO`, `CPA`, `ABC`, `AMC`): an acronym.
 * The onsets and codas are those English words use; `PHO`, `KIM`, `ONG` and `JAX` stay names.
 */
const wordOnsets = new Set(
  'BL BR CH CL CR DR FL FR GL GR KL KN KR PH PL PR SC SH SK SL SM SN SP ST SW TH TR TW WH WR QU'.split(' '),
);
const wordCodas = new Set(
  'CH CK CT DD FF FT GG GH LD LF LK LL LM LP LT MB MP ND NG NK NN NS NT PT RB RC RD RF RG RK RL RM RN RP RS RT SH SK SP SS ST TH TS TT WL WN WS XT ZZ'.split(
    ' ',
  ),
);
const consonant = /^[B-DF-HJ-NP-TV-XZ]{2}$/;
function isAcronymOfThree(upper: string): boolean {
  const onset = upper.slice(0, 2);
  const coda = upper.slice(1);
  return (consonant.test(onset) && !wordOnsets.has(onset)) || (consonant.test(coda) && !wordCodas.has(coda));
}

function capitalise(lower: string): string {
  return lower.replace(
    /(^|[-/.(])([a-z])/g,
    (_, boundary: string, letter: string) => boundary + letter.toUpperCase(),
  );
}

/** One token in display case; `index` is its place in the name, of `words` words. */
function displayToken(token: string, index: number, words: number): string {
  const upper = token.toUpperCase();
  if (!/[A-Z]/.test(upper)) return upper;
  // Inside a name, `LA` is the article (`PANADERIA LA ESPIGA`), not Los Angeles.
  if (upper === 'LA' && index > 0 && index < words - 1) return 'La';
  if (acronyms.has(upper) || (upper.includes('&') && upper.length <= 5)) return upper;
  // Titles and saints are words, not acronyms (`St. Elmo`, `Dr. Smith`, `Mt Hood`).
  if (titleWords.has(upper.replace(/\.$/, ''))) return upper[0] + upper.slice(1).toLowerCase();
  // `BJS`, `TJS`: a nickname's initials with a possessive s; other letters are an acronym (`DFS`, `BNS`).
  if (/^[B-DF-HJ-NP-TV-Z]JS$/.test(upper) && index === 0) return `${upper.slice(0, -1)}'s`;
  if (upper.length <= 4 && !vowels.test(upper)) return upper;
  if (index === 0 && words > 2 && stateCodes.has(upper)) return upper;
  if (upper.length === 3 && /^[A-Z]+$/.test(upper) && isAcronymOfThree(upper)) return upper;
  const lower = token.toLowerCase();
  // A small word inside the name; the last word is capitalised, a small one the field cut too (`COMMUNITY DE`).
  if (index > 0 && index < words - 1 && smallWords.has(lower)) return lower;
  // A site is named without its domain (`WWW.CUBETRACKER.COM` is CubeTracker's): people drop it.
  if (/^[a-z0-9-]+\.(?:com|net|org|io|co|ai|app|tv|us)$/.test(lower))
    return capitalise(lower.slice(0, lower.indexOf('.')));
  if (/^MC[A-Z]{2,}/.test(upper)) return `Mc${capitalise(lower.slice(2))}`;
  if (/^[A-Z]'[A-Z]{2,}/.test(upper)) return `${upper[0]}'${capitalise(lower.slice(2))}`;
  // `JOES` -> Joe's: a given name with a possessive s, but not a name of its own (`CARLOS`, `WILLIAMS`).
  if (
    upper.endsWith('S') &&
    !upper.endsWith("'S") &&
    upper.length >= 4 &&
    !givenNames.has(upper) &&
    !surnamesOfGivenNames.has(upper)
  ) {
    const stem = upper.slice(0, -1);
    if (givenNames.has(stem)) return `${capitalise(lower.slice(0, -1))}'s`;
  }
  return capitalise(lower);
}

/**
 * Short forms kept: those people write too (`Dept`, `Univ`), and those of more than one word (`HOSP`: a hospital,
 * or hospitality; `ELEC`: electric, electrical, electronics; `ASSOC`).
 */
const keptShort = new Set(['dept', 'univ', 'hosp', 'elec', 'assoc']);

/**
 * A word a statement shortened, as people write it (`SUPERMKT` -> `SUPERMARKET`); `REST` only last, where it is
 * no word (`HELLO VIETNAM REST`). Other words as they are.
 */
function spelledOut(token: string, last: boolean): string {
  const lower = token.toLowerCase();
  const whole = statementAbbreviations.get(lower);
  if (!whole || keptShort.has(lower) || (lower === 'rest' && !last)) return token;
  return whole.toUpperCase();
}

/** `BLUE BOTTLE COFFEE` -> Blue Bottle Coffee, `TRADER JOE S` -> Trader Joe's. */
export function cleanDisplayName(name: string): string {
  const tokens = name.split(' ').filter(Boolean);
  // The legal form is no part of the name people use (`CURRENT ELECTRIC LLC`, `SLACK TIDE BREWING CO`).
  while (tokens.length > 1 && legalForms.has(tokens.at(-1)!.replace(/[.,]/g, ''))) tokens.pop();
  const words: string[] = [];
  // A lone S last after a plural is what the field left of a cut word (`EBBY HALLIDAY REALTORS  S`).
  if (tokens.length > 2 && tokens.at(-1) === 'S' && tokens.at(-2)!.endsWith('S')) tokens.pop();
  // A name the field cut (`SUVIDHA INTL M`) is shown as printed: its full words are not known.
  const cut = tokens.length > 1 && tokens.at(-1)!.length <= 2;
  for (const [index, token] of tokens.entries()) {
    // A lone S after a word is a possessive whose apostrophe the issuer dropped; after an initial it is
    // an initial too (`M S DEVSHREE`).
    if (
      (token === 'S' || token === "'S") &&
      words.length > 0 &&
      (token === "'S" || tokens[index - 1]!.length > 1)
    ) {
      words[words.length - 1] = `${words[words.length - 1]!.replace(/'s$/, '')}'s`;
      continue;
    }
    const word = cut ? token : spelledOut(token, index === tokens.length - 1);
    words.push(displayToken(word, index, tokens.length));
  }
  return words.join(' ');
}
