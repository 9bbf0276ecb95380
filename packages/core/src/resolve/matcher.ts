/**
 * Counterparty matching: exact alias and host lookups first, then a fuzzy
 * index for the rest, and one scorer that weighs the name match against the
 * evidence around it (the MCC, industry words, geography, popularity).
 */
import { distance } from 'fastest-levenshtein';
import { Index } from 'flexsearch';
import { givenNames } from '../anatomy/given-names.js';
import { globalSiteOf, streetEndWords, streetStartWords, townPartWords } from '../anatomy/location.js';
import { productWords } from '../anatomy/product-words.js';
import { statementAbbreviations } from '../anatomy/statement-abbreviations.js';
import { compactKey, nameKey } from '../normalize/text.js';
import {
  fillerWords,
  forecourtWords,
  industryOfWord,
  institutionWords,
  isCompanyWord,
  isTradeWord,
  legalEntityWords,
  lendsMoney,
  namedByDealers,
  namesItsBranches,
  namesOtherEntity,
  placeFeatureWords,
  relatedTopLevels,
  sellsFuel,
  servesBusinesses,
  stationShopWords,
  venueWords,
  wordFitsIndustry,
} from './evidence.js';
import type { MatchEntry } from './match-entry.js';

/** The facts around a descriptor that confirm or contradict a candidate. */
export interface MatchEvidence {
  /** The industry id the transaction's MCC maps to. */
  mccIndustryId: string | null;
  /** Lower-case alpha-2 country of the transaction, when known or assumed. */
  country: string | null;
  /** The merchant an MCC of the 3000-3999 range names (airlines, car rental, hotels). */
  mccEntry: number | null;
  /** A facilitator stands in front: small businesses, rarely the big brands. */
  behindFacilitator: boolean;
  /** Hosts of the third parties the line's prefixes and markers name (`AFFIRM *` -> affirm.com). */
  thirdPartyHosts?: readonly string[];
  /** The name is a registered company field (an ACH `DES:` company), where a brand and noise is the norm. */
  companyField?: boolean;
  /** The name is a card merchant's (a card descriptor, or a bank line read as a card purchase). */
  cardMerchant?: boolean;
  /** Lower-case words of the town the line places the merchant in: a store named after it (`IKEA WEST SACRAMENTO`). */
  townWords?: ReadonlySet<string>;
  /**
   * Whether a name key is a town of the line's state (`columbus` on `... OH`): a local business is named
   * after its town as often as a brand is shortened to it (`COLUMBUS KITCHEN OH` is no Columbus Café).
   */
  namesTown?: (key: string) => boolean;
  /** Whether a name key is a large town of the line's country, in any state (`springfield`). */
  namesLargeTown?: (key: string) => boolean;
  /** A cash machine's line: the words after its owner's name say where the machine stands (`CBA CABRAMATTA`). */
  atMachine?: boolean;
  /** The line prints a store's number (`#27`): a chain's store, not an independent business of the same name. */
  storeNumbered?: boolean;
  /** The top-level industry of the goods a delivery service before the name brings (`DD DOORDASH`: food, 011). */
  deliveredIndustry?: string;
}

/** What to look up for one descriptor. */
export interface MatchQuery {
  /** Readings of the merchant part, best first; a leading run of words may name the brand. */
  readings: readonly string[];
  /**
   * Whole statement forms the line may be: the descriptor (`VZWRLSS*APOCC VISB`), and its third party's prefix
   * with the name after it (`GOOGLE *FI`, before its order code and place). Only a complete form counts.
   */
  statementForms: readonly string[];
  /** A website host printed in the descriptor. */
  host: string | null;
}

export interface MatchResult {
  entry: number;
  /** 50..100. */
  score: number;
  /** The runner-up, when another merchant also scored 50 or more. */
  alternate: { entry: number; score: number } | null;
}

export interface Matcher {
  /** The best merchant for a descriptor, or null when none scores 50; `trace` collects every candidate. */
  match(query: MatchQuery, evidence: MatchEvidence, trace?: MatchTrace): MatchResult | null;
}

/** Scores under this are no match (CONTRACT.md: candidates under 50 are dropped). */
export const MIN_MATCH_SCORE = 50;
/** A compass point names a branch's side of town (`SOUTHBANK SOUTH`, `HAT CREEK BURGER WEST`). */
const compassWords: ReadonlySet<string> = new Set(['north', 'south', 'east', 'west']);
/** What a word no dictionary knows costs after a brand's own name (`LIDL E-TUNA RABERGSTO`): a branch's. */
const PLACE_WORD_WEIGHT = 7;
/** What a brand's name loses for coming after other words (`JCP STARBUCKS`) rather than first. */
const INNER_PENALTY = 10;
/** A store's number as a line's first word (`3332 GREAT CLIPS`). */
const storeNumberToken = /^\d+$/;
/** At most this many codes may come before a brand's name that is looked for inside a line. */
const MOST_WORDS_BEFORE = 2;
/** Words that join a brand's name into a longer one. */
const joiningWords: ReadonlySet<string> = new Set(['of', 'and', 'for']);
/** The longest word read as a venue's or concession's code before a brand's name (`JCP`, `MDC`, `HMSH`). */
const MOST_CODE_LETTERS = 4;

const topLevel = (industryId: string) => industryId.slice(0, 3);

/** A token that tells nothing about who the merchant is (a store number or code, `STORE`, `INC`). */
const isNoise = (token: string) => fillerWords.has(token) || /\d/.test(token) || token.length < 2;

/** The words of a reading the name searches look at: no numbers, no filler (`STORE`, `INC`). */
const searchWords = (tokens: readonly string[]) =>
  tokens.filter((token) => !/^\d+$/.test(token) && !fillerWords.has(token));
/** Whether the reading is the name's two words, the last cut by a letter or two (`DR MARTEN` of Dr. Martens). */
const nearlyWhole = (words: readonly string[], nameWords: readonly string[]) =>
  nameWords.length === 2 &&
  nameWords[1]!.startsWith(words[1]!) &&
  nameWords[1]!.length - words[1]!.length <= 2;

/**
 * Whether a name's search words start with the reading's: every word equal, but the last, of `cut` letters or
 * more, may be truncated (`VETERINAR`).
 */
function startsName(words: readonly string[], nameWords: readonly string[], cut: number): boolean {
  return words.every((word, at) =>
    at === words.length - 1 && word.length >= cut ? nameWords[at]?.startsWith(word) : nameWords[at] === word,
  );
}

const vowels = new Set('aeiou');

/** Letters of German and Nordic names as keyboards without them spell them (DIN 5007-2 and the Nordic `aa`). */
const spellings: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  å: 'aa',
  ø: 'oe',
  æ: 'ae',
  ß: 'ss',
};
const spelledLetters = /[äöüåøæß]/gi;
const spelledLetter = /[äöüåøæß]/i;

