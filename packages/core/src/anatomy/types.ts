/** The anatomy stage's value and what it needs: the parts of a line, and the lexicon it reads them with. */
import type { PlaceGazetteer } from './location.js';
import type { NoiseKind } from './noise.js';
import type { Via } from './wrapper-rule.js';

/** What the anatomy stage needs to know about the world, built once from the catalog. */
export interface AnatomyLexicon extends PlaceGazetteer {
  /** Key of the text before `*` (upper case, letters and digits only: `SQ`, `PAYPAL`, `DD`) -> third-party id. */
  facilitatorPrefixes: ReadonlyMap<string, string>;
  /** Prefixes printed without an asterisk (`TST.`, `SP `), longest first, with their third-party id. */
  literalPrefixes: readonly (readonly [prefix: string, thirdPartyId: string])[];
  /** Keys of facilitator prefixes whose owner is unknown: stripped, no third party. */
  unknownPrefixes: ReadonlySet<string>;
  /** A delivery app's or processor's prefix key run into the merchant's name without its star (`DOORDASHEDOJAPAN`, `TSTDRIP`). */
  runInPrefix: RegExp;
  /**
   * Phrases that reveal a third party anywhere in a line (`APPLE PAY`, `DOORDASH`):
   * one global pattern whose first group is the phrase, and what each phrase means.
   * `strip`: the phrase wraps the merchant (a wallet) and is removed from the text.
   */
  markers: { pattern: RegExp; byPhrase: ReadonlyMap<string, { thirdPartyId: string; strip: boolean }> };
  /** The words of a token the line ran together (`reindeerrun` -> reindeer, run), else null. */
  splitRunTogether(token: string): string[] | null;
  /** Third parties by id: a marketplace's name is cut where it repeats around the merchant's. */
  thirdParties: ReadonlyMap<string, { name: string; type: string; roles: readonly string[] }>;
}

export interface AnatomyWrapper {
  /** Rule id (`wrapper.checkcard`). */
  id: string;
  text: string;
  via: Via;
  refund: boolean;
  recurring: boolean;
  /** The upper-case alpha-2 country of the currency the wrapper says the merchant charged in, when it has one. */
  chargedIn?: string;
}

export interface AnatomyFields {
  id: string;
  /** The other party as the line names it (ACH company, wire originator, person paid). */
  party: string;
  /** The ACH entry description (`PAYROLL`, `AUTOPAY`), when the line has one. */
  entry: string | null;
  via: Via;
}

export interface AnatomyPrefix {
  /** `prefix.<third party>`, `prefix.unknown`, `prefix.merchant-abbreviation`, `prefix.seller`. */
  id: string;
  text: string;
  thirdPartyId: string | null;
}

export interface AnatomyLocation {
  address: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  postalCode: string | null;
  phone: string | null;
  /** A website host printed in the line (`netflix.com`). */
  host: string | null;
}

export interface AnatomyId {
  kind: NoiseKind;
  text: string;
}

export interface Anatomy {
  /** The whole line in canonical form (upper case, single spaces). */
  raw: string;
  wrapper: AnatomyWrapper | null;
  /** The fields of an ACH, wire or P2P line. */
  fields: AnatomyFields | null;
  prefixes: AnatomyPrefix[];
  /** Third parties revealed by prefixes and markers, in order of appearance. */
  thirdPartyIds: string[];
  /**
   * The merchant's own descriptor: the line once the bank's wrapper, fields, ACH entry and prefixes are
   * off, its ids and place still on (`SSA TREAS 310 XXSOC SEC`, where `310` is part of a statement form).
   */
  descriptor: string;
  /** The merchant or payee part, upper case; empty when the line names no one (`PAYMENT - THANK YOU`). */
  name: string;
  /** Other readings of the name worth trying when the first does not match (the text after `*`, a host). */
  alternates: string[];
  /** The name as a person writes it (`Joe's Pizza`); empty when the line names no one. */
  display: string;
  location: AnatomyLocation;
  ids: AnatomyId[];
  storeNumber: string | null;
  /** `INTERNET`, `ONLINE`, a phone or a host in place of a city: the card was not present. */
  cardNotPresent: boolean;
  /** An order or reference code stood in the line (`AMAZON.COM*HZ3L80AB1`): a remote sale. */
  orderReference: boolean;
  /** The ids of the rules that fired, in order. */
  rules: string[];
}

export interface AnatomyOptions {
  /** The MCC says ATM: ATM wording and the machine's street address surround the bank's name. */
  atm?: boolean;
  /**
   * The text is a name field alone: its place was printed in fields of its own (a DE43 layout, a description
   * in a network's columns), so no town or state is read off its end.
   */
  nameField?: boolean;
  /**
   * The account's country (upper-case alpha-2, from its currency): a town of it may end a card line with no
   * state or country after it, as banks abroad print it (`HERO SUSHI SYDNEY` on an Australian card).
   */
  homeCountry?: string | null;
  /**
   * The countries the account may be in when its currency is several countries' (the euro's): a large town of
   * one of them may end a card line too (`JUMBO ARNHEM` on a Dutch account in euros).
   */
  homeCountries?: readonly string[] | null;
}
