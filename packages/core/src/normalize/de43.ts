/**
 * ISO 8583 field 43 (card acceptor name/location) in the layouts of
 * CONTRACT.md 1.1. A string that fits no layout is read as a free-form
 * descriptor; parsing never throws.
 */
import type { AnatomyLexicon } from '../anatomy/anatomy.js';

export type De43Layout = 'mastercard' | 'visa' | 'facilitator' | 'freeform';

export interface De43Fields {
  layout: De43Layout;
  /** The name slot, trimmed (free-form: the whole string). */
  name: string;
  /** The city slot when it holds a city. */
  city: string | null;
  /** What the city slot held instead of a city: a card-not-present signal. */
  remoteContact: string | null;
  region: string | null;
  /** ISO alpha-2. */
  country: string | null;
  street: string | null;
  postalCode: string | null;
}

const slot = (text: string, from: number, to: number) => text.slice(from, to).trim();
const remoteCity =
  /^(?:INTERNET|ONLINE|WWW\..*|.*\.(?:COM|NET|ORG|CO|IO)(?:\/.*)?|.*\/.*|\+?[\d\s().-]{7,}|\d{3}-\d{3}-?\d{4}.*)$/;

function readCity(value: string): Pick<De43Fields, 'city' | 'remoteContact'> {
  if (!value) return { city: null, remoteContact: null };
  return remoteCity.test(value.toUpperCase())
    ? { city: null, remoteContact: value }
    : { city: value, remoteContact: null };
}

/** Parses a raw DE43 string; the spacing of the string is significant. */
export function parseDe43(
  raw: string,
  lexicon: Pick<AnatomyLexicon, 'regionCountry' | 'countryCodes'>,
): De43Fields {
  const upper = raw.toUpperCase();
  const freeform: De43Fields = {
    layout: 'freeform',
    name: upper.replace(/\s+/g, ' ').trim(),
    city: null,
    remoteContact: null,
    region: null,
    country: null,
    street: null,
    postalCode: null,
  };
  const trimmedEnd = upper.replace(/\s+$/, '');
  if (trimmedEnd.length >= 64) {
    const text = upper.padEnd(74);
    const country = lexicon.countryCodes.get(slot(text, 35, 38)) ?? null;
    if (!country) return freeform;
    const state = slot(text, 72, 74);
    return {
      layout: 'facilitator',
      name: slot(text, 0, 22),
      ...readCity(slot(text, 22, 35)),
      region: state && lexicon.regionCountry.get(state) === country ? state : null,
      country,
      street: slot(text, 38, 63) || null,
      postalCode: slot(text, 63, 72) || null,
    };
  }
  if (trimmedEnd.length < 30 || trimmedEnd.length > 40) return freeform;
  const text = upper.padEnd(40);

  // Mastercard: name 1-22, space, city 24-36, space, 38-40 = state + space or alpha-3 country.
  const tail = text.slice(37, 40);
  if (text[22] === ' ' && text[36] === ' ') {
    const state = /^[A-Z]{2} $/.test(tail) ? tail.slice(0, 2) : null;
    const stateCountry = state ? lexicon.regionCountry.get(state) : undefined;
    const country = stateCountry ?? (/^[A-Z]{3}$/.test(tail) ? lexicon.countryCodes.get(tail) : undefined);
    if (country) {
      return {
        ...freeform,
        layout: 'mastercard',
        name: slot(text, 0, 22),
        ...readCity(slot(text, 23, 36)),
        region: stateCountry ? state : null,
        country,
      };
    }
  }
  // Visa: name 1-25, city 26-38, country 39-40 (alpha-2).
  const visaCountry = lexicon.countryCodes.get(text.slice(38, 40));
  if (visaCountry && /^[A-Z]{2}$/.test(text.slice(38, 40))) {
    return {
      ...freeform,
      layout: 'visa',
      name: slot(text, 0, 25),
      ...readCity(slot(text, 25, 38)),
      country: visaCountry,
    };
  }
  return freeform;
}
