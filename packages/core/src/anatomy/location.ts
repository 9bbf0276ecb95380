/**
 * The location parts of a line: a URL or host, a phone number, a street
 * address, and the `CITY ST ZIP` tail that issuers print after the name
 * (the city often truncated, or run into the name by a fixed-width field).
 */
import { statesAbroad } from '../normalize/home-country.js';
import { givenNames } from './given-names.js';
import type { Rule } from './rules.js';

export interface PlaceGazetteer {
  /** US state and Canadian province codes -> ISO alpha-2 country. */
  regionCountry: ReadonlyMap<string, string>;
  /** ISO alpha-2 and alpha-3 country codes -> alpha-2. */
  countryCodes: ReadonlyMap<string, string>;
  /** Whether a lower-case word is a common English word (`academy`). */
  isCommonWord(word: string): boolean;
  /** Whether a lower-case word is among the most used English words (`reading`; `manly` is not). */
  isFrequentWord(word: string): boolean;
  /** Whether `city` (canonical form) is a city of `region` (a 2-letter code). */
  isCity(region: string, city: string): boolean;
  /** The one city of `region` that starts with `partial` (a truncated city), else null. */
  completeCity(region: string, partial: string): string | null;
  /** The one city of `region` a misspelt cut city of 9 letters or more is an edit or two from (`CHARLOTTSVILL`). */
  nearCity(region: string, partial: string): string | null;
  /** The state or province a known ZIP or postal code lies in, else null. */
  zipRegion(zip: string): string | null;
  /** Whether `name` (canonical) is a US city's whole name. */
  isUsCityName(name: string): boolean;
  /** Whether some US city's name starts with `partial` (`SAN JO`, `SANTA CLA`, `REDWOOD`). */
  startsUsCity(partial: string): boolean;
  /** Whether some town of `country` (upper-case alpha-2) starts with `partial` (`TORON` in Canada). */
  startsTown(country: string, partial: string): boolean;
  /** The longest city of `region` (5 letters or more) that `text` ends with, inside its first word (`VETERINARBURLINGTON`), else null. */
  cityEnding(region: string, token: string): string | null;
  /** Whether `word` is the last word of a city of `region` of two words or more (`CITY` of Oklahoma City). */
  isLastWordOfCity(region: string, word: string): boolean;
  /** The people of the largest town of `country` (upper-case alpha-2) so named, 0 when none is known. */
  townPopulation(country: string, town: string): number;
}

export interface LocationParts {
  address: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  postalCode: string | null;
}

export type LocationRule = Rule<{ part: 'host' | 'phone' | 'address' | 'postal-code' | 'place' | 'branch' }>;

