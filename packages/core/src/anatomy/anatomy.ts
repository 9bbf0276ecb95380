/**
 * The anatomy stage: a raw statement line read into its parts, as a typed
 * value. The bank wrapper comes off first (`PURCHASE AUTHORIZED ON 02/14`,
 * `CHECKCARD 0214`, `ACH DEBIT`), then fielded bank lines give up their party
 * (`DES:`, `ORIG CO NAME:`, `Zelle payment to`), processor and wallet prefixes
 * (`SQ *`, `TST*`, `APPLE PAY`) are read from the catalog's third parties,
 * and what is left is split into the name, the location and the ids.
 */
import { canonical } from '../normalize/text.js';
import { cutEntries } from './ach-entries.js';
import { atmOwner } from './atm.js';
import {
  bankFields,
  type FieldsRule,
  paidThroughPaypalColumns,
  readAchColumns,
  readCollapsedAchEntry,
  readDashedEntry,
} from './bank-fields.js';
import { cleanDisplayName } from './clean-name.js';
import { givenNames } from './given-names.js';
import {
  abbreviatesCity,
  branchSuffix,
  countryOfHost,
  hostPattern,
  isAirportCode,
  isTownOf,
  phonePattern,
  placeAfterStoreNumber,
  streetBranch,
  stripPlaceTail,
  stripStreetAddress,
  townPartWords,
  vanityPhonePattern,
  withoutCutTown,
  withoutHomeTown,
  withoutRepeatedTown,
  withRunInHomeTown,
} from './location.js';
import {
  chargeTail,
  labelledReference,
  legalFormTail,
  type NoiseKind,
  noiseRules,
  referenceToken,
} from './noise.js';
import { namesNoOne, readThirdParties } from './prefixes.js';
import { readWrappers } from './read-wrappers.js';
import { combinePatterns, firstMatch } from './rules.js';
import { squeeze } from './squeeze.js';
import { tidyLine } from './tidy.js';
import type { Anatomy, AnatomyFields, AnatomyId, AnatomyLexicon, AnatomyOptions } from './types.js';

export type {
  Anatomy,
  AnatomyFields,
  AnatomyId,
  AnatomyLexicon,
  AnatomyLocation,
  AnatomyOptions,
  AnatomyPrefix,
  AnatomyWrapper,
} from './types.js';

const anyFields = combinePatterns(bankFields.map((rule) => rule.anchor));
/** Wrappers that name the payee or payer next, whose ACH entry may follow the company after a dash. */
const payeeWrappers = new Set(['wrapper.paid-to-from', 'wrapper.payment-for']);
/**
 * An ACH entry with no bank wording around it: an employer's credit (`ACME STAFFING PAYROLL 240315`), a
 * brokerage's transfer (`MSPBNA ACH TRNSFR 221006 64010974906 50038928`).
 */
const achEntryTail =
  / (?:PAYROLL|PAYRLL|DIR(?:ECT)? DEP|SALARY|NET ?PAY|PR PAYMENT|EDI PYMNTS)(?: [A-Z0-9]*\d[A-Z0-9]*)*$| (?:ACH )?(?:TRNSFR|TRANSFER|MONEYLINE) \d{6}(?: [A-Z0-9]*\d[A-Z0-9]*)+$/;
/** Said of the sale at the end of the name, before a state or not, cut or not (`NRA MEMBERSHIP INTERNE VA`). */
const remoteSale = / (?:INTERNET?|ONLINE|WWW|WEB|RECURRING)(?=(?: [A-Z]{2})?$)/;
/** A line ending in a ZIP code, a state and the country: the merchant's address is all there. */
const fullAddressLayout = /\d{5}(?:-\d{4})? ?[A-Z]{2} USA(?: \([A-Z ]+\))?$/;

/**
 * No merchant's name runs longer than a dozen words (card fields hold 22 to 25
 * characters, an ACH company 16): a longer rest is a memo, and reading it as a
 * name would only cost time.
 */
