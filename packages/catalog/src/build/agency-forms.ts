/**
 * How issuers shorten the names of public bodies and universities: the state's postal code for its name
 * and the usual abbreviations of their words (`Illinois Department of Revenue` is printed
 * `IL DEPT OF REVENUE`, then cut by the field: `IL DEPT OF REVEN`). Derived for the curated merchants
 * whose names take that shape, as aliases the engine completes when the line cuts them.
 */
import { US_STATES } from './regions.js';

/** Words of official names and the forms statements print them in. */
const WORD_FORMS: readonly (readonly [RegExp, string])[] = [
  [/\bDEPARTMENT\b/g, 'DEPT'],
  [/\bDIVISION\b/g, 'DIV'],
  [/\bUNIVERSITY\b/g, 'UNIV'],
  [/\bSERVICES\b/g, 'SVCS'],
  [/\bADMINISTRATION\b/g, 'ADMIN'],
  [/\bCOMMISSION\b/g, 'COMM'],
];

const stateCodeByName = new Map(US_STATES.map(([code, name]) => [name.toUpperCase(), code]));
const stateNames = [...stateCodeByName.keys()].sort((a, b) => b.length - a.length);

/** The shortened forms of an official name (upper case), without the name itself; none for other names. */
export function agencyForms(name: string): string[] {
  const upper = name.toUpperCase();
  const state = stateNames.find((stateName) => upper.startsWith(`${stateName} `));
  const abbreviated = WORD_FORMS.reduce((text, [word, form]) => text.replace(word, form), upper);
  if (!state && abbreviated === upper) return [];
  const forms = new Set<string>([abbreviated]);
  // A university named by a word and `University` is printed with its initial too (`GONZAGA U - CASHNET`).
  if (/^[A-Z]+ UNIVERSITY$/.test(upper)) forms.add(upper.replace(/ UNIVERSITY$/, ' U'));
  if (state) {
    const code = stateCodeByName.get(state)!;
    forms.add(`${code}${upper.slice(state.length)}`);
    forms.add(`${code}${abbreviated.slice(state.length)}`);
  }
  forms.delete(upper);
  return [...forms];
}