/**
 * Whether `word` is a bank's shortening of a name's word: its start (`AMER`, of four letters or more and no
 * word itself; three at a cut end), or its first letter and most of its consonants in order, vowels dropped
 * (`LRNTN`, `ENRGY`, `MKT`). Vowels kept past the first letter (`MIC` of Medica) shorten a word less surely.
 */
function abbreviates(word: string, nameWord: string, cutEnd: boolean, commonWord: boolean): boolean {
  if (word[0] !== nameWord[0] || word.length >= nameWord.length) return false;
  if (nameWord.startsWith(word)) return cutEnd ? word.length >= 3 : word.length >= 4 && !commonWord;
  if (word.length < 3 || commonWord) return false;
  let at = 0;
  let kept = 0;
  for (const letter of nameWord) {
    if (letter !== word[at]) continue;
    at++;
    if (!vowels.has(letter)) kept++;
  }
  const consonants = [...nameWord].filter((letter) => !vowels.has(letter)).length;
  const share = [...word.slice(1)].some((letter) => vowels.has(letter)) ? 0.8 : 0.6;
  return at === word.length && kept >= 2 && kept >= share * consonants;
}

/** `COMPANY` cut by the field (`COMP`, `COMPAN`): filler as the whole word is. Other fillers' starts are words (`AUTO`). */
const isCutFiller = (word: string) => word.length >= 4 && word.length < 7 && 'company'.startsWith(word);

/** How a candidate was found, from the strongest evidence to the weakest. */
type CandidateKind = 'alias' | 'host' | 'mcc' | 'leading' | 'inner' | 'abbreviation' | 'fuzzy';

interface Candidate {
  entry: number;
  kind: CandidateKind;
  /** 1 for an exact alias, host or MCC name; the name similarity otherwise. */
  similarity: number;
  /** Descriptor tokens the matched name does not explain. */
  unexplained: readonly string[];
  /** Whether the merchant's own name (not an alias) matched. */
  primary: boolean;
  /** Whether a curated statement form matched: what US statements print for it, the surest alias. */
  statementForm?: boolean;
  /** Which reading of the descriptor found it (0 = the first). */
  reading: number;
  /** The name key that matched (`sprint`), for the precision guard. */
  matchedKey: string;
  /** A leading candidate whose last word was cut short (`GOO` of `GOODS`); an abbreviation of a longer name. */
  truncated?: boolean;
}

/** A candidate as an explanation shows it. */
export interface ScoredCandidate {
  entry: number;
  kind: CandidateKind;
  score: number;
  /** Why the score is what it is, when something other than the name decided it. */
  notes: string[];
  /** Words of the line the brand's name does not account for. */
  unexplained: readonly string[];
}

/** Collects every candidate and its score when an explanation is asked for. */
export interface MatchTrace {
  candidates: ScoredCandidate[];
}

/** Whether an MCC of one top-level industry fits a brand of another. */
const related = (a: string, b: string) =>
  a === b || relatedTopLevels.some((group) => group.includes(a) && group.includes(b));

/**
 * The precision guard: a name made of generic words (dictionary words, given
 * names: `Target`, `Sprint`, `Thank You Mart`) matches on its own only as the
 * whole token sequence. Inside a longer name (`SPRINT MART`, `DISCOVERY
 * CHILDRENS MUSEUM`), or completing a shorter one (`THANK YOU`), it stands
 * only when the MCC agrees.
 */
function guard(
  entry: MatchEntry,
  candidate: Candidate,
  evidence: MatchEvidence,
  extraWords: number,
  isGeneric: (key: string) => boolean,
  notes: string[],
): number {
  if (candidate.kind === 'host' || candidate.kind === 'mcc') return 0;
  // A brand's own name that is a town (`HUDSON`) stays a name; a shortening of it (`COLUMBUS` of Columbus Café
  // & Co.) is as much the town's.
  const townAlias = !candidate.primary && evidence.namesTown?.(candidate.matchedKey) === true;
  if (!isGeneric(candidate.matchedKey) && !townAlias) return 0;
  const nameWords = candidate.matchedKey.split(' ').length;
  // One generic word inside a longer name (`SPRINT MART`); several with two words more (`BIG LOTS OF FUN TOYS`).
  const inside = extraWords >= (nameWords === 1 || !evidence.companyField ? nameWords : 3);
  // A cut last word of two or more (`DICKS SPORTING GOO`) is a truncation only one brand completes.
  const truncated =
    candidate.kind === 'leading' && candidate.similarity < 1 && nameWords >= 2 && candidate.truncated;
  // A town's name (or the start of one: `HUNTINGTON BEACH`) names the town as much as the brand, even alone.
  const partial =
    !truncated &&
    (townAlias ||
      inside ||
      candidate.kind === 'leading' ||
      candidate.kind === 'inner' ||
      candidate.kind === 'fuzzy' ||
      // A shortened name stands as the name itself (`HOME DPT`), but not as part of a longer one.
      (candidate.kind === 'abbreviation' && candidate.truncated === true));
  if (!partial) return 0;
  // The MCC must name the brand's own line of business (a restaurant MCC does not vouch for a grocer
  // called `LUCKY` inside `LUCKY STAR CHINESE KIT`), and the line must not name another business of that
  // trade: words of its own where the brand's name has others (`MARCOS ESPRESSO` is no Marco's Pizza).
  if (
    evidence.mccIndustryId?.slice(0, 7) === entry.industryId.slice(0, 7) &&
    !(extraWords > 0 && nameGoesOn(entry, candidate))
  ) {
    notes.push('generic name, MCC agrees');
    return 0;
  }
  // A delivery service vouches for its trade as an MCC would (`DD DOORDASH FIREHOUSE` is a restaurant's).
  if (
    evidence.deliveredIndustry === topLevel(entry.industryId) &&
    !(extraWords > 0 && nameGoesOn(entry, candidate))
  ) {
    notes.push('generic name, a delivery service vouches for its trade');
    return 0;
  }
  if (evidence.thirdPartyHosts?.some((host) => entry.hosts.includes(host))) {
    notes.push("generic name, the line's prefix names the brand");
    return 0;
  }
  notes.push(`generic name "${candidate.matchedKey}" is only part of the line, nothing else agrees`);
  return -60;
}

/**
 * Whether the brand's own name goes on past the words the line matched (`marcos` of Marco's Pizza) and the
 * line goes on with none of them: another business whose name starts alike.
 */
function nameGoesOn(entry: MatchEntry, candidate: Candidate): boolean {
  const matched = candidate.matchedKey.split(' ');
  const rest = nameKey(entry.names[0]!)
    .split(' ')
    .filter(
      (word) =>
        word.length > 2 && !legalEntityWords.has(word) && !matched.some((seen) => word.startsWith(seen)),
    );
  return rest.length > 0 && !rest.some((word) => candidate.unexplained.includes(word));
}