const MAX_NAME_WORDS = 12;
function firstWords(text: string): string {
  let spaces = 0;
  for (let at = 0; at < text.length; at++) {
    if (text.charCodeAt(at) === 32 && ++spaces === MAX_NAME_WORDS) return text.slice(0, at);
  }
  return text;
}

/**
 * The town cut short after the name, then printed whole in its slot (`INDIA BAZAAR FRI 8998 FRISCO TX`): the
 * name without it. A name of the town's own keeps it (`UNIVERSITY OF CINC ... CINCINNATI OH`).
 */
function withoutCutTownEcho(text: string, city: string, lexicon: AnatomyLexicon): string {
  const start = / ([A-Z]{3,})$/.exec(text);
  if (!start || !city.startsWith(start[1]!) || city === start[1]) return text;
  const before = text.slice(0, start.index);
  const ofTown = / (?:OF|DE|DU)$/.test(before);
  return before.includes(' ') && !ofTown && !lexicon.isCommonWord(start[1]!.toLowerCase()) ? before : text;
}

/**
 * Only a town and its state after the prefix of a party that sells itself or delivers (`UBER EATS SAN FRANCISCO
 * CA`, `DD *DOORDASH SAN FRANCISCO CA`, `GRUBHUB*SEATTLE WA`): the party's place, and no other name on the line.
 * After a card processor's (`SQ *OAKLAND CA`) it is the name of the business behind.
 */
function placeAfterParty(
  text: string,
  prefixes: readonly Anatomy['prefixes'][number][],
  lexicon: AnatomyLexicon,
): ReturnType<typeof stripPlaceTail> | null {
  const sellsItself = prefixes.some((prefix) => {
    const party = lexicon.thirdParties.get(prefix.thirdPartyId ?? '');
    return party !== undefined && (!party.roles.includes('facilitator') || party.type === 'delivery_service');
  });
  if (!sellsItself || !/ [A-Z]{2}$/.test(text)) return null;
  // The place is read as it would be after a name; nothing may be left of the text but it.
  const tail = stripPlaceTail(`${PLACEHOLDER_NAME} ${text}`, lexicon, false);
  return tail.text === PLACEHOLDER_NAME && tail.city !== null && tail.region !== null
    ? { ...tail, text: '' }
    : null;
}
/** A word no line holds, put before a text to read it as a place after a name. */
const PLACEHOLDER_NAME = 'QQXQQ';

/**
 * A company's form last on an account of a country that writes it, no Canadian province's or American state's
 * code: the Nordic countries' (`MALARDALSTRAFIK AB`: an aktiebolag; `NORDFJORD AS`), and on an account in euros
 * the Dutch and Belgian (`ZILVEREN KRUIS ZORGVERZEKERINGEN NV`: a naamloze vennootschap, not Nevada).
 */
const companyFormLast = (
  text: string,
  country: string | null | undefined,
  countries: readonly string[] | null | undefined,
) =>
  ((country === 'SE' || country === 'NO' || country === 'DK' || country === 'FI') &&
    / (?:AB|AS)$/.test(text)) ||
  (countries?.includes('NL') === true && / (?:NV|BV)$/.test(text));

/** The people a town of one of several countries needs. */
const LARGE_TOWN = 50_000;

/**
 * A large town of one of the account's countries ending the name (an account in euros: `JUMBO ARNHEM`). Only a
 * town of some size: among twenty countries' towns, a small one is a name's word more often than the place.
 */
function townOfOneOf(
  text: string,
  lexicon: AnatomyLexicon,
  countries: readonly string[] | null | undefined,
): ReturnType<typeof withoutHomeTown> | null {
  for (const country of countries ?? []) {
    const found = withoutHomeTown(text, lexicon, country);
    if (found.town && lexicon.townPopulation(country, found.town) >= LARGE_TOWN) return found;
  }
  return null;
}

/** `ST OF CA`, `STATE OF CALIF`: a state's own name for itself before its agency's. */
const stateAgency = /^(?:ST|STATE) OF (CALIF|[A-Z]{2}) (?=[A-Z])/;

/**
 * A name the line ran together (`REINDEERRUN`, `COMEDYSHOWCASE`) in its words: a one-word name of ten
 * letters or more, or any word of thirteen. Shorter words run together are more often a name spelt so
 * (`STONEWOOD GRILL`).
 */
