/**
 * Descriptor parsing: turns a raw statement string into the merchant text a
 * person would read, plus the clues around it (processor prefixes, wallet
 * markers, store numbers, phones, hosts, a trailing city and state).
 */
import { canonical } from './text.js';

/** What the parser needs to know about the world, built once from the catalog. */
export interface DescriptorLexicon {
  /** Key of the text before `*` (upper case, letters and digits only: `SQ`, `PAYPAL`, `DD`) -> third-party id. */
  facilitatorPrefixes: ReadonlyMap<string, string>;
  /** Prefixes printed without an asterisk (`TST.`, `SP `), longest first, with their third-party id. */
  literalPrefixes: readonly (readonly [prefix: string, thirdPartyId: string])[];
  /** Keys of facilitator prefixes whose owner is unknown: stripped, no third party. */
  unknownPrefixes: ReadonlySet<string>;
  /**
   * Phrases that reveal a third party anywhere in a descriptor (`APPLE PAY`, `DOORDASH`):
   * one global pattern whose first group is the phrase, and what each phrase means.
   * `strip`: the phrase wraps the merchant (a wallet) and is removed from the text.
   */
  markers: { pattern: RegExp; byPhrase: ReadonlyMap<string, { thirdPartyId: string; strip: boolean }> };
  /** US state and Canadian province codes -> ISO alpha-2 country. */
  regionCountry: ReadonlyMap<string, string>;
  /** ISO alpha-2 and alpha-3 country codes -> alpha-2. */
  countryCodes: ReadonlyMap<string, string>;
  /** Whether `city` (canonical form) is a city of `region` (a 2-letter code). */
  isCity(region: string, city: string): boolean;
}

export interface ParsedDescriptor {
  /** The raw descriptor in canonical form. */
  canonical: string;
  /** The merchant part, cleaned: `SQ *BLUE BOTTLE COFFEE #12 SF CA` -> `BLUE BOTTLE COFFEE`. */
  merchant: string;
  /** Other readings of the merchant worth trying when the first does not match (e.g. the text after `*`). */
  alternates: string[];
  /** Third parties revealed by prefixes and markers, in order of appearance. */
  thirdPartyIds: string[];
  storeNumber: string | null;
  phone: string | null;
  host: string | null;
  /** `INTERNET`, `ONLINE`, a phone or a host in place of a city: the card was not present. */
  cardNotPresent: boolean;
  /** An order or reference code stood in the descriptor (`AMAZON.COM*HZ3L80AB1`): a remote sale. */
  orderReference: boolean;
  city: string | null;
  region: string | null;
  country: string | null;
}

/** Bank-added wrappers around the merchant (Wells Fargo, Chase, Bank of America and card-processor styles). */
const leadingNoise: readonly RegExp[] = [
  /^(?:RECURRING )?PURCHASE AUTHORIZED ON \d{2}\/\d{2}(?:\/\d{2,4})? /,
  /^(?:RECURRING )?PAYMENT AUTHORIZED ON \d{2}\/\d{2}(?:\/\d{2,4})? /,
  /^DBT CRD \d{4} \d{2}\/\d{2}\/\d{2,4} /,
  /^CHECKCARD \d{4} /,
  /^(?:POS |VISA |DDA )*(?:DEBIT CARD PURCHASE|DEBIT PURCHASE|CARD PURCHASE|POS PURCHASE|POS DEBIT|PURCHASE|DEBIT|POS|PUR)(?: -)? (?=\S)/,
  /^(?:VISA|MC|MASTERCARD) (?=\S)/,
];
const trailingNoise: readonly RegExp[] = [
  / CARD \d{4}$/,
  / S\d{9,}$/,
  / P\d{12,}$/,
  / \d{2}\/\d{2}(?:\/\d{2,4})?$/,
];
const walletSuffix = / (?:ENDING IN|ENDING|XX+)\s?\d{4}\b/;
/** ATM wording around the bank's name, and a street address after it. */
const atmNoise = /\b(?:ATM|WITHDRAWAL|WITHDRWL|WDRL|CASH WITHDRAWAL|CASH)\b/g;
const streetAddress =
  / \d{1,5}[A-Z]{0,2}(?: [A-Z0-9]+){0,4} (?:ST|AVE|BLVD|DR|RD|WAY|LN|HWY|PKWY|PL|CT|SQ)\b.*$/;
