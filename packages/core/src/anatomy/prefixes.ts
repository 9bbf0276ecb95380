/**
 * The third parties a line names, and what they leave of it: wallets wrapped around the merchant, a platform
 * a store sold through, processors' and marketplaces' prefixes (`SQ *`, `TST*`, `PAYPAL *`, `AMZN MKTP US*`),
 * and an abbreviation no list knows before a star.
 */
import { canonical } from '../normalize/text.js';
import { hostPattern, stripPlaceTail } from './location.js';
import { isProductWord } from './product-words.js';
import { squeeze } from './squeeze.js';
import type { AnatomyLexicon, AnatomyPrefix } from './types.js';

export const walletSuffix = / (?:ENDING IN|ENDING|XX+)\s?\d{4}\b/;

/** Words of the kind of charge (`BILL PAYMENT`, `SUBSCRIPTION`): they name no one. */
const chargeWords = new Set(
  'BILL PAY PAYMENT PMT PYMT SUBSCRIPTION RENEWAL MEMBERSHIP ORDER ONLINE AUTOPAY RECURRING MONTHLY PURCHASE'.split(
    ' ',
  ),
);

/**
 * What follows a star names no one: numbers (masked or not: `08-XXXXX-41092`), order codes
 * (`AN2UJQXVRYVN`), a phone, the kind of charge, a state.
 */