function runTogetherSplit(name: string, lexicon: AnatomyLexicon): string | null {
  const words = name.split(' ');
  let changed = false;
  const split = words.map((word) => {
    // No name runs past forty letters: a longer token is no words run together, and would only cost time.
    if (word.length > 40 || word.length < (words.length === 1 ? 10 : 13) || !/^[A-Z]+$/.test(word))
      return word;
    const pieces = lexicon.splitRunTogether(word.toLowerCase());
    if (!pieces) return word;
    changed = true;
    return pieces.join(' ').toUpperCase();
  });
  return changed ? split.join(' ') : null;
}

/**
 * A town in mixed case run into the name before the state (`MOCHAS & JAVASan Marcos   TX`, `Bens
 * SupeMarlette   MIUS`): its capital starts a word. Read before the line is put in upper case, and only
 * for a whole US town's name, so that `McDonald's` and `eBay` keep theirs.
 */
const runInTown = /([A-Za-z])([A-Z][a-z]+(?: [A-Z][a-z]+)*)( +[A-Z]{2}(?:US)?\s*)$/;
function withRunInTown(raw: string, lexicon: AnatomyLexicon): string {
  const found = runInTown.exec(raw);
  if (!found || !lexicon.isUsCityName(canonical(found[2]!))) return raw;
  const at = found.index + 1;
  return `${raw.slice(0, at)} ${raw.slice(at)}`;
}

/**
 * An ACH entry printed without its labels ends in the receiver's name after the ids (`COMCAST 8498350
 * 064439111 230118 4051895 JENNA *MORROW`, `MERCURY CASUALTY PAYMENT 040106140035977 MALLORY,PETER A711`):
 * the account holder, no part of the company's name. The text before the ids, or null when the line has no
 * such shape: a long number after the name, then two to four words of which one is a given name, and no
 * state last (`SHELL OIL 57442394701 HOUSTON TX` ends in its town).
 */