export const hostPattern =
  /(?<![A-Z0-9_-])(?:HTTPS?:\/\/)?(?:WWW\.)?([A-Z0-9][A-Z0-9-]*(?:\.[A-Z0-9-]+)*\.(?:COM|NET|ORG|IO|CO|US|TV|APP|AI|ME|LY|GG|FM|BIZ|INFO|CA|UK|AU|NZ|IE|DE|FR|NL|EU|EDU|GOV|SHOP|STORE|ONLINE|SITE|LIFE|LIVE|CLUB|XYZ|TECH|DEV))(?:\/[A-Z0-9/#._-]*)?(?=\s|$|\*)/;
export const phonePattern = /(?:\+?1[ .-]?)?\(?\b([2-9]\d{2})\)?[ .-]?(\d{3})[ .-]?(\d{4})\b/;
/**
 * A toll-free number spelt in letters (`800-COMCAST`), after the name: never the name's own start
 * (`1-800-FLOWERS`).
 */
export const vanityPhonePattern = / (8(?:00|33|44|55|66|77|88)-[A-Z]{4,8})(?= |$)/;
const streetSuffixes =
  'ST|STREET|AVE|AV|AVENUE|BLVD|BOULEVARD|DR|DRIVE|RD|ROAD|WAY|LN|LANE|HWY|HIGHWAY|PKWY|PARKWAY|PL|PLACE|CT|COURT|CIR|CIRCLE|TRL|TRAIL|PIKE|TPKE|PLZ|PLAZA|TER|LOOP|RTE|ROUTE|FWY|EXPY|SQ|ROW|XING';
/** A word and its starts of four letters or more, as a field cuts it (`street`, `stree`, `stre`). */
const withCuts = (word: string) =>
  Array.from({ length: word.length - 3 }, (_, extra) => word.slice(0, 4 + extra));
/**
 * The words a street's name ends with that mean nothing else (`MAIN ST`, `YORK STREET`, and the field's cut of
 * the long ones: `YORK STREE`; not `CT` or `DR`), and those a French one starts with (`AVE DU PARC`, `RUE
 * ST-DENIS`): lower case.
 */
export const streetEndWords: ReadonlySet<string> = new Set([
  ...'st ave av blvd rd hwy pkwy ln'.split(' '),
  ...['street', 'avenue', 'boulevard', 'parkway', 'highway', 'road'].flatMap(withCuts),
]);
export const streetStartWords: ReadonlySet<string> = new Set([
  'rue',
  'ave',
  'av',
  'boul',
  'bd',
  'chemin',
  'ch',
]);
/**
 * A street address: a number (and its unit's letter: `2715-B`), up to four words (no other number: `TACOS 4
 * LIFE 2940 DERITA RD`) and a street suffix, a direction and a suite, after the store's own number if any
 * (`BLUE DOOR 2 1431 ELM AVE`); or a highway by its number, ending the line (`CENEX-CRVS E HWY 3`).
 */
export const streetAddress = new RegExp(
  ` ((?:\\d{1,3} )?\\d{1,6}(?:-?[A-Z])?(?: [NSEW]\\.?)?(?: (?!\\d+ )[A-Z0-9.]+){0,4} (?:${streetSuffixes})\\b\\.?(?: [NSEW]{1,2}\\b)?(?: (?:STE|SUITE|UNIT|APT|#) ?[A-Z0-9-]+)?)(?= |$)| ((?:[NSEW] )?(?:HWY|HIGHWAY|RTE|ROUTE) \\d{1,4}[A-Z]?)$`,
);

/**
 * The street a branch stands on, after the name and without a number: a street's ordinal (`TST* 5 & DINER
 * 16TH`: the 16th Street one), or a street with its direction (`COOK OUT S TRYON ST.`).
 */
export const streetBranch = new RegExp(
  ` (?:\\d{1,3}(?:ST|ND|RD|TH)|[NSEW] [A-Z]{3,}(?: [A-Z]{3,})? (?:${streetSuffixes})\\.?)$`,
);

/**
 * The branch after a dash that ends a name: Toast and many point-of-sale systems print the location's
 * own name (`DOS TOROS - MAIDEN L`, `LEE'S DELI - 615 M`, `BERRY BLENDZ - SHIELDS`). At most three
 * words, and the name keeps what stood before. So do a street's number run into the name by a dash
 * (`ARCHETYPE COFFEE-13TH`), a word dashed to a name of two words or more (`DAZBOG COFFEE-CHILDREN`,
 * where `WAL-MART` stays whole: the reader checks the words) and what follows an at sign (`GOTHAM NEWS
 * @PNST`, `PANDORA @ SAN MARCOS`). A saint's name keeps its dash (`BOULANGERIE ST-VIATEUR`).
 */
export const branchSuffix =
  /(?<=[A-Z0-9'&.]) ?- (?:[A-Z0-9.'&/#][A-Z0-9.'&/#-]* ?){1,3}$|(?<=[A-Z])(?<!\bSTE?)-(?:\d{1,3}(?:ST|ND|RD|TH)|[A-Z.]{3,})$| ?@ ?[A-Z0-9].*$/;
/**
 * A store number, then one to three words before the place (`JOES DINER #123 SOMEWHEREVILLE TX`,
 * `CHEVRON 0095006 TAHOE PARADISCA`): the name ends at the number, the words are the place's (a town
 * the gazetteer lacks, or the start of a cut one).
 */
export const placeAfterStoreNumber = /^(.+? (?:#\s?\d+|\d{3,}))((?: [A-Z][A-Z.'&-]*){1,3})$/;

/** Country codes sites use for their sound, not their country (`.co`, `.tv`, `.ai`); `.us` sites need a state. */
const genericCountryDomains = new Set(['CO', 'TV', 'ME', 'AI', 'LY', 'GG', 'FM', 'IO', 'US']);

/** The country a host's country-code domain names (`ticketbooth.com.au`: AU, `.co.uk`: GB), else null. */
export function countryOfHost(host: string): string | null {
  const code = host.slice(host.lastIndexOf('.') + 1).toUpperCase();
  if (code.length !== 2 || genericCountryDomains.has(code)) return null;
  return code === 'UK' ? 'GB' : code;
}

/** A site under a country's domain, directly or under its `co.` or `com.` (`amazon.se`, `amazon.co.uk`). */
const countrySite = /^([a-z0-9-]+)\.(?:(?:co|com)\.)?[a-z]{2}$/;

/** The `.com` of a site under a country's domain (`doordash.ca`, `amazon.co.uk`: doordash.com, amazon.com), else null. */
export function globalSiteOf(host: string): string | null {
  const site = countrySite.exec(host);
  return site && countryOfHost(host) !== null ? `${site[1]}.com` : null;
}

/** Whether the text is only a town of one of the countries, as a card line abroad prints it after a host. */
export function isTownOf(
  text: string,
  countries: readonly (string | null)[],
  gazetteer: PlaceGazetteer,
): boolean {
  return (
    text.split(' ').length <= 3 &&
    countries.some((country) => country !== null && gazetteer.isCity(country, text))
  );
}

/** Rows documenting the location parts, with their examples (the patterns above do the work). */
export const locationRules: readonly LocationRule[] = [
  {
    id: 'location.host',
    pattern: hostPattern,
    yields: { part: 'host' },
    examples: [
      { line: 'SPOTIFY USA SPOTIFY.COM NY', expect: { host: 'spotify.com', region: 'NY' } },
      // A country's domain, then only a town of the account's country: the host names the merchant.
      {
        line: 'TICKETBOOTH.COM.AU DARLINGHURST',
        homeCountry: 'AU',
        expect: { host: 'ticketbooth.com.au', name: 'TICKETBOOTH.COM.AU', city: 'DARLINGHURST' },
      },
    ],
  },
  {
    id: 'location.phone',
    pattern: phonePattern,
    yields: { part: 'phone' },
    examples: [
      { line: 'GEICO 800-841-3000 DC', expect: { name: 'GEICO', phone: '800-841-3000', region: 'DC' } },
    ],
  },
  {
    id: 'location.vanity-phone',
    pattern: vanityPhonePattern,
    yields: { part: 'phone' },
    examples: [
      {
        line: 'HARBOR CABLE              800-HARBORS  PA',
        expect: { name: 'HARBOR CABLE', phone: '800-HARBORS', region: 'PA' },
      },
    ],
  },
  {
    id: 'location.address',
    pattern: streetAddress,
    yields: { part: 'address' },
    examples: [
      {
        line: 'MIKES AUTO REPAIR12 MAIN ST',
        expect: { name: 'MIKES AUTO REPAIR', display: "Mike's Auto Repair" },
      },
      {
        line: 'SUNNYSIDE CAFE 1420 W BROADWAY AVE MINNEAPOLIS MN',
        expect: { name: 'SUNNYSIDE CAFE', region: 'MN' },
      },
      { line: 'CENEX-CRVS #12218 E HWY 3SAINT FRANCISKS', expect: { name: 'CENEX-CRVS' } },
      // A suffix with its dot, and a town the field cut after it (a credit union's POS line).
      {
        line: 'Withdrawal POS #025753 - HILLTOP BISTRO 3360 SAN PABLO DAM RD. SAN',
        expect: { name: 'HILLTOP BISTRO' },
      },
      { line: 'ROUTE 66 DINER', expect: { name: 'ROUTE 66 DINER' } },
      // A number in the name is no street's: the street starts at the last number before its words.
      { line: 'PIZZA 4 YOU 1200 ELM RD STE B CONCORD NC', expect: { name: 'PIZZA 4 YOU', city: 'CONCORD' } },
      // The store's own number before the street's.
      {
        line: 'TST* BLUE DOOR 2 1431 ELM AVE CHARLOTTE NC',
        expect: { name: 'BLUE DOOR', city: 'CHARLOTTE' },
      },
      // A unit's letter after the number run into a name the field cut (Apple Card's layout).
      {
        line: 'SQ *LEMON TREE SMOOTHI2715-B OAK AVENUE GREENSBORO 27408 NC USA',
        expect: { name: 'LEMON TREE SMOOTHI', city: 'GREENSBORO' },
      },
      // The branch's street without its number, before the address.
      {
        line: 'BURGER BARN N HILL ST. 400 NORTH HILL STREET CHARLOTTE 28217 NC USA',
        expect: { name: 'BURGER BARN' },
      },
    ],
  },
  {
    id: 'location.branch',
    pattern: branchSuffix,
    yields: { part: 'branch' },
    examples: [
      { line: 'TST* DOS TOROS - MAIDEN L', expect: { name: 'DOS TOROS', thirdParties: ['Toast'] } },
      { line: "LEE'S DELI - 615 M SAN FRANCISCO CA", expect: { name: "LEE'S DELI", city: 'SAN FRANCISCO' } },
      { line: 'ECO - FRIENDLY CLEANERS EDGEWATER NJ 06/21', expect: { name: 'ECO - FRIENDLY CLEANERS' } },
      { line: 'ARCHETYPE COFFEE-13TH', expect: { name: 'ARCHETYPE COFFEE' } },
      // The dash run into the name, the branch after a space (Apple Card's cut name field).
      {
        line: 'TST* OLIVE GROVE KITCHEN- NOR',
        expect: { name: 'OLIVE GROVE KITCHEN', thirdParties: ['Toast'] },
      },
      { line: 'DAZBOG COFFEE-CHILDREN   303-8929999  CO', expect: { name: 'DAZBOG COFFEE' } },
      { line: 'D5438 GOTHAM NEWS @PNST 445 NEW YORK NY', expect: { name: 'GOTHAM NEWS', city: 'NEW YORK' } },
    ],
  },
  {
    id: 'location.after-store-number',
    pattern: placeAfterStoreNumber,
    yields: { part: 'place' },
    examples: [
      { line: 'JOES DINER #123 SOMEWHEREVILLE TX', expect: { name: 'JOES DINER', city: 'SOMEWHEREVILLE' } },
      { line: 'CHEVRON 0095006 TAHOE PARADISCA', expect: { name: 'CHEVRON', region: 'CA' } },
      { line: 'LUCKY #745 REDWOOD', expect: { name: 'LUCKY', storeNumber: '745' } },
      { line: 'CAFE 300 BLUE DOOR', expect: { name: 'CAFE BLUE DOOR' } },
      {
        line: 'WM SUPERCENTER #1234 Wal-Mart Super Center FORT COLLINS CO',
        expect: { name: 'WM SUPERCENTER', city: 'FORT COLLINS' },
      },
    ],
  },
  {
    id: 'location.cut-town',
    pattern: /(?: [A-Z]+){2,3}$/,
    yields: { part: 'place' },
    examples: [
      { line: "SQ *PLATO'S CLOSET SAN JO", expect: { name: "PLATO'S CLOSET" } },
      { line: 'SQ *7LEAVES SANTA CLA', expect: { name: '7LEAVES' } },
      { line: 'SQ *7LEAVES SANTA CLARA L', expect: { name: '7LEAVES' } },
      { line: 'BLUE DOOR BISTRO', expect: { name: 'BLUE DOOR BISTRO' } },
      // One cut word starts a town of the account's country abroad; a word or a given name stays.
      { line: 'HARBOUR BAKERY MISSISS', homeCountry: 'CA', expect: { name: 'HARBOUR BAKERY' } },
      { line: 'BOULANGERIE PAUL', homeCountry: 'CA', expect: { name: 'BOULANGERIE PAUL' } },
      { line: 'HARBOUR BAKERY MISSISS', expect: { name: 'HARBOUR BAKERY MISSISS' } },
    ],
  },
  {
    id: 'location.home-town',
    pattern: /(?: [A-Z]+){1,3}$/,
    yields: { part: 'place' },
    examples: [
      { line: 'HERO SUSHI SYDNEY', homeCountry: 'AU', expect: { name: 'HERO SUSHI', city: 'SYDNEY' } },
      { line: 'THE RED LION OXFORD', homeCountry: 'GB', expect: { name: 'THE RED LION', city: 'OXFORD' } },
      { line: 'BWS LIQUOR 3131 HOBART', homeCountry: 'AU', expect: { name: 'BWS LIQUOR', city: 'HOBART' } },
      // The town is the name's after OF, and a word (`ORANGE`) or a given name stays the name's.
      {
        line: 'UNIVERSITY OF SYDNEY',
        homeCountry: 'AU',
        expect: { name: 'UNIVERSITY OF SYDNEY', city: null },
      },
      { line: 'BLOOD ORANGE', homeCountry: 'AU', expect: { name: 'BLOOD ORANGE', city: null } },
      { line: 'CAFE SYDNEY', homeCountry: 'AU', expect: { name: 'CAFE SYDNEY', city: null } },
      // Without the account's country, or in the US for a town of fewer than 300,000 people, the words stay.
      { line: 'HERO SUSHI SYDNEY', expect: { name: 'HERO SUSHI SYDNEY', city: null } },
      { line: 'JACKSON HEWITT', homeCountry: 'US', expect: { name: 'JACKSON HEWITT', city: null } },
      { line: 'DFS SAN FRANCISCO', homeCountry: 'US', expect: { name: 'DFS', city: 'SAN FRANCISCO' } },
      // Abroad a rarely used word is the town's (`MANLY`); `ST` is Saint; the store's suburb in its name goes too.
      { line: 'COVE ESPRESSO MANLY', homeCountry: 'AU', expect: { name: 'COVE ESPRESSO', city: 'MANLY' } },
      { line: 'CALTEX ST IVES ST IVES', homeCountry: 'AU', expect: { name: 'CALTEX', city: 'SAINT IVES' } },
      { line: 'COCO CUBANO CROWSNEST CROWS NEST', homeCountry: 'AU', expect: { name: 'COCO CUBANO' } },
      { line: 'HOTEL SYDNEY SYDNEY', homeCountry: 'AU', expect: { name: 'HOTEL SYDNEY' } },
      // The name run into a town of some size by the field (a Dutch one: its code is also Newfoundland's).
      { line: 'KORUCAFEAUCKLAND', homeCountry: 'NZ', expect: { name: 'KORUCAFE', city: 'AUCKLAND' } },
      { line: 'DE ZWAAN HAARLEM', homeCountry: 'NL', expect: { name: 'DE ZWAAN', city: 'HAARLEM' } },
      {
        line: 'SOLBACKA KIOSK UPPSALA C',
        homeCountry: 'SE',
        expect: { name: 'SOLBACKA KIOSK', city: 'UPPSALA' },
      },
    ],
  },
  {
    id: 'location.repeated-town',
    pattern: /(?: [A-Z]+){1,2}$/,
    yields: { part: 'place' },
    examples: [
      { line: 'OPORTO BROADWAY BROADWAY', expect: { name: 'OPORTO', city: 'BROADWAY' } },
      { line: 'BURGER PROJECT BROADWA BROADWAY', expect: { name: 'BURGER PROJECT' } },
      { line: 'WATSONS BAY PHARMACY WATSONS BAY', expect: { name: 'WATSONS BAY PHARMACY' } },
      { line: 'BORA BORA', expect: { name: 'BORA BORA' } },
    ],
  },
  {
    id: 'location.airport-code',
    pattern: /^[A-Z]{3} /,
    yields: { part: 'place' },
    examples: [
      { line: 'PHX BLUE MESA GRILL 12 PHOENIX AZ', expect: { name: 'BLUE MESA GRILL', city: 'PHOENIX' } },
      { line: 'ATL SWEET AUBURN BBQ ATLANTA GA', expect: { name: 'SWEET AUBURN BBQ', city: 'ATLANTA' } },
      // Another town's line keeps the letters: they are the name's.
      { line: 'PHX AUTO GLASS TUCSON AZ', expect: { name: 'PHX AUTO GLASS', city: 'TUCSON' } },
    ],
  },
  {
    id: 'location.town-part',
    pattern: / (?:OLD|DOWNTOWN|UPTOWN|MIDTOWN)$/,
    yields: { part: 'place' },
    examples: [
      { line: 'ROSITAS COCINA OLD SAN DIEGO CA', expect: { name: 'ROSITAS COCINA', city: 'SAN DIEGO' } },
      { line: 'LUIGIS TRATTORIA UPTOWN DALLAS TX', expect: { name: 'LUIGIS TRATTORIA', city: 'DALLAS' } },
      // After one word it is the name's.
      { line: 'CAFE UPTOWN DALLAS TX', expect: { name: 'CAFE UPTOWN' } },
    ],
  },
  {
    id: 'location.postal-code',
    pattern: / (\d{5})(?:-\d{4})?$/,
    yields: { part: 'postal-code' },
    examples: [
      { line: 'TST* EL FAROLITO SAN FRANCISCO CA 94110', expect: { postalCode: '94110', region: 'CA' } },
    ],
  },
  {
    id: 'location.abroad',
    pattern: / [A-Z]{2,3}$/,
    yields: { part: 'place' },
    examples: [
      { line: 'RYANAIR DUBLIN IE', expect: { name: 'RYANAIR', city: 'DUBLIN' } },
      { line: 'JOHN LEWIS GB', expect: { name: 'JOHN LEWIS GB' } },
      { line: 'HARBOUR CAFE LONDON UK', expect: { name: 'HARBOUR CAFE', city: 'LONDON', country: 'GB' } },
      {
        line: 'HARBOUR GRILL TORONTO ON CAN',
        expect: { name: 'HARBOUR GRILL', city: 'TORONTO', region: 'ON', country: 'CA' },
      },
      // Canada as Wells Fargo prints it (ISO's code of Congo), after a Canadian town.
      { line: 'BEST BUY #977 TORONTO CD', expect: { name: 'BEST BUY', city: 'TORONTO', country: 'CA' } },
      { line: 'MARCHE KIN KINSHASA CD', expect: { name: 'MARCHE KIN', city: 'KINSHASA', country: 'CD' } },
      { line: 'PAYPAL *DR. MARTEN 4029357733 CD', expect: { name: 'DR. MARTEN', country: 'CA' } },
    ],
  },
  {
    id: 'location.place',
    pattern: / [A-Z]{2}$/,
    yields: { part: 'place' },
    examples: [
      { line: 'BURLINGTON VETERINARBURLINGTON CT', expect: { city: 'BURLINGTON', region: 'CT' } },
      // A city's first word run into the name, the rest a city of its own (`NEW YORK`, not York).
      {
        line: 'HARBOR VIEW KIOSKNEW YORK NY',
        expect: { name: 'HARBOR VIEW KIOSK', city: 'NEW YORK', region: 'NY' },
      },
      { line: 'IKEA WEST CHESTER        WEST CHESTER US', expect: { name: 'IKEA', city: 'WEST CHESTER' } },
      // The phone took the city's slot: JUNCTION is the name's, not Junction, Utah.
      {
        line: 'PURCHASE 1124 BLUE JEAN JUNCTION 801-571-6957 UT',
        expect: { name: 'BLUE JEAN JUNCTION', city: null },
      },
      {
        line: 'MATTRESS BARN OF FARGO FARGO * ND',
        expect: { name: 'MATTRESS BARN OF FARGO', city: 'FARGO' },
      },
      { line: 'UC BERKELEY BERKELEY CA', expect: { name: 'UC BERKELEY', city: 'BERKELEY' } },
      // A town after `OF` is the name's own, and the place still.
      { line: 'CITY OF COLUMBIA  SC', expect: { name: 'CITY OF COLUMBIA', city: 'COLUMBIA', region: 'SC' } },
      // A town in mixed case run into the name.
      {
        line: 'AplPay MOCHAS & JAVASan Marcos          TX',
        expect: { name: 'MOCHAS & JAVA', city: 'SAN MARCOS' },
      },
      { line: "McDonald's F1234 Chicago IL", expect: { name: "MCDONALD'S" } },
      {
        line: 'HAPPY GARDEN CHINESE SAN FRANCISC CA',
        expect: { name: 'HAPPY GARDEN CHINESE', city: 'SAN FRANCISCO' },
      },
      {
        line: 'BACI CAFE & WINE B HEALDSBURG CAUS',
        expect: { name: 'BACI CAFE & WINE B', city: 'HEALDSBURG' },
      },
      // The merchant's own misspelt, cut town.
      {
        line: 'PURCHASE AUTHORIZED ON 08/20 BLUE MOON DINER CHARLOTTSVILL VA S627233546116656 CARD 7300',
        expect: { name: 'BLUE MOON DINER', city: 'CHARLOTTESVILLE' },
      },
      // The town's abbreviation beside the name.
      { line: 'TASTE OF INDIA CLT 11/18 MOBILE PURCHASE CHARLOTTE NC', expect: { name: 'TASTE OF INDIA' } },
      // A common word the field had room for is the name's (no `FACTORYVILLE`, no `EXPRESS MAIL ...`).
      { line: 'THE CHEESECAKE FACTORY PA', expect: { city: null } },
      { line: 'TST* TAPIOCA EXPRESS CA', expect: { name: 'TAPIOCA EXPRESS', city: null } },
      // A number after the name is no country: KING and EAGLE are the names' (not King, NC; Eagle, ID).
      { line: 'BURGER KING 93490', expect: { name: 'BURGER KING', city: null } },
      { line: 'AMERICAN EAGLE 55446', expect: { name: 'AMERICAN EAGLE', city: null } },
      { line: 'TARGET 00067549 MA', expect: { name: 'TARGET', region: 'MA' } },
      { line: 'BP 5024429 OH', expect: { name: 'BP', region: 'OH' } },
      {
        line: 'BURGER KING 15269 NC',
        expect: { name: 'BURGER KING', city: null, region: 'NC', postalCode: null },
      },
      {
        line: 'HARBOR GRILL KING 27021 NC',
        expect: { name: 'HARBOR GRILL', city: 'KING', postalCode: '27021' },
      },
      { line: 'TARGET T-8048 OH', expect: { name: 'TARGET', region: 'OH' } },
    ],
  },
];

/**
 * US airports' IATA codes and the towns statements print for them. An airport's shops and restaurants print
 * the code before their name (`PHX PITA JUNGLE 63 PHOENIX AZ`, `ATL ... ATLANTA GA`). Codes that are words or
 * start names (`SEA`, `DEN`, `LAS`, `MIA`, `SAN`, `OAK`) are left out.
 */
const airportTowns: Readonly<Record<string, readonly string[]>> = {
  ATL: ['ATLANTA', 'COLLEGE PARK', 'HAPEVILLE'],
  BNA: ['NASHVILLE'],
  BOS: ['BOSTON', 'EAST BOSTON'],
  BWI: ['BALTIMORE', 'LINTHICUM', 'LINTHICUM HEIGHTS', 'GLEN BURNIE'],
  CLT: ['CHARLOTTE'],
  CMH: ['COLUMBUS'],
  DCA: ['ARLINGTON', 'WASHINGTON'],
  DFW: ['DFW AIRPORT', 'DALLAS', 'FORT WORTH', 'GRAPEVINE', 'IRVING', 'EULESS'],
  DTW: ['DETROIT', 'ROMULUS'],
  EWR: ['NEWARK'],
  FLL: ['FORT LAUDERDALE', 'DANIA BEACH', 'DANIA'],
  HNL: ['HONOLULU'],
  IAD: ['DULLES', 'STERLING', 'CHANTILLY', 'WASHINGTON'],
  IAH: ['HOUSTON', 'HUMBLE'],
  JFK: ['JAMAICA', 'NEW YORK', 'QUEENS'],
  LAX: ['LOS ANGELES'],
  LGA: ['FLUSHING', 'EAST ELMHURST', 'NEW YORK', 'QUEENS'],
  MCI: ['KANSAS CITY'],
  MCO: ['ORLANDO'],
  MDW: ['CHICAGO'],
  MSP: ['MINNEAPOLIS', 'SAINT PAUL', 'BLOOMINGTON'],
  MSY: ['NEW ORLEANS', 'KENNER'],
  ORD: ['CHICAGO'],
  PDX: ['PORTLAND'],
  PHL: ['PHILADELPHIA'],
  PHX: ['PHOENIX'],
  RDU: ['RALEIGH', 'MORRISVILLE', 'DURHAM'],
  SFO: ['SAN FRANCISCO', 'SOUTH SAN FRANCISCO', 'MILLBRAE', 'BURLINGAME'],
  SJC: ['SAN JOSE'],
  SLC: ['SALT LAKE CITY'],
  SMF: ['SACRAMENTO'],
  STL: ['SAINT LOUIS', 'ST LOUIS'],
  TPA: ['TAMPA'],
};

/** Whether a name's first word is the code of its town's airport (`PHX` in Phoenix). */
export const isAirportCode = (word: string, city: string): boolean =>
  airportTowns[word]?.includes(city) ?? false;

/** Words that name a part of the town before its name (`OLD SAN DIEGO`, `DOWNTOWN TORONTO`): the branch's, not the name's. */
export const townPartWords: ReadonlySet<string> = new Set(['OLD', 'DOWNTOWN', 'UPTOWN', 'MIDTOWN']);

/** State codes that are also words at the end of names (`ACME CO`, `PLUG IN`, `SAY HI`). */
const wordLikeRegions = new Set(['CO', 'IN', 'OR', 'ME', 'HI', 'OK', 'OH', 'DE', 'PA', 'MA', 'AL', 'ID']);
/** A few city abbreviations that statements use instead of the name. */
const cityAbbreviations: Readonly<Record<string, string>> = {
  SF: 'SAN FRANCISCO',
  NYC: 'NEW YORK',
  NY: 'NEW YORK',
  LA: 'LOS ANGELES',
  SLC: 'SALT LAKE CITY',
  KC: 'KANSAS CITY',
  LV: 'LAS VEGAS',
  DC: 'WASHINGTON',
  STL: 'SAINT LOUIS',
  PHILA: 'PHILADELPHIA',
};
/** `ST PAUL` is Saint Paul, `FT WORTH` Fort Worth, `MT VERNON` Mount Vernon. */
const longForms: Readonly<Record<string, string>> = { ST: 'SAINT', FT: 'FORT', MT: 'MOUNT' };
/** A town's name as the gazetteer spells it: `ST IVES` is Saint Ives. */
const withLongForm = (town: string) =>
  town.replace(/^(ST|FT|MT)\.? /, (_, short: string) => `${longForms[short]} `);
const countryTail = / (?:USA|US|840)$/;

export interface Tail extends LocationParts {
  text: string;
}

/** The district of a British postcode (`W1T`, `SW1A`, `M4`), printed after the town. */
const ukDistrict = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/**
 * Codes an issuer prints for a country other than ISO's, read so unless a town of ISO's country stands
 * before: Wells Fargo's purchases abroad print Canada `CD` (`PURCHASE INTL AUTHORIZED ON 07/25 BEST BUY #977
 * TORONTO CD S616... CARD 7019`, `PAYPAL *DR. MARTEN 4029357733 CD`), ISO's code of Congo.
 */
const issuerCountryCodes: Readonly<Record<string, string>> = { CD: 'CA' };

/** The town of `country` that `words` end with (three words at most, `keep` words left to the name), else null. */
function townAtEnd(words: readonly string[], country: string, keep: number, gazetteer: PlaceGazetteer) {
  for (let size = Math.min(3, words.length - keep); size >= 1; size--) {
    const city = words.slice(words.length - size).join(' ');
    if (gazetteer.isCity(country, city)) return { city, kept: words.slice(0, words.length - size).join(' ') };
  }
  return null;
}

/**
 * A town abroad and its country's code (`RYANAIR DUBLIN IE`, `SPOTIFY STOCKHOLM SE`, `AIRBNB LONDON GBR`):
 * only a code that is no US state or Canadian province, and only after a town of that country.
 */
function foreignTail(
  text: string,
  gazetteer: PlaceGazetteer,
  afterContact: boolean,
  citySlotTaken: boolean,
): Tail | null {
  const space = text.lastIndexOf(' ');
  const code = text.slice(space + 1);
  const isoCountry = space > 0 && code.length <= 3 ? gazetteer.countryCodes.get(code) : undefined;
  if (!isoCountry || isoCountry === 'US' || gazetteer.regionCountry.has(code)) return null;
  const before = text.slice(0, space).split(' ');
  // The name keeps a word, unless a host or phone before the place named the merchant (`APPLE.COM/BILL SYDNEY AU`).
  const keep = afterContact ? 0 : 1;
  // A code an issuer prints for another country is that country's, unless a town of ISO's stands before it.
  const printedFor = issuerCountryCodes[code];
  const country = printedFor && !townAtEnd(before, isoCountry, keep, gazetteer) ? printedFor : isoCountry;
  // An Australian town is followed by its state, often cut to two letters (`SYDNEY NS AUS`), and some issuers
  // print the country twice (`SYDNEY AU AUS`).
  const slot = before.length > keep + 1 ? (before.at(-1) as string) : '';
  // A Canadian province before its country's code (`TORONTO ON CAN`) too.
  const region =
    statesAbroad[country]?.has(slot) || gazetteer.regionCountry.get(slot) === country ? slot : null;
  const doubled = slot.length === 2 && code.length === 3 && gazetteer.countryCodes.get(slot) === country;
  if (region || doubled) before.pop();
  // A British postcode's district after the town (`JACK HORNER LONDON W1T GB`).
  const district = country === 'GB' && before.length > keep + 1 && ukDistrict.test(before.at(-1)!);
  const postalCode = district ? before.pop()! : null;
  const town = townAtEnd(before, country, keep, gazetteer);
  if (town) return { text: town.kept, address: null, city: town.city, region, country, postalCode };
  // A town the gazetteer lacks, or one the field cut, after a name of two words or more: one word that is no
  // English word (`RABACAL NATURE SPOT CALHETA PT`, `M&S SIMPLY FOOD - SSP GATWICK AIRPO GB`).
  const last = before.at(-1) ?? '';
  if (
    before.length >= keep + 2 &&
    /^[A-Z]{4,}$/.test(last) &&
    !gazetteer.isCommonWord(last.toLowerCase()) &&
    !afterContact
  ) {
    return { text: before.slice(0, -1).join(' '), address: null, city: null, region, country, postalCode };
  }
  // A phone or host in the city's slot: the country alone (`PAYPAL *REGINALINEN 4029357733 HK`); a phone
  // abroad the phone pattern does not know is a long number there (`STEAM GAMES 35314369001 GB GBR`). A state
  // or the country printed twice is a place whatever town the gazetteer lacks.
  const number = before.length > 1 && /^\d{7,}$/.test(before.at(-1) as string);
  // A store's number, then the country (`BOOTS 1234 GB`): the store is the place.
  const store = before.length > 1 && /^#?\d{1,6}$/.test(before.at(-1) as string);
  if (store) return { text: before.join(' '), address: null, city: null, region: null, country, postalCode };
  if (citySlotTaken || number || region || doubled) {
    const kept = number ? before.slice(0, -1) : before;
    return { text: kept.join(' '), address: null, city: null, region: null, country, postalCode: null };
  }
  return null;
}

/**
 * Removes a trailing `CITY ST [ZIP] [US]`. A state code alone is a place when a
 * phone or host stood before it, or when it cannot be read as a word. The
 * name keeps at least one token.
 */
export function stripPlaceTail(
  text: string,
  gazetteer: PlaceGazetteer,
  afterContact: boolean,
  citySlotTaken = false,
): Tail {
  const none: Tail = { text, address: null, city: null, region: null, country: null, postalCode: null };
  const abroad = foreignTail(text, gazetteer, afterContact, citySlotTaken);
  if (abroad) return abroad;
  let rest = text.replace(countryTail, '');
  const countryPrinted = rest !== text;
  // A state and the country run together by a fixed-width field: `BACI CAFE & WINE B HEALDSBURG CAUS`,
  // and the bank's code after them (`RALEIGH NCUS07154`).
  const runInCountry = /(?: |(?=[A-Z]{2}US\d))([A-Z]{2})US(?:\d{3,6})?$/.exec(rest);
  if (runInCountry && gazetteer.regionCountry.get(runInCountry[1]!) === 'US') {
    rest = rest.slice(0, runInCountry.index + runInCountry[0].indexOf(runInCountry[1]!) + 2);
  }
  let postalCode: string | null = null;
  const zip = / (\d{5})(?:-?\d{4})?$/.exec(rest);
  if (zip && rest.length > zip[0].length) {
    postalCode = zip[1]!;
    rest = rest.slice(0, zip.index);
  }
  const tokens = rest.split(' ');
  // `APPLE.COM/BILL 866-712-7753 CA`: only the state was left after the phone.
  if (tokens.length === 1) {
    const lone = gazetteer.regionCountry.get(rest);
    return lone && afterContact
      ? { ...none, text: '', region: rest, country: lone, postalCode }
      : postalCode
        ? { ...none, text: rest, postalCode }
        : none;
  }
  const region = tokens[tokens.length - 1]!;
  const country = region.length === 2 ? gazetteer.regionCountry.get(region) : undefined;
  // `SAN FRANCISCO CA 94110` and `94110 CA` both occur; so does a ZIP before the state.
  if (!country) {
    // The state run into a city (`PRODUCEFAYETTEVILLEAR`, `COLORADO SPRICO`): taken only when a city reads.
    const runInRegion = region.length > 4 ? region.slice(-2) : '';
    if (runInRegion && gazetteer.regionCountry.has(runInRegion)) {
      const split = stripPlaceTail(
        [...tokens.slice(0, -1), region.slice(0, -2), runInRegion].join(' '),
        gazetteer,
        afterContact,
      );
      if (split.city) return { ...split, postalCode: split.postalCode ?? postalCode };
    }
    // `IKEA WEST CHESTER  WEST CHESTER US`: a country and no state; the city is any of the country's. A
    // number alone is no country (`BURGER KING 93490`: a store's number, or a ZIP, after the name).
    if (countryPrinted) {
      for (let size = Math.min(3, tokens.length - 1); size >= 1; size--) {
        const city = tokens.slice(tokens.length - size).join(' ');
        if (city.length >= 4 && gazetteer.isCity('US', city)) {
          const kept = withoutRepeatedCity(tokens.slice(0, tokens.length - size), city);
          return { ...none, text: kept.join(' '), city, country: 'US', postalCode };
        }
      }
    }
    return postalCode ? { ...none, text: rest, postalCode } : none;
  }
  const before = tokens.slice(0, -1);
  // A ZIP of another state before the state is the store's number (`BURGER KING 15269 NC`: no King, NC).
  const last = before.at(-1) ?? '';
  const zipBefore =
    /^\d{5}$/.test(last) && (gazetteer.zipRegion(last) ?? region) === region ? before.pop() : undefined;
  if (zipBefore && !postalCode) postalCode = zipBefore;
  if (citySlotTaken) return { ...none, text: before.join(' '), region, country, postalCode };
  // A town after `OF` is the name's own too (`CITY OF COLUMBIA SC`), and still the place.
  const found = (kept: string[], city: string): Tail => ({
    ...none,
    text: kept.at(-1) === 'OF' ? before.join(' ') : withoutRepeatedCity(kept, city).join(' '),
    city,
    region,
    country,
    postalCode,
  });
  // The longest run of 1-3 tokens before the region that names a city of it.
  for (let size = Math.min(3, before.length - 1); size >= 1; size--) {
    const candidate = before.slice(before.length - size).join(' ');
    const city = cityAbbreviations[candidate] ?? withLongForm(candidate);
    if (!gazetteer.isCity(region, city)) continue;
    // A longer city whose first word a fixed-width field ran into the name (`OBSY KIOSKNEW YORK`: New York,
    // not York).
    const previous = before[before.length - size - 1];
    const longer =
      previous && before.length > size + 1 ? gazetteer.cityEnding(region, `${previous} ${city}`) : null;
    // Its first word of three letters or more (`N LITTLE ROCK` is North Little Rock's shortening).
    if (longer && longer.split(' ').length === size + 1 && longer.indexOf(' ') >= 3) {
      const left = previous!.slice(0, previous!.length - (longer.length - city.length - 1));
      return found([...before.slice(0, before.length - size - 1), left], longer);
    }
    return found(before.slice(0, before.length - size), city);
  }
  // A city cut by the field's width (`SAN FRANCISC`), or run into the name (`VETERINARBURLINGTON`).
  if (before.length >= 2) {
    for (let size = Math.min(3, before.length - 1); size >= 1; size--) {
      const partial = before.slice(before.length - size).join(' ');
      // Fields cut cities at 13 characters: a short word is a word, not a cut city (`LISA ALLEN CA` is no
      // `ALLENDALE`), nor is a short word before a run-in state (`MARTIN` is not `MART IN`), nor a common
      // word that a field had room for (`CHEESECAKE FACTORY PA` is no `FACTORYVILLE`; `TAHOE PARADIS` is cut).
      if (partial.length < 7) continue;
      if (partial.length < FIELD_CUT && gazetteer.isCommonWord(partial.toLowerCase())) continue;
      const city = gazetteer.completeCity(region, partial);
      if (city) return found(before.slice(0, before.length - size), city);
    }
    // The merchant's own spelling of its town, cut (`CHARLOTTSVILL`, `CHARLOTTESVLE`): one word only.
    const near = gazetteer.nearCity(region, before.at(-1)!);
    if (near) return found(before.slice(0, -1), near);
    // A city run into the name's last word by a fixed-width field: `VETERINARBURLINGTON`,
    // `ACUPUNCTUOKLAHOMA CITY`. The name keeps 3 letters of that word, or 1 when other words stand before it.
    for (let size = Math.min(3, before.length); size >= 1; size--) {
      // A city of several words ends with a word that ends some city of the region (`CITY`, `PAUL`).
      if (size > 1 && !gazetteer.isLastWordOfCity(region, before.at(-1)!)) continue;
      const run = before.slice(before.length - size).join(' ');
      const ending = gazetteer.cityEnding(region, run);
      if (!ending || ending.split(' ').length !== size) continue;
      const left = run.slice(0, run.length - ending.length);
      if (left.length < (before.length > size ? 1 : 3)) continue;
      return found([...before.slice(0, before.length - size), left], ending);
    }
  }
  // Square and Shopify print the merchant's name again in the city slot (`BUBBLES CAR WASH BUBBLESCARWAS TN`).
  const echo = before.length >= 2 ? before.at(-1)! : '';
  if (
    echo.length >= 6 &&
    squashed(before.slice(0, -1).join(' ')).startsWith(echo.replace(/[^A-Z0-9]/g, ''))
  ) {
    return { ...none, text: before.slice(0, -1).join(' '), region, country, postalCode };
  }
  // A state that reads as a word (`MA`, `OH`) is one after a phone, a host, a ZIP or the store's number.
  const afterStoreNumber = /^(?:#|[A-Z]-?)?\d{3,}$/.test(before.at(-1) ?? '');
  const isPlace = afterContact || postalCode !== null || afterStoreNumber || !wordLikeRegions.has(region);
  if (!isPlace) return none;
  return { ...none, text: before.filter(Boolean).join(' '), region, country, postalCode };
}

/** The width city fields cut at (12 or 13): a word shorter than this was printed whole. */
const FIELD_CUT = 12;

const squashed = (text: string) => text.replace(/[^A-Z0-9]/g, '');

/**
 * Hotels and venues print the city in their name and again in the city slot
 * (`FAIRFIELD INN WICHITA WICHITA KS`, `HILTON GARDEN INN SAN SAN FRANCISCO CA`):
 * a trailing repeat of the city, or the start of its first word, goes. A word stays.
 */
function withoutRepeatedCity(kept: string[], city: string): string[] {
  const words = city.split(' ');
  for (let size = Math.min(words.length, kept.length - 1); size >= 1; size--) {
    const tail = kept.slice(kept.length - size);
    // The whole city again, or its start cut short: `SAN` of San Francisco, `SECA` of Secaucus (a store
    // named after its city in a fixed-width slot: `CUPS FROZEN YOGURT SECA SECAUCUS NJ`).
    const repeats =
      tail.every((word, index) =>
        index === size - 1
          ? word === words[index] ||
            (words[index]!.startsWith(word) && word.length >= (words.length > size ? 3 : 4))
          : word === words[index],
      ) ||
      // A town of several words run together, whole or cut (`CROWSNEST`, `CROWSNE` of Crows Nest).
      (size === 1 && words.length > 1 && tail[0]!.length >= 5 && squashed(city).startsWith(tail[0]!));
    // `MATTRESS BARN OF FARGO  FARGO ND`: a name that ends `OF <city>` keeps it, and so does one that would
    // be left a short abbreviation (`UC BERKELEY  BERKELEY CA`).
    const left = kept.slice(0, kept.length - size);
    const abbreviationOnly = left.length === 1 && left[0]!.length <= 3;
    if (repeats && !abbreviationOnly && !/^(?:OF|AT|IN)$/.test(kept[kept.length - size - 1] ?? ''))
      return left;
  }
  return kept;
}

/** Cuts a street address (and what follows it) from the end of a name. */
export function stripStreetAddress(text: string): { text: string; address: string | null } {
  const found = streetAddress.exec(text);
  // The name keeps what stood before the address; an address first is a name (`3600 LAS VEGAS BLVD`).
  if (!found || found.index === 0) return { text, address: null };
  return { text: text.slice(0, found.index), address: found[1] ?? found[2]! };
}

/**
 * Whether `token` abbreviates `city` as businesses and airports do: the initials of its words (`SLO` San
 * Luis Obispo), or its first letter and consonants in its order (`CLT` Charlotte, `PHX` Phoenix). A cut
 * word has vowels (`SAL` of `SALON` before Seattle, `HO` before Hoboken): it is no abbreviation.
 */
export function abbreviatesCity(token: string, city: string): boolean {
  if (token.length < 2 || token.length > 4 || !/^[A-Z]+$/.test(token)) return false;
  const words = city.split(' ');
  if (words.length === token.length && words.every((word, index) => word[0] === token[index])) return true;
  if (token[0] !== city[0] || /[AEIOUY]/.test(token.slice(1))) return false;
  let at = 1;
  for (const letter of token.slice(1)) {
    at = city.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** An article alone is no name (`THE ROYAL OAK` is a pub, not Royal Oak, MI). */
const articleAlone = /^(?:THE|A|AN|LA|LE|EL|LOS|LAS|LES)$/;

/**
 * A town the field cut with no state after it (`SQ *PLATO'S CLOSET SAN JO`, `SQ *7LEAVES SANTA CLA`):
 * two or three last words that start a US city's name, the first of them whole. On an account abroad
 * (`country`, upper-case alpha-2) one cut word may start a town of its country too (`HARBOUR BAKERY MISSISS`):
 * four letters or more, neither an English word, a given name nor a whole town (`withoutHomeTown` reads those),
 * and not after `OF`. The name keeps a word other than an article.
 */
export function withoutCutTown(
  text: string,
  gazetteer: PlaceGazetteer,
  country: string | null = null,
): { text: string; town: string | null } {
  const words = text.split(' ');
  // A letter after the town is the start of the next word the field cut (`7LEAVES SANTA CLARA L`).
  const cutLetter = words.length > 3 && words.at(-1)!.length === 1 ? 1 : 0;
  for (let size = Math.min(3, words.length - 1 - cutLetter); size >= 2; size--) {
    const tail = words.slice(words.length - size - cutLetter, words.length - cutLetter).join(' ');
    const kept = words.slice(0, words.length - size - cutLetter).join(' ');
    if (articleAlone.test(kept)) continue;
    if (tail.length >= 6 && gazetteer.startsUsCity(tail) && /^[A-Z ]+$/.test(tail))
      return { text: kept, town: tail };
  }
  const last = words.at(-1)!;
  const kept = words.slice(0, -1).join(' ');
  const abroad = country !== null && country !== 'US';
  if (
    abroad &&
    words.length >= 2 &&
    !articleAlone.test(kept) &&
    /^[A-Z]{4,}$/.test(last) &&
    !gazetteer.isCommonWord(last.toLowerCase()) &&
    !givenNames.has(last) &&
    !ownTownAfter.test(words.at(-2)!) &&
    !gazetteer.isCity(country, last) &&
    gazetteer.startsTown(country, last)
  )
    return { text: kept, town: last };
  return { text, town: null };
}

/**
 * A card line's town slot that repeats words of the name, a town the gazetteer lacks: the store's suburb in its
 * name and again in the slot (`OPORTO BROADWAY BROADWAY`), cut in the name (`BURGER PROJECT BROADWA BROADWAY`),
 * or a name that starts with its town (`WATSONS BAY PHARMACY WATSONS BAY`). The slot goes, and a suburb right
 * before it; a name's own first words stay.
 */
export function withoutRepeatedTown(text: string): { text: string; town: string | null } {
  const words = text.split(' ');
  for (let size = Math.min(2, Math.floor((words.length - 1) / 2)); size >= 1; size--) {
    const town = words.slice(words.length - size);
    if (town.join('').length < 4 || !town.every((word) => /^[A-Z]+$/.test(word))) continue;
    const before = words.slice(words.length - 2 * size, words.length - size);
    const cutBefore = size === 1 && before[0]!.length >= 4 && town[0]!.startsWith(before[0]!);
    const kept =
      before.join(' ') === town.join(' ') || cutBefore
        ? words.slice(0, words.length - 2 * size)
        : words.slice(0, size).join(' ') === town.join(' ') && words.length > 2 * size
          ? words.slice(0, words.length - size)
          : null;
    if (!kept || leavesNoName(kept)) continue;
    return { text: kept.join(' '), town: town.join(' ') };
  }
  return { text, town: null };
}

/** Words after which a town is the name's own (`UNIVERSITY OF SYDNEY`, `BREAD & BUTTER`). */
const ownTownAfter = /^(?:OF|AT|IN|ON|BY|THE|AND|&|DE|LA|LE|EL|DU)$/;
/** A venue's word alone before a town: the town is the name's (`CAFE SYDNEY`, `HOTEL LONDON`). */
const venueAlone = /^(?:CAFE|CAFFE|HOTEL|BAR|PUB|GRILL|BISTRO|KITCHEN|PIZZA|SUSHI|TAVERN|CLUB)$/;
/** Whether the words a town would leave are no name: none, a letter, an article or a venue's word alone. */
const leavesNoName = (left: readonly string[]) =>
  left.length === 0 ||
  (left.length === 1 && (left[0]!.length < 2 || articleAlone.test(left[0]!) || venueAlone.test(left[0]!)));
/**
 * The people a town needs to end a line alone. A US town needs many: the country's towns are many, and many
 * are words or surnames (`JACKSON HEWITT` is no Hewitt, Texas); a town of two or three words is rarer by
 * chance. Elsewhere a town that is also a word or a given name needs a city's size (`READING`, not `ORANGE`).
 */
const townAlone = { usOneWord: 300_000, usWords: 20_000, wordLike: 100_000, runIn: 50_000 };

/**
 * A card line abroad whose last word runs the name into a town of the account's country, as a fixed-width
 * field prints it (`MELLOWAUCKLAND`, `OKQESKILSTUNA`): the two words apart. Only a town of some size (a
 * short or small one ends many words) and at least three letters of name before it.
 */
export function withRunInHomeTown(text: string, gazetteer: PlaceGazetteer, country: string): string {
  if (country === 'US') return text;
  const space = text.lastIndexOf(' ');
  const last = text.slice(space + 1);
  if (!/^[A-Z]{9,}$/.test(last)) return text;
  for (let at = 3; at <= last.length - 6; at++) {
    if (gazetteer.townPopulation(country, last.slice(at)) >= townAlone.runIn)
      return `${text.slice(0, space + 1)}${last.slice(0, at)} ${last.slice(at)}`;
  }
  return text;
}

/**
 * A town of the account's country ending a card line with no state or country after it, as banks abroad print
 * it (`HERO SUSHI SYDNEY` on an Australian card, `THE RED LION OXFORD` on a British one): one to three words
 * naming a town of that country, not after `OF` or an article. The name keeps a word other than an article or
 * a venue's. A country whose code is also a state's or province's (`NL`, `DE`) shares the gazetteer's key with
 * it: only the country's own towns are read.
 */
export function withoutHomeTown(
  text: string,
  gazetteer: PlaceGazetteer,
  country: string,
): { text: string; town: string | null } {
  const none = { text, town: null };
  // A country whose code is also a state's or province's (`NL`, Newfoundland; `DE`, Delaware) shares its
  // key with that region's towns: only a town of the country itself counts.
  const isTown = gazetteer.regionCountry.has(country)
    ? (town: string) => gazetteer.townPopulation(country, town) > 0
    : (town: string) => gazetteer.isCity(country, town);
  const printedWords = text.split(' ');
  // A letter after a town abroad names its part (`ESKILSTUNA C`, Swedish for the centre).
  const words =
    country !== 'US' && printedWords.length >= 3 && /^[A-Z]$/.test(printedWords.at(-1)!)
      ? printedWords.slice(0, -1)
      : printedWords;
  for (let size = Math.min(3, words.length - 1); size >= 1; size--) {
    const printed = words.slice(words.length - size).join(' ');
    const town = withLongForm(printed);
    if (!/^[A-Z][A-Z' -]+$/.test(town) || !isTown(town)) continue;
    const kept = words.slice(0, words.length - size);
    if (ownTownAfter.test(kept.at(-1)!) || leavesNoName(kept)) continue;
    const people = gazetteer.townPopulation(country, town);
    const lower = town.toLowerCase();
    const tooSmall =
      country === 'US'
        ? (size === 1 && (gazetteer.isCommonWord(lower) || givenNames.has(town))) ||
          people < (size === 1 ? townAlone.usOneWord : townAlone.usWords)
        : // Abroad, towns are fewer: only a much-used word (`READING`, `ORANGE`) or a given name is a name's
          // word rather than the town's (`MANLY` ends a line in its Sydney suburb).
          size === 1 &&
          (gazetteer.isFrequentWord(lower) || givenNames.has(town)) &&
          people < townAlone.wordLike;
    if (tooSmall) continue;
    // The store's suburb in its name, then the town's slot (`OPORTO PYRMONT PYRMONT`, `COCO CUBANO CROWSNEST
    // CROWS NEST`): both go, unless a venue's word alone would be left (`HOTEL SYDNEY SYDNEY`).
    const shorter = withoutRepeatedCity(kept, printed);
    return { text: (leavesNoName(shorter) ? kept : shorter).join(' '), town };
  }
  return none;
}