/** Order and reference codes mixing letters and digits (`P1A2B3C4`, `2K4LL8PT1`). */
const referenceToken = / (?=[A-Z0-9]*\d[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,}\b/g;

const hostPattern =
  /(?:HTTPS?:\/\/)?(?:WWW\.)?([A-Z0-9][A-Z0-9-]*(?:\.[A-Z0-9-]+)*\.(?:COM|NET|ORG|IO|CO|US|TV|APP|AI|ME|LY|GG|FM|BIZ|INFO|CA|UK))(?:\/[A-Z0-9/#._-]*)?(?=\s|$|\*)/;
const phonePattern = /(?:\+?1[ .-]?)?\(?\b([2-9]\d{2})\)?[ .-]?(\d{3})[ .-]?(\d{4})\b/;
/** Store and terminal numbers: `#1234`, `F12345`, `T-1234`, bare runs of 3+ digits. */
const storeNumberPatterns: readonly RegExp[] = [
  / ?#\s*([A-Z]?\d+)\b/,
  / \b([A-Z]{1,2}-?\d{3,})\b/,
  / \b(\d{3,})\b/,
];
/** A few city abbreviations that statements use instead of the name. */
const cityAbbreviations: Readonly<Record<string, string>> = {
  SF: 'SAN FRANCISCO',
  NYC: 'NEW YORK',
  LA: 'LOS ANGELES',
  SLC: 'SALT LAKE CITY',
  KC: 'KANSAS CITY',
  LV: 'LAS VEGAS',
  DC: 'WASHINGTON',
};

/** The key a prefix is looked up by: upper case letters and digits only. */
export function prefixKey(prefix: string): string {
  return prefix.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** One alternation of anchored patterns, so a descriptor without noise costs one test. */
function combine(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}
const anyLeadingNoise = combine(leadingNoise);
const anyTrailingNoise = combine(trailingNoise);

/** Removes every match of `pattern` (anchored alternatives) until none is left, never emptying the text. */
function stripAll(text: string, pattern: RegExp): string {
  let result = text;
  for (
    let next = result.replace(pattern, '');
    next !== result && next.length > 0;
    next = result.replace(pattern, '')
  ) {
    result = next;
  }
  return result;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^[\s*#,.\-/]+|[\s*#,\-/]+$/g, '');
}

interface Tail {
  text: string;
  city: string | null;
  region: string | null;
  country: string | null;
}

/** State codes that are also words at the end of names (`ACME CO`, `PLUG IN`, `SAY HI`). */
const wordLikeRegions = new Set(['CO', 'IN', 'OR', 'ME', 'HI', 'OK', 'OH', 'DE', 'PA', 'MA', 'AL', 'ID']);

/**
 * Removes a trailing `CITY ST` (a known city of a US state or Canadian
 * province). A state code alone is a place when a phone or host stood before
 * it, or when it cannot be read as a word.
 */
function stripPlaceTail(text: string, lexicon: DescriptorLexicon, afterContact: boolean): Tail {
  const tokens = text.split(' ');
  const none = { text, city: null, region: null, country: null };
  // `APPLE.COM/BILL 866-712-7753 CA`: only the state was left after the phone.
  const lone = tokens.length === 1 ? lexicon.regionCountry.get(text) : undefined;
  if (lone && afterContact) return { text: '', city: null, region: text, country: lone };
  if (tokens.length < 2) return none;
  const region = tokens[tokens.length - 1]!;
  const country = region.length === 2 ? lexicon.regionCountry.get(region) : undefined;
  if (!country) return none;
  const rest = tokens.slice(0, -1);
  // The longest run of 1-3 tokens before the region that names a city of it; the
  // merchant keeps at least one token.
  for (let size = Math.min(3, rest.length - 1); size >= 1; size--) {
    const candidate = rest.slice(rest.length - size).join(' ');
    const city = cityAbbreviations[candidate] ?? candidate;
    if (lexicon.isCity(region, city)) {
      return { text: rest.slice(0, rest.length - size).join(' '), city, region, country };
    }
  }
  const isPlace = afterContact || !wordLikeRegions.has(region);
  return isPlace ? { text: rest.join(' '), city: null, region, country } : none;
}

export interface ParseOptions {
  /** The MCC says ATM: ATM wording and the machine's street address surround the bank's name. */
  atm?: boolean;
}

/** Parses a card descriptor (`merchantName`, or the name slot of a DE43 field). */
export function parseDescriptor(
  raw: string,
  lexicon: DescriptorLexicon,
  options: ParseOptions = {},
): ParsedDescriptor {
  const whole = canonical(raw);
  const thirdPartyIds: string[] = [];
  const alternates: string[] = [];
  let orderReference = false;
  // Long digit runs glued to a name (`HOTELS.COM72345678901`, `BP#9384721CIRCLE`) are a separate token.
  const spaced = whole.replace(/([A-Z.]{2,})(\d{7,})/g, '$1 $2').replace(/(\d{7,})([A-Z])/g, '$1 $2');
  let text = stripAll(spaced, anyLeadingNoise);
  text = stripAll(text, anyTrailingNoise);

  const { pattern, byPhrase } = lexicon.markers;
  pattern.lastIndex = 0;
  const stripped: string[] = [];
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const marker = byPhrase.get(found[1]!)!;
    if (!thirdPartyIds.includes(marker.thirdPartyId)) thirdPartyIds.push(marker.thirdPartyId);
    if (marker.strip) stripped.push(found[1]!);
  }
  for (const phrase of stripped) {
    const at = text.indexOf(phrase);
    const after = text.slice(at + phrase.length).replace(walletSuffix, '');
    text = squeeze(`${text.slice(0, at)} ${after}`);
  }
  text = text.replace(walletSuffix, '');

  // Facilitator prefixes: `SQ *NAME`, `TST* NAME`, `PAYPAL *NAME`, or an unknown
  // `ABC*NAME`. Without a known facilitator, the text before `*` is usually the
  // merchant's own abbreviation and the rest a product or order reference.
  for (let guard = 0; guard < 3; guard++) {
    const literal = lexicon.literalPrefixes.find(([prefix]) => text.startsWith(prefix));
    if (literal) {
      if (!thirdPartyIds.includes(literal[1])) thirdPartyIds.push(literal[1]);
      text = squeeze(text.slice(literal[0].length));
      continue;
    }
    const star = text.indexOf('*');
    if (star <= 0 || star > 25) break;
    const before = text.slice(0, star).trim();
    const after = squeeze(text.slice(star + 1));
    const key = prefixKey(before);
    const facilitator = lexicon.facilitatorPrefixes.get(key);
    if (facilitator) {
      if (!thirdPartyIds.includes(facilitator)) thirdPartyIds.push(facilitator);
      text = after;
      continue;
    }
    if (lexicon.unknownPrefixes.has(key) || (key.length <= 3 && after.length > 0)) {
      text = after;
      continue;
    }
    if (after) {
      alternates.push(after);
      orderReference = true;
    }
    text = before;
    break;
  }

  let host: string | null = null;
  const hostMatch = hostPattern.exec(text);
  if (hostMatch) {
    host = hostMatch[1]!.toLowerCase();
    const without = squeeze(text.replace(hostMatch[0], ' '));
    // A descriptor that is only a host (`NETFLIX.COM`) keeps it as the merchant.
    if (without) {
      alternates.push(hostMatch[1]!);
      text = without;
    } else {
      text = hostMatch[1]!;
    }
  }

  let phone: string | null = null;
  const phoneMatch = phonePattern.exec(text);
  if (phoneMatch) {
    phone = `${phoneMatch[1]}-${phoneMatch[2]}-${phoneMatch[3]}`;
    text = squeeze(text.replace(phoneMatch[0], ' '));
  }
  let cardNotPresent = host !== null || phone !== null;
  if (/ (?:INTERNET|ONLINE)$/.test(text)) {
    cardNotPresent = true;
    text = text.replace(/ (?:INTERNET|ONLINE)$/, '');
  }

  if (options.atm) text = squeeze(text.replace(atmNoise, ' ').replace(streetAddress, ''));
  const place = stripPlaceTail(squeeze(text), lexicon, cardNotPresent);
  text = place.text;

  let storeNumber: string | null = null;
  for (const pattern of storeNumberPatterns) {
    const found = pattern.exec(` ${text}`);
    // Never strip the first token: `7-ELEVEN`, `99 RANCH MARKET`, `1-800-FLOWERS`.
    if (!found || found.index === 0) continue;
    storeNumber ??= found[1]!;
    text = squeeze(` ${text}`.replace(pattern, ' '));
  }
  // After a prefix (`AIRBNB * HMABCD1234`) a reference may stand first, but never alone.
  const withoutReferences = squeeze(` ${text}`.replace(referenceToken, ' ')) || text;
  if (withoutReferences !== text) orderReference = true;
  text = withoutReferences;
  const merchant = text || whole;
  return {
    canonical: whole,
    merchant,
    alternates: alternates.filter((alternate) => alternate !== merchant),
    thirdPartyIds,
    storeNumber,
    phone,
    host,
    cardNotPresent,
    orderReference,
    city: place.city,
    region: place.region,
    country: place.country,
  };
}