/** Whether a line's words join two names by `&` (`CLARK & KING`, `STEWART & JAC`): a firm of two. */
const joinsPartners = (tokens: readonly string[]) => tokens.includes('and') || tokens.includes('&');

/** Of several brands' names, the one every other extends by words after it (`albertsons`, `albertsons market`), else null. */
function brandOthersExtend(names: ReadonlySet<string | undefined>): string | null {
  const keys = [...names].filter((key): key is string => key !== undefined);
  if (keys.length === 0 || keys.length !== names.size) return null;
  const shortest = keys.reduce((a, b) => (b.length < a.length ? b : a));
  return keys.every((key) => key === shortest || key.startsWith(`${shortest} `)) ? shortest : null;
}

/** Whether the word, or its plural, is a word of the brand's names (`FERRY` of Sydney Ferries). */
function hasOwnWord(entry: MatchEntry, token: string): boolean {
  const words = ownWords(entry);
  return (
    words.has(token) ||
    words.has(`${token}s`) ||
    words.has(`${token}es`) ||
    (token.endsWith('y') && words.has(`${token.slice(0, -1)}ies`))
  );
}

const ownWordsOf = new WeakMap<MatchEntry, ReadonlySet<string>>();
/** Every word of a brand's names (`wal`, `mart`, `supercenter`, `center`), made when a score first needs it. */
function ownWords(entry: MatchEntry): ReadonlySet<string> {
  let words = ownWordsOf.get(entry);
  if (!words) {
    words = new Set(entry.names.flatMap((name) => nameKey(name).split(' ')));
    ownWordsOf.set(entry, words);
  }
  return words;
}

/**
 * How many of the words a brand's name leaves unexplained, last, are a street its branch stands on, whole or
 * cut by the field (`THE KEG YORK STREE`, `THE KEG RUE ST-PAUL`): a word and a street's last word, or a French
 * street's first word and up to three more. 0 when none.
 */
function streetWords(unexplained: readonly string[]): number {
  const [first, second] = unexplained;
  if (first && streetStartWords.has(first) && unexplained.length >= 2 && unexplained.length <= 4)
    return unexplained.length;
  // A trade's word is no street's name (`NORTHGATE COLLISION CT`).
  if (
    unexplained.length === 2 &&
    second &&
    first!.length >= 3 &&
    streetEndWords.has(second) &&
    !industryOfWord(first!)
  )
    return 2;
  return 0;
}