export function namesNoOne(after: string): boolean {
  const words = after
    .replace(/(?<![A-Z])[A-Z0-9*/-]*\d[A-Z0-9*/-]*/g, ' ')
    .replace(/[\d/-]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  return words.every(
    (word, index) => chargeWords.has(word) || (index === words.length - 1 && word.length === 2),
  );
}

/** The key a prefix is looked up by: upper case letters and digits only. */
export function prefixKey(prefix: string): string {
  return prefix.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Letters only, with a word of four letters or more that is no product or kind of charge. */
function looksLikeBusinessName(text: string): boolean {
  if (!/^[A-Z][A-Z&' .-]*$/.test(text)) return false;
  return text
    .split(' ')
    .some((word) => word.length >= 4 && !chargeWords.has(word) && !isProductWord(word.toLowerCase()));
}

/**
 * A marketplace repeats its own name around the merchant's (`DD *DOORDASH LOUSDELI`,
 * `IC* STATER BROS BY INS INSTACART.COM`): what is left is the merchant.
 */
function withoutFacilitatorEcho(
  text: string,
  facilitatorName: string | undefined,
  lexicon: AnatomyLexicon,
): string {
  if (!facilitatorName) return text;
  const key = prefixKey(facilitatorName);
  const tokens = text.split(' ');
  // The echo followed by its place only is the marketplace's own sale (`IC* INSTACART CA`).
  const placeOnly = () => stripPlaceTail(tokens.slice(1).join(' '), lexicon, true).text === '';
  if (tokens.length > 1 && prefixKey(tokens[0]!) === key && !placeOnly()) tokens.shift();
  // `BY INS`, `BY INSTACAR`: the marketplace's name cut by the field, the town run into it or not
  // (`COSTCO BY INSTACSAN FRANCISCO CA`: the town's start stays).
  const by = tokens.lastIndexOf('BY');
  const cut = by > 0 && by + 1 < tokens.length ? prefixKey(tokens[by + 1]!) : '';
  if (cut && key.startsWith(cut)) tokens.splice(by, 2);
  else if (cut.length >= 7 && key.startsWith(cut.slice(0, 6))) {
    let shared = 6;
    while (shared < cut.length && key[shared] === cut[shared]) shared++;
    tokens.splice(by, 2, tokens[by + 1]!.slice(shared));
  }
  return tokens.join(' ');
}

/** `BY` or `VIA` and a word the field may have cut: what a store sold through a delivery service ends with. */
const soldThrough = / (?:BY|VIA) ([A-Z]{3,})(?= |$)/;

/**
 * A delivery service named after the store it sold for, cut by the field and with no prefix of its own
 * (`TOTAL WI VIA INSTACA`, `ALBERTSO BY INS`): the service is a third party, its words no part of the name.
 */
function deliveryServiceCut(
  text: string,
  lexicon: AnatomyLexicon,
  addThirdParty: (id: string) => void,
): string | null {
  const found = soldThrough.exec(text);
  if (!found) return null;
  for (const [id, party] of lexicon.thirdParties) {
    if (party.type !== 'delivery_service' || !prefixKey(party.name).startsWith(found[1]!)) continue;
    addThirdParty(id);
    return found[0];
  }
  return null;
}

/** An order code first: one token of 6 to 12 letters and digits. */
const orderCodeFirst = /^ *[A-Z0-9]{6,12}(?= |$)/;
/** An order code first with a digit in it: no word of a name. */
const isOrderCode = (after: string) => {
  const code = orderCodeFirst.exec(after);
  return code !== null && /\d/.test(code[0]);
};

/**
 * What a third party's prefix leaves: the merchant, once the marketplace's echo of its own name is off.
 * A brand's own prefix followed only by its order and place (`EBAY O*08-XXXXX-41092 SAN JOSE CA`) names
 * the brand itself, and so does a lender's or a wallet's; a card processor's (`SQ *`) names no one then.
 */
function afterThirdParty(
  after: string,
  thirdPartyId: string,
  prefix: string,
  lexicon: AnatomyLexicon,
): string {
  const party = lexicon.thirdParties.get(thirdPartyId);
  // A card processor's prefix before nothing names no one; any other party's names the party (`AFFIRM * PAY`).
  const processorOnly = party?.roles.length === 1 && party.roles[0] === 'facilitator';
  if (!party || processorOnly) return withoutFacilitatorEcho(after, party?.name, lexicon);
  // A brand that sells itself (no role of a go-between) prints its order code after its own prefix, digits
  // or not: one code in twenty has no digit, and no vowel tells it from a name (`AMZN PRIME*GKDKSCKCJ WA`,
  // `AIRBNB * HMXGKEIF78 AIRBNB.COM CA`). A platform that sells for others prints the seller (`DD *LOUSDELI`).
  const code = party.roles.length === 0 ? orderCodeFirst.exec(after) : null;
  // The party's own billing site is no other merchant (`AMZN MKTP US*MO1KN9JQ1 AMAMZN.COM/BILLWA`).
  const own = prefixKey(prefix).slice(0, 4);
  // After the party's own prefix its order and place may stand alone (`APPLE.COM/BILL SYDNEY AU AUS`).
  // Codes after the place are no part of it (`UBER *EATS PENDING SAN FRANCISC CA 0NN0 7329`).
  const rest = stripPlaceTail(
    (code ? after.slice(code[0].length) : after).replace(/(?: \S*\d\S*)+$/, ''),
    lexicon,
    true,
  )
    .text.split(' ')
    .filter((word) => !(word.includes(own) && hostPattern.test(word)))
    .join(' ');
  // A letter alone is a word the field cut (`UBER *EATS P`: its `PENDING`).
  return namesNoOne(rest) || /^[A-Z]$/.test(rest)
    ? canonical(party.name)
    : withoutFacilitatorEcho(after, party.name, lexicon);
}

/** What the third parties of a line leave of it, and what they tell. */
export interface ThirdPartyReading {
  text: string;
  /** Wallet phrases taken off the line (`APPLE PAY`): when nothing else is left, the wallet is the name. */
  stripped: string[];
  prefixes: AnatomyPrefix[];
  thirdPartyIds: string[];
  /** Other readings of the name (the text after `*`, an unknown abbreviation before it). */
  alternates: string[];
  /** A merchant's site printed after its order (`AMAZON MAR* XXX-XX4328 ... AMAZON.COM WA`). */
  referenceHost: string | null;
  /** An order or reference number followed the star. */
  orderReference: boolean;
  rules: string[];
}

/**
 * PayPal Europe's direct debit, its mandate's reference before the merchant (`PP.2630.PP . <merchant>`): PayPal's
 * prefix.
 */
const payPalDebitReference = /^PP\.\d+\.?PP \. (?=[A-Z0-9])/;

/**
 * Markers and prefixes: wallets wrapped around the merchant (`APPLE PAY`), a store sold through a platform
 * (`COSTCO BY INSTACART`), and facilitator prefixes: `SQ *NAME`, `TST* NAME`, `PAYPAL *NAME`, or an unknown
 * `ABC*NAME`. Without a known facilitator, the text before `*` is usually the merchant's own abbreviation and
 * the rest a product or order reference.
 */
export function readThirdParties(line: string, lexicon: AnatomyLexicon): ThirdPartyReading {
  let text = line;
  const rules: string[] = [];
  const thirdPartyIds: string[] = [];
  const prefixes: AnatomyPrefix[] = [];
  const alternates: string[] = [];
  let referenceHost: string | null = null;
  let orderReference = false;
  const addThirdParty = (id: string) => {
    if (!thirdPartyIds.includes(id)) thirdPartyIds.push(id);
  };
  const { pattern, byPhrase } = lexicon.markers;
  pattern.lastIndex = 0;
  const stripped: string[] = [];
  // A store sold through a platform names it after `BY` (`COSTCO BY INSTACART`): the platform is no part of it.
  let soldBy: string | null = null;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const marker = byPhrase.get(found[1]!)!;
    addThirdParty(marker.thirdPartyId);
    if (marker.strip) stripped.push(found[1]!);
    else if (text.slice(found.index - 4, found.index) === ' BY ') soldBy ??= ` BY ${found[1]}`;
  }
  soldBy ??= deliveryServiceCut(text, lexicon, addThirdParty);
  if (soldBy) {
    const at = text.indexOf(soldBy);
    text = squeeze(`${text.slice(0, at)} ${text.slice(at + soldBy.length)}`);
    rules.push('marker.sold-by');
  }
  for (const phrase of stripped) {
    const at = text.indexOf(phrase);
    // A wallet named after the merchant, in brackets or not (Santander UK: `... ON 12-03-2023 (VIA APPLE PAY)`,
    // `HARBOUR CAFE (APPLE PAY)`).
    const before = text.slice(0, at).replace(/ (?:\(VIA |VIA |\()$/, ' ');
    const after = text
      .slice(at + phrase.length)
      .replace(/^\)/, '')
      .replace(walletSuffix, '');
    text = squeeze(`${before} ${after}`);
    rules.push('marker.wallet');
  }
  text = text.replace(walletSuffix, '');
  // What a money transfer app's name leaves without a word of three letters (`XOOM.COM`, `MONEYGRAM US
  // 8009262400 TX`, `WU *WESTERN UNION`) names no one else: the app is the name. A wallet pays a merchant,
  // whose name may be that short (`BP#9047674 MD APPLE PAY ENDING IN 2521`, `APLPAY H&M`).
  const strippedApp = stripped.some((phrase) => {
    const party = lexicon.thirdParties.get(byPhrase.get(phrase)!.thirdPartyId);
    return party?.roles.includes('p2p') ?? false;
  });
  if (strippedApp && !/[A-Z]{3}/.test(text.replace(/\bCOM\b/g, ''))) text = '';

  text = text.replace(lexicon.runInPrefix, '$1*').replace(payPalDebitReference, 'PP*');
  for (let guard = 0; guard < 3; guard++) {
    // A star set apart on both sides is the star of a literal prefix too (`UBER * EATS` is `UBER *EATS`).
    const starApart = / \* (?=[A-Z0-9])/.exec(text);
    if (starApart && starApart.index <= 25) {
      const closed = `${text.slice(0, starApart.index)} *${text.slice(starApart.index + 3)}`;
      if (lexicon.literalPrefixes.some(([prefix]) => prefix.includes('*') && closed.startsWith(prefix)))
        text = closed;
    }
    // `SQ SWEET SAGE` and `SQ *BLUE BOTTLE`: the star form, when there is one, is the prefix.
    const literal = lexicon.literalPrefixes.find(
      ([prefix]) => text.startsWith(prefix) && text[prefix.length] !== '*',
    );
    if (literal) {
      addThirdParty(literal[1]);
      prefixes.push({ id: 'prefix.third-party', text: literal[0].trim(), thirdPartyId: literal[1] });
      text = afterThirdParty(squeeze(text.slice(literal[0].length)), literal[1], literal[0], lexicon);
      continue;
    }
    const star = text.indexOf('*');
    if (star <= 0 || star > 25) break;
    const before = text.slice(0, star).trim();
    const after = squeeze(text.slice(star + 1));
    const key = prefixKey(before);
    const facilitator = lexicon.facilitatorPrefixes.get(key);
    // One letter and a star inside a word is a name (`E*TRADE`), no processor's prefix, unless the letter is a
    // known one's (Klarna's `K*` in Swedish direct debits: `Autogiro K*apotea.se`).
    if (star === 1 && /[A-Z]/.test(text[2] ?? '') && !facilitator) break;
    // A seller's prefix names the merchant itself; what follows is what it sold (`TM *ZACH BRYAN`: a concert's
    // tickets), read only as another reading.
    const seller = facilitator ? lexicon.thirdParties.get(facilitator) : undefined;
    if (seller?.roles.includes('seller')) {
      prefixes.push({ id: 'prefix.seller', text: `${before}*`, thirdPartyId: null });
      if (after) alternates.push(after);
      text = canonical(seller.name);
      break;
    }
    if (facilitator) {
      addThirdParty(facilitator);
      prefixes.push({ id: 'prefix.third-party', text: `${before}*`, thirdPartyId: facilitator });
      text = afterThirdParty(after, facilitator, before, lexicon);
      // A party naming itself before its order code (`AMZN MKTP US*7NFQ2V49E WA`) took an order.
      const party = lexicon.thirdParties.get(facilitator);
      orderReference ||= party !== undefined && text === canonical(party.name) && isOrderCode(after);
      continue;
    }
    // `UPS*81583000562`, `ATT*BILL PAYMENT DALLAS TX`: before the star is the merchant when only a number
    // or the kind of charge follows it, and the place.
    const place = after ? stripPlaceTail(after, lexicon, false) : null;
    const onlyReference = namesNoOne(after) || (place !== null && namesNoOne(place.text));
    if (!onlyReference && (lexicon.unknownPrefixes.has(key) || (key.length <= 3 && after.length > 0))) {
      prefixes.push({ id: 'prefix.unknown-facilitator', text: `${before}*`, thirdPartyId: null });
      text = after;
      continue;
    }
    // A business's name after an abbreviation no list knows (`TCKTWEB*COMEDYSHOWCASE`,
    // `CTLP*CSC SERVICEWORKS`) is read first; the abbreviation stays a reading of its own, for a brand
    // that prints its product after its name (`DOORDASH*DASHPASS`). One common word after it is the
    // product (`THINKIFIC* ACADEMY`), not a business.
    const named = after.replace(/ \S*\d.*$/, '');
    const oneCommonWord = !named.includes(' ') && lexicon.isCommonWord(named.toLowerCase());
    if (!onlyReference && !before.includes(' ') && !oneCommonWord && looksLikeBusinessName(named)) {
      prefixes.push({ id: 'prefix.unknown-facilitator', text: `${before}*`, thirdPartyId: null });
      alternates.push(before);
      text = after;
      break;
    }
    let placeAfter = '';
    if (place) {
      // `VISA DDA PUR ... NAME * CITY ST`: a city and state after the star are a place, not an order.
      if (place.region && !place.text) {
        text = `${before} ${after}`;
        break;
      }
      // The place after the kind of charge is the merchant's (`ATT*BILL PAYMENT DALLAS TX`).
      if (place.region && onlyReference && after.startsWith(place.text))
        placeAfter = after.slice(place.text.length);
      alternates.push(after);
      // The merchant's site may follow its order (`AMAZON MAR* XXX-XX4328 ... AMAZON.COM WA`).
      referenceHost = after.includes('.') ? (hostPattern.exec(after)?.[1]?.toLowerCase() ?? null) : null;
      orderReference = true;
      prefixes.push({ id: 'prefix.merchant-abbreviation', text: `*${after}`, thirdPartyId: null });
    }
    text = squeeze(`${before}${placeAfter}`);
    break;
  }
  if (prefixes.length > 0) rules.push(...prefixes.map((prefix) => prefix.id));
  return { text, stripped, prefixes, thirdPartyIds, alternates, referenceHost, orderReference, rules };
}