function receiverAfterIds(text: string): string | null {
  const tokens = text.split(' ');
  const first = tokens.findIndex((token, index) => index > 0 && /^\d{7,}$/.test(token));
  if (first < 0) return null;
  let end = first + 1;
  while (end < tokens.length && /\d/.test(tokens[end]!)) end++;
  let tail = tokens.slice(end);
  // A code may close the line (`A711`).
  if (tail.length > 0 && /\d/.test(tail.at(-1)!)) tail = tail.slice(0, -1);
  if (tail.length < 1 || tail.length > 4 || tail.some((word) => !/^[A-Z*,'.-]+$/.test(word))) return null;
  const words = tail
    .join(' ')
    .split(/[ ,*]+/)
    .filter(Boolean);
  if (words.length < 2 || words.length > 4 || !words.some((word) => givenNames.has(word))) return null;
  if (/^[A-Z]{2}$/.test(words.at(-1)!)) return null;
  return tokens.slice(0, first).join(' ');
}

/** Whether the text ends in a US state's or Canadian province's code, a word of its own. */
const endsInRegion = (text: string, lexicon: AnatomyLexicon) =>
  text.charCodeAt(text.length - 3) === 32 && lexicon.regionCountry.has(text.slice(-2));

/** Reads a raw line (a card descriptor, a bank-feed description, a DE43 name slot) into its parts. */
/** The line's money moved by ACH: its fields or, without them, its bank's wrapper say so. */
export const movedByAch = (anatomy: Pick<Anatomy, 'fields' | 'wrapper'>): boolean =>
  (anatomy.fields?.via ?? anatomy.wrapper?.via) === 'ach';

export function readAnatomy(raw: string, lexicon: AnatomyLexicon, options: AnatomyOptions = {}): Anatomy {
  const whole = canonical(options.nameField ? raw : withRunInTown(raw, lexicon));
  const rules: string[] = [];
  const thirdPartyIds: string[] = [];
  const alternates: string[] = [];
  const ids: AnatomyId[] = [];
  let orderReference = false;
  let fields: AnatomyFields | null = null;
  const addThirdParty = (id: string) => {
    if (!thirdPartyIds.includes(id)) thirdPartyIds.push(id);
  };

  // A store or street number run into the name by a fixed-width field (`PHARMACY6187 WASHING`,
  // `CAFE900HOBOKEN`): what follows it up to the place is the start of a street, cut short.
  const runIn = /(?<!\*)\b[A-Z]{3,}(\d{3,6})(?=[A-Z]{3,}\b| )/.exec(whole)?.[1] ?? null;
  const tidy = tidyLine(whole, lexicon);
  let text = tidy.text;
  const { cutHost } = tidy;
  const wrapped = readWrappers(text);
  text = wrapped.text;
  const { wrapper, nameless } = wrapped;
  rules.push(...wrapped.rules);

  // Fielded bank lines: the party is a field of its own, in the NACHA columns or labelled.
  const columns = wrapper || options.nameField ? null : (readAchColumns(raw) ?? readCollapsedAchEntry(whole));
  if (columns) {
    // PayPal paying from the bank names whom it paid in the individual's column: that is the party.
    const payee = paidThroughPaypalColumns.exec(whole)?.[1];
    fields = {
      id: 'fields.ach-columns',
      party: payee ?? canonical(columns.party),
      entry: canonical(columns.entry),
      via: 'ach',
    };
  } else if (wrapper && payeeWrappers.has(wrapper.id)) {
    const dashed = readDashedEntry(text);
    if (dashed) fields = { id: 'fields.ach-dashed-entry', ...dashed, via: 'ach' };
  }
  if (fields) {
    rules.push(fields.id);
    text = fields.party;
  }
  let fielded =
    !fields && text && anyFields.test(text) ? firstMatch<FieldsRule['yields']>(bankFields, text) : null;
  if (fielded?.[0].yields.receiverLast && stripPlaceTail(text, lexicon, false).city !== null) fielded = null;
  // A store number (`#0213`, or four or five digits last: `CVS/PHARM 77089`) or a state last shows a card
  // merchant's line.
  if (
    fielded?.[0].yields.unwrapped &&
    (wrapper || text.includes('#') || / \d{4,5}$/.test(text) || endsInRegion(text, lexicon))
  )
    fielded = null;
  if (fielded) {
    const [rule, found] = fielded;
    const read = squeeze(found[rule.yields.party] ?? '');
    // A person paid is printed surname first (`REYES, DANIEL`): named as people say it.
    const party = rule.yields.via === 'p2p' ? read.replace(/^([A-Z'-]+), ([A-Z'. -]+)$/, '$2 $1') : read;
    if (party) {
      rules.push(rule.id);
      const entry = rule.yields.entry ? squeeze(found[rule.yields.entry] ?? '') || null : null;
      fields = { id: rule.id, party, entry, via: rule.yields.via };
      text = party;
    }
  }
  // An ACH party ends in its entry description (`PAYROLL`, `UTIL PMT`) and ids: cut them.
  const silentWrapper = !wrapper || wrapper.id === 'wrapper.entry-kind';
  if (!fields && (silentWrapper || wrapper?.via === 'ach')) {
    const receiver = receiverAfterIds(text);
    if (receiver !== null) {
      text = receiver;
      rules.push('ach.receiver-after-ids');
    }
  }
  if ((fields?.via ?? wrapper?.via) === 'ach' || (silentWrapper && !fields && achEntryTail.test(text))) {
    const cut = cutEntries(text);
    text = cut.party;
    if (fields) fields.party = cut.party;
    rules.push(...cut.rules);
  }

  // Commas separate fields (`NAME, CITY, ST`) once the fielded parts are read; a letter or two after a
  // comma is a legal form the field cut (`POPO'S HOT DOGS, I SWAMPSCOTT MA`, `MINH KY RESTAURANT, IN
  // 619-283-4180 CA`; at the end of the line `, IN` is Indiana).
  text = squeeze(
    text.includes(',') ? text.replace(/, (?:I|LL?|IN(?= \S))(?= |$)/g, ' ').replace(/,/g, ' ') : text,
  );

  const third = readThirdParties(text, lexicon);
  text = third.text;
  const { stripped, prefixes } = third;
  rules.push(...third.rules);
  for (const id of third.thirdPartyIds) addThirdParty(id);
  // The ACH entry may name the party that moved the money (`G2A.COM LIMITED-IAT PAYPAL`: PayPal's entry).
  if (fields?.entry)
    for (const id of readThirdParties(fields.entry, lexicon).thirdPartyIds) addThirdParty(id);
  alternates.push(...third.alternates);
  const referenceHost = third.referenceHost;
  orderReference ||= third.orderReference;
  const descriptor = text;

  let host: string | null = null;
  // A phone or host right before the state took the city's slot (`BLUE JEAN JUNCTION 801-571-6957 UT`):
  // no city is looked for in the name then.
  let citySlotTaken = tidy.citySlotTaken;
  // A host has a dot: a line without one skips the search (which is slow on a long run of letters).
  const hostMatch = text.includes('.') ? hostPattern.exec(text) : null;
  if (hostMatch) {
    citySlotTaken = /^ ?[A-Z]{2}$/.test(text.slice(hostMatch.index + hostMatch[0].length));
    host = hostMatch[1]!.toLowerCase();
    const without = squeeze(text.replace(hostMatch[0], ' '));
    rules.push('location.host');
    // A line that is only a host (`NETFLIX.COM`, `WWGOA.COM PURCHASE`) keeps it as the name, and so does
    // one whose rest is a place, after a number or not (`KIWI.COM DELAWARE DE`, `RENTSCREENER.COM 0471 ESTERO FL`).
    const withHost = `${hostMatch[1]} ${without}`;
    if (!without || namesNoOne(without)) text = hostMatch[1]!;
    else if (
      stripPlaceTail(withHost, lexicon, false).text.replace(/ #?\d+(?= |$)/g, '') === hostMatch[1] ||
      isTownOf(without, [options.homeCountry ?? null, countryOfHost(host)], lexicon)
    )
      text = withHost;
    else {
      alternates.push(hostMatch[1]!);
      text = without;
    }
  }

  // A labelled number (`CONFIRMATION# 4412239822`) is a reference, never a phone.
  text = squeeze(
    text.replace(labelledReference, (match) => {
      ids.push({ kind: 'reference', text: match.trim() });
      return ' ';
    }),
  );
  let phone: string | null = null;
  const phoneMatch = phonePattern.exec(text);
  // A phone first is the name only when nothing else is left of it (`VENMO 855-812-4430 NY`: the wallet is).
  if (phoneMatch && (phoneMatch.index > 0 || stripped.length > 0)) {
    phone = `${phoneMatch[1]}-${phoneMatch[2]}-${phoneMatch[3]}`;
    // Numbers may follow the state yet (`REGINALINEN 4029357733 HK 744234221732246 8999`).
    citySlotTaken ||= /^ ?[A-Z]{2}(?: \d+)*$/.test(text.slice(phoneMatch.index + phoneMatch[0].length));
    text = squeeze(text.replace(phoneMatch[0], ' '));
    rules.push('location.phone');
  }
  const vanity = phone === null && text.includes('-') ? vanityPhonePattern.exec(text) : null;
  if (vanity) {
    phone = vanity[1]!;
    citySlotTaken ||= /^ ?[A-Z]{2}$/.test(text.slice(vanity.index + vanity[0].length));
    text = squeeze(text.replace(vanity[0], ' '));
    rules.push('location.vanity-phone');
  }
  host ??= referenceHost;
  let cardNotPresent = host !== null || phone !== null || cutHost;
  if (remoteSale.test(text)) {
    cardNotPresent = true;
    text = text.replace(remoteSale, '');
  }

  // An ATM line that names no owner names no one: its numbers and street are no name.
  let ownerless = false;
  if (options.atm) {
    text = atmOwner(text);
    if (text) rules.push('atm.owner');
    ownerless = !text;
  }

  // Ids and noise: references, cards and dates first; store numbers once the place tail is off
  // (a ZIP code is not a store number).
  let storeNumber: string | null = null;
  const removeNoise = (kinds: (kind: NoiseKind) => boolean) => {
    text = ` ${text}`;
    for (const rule of noiseRules) {
      if (!kinds(rule.yields.kind) || (rule.yields.requires && !text.includes(rule.yields.requires)))
        continue;
      rule.pattern.lastIndex = 0;
      let fired = false;
      text = text.replace(rule.pattern, (match: string, ...groups: unknown[]) => {
        const offset = groups.at(-2) as number;
        // Never the first token: `7-ELEVEN`, `99 RANCH MARKET`, `1-800-FLOWERS`.
        if (offset === 0) return match;
        fired = true;
        const value = rule.yields.value ? (groups[rule.yields.value - 1] as string) : match.trim();
        if (rule.yields.kind === 'store') storeNumber ??= value;
        if (rule.yields.inCitySlot)
          citySlotTaken ||= /^ *[A-Z]{2} *$/.test(text.slice(offset + match.length));
        ids.push({ kind: rule.yields.kind, text: match.trim() });
        return ' ';
      });
      if (fired) rules.push(rule.id);
    }
    text = squeeze(text);
  };
  removeNoise((kind) => kind !== 'store');
  // A state left alone by the wallet's name is the wallet's (`PMNT SENT 0323 SQUARE CASH CA`).
  if (stripped.length > 0 && lexicon.regionCountry.has(text)) text = '';

  // A person paid over a P2P app has no place: `OLIVIA MARTIN` is not a city in Indiana, and the state
  // after `CASH APP*LISA ALLEN 877-417-4551 CA` is the app's.
  // A facilitator's prefix (`PP*`, PayPal's) is a merchant's as often as a person's: its place is read.
  const toPerson =
    fields?.via === 'p2p' ||
    prefixes.some((prefix) => {
      const roles = lexicon.thirdParties.get(prefix.thirdPartyId ?? '')?.roles;
      return roles?.includes('p2p') && !roles.includes('facilitator');
    });
  // A name field alone holds no place: its place was printed in fields of its own.
  const noPlace = (kept: string) => ({
    text: kept,
    address: null,
    city: null,
    region: null,
    country: null,
    postalCode: null,
  });
  // A company's form is no part of the name it closes, and names no place.
  const companyForm = companyFormLast(text, wrapper?.chargedIn ?? options.homeCountry, options.homeCountries);
  if (companyForm) text = text.slice(0, -3);
  const place =
    options.nameField || companyForm
      ? noPlace(text)
      : toPerson
        ? noPlace(cardNotPresent ? text.replace(/ [A-Z]{2}$/, '') : text)
        : (placeAfterParty(text, prefixes, lexicon) ??
          stripPlaceTail(text, lexicon, cardNotPresent, citySlotTaken));
  if (place.region || place.postalCode) rules.push('location.place');
  else if (place.country && place.city) rules.push('location.abroad');
  text = place.text;
  const branch = branchSuffix.exec(text);
  // One word before the dash and words after it are one name spelt with a dash (`ECO - FRIENDLY CLEANERS`).
  // A compass point first is a street's side (`ZOOKZ - E CAMELBACK`): a branch after one word too.
  const dashedName =
    branch !== null &&
    !text.slice(0, branch.index).includes(' ') &&
    /^ - [A-Z]+(?: [A-Z]+)+$/.test(branch[0]) &&
    !/^ - [NSEW] /.test(branch[0]);
  // A word dashed to the name, or a dash run into the name before the branch's words (`OLIVE GROVE KITCHEN-
  // NOR`), is a branch after two words or more (`DAZBOG COFFEE-CHILDREN`, not `WAL-MART` nor `WAL- MART #12`),
  // and a person's name keeps its dash (`MARIA GARCIA-LOPEZ`).
  const dashedWord = branch?.[0].startsWith('-') && (/[A-Z]$/.test(branch[0]) || branch[0].startsWith('- '));
  const keepsDash =
    branch?.[0].startsWith('-') &&
    (toPerson || fields !== null || (dashedWord && !text.slice(0, branch.index).includes(' ')));
  if (branch && branch.index > 0 && !dashedName && !keepsDash) {
    rules.push('location.branch');
    text = text.slice(0, branch.index);
  }
  const street = stripStreetAddress(` ${text}`);
  if (street.address) {
    rules.push('location.address');
    text = squeeze(street.text);
  }
  let address = street.address;
  // Apple Card prints the merchant's whole address (`SPOTIFY 4 WORLD TRACE CENTER, 62 ... 10007 NY USA`):
  // its last number before words starts the street, whatever the street is called; a headquarters' number
  // may be spelt (`APPLE.COM/BILL ONE APPLE PARK WAY`).
  if (!address && fullAddressLayout.test(wrapped.text)) {
    const tokens = text.split(' ');
    let at = tokens.length - 2;
    while (at > 0 && !(/^(?:\d|ONE$)/.test(tokens[at]!) && /^[A-Z]/.test(tokens[at + 1]!))) at--;
    // After a marketplace's own prefix the address may be all there is (`UBER *EATS 1455 MARKET ST ...`).
    const onlyAddress = at === 0 && prefixes.length > 0 && /^(?:\d+|ONE) [A-Z]/.test(text);
    if (at > 0 || onlyAddress) {
      address = tokens.slice(at).join(' ');
      text = tokens.slice(0, at).join(' ');
      rules.push('location.address');
    }
  }
  // The branch's street after the name, once the address is off (`TST* 5 & DINER 16TH PHOENIX AZ`, `COOK OUT S
  // TRYON ST. 4374 SOUTH TRYON STREET ...`).
  const branchStreet = streetBranch.exec(text);
  if (branchStreet && text.slice(0, branchStreet.index).includes(' ')) {
    rules.push('location.branch');
    text = text.slice(0, branchStreet.index);
  }
  if (!address && runIn) {
    const cut = new RegExp(` ${runIn}((?: [A-Z0-9]+){0,2})$`).exec(text);
    if (cut && cut.index > 0) {
      address = `${runIn}${cut[1]}`;
      text = text.slice(0, cut.index);
      rules.push('location.run-in-address');
    }
  }
  let city = place.city;
  // The town's abbreviation after the name (`TASTE OF INDIA CLT ... CHARLOTTE NC`); before it, it is
  // part of the name (`SLO DONUT COMPANY`).
  if (city) {
    const words = text.split(' ');
    if (words.length >= 3 && abbreviatesCity(words.at(-1)!, city)) {
      text = words.slice(0, -1).join(' ');
      rules.push('location.city-abbreviation');
    }
    // A part of the town before it (`MIGUELS COCINA OLD SAN DIEGO CA`): the name has two words before it.
    else if (words.length >= 3 && townPartWords.has(words.at(-1)!)) {
      text = words.slice(0, -1).join(' ');
      rules.push('location.town-part');
    }
    // The town's airport's code before the name: a concession's (`PHX PITA JUNGLE 63 PHOENIX AZ`).
    const named = text.split(' ');
    if (named.length >= 3 && isAirportCode(named[0]!, city)) {
      text = named.slice(1).join(' ');
      rules.push('location.airport-code');
    }
  }
  const cardLine = !toPerson && !fields && (wrapper?.via ?? 'card') === 'card';
  // The town of a merchant abroad is of the country whose currency the wrapper says it charged in.
  const homeCountry = wrapper?.chargedIn ?? options.homeCountry ?? null;
  let afterStore = /\d/.test(text) ? placeAfterStoreNumber.exec(text) : null;
  // Without a state, the words after the number are a place only if they start a town (`LUCKY #745 REDWOOD`).
  if (afterStore && !place.region && !place.country) {
    const words = afterStore[2]!.trim();
    // A US town, or one of the account's country abroad.
    const startsTown =
      lexicon.startsUsCity(words) || (homeCountry !== null && lexicon.startsTown(homeCountry, words));
    if (!cardLine || words.length < 4 || !startsTown) afterStore = null;
  }
  if (afterStore) {
    rules.push('location.after-store-number');
    text = afterStore[1]!;
    city ??= afterStore[2]!.trim();
  }
  removeNoise((kind) => kind === 'store');
  // A card line's town with no state after it, the account country's or cut by the field, is no part of the name.
  if (!place.region && !place.country && !place.postalCode && cardLine && !options.nameField) {
    const homeTown = homeCountry
      ? withoutHomeTown(withRunInHomeTown(text, lexicon, homeCountry), lexicon, homeCountry)
      : townOfOneOf(text, lexicon, options.homeCountries);
    const cut = homeTown?.town ? null : withoutCutTown(text, lexicon, homeCountry);
    const repeated = homeTown?.town || cut?.town ? null : withoutRepeatedTown(text);
    if (homeTown?.town) {
      text = homeTown.text;
      city ??= homeTown.town;
      rules.push('location.home-town');
    } else if (cut?.town) {
      text = cut.text;
      rules.push('location.cut-town');
    } else if (repeated?.town) {
      text = repeated.text;
      city ??= repeated.town;
      rules.push('location.repeated-town');
    }
  }
  // A town and no state or country: the account's country's when it has such a town (`BWS LIQUOR 3131 HOBART`).
  const country =
    place.country ??
    (city && !place.region && homeCountry && lexicon.townPopulation(homeCountry, city) > 0
      ? homeCountry
      : null);
  // After a prefix (`AIRBNB * HMABCD1234`) a reference may stand first, but never alone.
  referenceToken.lastIndex = 0;
  const withoutReferences = squeeze(` ${text}`.replace(referenceToken, ' ')) || text;
  if (withoutReferences !== text) {
    orderReference = true;
    rules.push('noise.order-reference');
  }
  text = withoutReferences;
  for (let guard = 0; guard < 2; guard++) {
    const charge = chargeTail.pattern.exec(text);
    if (!charge || charge.index === 0) break;
    text = text.slice(0, charge.index);
    if (!rules.includes(chargeTail.id)) rules.push(chargeTail.id);
  }
  // Only where the line is surely a card's: an ACH company's legal form is followed by its entry
  // (`AMAZON CORP SYF PAYMNT`).
  const surelyCard =
    !fields && (wrapper?.via === 'card' || (!wrapper && (prefixes.length > 0 || place.region !== null)));
  const legal = legalFormTail.pattern.exec(text);
  const doingBusinessAs = legal?.[1] !== undefined;
  if (legal && legal.index > 0 && (doingBusinessAs || surelyCard)) {
    text = doingBusinessAs ? squeeze(text.slice(legal.index + legal[0].length)) : text.slice(0, legal.index);
    rules.push(legalFormTail.id);
  }
  const withoutEcho = city && cardLine ? withoutCutTownEcho(text, city, lexicon) : text;
  if (withoutEcho !== text) {
    text = withoutEcho;
    rules.push('location.cut-town-echo');
  }
  // Nothing left but ids: the line's own text is the best name there is.
  // A wallet or app that was all the line named (`WEB AUTHORIZED PMT VENMO`) is the name, not the whole line.
  // A bank's wrapper is no name: the text it wrapped stands for the line.
  const name =
    nameless || ownerless ? '' : firstWords(text || fields?.party || stripped[0] || wrapped.text || whole);
  // A state's agency named by its state (`ST OF CA DMV INTERNET`, `STATE OF CALIF DMV INT`): by its code too.
  const byState = stateAgency.exec(name);
  if (byState)
    alternates.push(`${byState[1] === 'CALIF' ? 'CA' : byState[1]} ${name.slice(byState[0].length)}`);
  // Only the display takes the split: a brand is matched by what the line prints.
  const split = name ? runTogetherSplit(name, lexicon) : null;
  if (split) rules.push('name.run-together');
  return {
    raw: whole,
    wrapper,
    fields,
    prefixes,
    thirdPartyIds,
    descriptor,
    name,
    alternates: alternates.filter((alternate) => alternate !== name),
    display: name ? cleanDisplayName(split ?? name) : '',
    location: {
      address,
      city,
      region: place.region,
      country,
      postalCode: place.postalCode,
      phone,
      host,
    },
    ids,
    storeNumber,
    cardNotPresent,
    orderReference,
    rules,
  };
}