function score(
  entry: MatchEntry,
  candidate: Candidate,
  evidence: MatchEvidence,
  { isGeneric, isWord, isCutWord }: MatcherOptions,
  notes: string[],
): number {
  const brandTop = topLevel(entry.industryId);
  let unexplainedWords = 0;
  // Unexplained words no dictionary knows (`RABERGSTO`, `THREERIVERS`): a branch's or a place's name more often
  // than another business's, after a brand's name of its own.
  let placeLikeWords = 0;
  let conflictingWords = 0;
  let legalEntity = false;
  const named = new Set(candidate.matchedKey.split(' '));
  // Words of the brand's own industry (`ROSAS TAQUERIA`) are explained, but the name is still longer.
  let sameIndustryWords = 0;
  // Unexplained words of three letters or more (`ST` of `HUDSON ST 1509` is a store's shortening).
  let unexplainedNames = 0;
  // Words of the brand's own trade that are no product of it (`CLOTHING` after a clothing chain's name).
  let tradeWords = 0;
  // Unexplained words that are given names (`HELEN` after `CLARK`).
  let givenNameWords = 0;
  // Unexplained words that carry on a company's name (`LOGISTICS` after `CLARK`).
  let companyNameWords = 0;
  // Unexplained words of a shop (`FOOD MART` after a brand that sells no fuel): another business's.
  let shopWords = 0;
  // `AT` and the place after the brand's name say where its counter stands (`GREAT CLIPS AT SHIPYARD`,
  // `STARBUCKS AT TARGET`); after one common word (`PIZZA AT THE PARK`) they go on another business's name.
  const standsAt =
    candidate.unexplained[0] === 'at' &&
    candidate.unexplained.length > 1 &&
    (candidate.kind === 'alias' || candidate.kind === 'leading') &&
    (named.size >= 2 || !isGeneric(candidate.matchedKey));
  // The branch's street: words of its place, whatever else they are.
  const street = standsAt ? 0 : streetWords(candidate.unexplained);
  unexplainedWords += street;
  placeLikeWords += street;
  for (const [index, token] of standsAt || street > 0 ? [] : candidate.unexplained.entries()) {
    if (legalEntityWords.has(token)) legalEntity = true;
    const word = statementAbbreviations.get(token) ?? token;
    // Noise, the brand's own word again, by this name or another of its names (`SPECTRUM SPECTRUM`, `WM
    // SUPERCENTER # WAL-MART SUPER CENTER`), or its town (`IKEA WEST SACRAMENTO`).
    const noise = isNoise(token) && (evidence.cardMerchant || !forecourtWords.has(token));
    if (noise || named.has(token) || named.has(word) || hasOwnWord(entry, token)) continue;
    // A bank's machine named by where it stands (`CBA CABRAMATTA G`).
    if (evidence.atMachine && lendsMoney(entry.industryId)) continue;
    // The station's shop (`CHEVRON FOOD MART`) is the brand's own.
    if (stationShopWords.has(token) && sellsFuel(entry.industryId)) continue;
    // A place named with the brand's word (`WATSONS BAY PHARMACY`), its town's name or not.
    if (index === 0 && placeFeatureWords.has(word)) {
      conflictingWords++;
      continue;
    }
    if (evidence.townWords?.has(token)) continue;
    // A venue named after the brand (`WELLS FARGO CENTER`), or another kind of place (`NORDSTROM ORCHARD`).
    if ((index === 0 && venueWords.has(word)) || namesOtherEntity(word)) {
      conflictingWords++;
      continue;
    }
    const group = industryOfWord(word);
    // A product or kind of charge the brand prints after its name (`IKEA GIFT CARD`) is explained, like its own industry's words.
    if ((group && wordFitsIndustry(group, entry.industryId)) || productWords.has(token)) {
      sameIndustryWords++;
      if (group && !productWords.has(token)) tradeWords++;
    } else if (group) conflictingWords++;
    else {
      unexplainedWords++;
      if (
        compassWords.has(token) ||
        (token.length >= 4 && !isWord(token) && !isCutWord(token) && !givenNames.has(token.toUpperCase()))
      )
        placeLikeWords++;
      if (token.length >= 3) unexplainedNames++;
      if (givenNames.has(token.toUpperCase())) givenNameWords++;
      if (isCompanyWord(token)) companyNameWords++;
      if (stationShopWords.has(token)) shopWords++;
    }
  }
  // A surname brand and a given name, all the line says (`CLARK HELEN`, `COLLINS BEN`): a person, as ACH
  // receivers and checks' payees print them, last name first.
  if (named.size === 1 && givenNameWords > 0 && givenNameWords === unexplainedWords) {
    conflictingWords++;
    unexplainedWords -= givenNameWords;
    notes.push('a surname and a given name name a person');
  }
  // A one-word brand and another name after `&` are a firm of two (`CLARK & KING`), no brand of one.
  if (named.size === 1 && candidate.unexplained[0] === 'and' && candidate.unexplained.length > 1) {
    conflictingWords++;
    unexplainedWords--;
    notes.push("a name, '&' and another name are a firm of two");
  }
  // A one-word brand before a company's word it lacks is another company (`CLARK LOGISTICS` is no Clark station).
  if (named.size === 1 && companyNameWords > 0) {
    conflictingWords++;
    unexplainedWords--;
    notes.push("a common name before a company's word names another company");
  }
  // A one-word brand that is a town of the line's state, or a large town of its country, with words it does
  // not explain or a trade's word, is a business named after the town (`SPRINGFIELD TAILOR`, `SPRINGFIELD
  // CLOTHING`): the town's.
  const town = evidence.namesTown?.(candidate.matchedKey) || evidence.namesLargeTown?.(candidate.matchedKey);
  if (named.size === 1 && (unexplainedNames > 0 || tradeWords > 0) && town) {
    conflictingWords++;
    if (unexplainedNames > 0) unexplainedWords--;
    notes.push("a town's name with words of another business");
  }
  const exact = candidate.similarity === 1 && unexplainedWords + conflictingWords === 0;
  let result = exact ? 100 : 90 * candidate.similarity;
  // A word naming another industry (`BEST BUY CARPETS`, `APPLE VALLEY DENTAL`) all but rules the brand out.
  // Three letters (`MTN VIEW GAS`, `AMC ORLANDO`) name many things: each word they leave unexplained weighs more.
  const acronym = candidate.matchedKey.length <= 3;
  // A brand's own coined word (`EXXON`, `ARAMARK`): no dictionary's, no town's, no person's (`SIMON'S`), of a
  // brand that sells to people, and no shop's words after it.
  const key = candidate.matchedKey;
  const coined =
    !servesBusinesses(entry.industryId) &&
    shopWords === 0 &&
    !acronym &&
    !town &&
    key.length >= 5 &&
    !isGeneric(key) &&
    !givenNames.has(key.toUpperCase()) &&
    !(key.endsWith('s') && givenNames.has(key.slice(0, -1).toUpperCase()));
  // Two words a one-word brand leaves unexplained on a card line are another business's name (`FRY'S SPRING
  // STATI`, `CUMBERLAND GAP OUTFITT`), unless the brand's word is coined (`EXXON PALMETTO ROADS`: its
  // station); after an ACH company they are its entry (`LYFT DRIVER PAY`).
  const anotherBusiness = evidence.cardMerchant && unexplainedWords >= 2 && named.size === 1 && !coined;
  const perWord = acronym ? 25 : anotherBusiness ? 22 : 15;
  result -= perWord * unexplainedWords + 50 * conflictingWords;
  // A brand's own name (no common word's, no town's) before words no dictionary knows: a branch's name.
  // A store brand's name of two common words or more (`BURGER URGE`) with nothing after it but such words is
  // its branch too (`BURGER URGE SOUTHBANK`): one common word (`ROYAL`, `DIAMOND`) names too many businesses.
  const branchOnly =
    named.size >= 2 && placeLikeWords === unexplainedWords && conflictingWords + sameIndustryWords === 0;
  const ownName =
    !acronym &&
    (!isGeneric(candidate.matchedKey) || branchOnly) &&
    !town &&
    candidate.kind === 'alias' &&
    namesItsBranches(entry.industryId);
  if (ownName && evidence.cardMerchant && placeLikeWords > 0) {
    result += (perWord - PLACE_WORD_WEIGHT) * placeLikeWords;
    notes.push("words no dictionary knows after the brand's own name: a branch's");
  }
  if (conflictingWords > 0) notes.push('a word of the line names another industry or kind of place');
  const extraWords = unexplainedWords + conflictingWords + sameIndustryWords;
  const branchNamed = ownName && evidence.cardMerchant && placeLikeWords > 0 && branchOnly;
  result += guard(entry, candidate, evidence, branchNamed ? 0 : extraWords, isGeneric, notes);
  if (legalEntity && !exact) result -= 15;
  // A common word with a legal form, behind a processor, is a small business's legal name (`SQ *CHAPTERS LLC`).
  if (legalEntity && evidence.behindFacilitator && isGeneric(candidate.matchedKey)) {
    result -= 55;
    notes.push("a common word with a legal form behind a processor is a small business's name");
  }
  if (evidence.mccIndustryId) {
    const mccTop = topLevel(evidence.mccIndustryId);
    if (evidence.mccIndustryId.slice(0, 7) === entry.industryId.slice(0, 7)) result += 7;
    else if (mccTop === brandTop) result += 3;
    else if (!related(mccTop, brandTop)) {
      result -= exact ? 10 : candidate.kind === 'fuzzy' ? 30 : 20;
      notes.push('the MCC names another industry');
    }
  }
  // A brand of other countries only, on a line of this one, is a local business of the same name (a UK
  // clothing chain called `SLATERS` is not `TST* SLATERS 5050 - DE`), even when the name is all the line
  // says, and the more so when the line says more (`TST* ROSAS STEAKHOUSE TOMAH WI` is no UK Thai cafe).
  if (evidence.country && entry.countries.length > 0 && !entry.countries.includes(evidence.country)) {
    result -= extraWords > 0 ? 75 : 55;
    notes.push('the brand does not operate in the country');
  }
  // Words before a brand's name are what a store is named with (its venue, its owner) as often as another
  // business's name: they count as unexplained, and the brand is only looked for there when nothing leads.
  if (candidate.kind === 'inner') {
    result -= INNER_PENALTY;
    notes.push("the brand's name comes after other words");
  }
  // Small businesses take cards through Square or Toast; a brand behind one is rarely more than its own name.
  if (evidence.behindFacilitator && !exact) result -= unexplainedWords + conflictingWords > 0 ? 25 : 10;
  // Uncapped, so that ties at the top still rank by evidence; capped at 100 on output.
  const nameWeight = candidate.primary ? 2 : candidate.statementForm ? 3 : 0;
  return result + 2 * entry.popularity + nameWeight - candidate.reading;
}

