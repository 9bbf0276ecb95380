/**
 * A card line an issuer exports in the network's fixed columns (field 43): the merchant's name padded to
 * column 22, 23 or 25, the town to column 37 or 38, then a state or country code
 * (`MR TULK                  BALWYN NORTHAUS`, `SQ *MUSEUMS VICTORIA     Melbourne   VI`). The columns say where
 * the name ends and the town begins, which the words alone often cannot (`BALWYN NORTH` is no town a
 * gazetteer of large places knows, `NORTHAUS` no word). When the name fills its field, a capital starting a
 * mixed-case town marks the column (`KAFFIR LIME THAI & LAO RECabramatta WeAU`).
 */
import type { AnatomyLexicon } from '../anatomy/anatomy.js';
import { statesAbroad } from './home-country.js';

/** The codes a code field is checked against: states and provinces, countries. */
export type PlaceCodes = Pick<AnatomyLexicon, 'regionCountry' | 'countryCodes'>;

export interface PaddedFields {
  /** The name field, trimmed. */
  name: string;
  city: string;
  /** A state or province code, when the code field holds one. */
  region: string | null;
  /** An ISO alpha-2 or alpha-3 code, when the code field holds one or the state says it. */
  country: string | null;
}

/** Where a name field ends: after its padding, or where a mixed-case town starts at the Visa column. */
function nameFieldEnd(description: string): number | null {
  const padded = / {2,}(?=\S)/g;
  for (let found = padded.exec(description); found; found = padded.exec(description)) {
    const end = found.index + found[0].length;
    if (end === 22 || end === 23 || end === 25) return found.index > 0 ? end : null;
    if (end > 25) return null;
  }
  const capitalThenLower = /^[A-Z][a-z]/;
  if (
    description.length >= 38 &&
    /[^a-z ]$/.test(description.slice(0, 25)) &&
    capitalThenLower.test(description.slice(25, 27))
  )
    return 25;
  return null;
}

/** A town: letters, spaces, apostrophes, dashes and dots of abbreviations; no number, host or reference. */
const townField = /^[A-Za-z][A-Za-z' .-]*$/;

/**
 * The code after the town: an alpha-3 country at column 38 (`BALWYN NORTHAUS`), else an alpha-2 country at
 * column 39 (Visa: `Cabramatta WeAU`), else a state at column 38 followed by a space or the end
 * (`SAN FRANCISCCA ## USA MERCHANT`, `Melbourne   VI`).
 */
function codeField(
  description: string,
  codes: PlaceCodes,
  home: string | null,
): { at: number; code: string } | null {
  const alpha3 = description.slice(37, 40);
  if (/^[A-Z]{3}$/.test(alpha3) && !/[A-Z]/.test(description.charAt(40)) && codes.countryCodes.has(alpha3))
    return { at: 37, code: alpha3 };
  const visa = description.slice(38, 40);
  if (
    /^[A-Z]{2}$/.test(visa) &&
    description.length === 40 &&
    description.charAt(37) !== ' ' &&
    codes.countryCodes.has(visa)
  )
    return { at: 38, code: visa };
  const state = description.slice(37, 39);
  const known = codes.regionCountry.has(state) || (home !== null && statesAbroad[home]?.has(state));
  if (/^[A-Z]{2}$/.test(state) && /^(?: |$)/.test(description.charAt(39)) && known)
    return { at: 37, code: state };
  return null;
}

/** The fields of a line printed in a card network's columns; null when its spacing shows none. */
export function readPaddedFields(
  description: string,
  homeCountry: string | null,
  codes: PlaceCodes,
): PaddedFields | null {
  const end = nameFieldEnd(description);
  if (end === null) return null;
  const name = description.slice(0, end).trim();
  if (/ {2}/.test(name)) return null;
  const home = homeCountry?.toUpperCase() ?? null;
  const code = codeField(description, codes, home);
  const city = description.slice(end, code?.at ?? description.length).trim();
  // One town in one field of at most 13 columns: more padded fields after the first are another layout
  // (`POS DEBIT                DOMINO PARK CAFE         BROOKLYN      NY`).
  if (!townField.test(city) || /\.[A-Za-z]{2}| {2}/.test(city) || city.length > 13) return null;
  if (!code) return { name, city, region: null, country: null };
  return { name, city, ...placeOfCode(code.code, codes, home) };
}

/**
 * What a code field says: an alpha-3 country; a state of the account's own country abroad (`VI`, Victoria,
 * on an Australian card); a US state or Canadian province, as issuers print one in the Visa layout's
 * country slot too (`SAN FRANCISCOCA`), but the account's own country (`CA` on a Canadian account); else
 * an alpha-2 country (`AU`).
 */
function placeOfCode(
  code: string,
  codes: PlaceCodes,
  home: string | null,
): Pick<PaddedFields, 'region' | 'country'> {
  if (code.length === 3) return { region: null, country: code };
  if (home && statesAbroad[home]?.has(code)) return { region: code, country: home };
  if (codes.regionCountry.has(code) && code !== home) return { region: code, country: null };
  return { region: null, country: code };
}