/** Whether each word is a near spelling (or the truncated start) of the name's word in the same place. */
function wordsAlign(words: readonly string[], nameWords: readonly string[]): boolean {
  // As many words: a word fewer is another name (`NORTH CAROLINA`, the state, is no `North Carolina DMV`);
  // a line cut short is the leading search's.
  if (words.length !== nameWords.length) return false;
  return words.every((word, index) => {
    const nameWord = nameWords[index];
    if (!nameWord) return false;
    if (nameWord.startsWith(word) && word.length >= 3) return true;
    return distance(word, nameWord) <= (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);
  });
}

/** Adds `value` to the list under `key`, once. */
function addTo(map: Map<string, number[]>, key: string, value: number) {
  if (!key) return;
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/** A site's service pages: help, billing, accounts (`help.uber.com`, `billing.example.com`). */
const servicePage =
  /^(?:help|support|pay|payments?|billing|secure|accounts?|my|m|order|orders|checkout)\.(?=[^.]+\.)/;

export interface MatcherOptions {
  /** Whether a name key is made of generic words only (dictionary words, given names). */
  isGeneric(key: string): boolean;
  /** Whether a token is no common word but the start of one, as a field cuts it (`transpo`). */
  isCutWord(token: string): boolean;
  /** Whether a token is a common English word (`express`). */
  isWord(token: string): boolean;
}

export function createMatcher(entries: readonly MatchEntry[], options: MatcherOptions): Matcher {
  const byKey = new Map<string, number[]>();
  const byHost = new Map<string, number[]>();
  const fuzzy = new Index({ tokenize: 'strict', context: true, encoder: 'Normalize' });
  /** First token of multi-word names -> [entry, its search words, its token count]: finds `OUTBACK` in `Outback Steakhouse`. */
  const byLeadingToken = new Map<string, [entry: number, words: string[], tokens: number][]>();
  /**
   * First letters of the first two search words of names -> their first word -> [entry, its search words]:
   * finds `LRNTN UNIV`, a first word tried once for all the names it starts.
   */
  const byInitials = new Map<string, Map<string, [entry: number, words: string[]][]>>();
  for (const [index, entry] of entries.entries()) {
    for (const name of entry.names) {
      const key = nameKey(name);
      addTo(byKey, key, index);
      addTo(byKey, compactKey(key), index);
      // Banks drop the ampersand (`A W #4598` is A&W, `H M` H&M).
      if (name.includes('&')) addTo(byKey, nameKey(name.replaceAll('&', ' ')), index);
      // A letter a keyboard lacks, spelt out (`FOLKTANDVAARDEN`, `MUELLER`).
      if (spelledLetter.test(name)) {
        const spelled = nameKey(name.replace(spelledLetters, (letter) => spellings[letter.toLowerCase()]!));
        addTo(byKey, spelled, index);
        addTo(byKey, compactKey(spelled), index);
      }
      const tokens = key.split(' ');
      // Compared with a reading's search words, so without filler (`UNIVERSITY OF CINC`), and led by the
      // first of them (`The Cellular Connection` by `cellular`).
      const words = searchWords(tokens);
      // A two-letter first word leads names of three words or more (`IL DEPT OF REVENUE`), and of two cut
      // short (`DR MARTEN`, `nearlyWhole`).
      if (
        tokens.length > 1 &&
        words.length > 0 &&
        (words[0]!.length >= 3 || tokens.length >= 3 || words.length >= 2)
      ) {
        const list = byLeadingToken.get(words[0]!) ?? [];
        list.push([index, words, tokens.length]);
        byLeadingToken.set(words[0]!, list);
      }
      if (words.length >= 2) {
        const initials = words[0]![0]! + words[1]![0]!;
        const byFirst = byInitials.get(initials) ?? new Map<string, [number, string[]][]>();
        byInitials.set(initials, byFirst);
        const list = byFirst.get(words[0]!) ?? [];
        list.push([index, words]);
        byFirst.set(words[0]!, list);
      }
    }
    for (const host of entry.hosts) addTo(byHost, host, index);
    fuzzy.add(index, entry.names.map(nameKey).join(' '));
  }

  const primaryKeys = entries.map((entry) => nameKey(entry.names[0]!));
  let longestName = 1;
  for (const key of byKey.keys()) longestName = Math.max(longestName, key.split(' ').length);
  /** Every name as a compact key (`burgerking`), sorted: cut names are looked up by prefix. */
  const compactSorted: [string, number][] = entries
    .flatMap((entry, index) =>
      entry.names.map((name) => [compactKey(nameKey(name)), index] as [string, number]),
    )
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  /** Each entry's names as compact keys, made the first time a fuzzy search meets the entry. */
  const compactNames: (string[] | undefined)[] = [];
  const compactNamesOf = (entry: number) =>
    (compactNames[entry] ??= entries[entry]!.names.map((name) => compactKey(nameKey(name))));
  const firstWords = entries.map((entry) => entry.names.map((name) => nameKey(name).split(' ')[0] ?? ''));
  const isPrimary = (entry: number, key: string) => primaryKeys[entry] === key;
  const primaryWords = primaryKeys.map((key) => searchWords(key.split(' ')));
  /** Each entry's curated statement forms as keys (the last names of the entry). */
  const statementKeys = entries.map(
    (entry) => new Set(entry.names.slice(entry.names.length - entry.statementForms).map(nameKey)),
  );

  /** Merchants named by the longest leading run of tokens, with the tokens left over. */
  function aliasCandidates(tokens: readonly string[], reading: number): Candidate[] {
    // Shorten the key a word at a time from the end: no re-joining of slices. No name is longer than
    // `longestName` words, so a long line costs no more than a short one.
    const start = Math.min(tokens.length, longestName);
    let key = tokens.slice(0, start).join(' ');
    for (let size = start; size >= 1; size--) {
      // A lone short token (`US`, `AM`) names too many things to be evidence.
      if (size === 1 && size < tokens.length && key.length < 3) break;
      // A letter before `and` is an ampersand acronym's (`MO S&T`): no word's end to run the key together at.
      const splitsAcronym = tokens[size] === 'and' && tokens[size - 1]!.length === 1;
      const found = byKey.get(key) ?? (size > 1 && !splitsAcronym ? byKey.get(compactKey(key)) : undefined);
      if (found) {
        const unexplained = tokens.slice(size);
        return found.map((entry) => ({
          entry,
          kind: 'alias',
          similarity: 1,
          unexplained,
          primary: isPrimary(entry, key),
          statementForm: statementKeys[entry]!.has(key),
          reading,
          matchedKey: key,
        }));
      }
      key = key.slice(0, Math.max(0, key.lastIndexOf(' ')));
    }
    return [];
  }

  /**
   * Names that start with every word of the reading: a truncated or shortened
   * brand name (`DICKS SPORTING GOO`, `OUTBACK`). A completion counts only
   * when one brand gives it.
   */
  function leadingCandidates(tokens: readonly string[], reading: number): Candidate[] {
    const words = searchWords(tokens);
    // A filler word the field cut (`BUBBA GUMP SHRIMP COMP`) is filler too.
    if (words.length >= 3 && isCutFiller(words.at(-1)!)) words.pop();
    // A short first word (`VAN`, `BIG`) starts too many names to complete a reading of fewer than three, but
    // for a name of two words whose second the field cut by a letter or two (`DR MARTEN`).
    const shortFirst = words.length === 2 && words[0]!.length < 4 && words[1]!.length >= 4;
    const list =
      words[0] && (words[0].length >= 4 || words.length >= 3 || shortFirst)
        ? byLeadingToken.get(words[0])
        : undefined;
    if (!list || list.length > 500) return [];
    const candidates: Candidate[] = [];
    // Two letters are enough of the last word after a long first one (`FRONTIER AI`) or two words
    // (`NAVY FEDERAL CR`, `VAN LEEUWEN ICE CR`).
    // One letter after three words of twelve letters or more (`WALMART NEIGHBORHOOD M`): the field was full.
    const cut =
      words.length >= 3 && words.slice(0, -1).join('').length >= 12
        ? 1
        : words.length >= 2 && (words[0]!.length >= 5 || words.length >= 3)
          ? 2
          : 3;
    // Names joined by `&` (`HOFFMAN & CAR`) start no brand whose name has no `&`: a firm of two.
    const partners = joinsPartners(tokens);
    for (const [entry, nameTokens, nameLength] of list) {
      if (words.length > nameTokens.length) continue;
      if (shortFirst && !nearlyWhole(words, nameTokens)) continue;
      if (partners && !ownWords(entries[entry]!).has('and')) continue;
      const truncated = nameTokens[words.length - 1] !== words.at(-1);
      // A trade's word is printed whole (`AUSTIN PUB` is no Austin Public Library).
      if (truncated && isTradeWord(words.at(-1)!)) continue;
      const fits = startsName(words, nameTokens, cut);
      // Whole words that stop before the kind of institution name a place, not the institution.
      const stopsBeforeInstitution =
        !truncated &&
        nameTokens
          .slice(words.length)
          .some((token) => institutionWords.has(statementAbbreviations.get(token) ?? token));
      if (fits && !stopsBeforeInstitution) {
        const similarity = 0.85 + (0.15 * words.length) / nameLength;
        candidates.push({
          entry,
          kind: 'leading',
          similarity,
          unexplained: [],
          primary: false,
          reading,
          matchedKey: words.join(' '),
          truncated,
        });
      }
    }
    const brands = new Set(candidates.map((candidate) => primaryKeys[candidate.entry]));
    if (brands.size <= 1) return candidates;
    // One brand whose name every other completion extends is the one the line names
    // (`UNIVERSITY OF CINC`: University of Cincinnati, not its Blue Ash College).
    const extended = brandOthersExtend(brands);
    if (extended !== null) return candidates.filter((candidate) => primaryKeys[candidate.entry] === extended);
    // One brand whose own name the line starts, where the others have only an alias that does.
    const byOwnName = candidates.filter((candidate) =>
      startsName(words, primaryWords[candidate.entry]!, cut),
    );
    return new Set(byOwnName.map((candidate) => primaryKeys[candidate.entry])).size === 1 ? byOwnName : [];
  }

  /**
   * One long word that starts exactly one brand's name, spaces aside, and
   * covers most of it: a name the field cut (`WHATABURG`, `MCDONAL`, `BURGERKIN`).
   */
  function truncatedWordCandidates(tokens: readonly string[], reading: number): Candidate[] {
    const words = searchWords(tokens);
    // A cut product code may follow (`TICKETMASTE TIC`), but not after `&` (`STEWART & JAC`: a firm of two).
    const partners = joinsPartners(tokens);
    const unexplained = words.length === 2 && words[1]!.length <= 3 && !partners ? [words[1]!] : [];
    const word = words.length === 1 || unexplained.length > 0 ? words[0]! : '';
    if (word.length < 6) return [];
    let low = 0;
    let high = compactSorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compactSorted[middle]![0] < word) low = middle + 1;
      else high = middle;
    }
    const found: [string, number][] = [];
    for (let at = low; at < compactSorted.length && compactSorted[at]![0].startsWith(word); at++) {
      found.push(compactSorted[at]!);
      if (found.length > 20) return [];
    }
    const brands = new Set(found.map(([, entry]) => primaryKeys[entry]));
    // One brand, or one whose name the others extend (`ALBERTSO`: Albertsons, not Albertsons Market), or the one
    // whose own name the word starts where the others have only an alias that does (`MCDONAL`: McDonald's, not
    // a franchisee's `McDonald's Canada`).
    const ownNamed = [...brands].filter((key): key is string => !!key && compactKey(key).startsWith(word));
    const brand =
      brands.size === 1
        ? [...brands][0]!
        : (brandOthersExtend(brands) ?? (ownNamed.length === 1 ? ownNamed[0]! : null));
    if (brand === null) return [];
    return found
      .filter(
        ([key, entry]) => primaryKeys[entry] === brand && key !== word && word.length >= 0.6 * key.length,
      )
      .map(([key, entry]) => ({
        entry,
        kind: 'leading' as const,
        similarity: 0.85 + (0.15 * word.length) / key.length,
        unexplained,
        primary: false,
        reading,
        matchedKey: word,
        truncated: true,
      }));
  }

  /**
   * One long word that is a brand's whole name with a short code run into it (`DASHLANEUSA`,
   * `PIMSLEURSUB`, `NETMARBLEGAM`): the longest name that starts the word, three or four letters left
   * (one or two are the next word cut short, `LUCILLESD`, unless they start the line's town: `DUTCHBROSFA
   * FAIRFIELD CA`).
   */
  function runInCodeCandidates(
    tokens: readonly string[],
    reading: number,
    townWords: ReadonlySet<string> | undefined,
  ): Candidate[] {
    const words = searchWords(tokens);
    const word = words.length <= 2 ? (words[0] ?? '') : '';
    if (word.length < 9 || byKey.has(word)) return [];
    const startsTown = (letters: string) => {
      for (const town of townWords ?? []) if (town.startsWith(letters)) return true;
      return false;
    };
    const longest = startsTown(word.slice(-2)) ? 2 : startsTown(word.slice(-1)) ? 1 : 3;
    const runIn = (size: number) => {
      const key = word.slice(0, size);
      return (byKey.get(key) ?? []).map((entry) => ({
        entry,
        kind: 'alias' as const,
        similarity: 1,
        unexplained: [word.slice(size), ...words.slice(1)],
        primary: isPrimary(entry, key),
        reading,
        matchedKey: key,
      }));
    };
    for (let size = word.length - longest; size >= Math.max(6, word.length - 4); size--) {
      const found = runIn(size);
      if (found.length > 0) return found;
    }
    // A word run into a one-word name, whole or cut by the field (`PATAGONIADIREC`): the longest such name
    // that stands out before it. Names of several words run together (`COLLEGEAVEOPTICAL`) are a local
    // business's as often.
    for (let size = word.length - 5; size >= 5; size--) {
      const key = word.slice(0, size);
      const rest = word.slice(size);
      if (options.isGeneric(key) || !(options.isWord(rest) || options.isCutWord(rest))) continue;
      const found = runIn(size).filter((candidate) =>
        entries[candidate.entry]!.names.some((name) => nameKey(name) === key),
      );
      if (found.length > 0) return found;
    }
    return [];
  }

  /**
   * A brand's whole name after a short code or two: the venue's or the concession's a store is named with
   * (`JCP STARBUCKS`, `MDC PEETS`), or, before a store's number, after the place a chain names its store by
   * (`KAILUA FOODLAND #27`, a town of the line's state; `DOWNTOWN SAFEWAY #1234`): without the number, a
   * town's name first is an independent's (`CLEVELAND CROSSFIT`), unless it is the very town the line
   * places the store in (`EAGLE SINCLAIR EAGLE CO`). Another longer word first is another
   * business's name as often as a venue's (`NELSON FOODS CO`). The words before stay unexplained.
   */
  function innerCandidates(tokens: readonly string[], reading: number, evidence: MatchEvidence): Candidate[] {
    const standsOut = (word: string) =>
      word.length >= 4 && !fillerWords.has(word) && !options.isGeneric(word) && !options.isCutWord(word);
    const candidates: Candidate[] = [];
    for (let before = 1; before <= MOST_WORDS_BEFORE && before < tokens.length; before++) {
      const word = tokens[before - 1]!;
      const place =
        !evidence.behindFacilitator &&
        ((evidence.storeNumbered === true &&
          (townPartWords.has(word.toUpperCase()) || evidence.namesTown?.(word) === true)) ||
          evidence.townWords?.has(word) === true);
      // A trade's word first names another business of that trade (`TACOS LA MICHOACANA`); a brand's name
      // after `of` or `and` is part of a longer one (`TOWN OF CITY OF MILFORD`).
      if (
        (word.length > MOST_CODE_LETTERS && !place) ||
        joiningWords.has(word) ||
        isTradeWord(statementAbbreviations.get(word) ?? word)
      )
        break;
      for (const candidate of aliasCandidates(tokens.slice(before), reading)) {
        // A name of common words (`FOODS CO`), or a common word the field cut (`TRANSPO`), after other words
        // is a company's name; a brand's own word stands out.
        const distinct = candidate.matchedKey.split(' ').some(standsOut);
        if (!distinct || namedByDealers(entries[candidate.entry]!.industryId)) continue;
        candidates.push({
          ...candidate,
          kind: 'inner',
          unexplained: [...tokens.slice(0, before), ...candidate.unexplained],
        });
      }
    }
    return candidates;
  }

  /**
   * A brand's name with its words shortened as banks shorten them: vowels dropped (`LRNTN UNIV`, `WHL FOODS
   * MKT`, `CNTRPNT ENRGY`) or a long word's start (`AMER FAMILY INS`), the words in the name's order, from its
   * first; words may follow (`TRAVELERS PERS INS`). Looked for when nothing else reached a match; a completion
   * counts only when one brand gives it.
   */
  function abbreviationCandidates(tokens: readonly string[], reading: number): Candidate[] {
    const words = searchWords(tokens);
    if (words.length < 2) return [];
    // A word of its own (a dictionary's, a given name: `CHRIS BANKS` is a person) is no shortening. Asked only of
    // the words a name reaches: a long line costs no more than a short one.
    const commonWords: (boolean | undefined)[] = [];
    const common = (at: number) => (commonWords[at] ??= options.isGeneric(words[at]!));
    const found: Candidate[] = [];
    const byFirst = byInitials.get(words[0]![0]! + words[1]![0]!);
    // A first word of its own starts only the names it starts whole.
    const groups: Iterable<[string, [number, string[]][]]> = common(0)
      ? [[words[0]!, byFirst?.get(words[0]!) ?? []]]
      : (byFirst ?? []);
    for (const [first, names] of groups) {
      const firstShortened = first !== words[0];
      if (firstShortened && !abbreviates(words[0]!, first, false, common(0))) continue;
      for (const [entry, nameWords] of names) {
        const size = Math.min(words.length, nameWords.length);
        // The line stops inside a longer name: only its last word may be cut there.
        const cut = nameWords.length > words.length;
        let shortened = firstShortened;
        let fits = true;
        for (let at = 1; at < size && fits; at++) {
          const [word, nameWord] = [words[at]!, nameWords[at]!];
          if (word === nameWord) continue;
          const cutEnd = cut && at === size - 1;
          fits = abbreviates(word, nameWord, cutEnd, common(at));
          // A line that stops at a cut word of a longer name is the leading search's (`SOUTHERN CAF`).
          shortened ||= !(cutEnd && nameWord.startsWith(word));
        }
        if (!fits || !shortened) continue;
        found.push({
          entry,
          kind: 'abbreviation',
          similarity: 0.8 + (0.1 * size) / nameWords.length,
          unexplained: words.slice(size),
          primary: false,
          reading,
          // The name's own words: a name of common words (`FIRST ELCTRC`) meets the generic-name guard.
          matchedKey: nameWords.slice(0, size).join(' '),
          truncated: cut,
        });
      }
    }
    const brands = new Set(found.map((candidate) => primaryKeys[candidate.entry]));
    if (brands.size === 1) return found;
    const extended = brandOthersExtend(brands);
    return extended !== null ? found.filter((candidate) => primaryKeys[candidate.entry] === extended) : [];
  }

  /** The merchant an airline, car-rental or hotel MCC names, when the descriptor starts like its name. */
  function mccCandidate(entry: number, tokens: readonly string[], reading: number): Candidate[] {
    const first = tokens[0];
    if (!first || first.length < 3) return [];
    const named = firstWords[entry]!.some(
      (nameFirst) => nameFirst.startsWith(first) || first.startsWith(nameFirst),
    );
    return named
      ? [{ entry, kind: 'mcc', similarity: 1, unexplained: [], primary: true, reading, matchedKey: first }]
      : [];
  }

  /**
   * Near spellings (a typo, a dropped letter): every word of the reading must
   * be within one or two edits of a word of the name, in order, and the
   * whole within a quarter of its length. Another word (`AMERICAN TRAIL
   * OUTFITTERS` against American Eagle Outfitters) is no near spelling.
   */
  function fuzzyCandidates(tokens: readonly string[]): Candidate[] {
    const words = searchWords(tokens);
    if (words.length === 0) return [];
    const query = compactKey(words.join(' '));
    if (query.length < 5) return [];
    const ids = fuzzy.search(words.join(' '), { limit: 12, suggest: true }) as number[];
    const candidates: Candidate[] = [];
    for (const entry of ids) {
      let best = 0;
      let bestKey = '';
      for (const [index, key] of compactNamesOf(entry).entries()) {
        const similarity = 1 - distance(query, key) / Math.max(query.length, key.length);
        if (similarity > best && wordsAlign(words, nameKey(entries[entry]!.names[index]!).split(' '))) {
          best = similarity;
          bestKey = key;
        }
      }
      if (best >= 0.75)
        candidates.push({
          entry,
          kind: 'fuzzy',
          similarity: best,
          unexplained: [],
          primary: false,
          reading: 0,
          matchedKey: bestKey,
        });
    }
    return candidates;
  }

  /**
   * The brands of a host, or of the site whose service page it is (`help.uber.com` is Uber's). A shop's own
   * name before a platform's site (`joes.myshopify.com`) is the shop's, not the platform's.
   */
  function hostEntries(host: string): number[] | undefined {
    const service = servicePage.exec(host);
    const known = byHost.get(host) ?? (service ? byHost.get(host.slice(service[0].length)) : undefined);
    // A brand's site for one country (`amazon.se`, `amazon.co.uk`) is its `.com`'s, also when a brand of its
    // own claims it (NSI's Amazon Hub lockers at `amazon.co.uk`).
    const site = globalSiteOf(host);
    const global = site ? byHost.get(site) : undefined;
    return known && global ? [...new Set([...known, ...global])] : (known ?? global);
  }

  function match(query: MatchQuery, evidence: MatchEvidence, trace?: MatchTrace): MatchResult | null {
    const candidates: Candidate[] = [];
    const host = query.host ?? '';
    for (const known of (host && hostEntries(host)) || []) {
      candidates.push({
        entry: known,
        kind: 'host',
        similarity: 1,
        unexplained: [],
        primary: true,
        reading: 0,
        matchedKey: host,
      });
    }
    let firstTokens: string[] = [];
    for (const [reading, text] of query.readings.entries()) {
      const tokens = nameKey(text).split(' ').filter(Boolean);
      if (reading === 0) firstTokens = tokens;
      // `ACE HDWE` is Ace Hardware, `SPROUTS FARMERS MKT` Sprouts Farmers Market.
      const expanded = tokens.some((token) => statementAbbreviations.has(token))
        ? tokens.map((token) => statementAbbreviations.get(token) ?? token)
        : null;
      const aliases = aliasCandidates(tokens, reading);
      if (expanded) aliases.push(...aliasCandidates(expanded, reading));
      // `THE UPS STORE`: an article first is no part of the brand's key; nor is a store's number that no
      // brand's name starts with (`3332 GREAT CLIPS`, not `76 TREAT BLVD`).
      if (
        tokens.length > 1 &&
        (tokens[0] === 'the' || (aliases.length === 0 && storeNumberToken.test(tokens[0]!)))
      )
        aliases.push(...aliasCandidates(tokens.slice(1), reading));
      candidates.push(...aliases);
      // An exact alias of the first reading that explains every word is the best evidence but for an
      // MCC naming the merchant: the other readings and the weaker searches cannot beat it.
      const complete = aliases.some((candidate) => candidate.unexplained.every(isNoise));
      if (reading === 0 && complete && evidence.mccEntry === null) break;
      candidates.push(...leadingCandidates(tokens, reading));
      candidates.push(...truncatedWordCandidates(tokens, reading));
      candidates.push(...runInCodeCandidates(tokens, reading, evidence.townWords));
      if (evidence.mccEntry !== null) candidates.push(...mccCandidate(evidence.mccEntry, tokens, reading));
    }
    for (const form of query.statementForms) {
      const key = nameKey(form);
      for (const entry of byKey.get(key) ?? []) {
        candidates.push({
          entry,
          kind: 'alias',
          similarity: 1,
          unexplained: [],
          primary: false,
          statementForm: statementKeys[entry]!.has(key),
          reading: 0,
          // The whole line is a statement form: the strongest sequence evidence there is.
          matchedKey: '',
        });
      }
    }
    // A near spelling of a brand has a word no dictionary spells so (`STARBUKS`): a name of correctly spelled
    // words (`WAGON WHEEL BAR`), the most common line of all, is no typo and is not searched for one.
    // A typo of a brand is short: a name of four words or more (`SUNSHINE VALLEY FAMILY DENTAL`) is no typo.
    // A near spelling is looked for where something vouches for a business: a card line's MCC, or an ACH
    // company field (`VA BENEFIT` for VA Benefits); not in the free text of other bank lines.
    if (
      candidates.length === 0 &&
      (evidence.mccIndustryId !== null || evidence.companyField === true) &&
      firstTokens.length <= 3 &&
      firstTokens.some((token) => !options.isGeneric(token))
    )
      candidates.push(...fuzzyCandidates(firstTokens));
    const scores = new Map<number, number>();
    const scoreAll = (found: readonly Candidate[]) => {
      for (const candidate of found) {
        const notes: string[] = [];
        const value = score(entries[candidate.entry]!, candidate, evidence, options, notes);
        trace?.candidates.push({
          entry: candidate.entry,
          kind: candidate.kind,
          score: value,
          notes,
          unexplained: candidate.unexplained,
        });
        scores.set(candidate.entry, Math.max(value, scores.get(candidate.entry) ?? -Infinity));
      }
    };
    scoreAll(candidates);
    // No brand leads a card merchant's name: one may follow the words a store is named with.
    if (evidence.cardMerchant && Math.max(...scores.values()) < MIN_MATCH_SCORE)
      scoreAll(innerCandidates(firstTokens, 0, evidence));
    // Nothing reached a match: the name may be shortened as banks shorten names (`LRNTN UNIV`).
    if (Math.max(...scores.values()) < MIN_MATCH_SCORE) scoreAll(abbreviationCandidates(firstTokens, 0));
    const [best, second] = [...scores]
      .map(([entry, value]) => ({ entry, score: value }))
      .sort((a, b) => b.score - a.score || entries[b.entry]!.popularity - entries[a.entry]!.popularity);
    if (!best || best.score < MIN_MATCH_SCORE) return null;
    const shown = (value: number) => Math.min(100, Math.round(value * 10) / 10);
    const alternate =
      second && second.score >= MIN_MATCH_SCORE ? { entry: second.entry, score: shown(second.score) } : null;
    return { entry: best.entry, score: shown(best.score), alternate };
  }

  return { match };
}
