/**
 * The merchant of a card purchase: the line's readings matched against the catalog with the evidence
 * around them (MCC, processor, place), then the fallbacks — a marketplace that sold the goods itself,
 * a third party alone on the line, and else the name read from the line, unverified.
 */

import { type ThirdParty as CatalogThirdParty, type Merchant, registrableDomain } from '@txenrich/catalog';
import type { Anatomy } from '../anatomy/anatomy.js';
import { globalSiteOf } from '../anatomy/location.js';
import { prefixKey } from '../anatomy/prefixes.js';
import { isProductWord } from '../anatomy/product-words.js';
import type { Place } from '../lexicon.js';
import { homeCountryOf } from '../normalize/home-country.js';
import type { Line } from '../normalize/line.js';
import { bareHost, compactKey, nameKey } from '../normalize/text.js';
import { airlineMccOfTicket } from './airline-tickets.js';
import { fillerWords, industryOfWord, lendsMoney, sendsMoney, wordFitsIndustry } from './evidence.js';
import type { MatchEvidence, MatchQuery, MatchResult, MatchTrace } from './matcher.js';
import { namesPerson } from './p2p.js';
import type { ResolveParts } from './parts.js';
import { largeTownOf } from './place.js';

export interface CardCounterparty {
  match: MatchResult | null;
  merchant: Merchant | null;
  /** The third parties on the line, but a third party that is itself the merchant. */
  parties: CatalogThirdParty[];
  peerToPeer: boolean;
  /**
   * A person paid through a wallet that also takes card payments (`PAYPAL *JOHN SMITH`): money sent, not
   * a purchase, unless the catalog knows the name.
   */
  toPerson: boolean;
  /**
   * The merchant is a P2P or remittance app the line names by a name too common to be its marker (`Wise`):
   * money sent or received, as on a line that names the app's marker.
   */
  appNamed: boolean;
  /** A buy-now-pay-later lender is paid back (no merchant stands behind it). */
  repaysInstallments: boolean;
  /** A third party alone on the line (`PAYPAL`), shown when no merchant is found. */
  lone: CatalogThirdParty | undefined;
  /** The merchant as the line names it, when the catalog knows it not. */
  unverifiedName: string | null;
}

/**
 * Readings of the merchant text, best first: the cleaned merchant, the same
 * without a leading third-party name (`DOORDASH BURGERKING`), the other parts
 * of a `PREFIX*SUFFIX` descriptor, and the whole descriptor (aliases such as
 * `VZWRLSS*APOCC VISB` are whole statement forms).
 */
function readingsOf(
  descriptor: Anatomy,
  parties: readonly CatalogThirdParty[],
  platformNamed: (word: string) => boolean,
): string[] {
  const readings = [descriptor.name];
  const words = descriptor.name.split(' ');
  for (const party of parties) {
    if (words.length > 1 && compactKey(nameKey(words[0]!)) === compactKey(nameKey(party.name))) {
      readings.push(words.slice(1).join(' '));
    }
  }
  // A platform named after a facilitator's prefix sold through it (`PP*GOOGLE PANDORA`: PayPal paid Google Play).
  if (
    words.length > 1 &&
    parties.some((party) => party.roles.includes('facilitator')) &&
    platformNamed(words[0]!)
  )
    readings.push(words.slice(1).join(' '));
  // A store's number run into the name (`BP#2753069ANJNEY`, `BP#9384721CIRCLE STOP`): the name ends there, the
  // words after the number are the store's own.
  const runIn = storeNumberRunIn.exec(descriptor.raw)?.[1];
  const ends = runIn ? words.indexOf(runIn) : -1;
  if (ends >= 0 && ends < words.length - 1) readings.push(words.slice(0, ends + 1).join(' '));
  // The marketplace's own host (`IC* PUBLIX BY INSTACART INSTACART.COM`) names the marketplace, not the merchant.
  const partyHosts = parties.flatMap((party) => (party.website ? [bareHost(party.website)] : []));
  readings.push(
    ...descriptor.alternates.filter((alternate) => !partyHosts.includes(alternate.toLowerCase())),
  );
  return [...new Set(readings)];
}

/**
 * The line's last third-party prefix with the name after it, a brand's own statement form when the party sells
 * its own products under it (`GOOGLE *FI`: Google Fi, no other `Fi`).
 */
function prefixedForms(descriptor: Anatomy): string[] {
  const prefix = descriptor.prefixes.findLast((found) => found.id === 'prefix.third-party');
  return prefix && descriptor.name ? [`${prefix.text} ${descriptor.name}`] : [];
}

/** The last word of a name and the store's number run into it by its hash (`BP#2753069`). */
const storeNumberRunIn = /(?<![A-Z0-9&'-])([A-Z][A-Z0-9&'-]*)#\d{3,}/;

const platformNamesOf = new WeakMap<object, ReadonlySet<string>>();
/** The names of the platforms and marketplaces the lexicon knows, as compact keys (`google`, `amazon`). */
function platformNames(lexicon: ResolveParts['lexicon']): ReadonlySet<string> {
  let names = platformNamesOf.get(lexicon);
  if (!names) {
    names = new Set(
      [...lexicon.thirdParties.values()]
        .filter((party) => party.type === 'platform' || party.type === 'marketplace')
        .map((party) => compactKey(nameKey(party.name))),
    );
    platformNamesOf.set(lexicon, names);
  }
  return names;
}

const appSitesOf = new WeakMap<object, ReadonlySet<string>>();
/** The sites of the P2P and remittance apps the lexicon knows (`wise.com`, `remitly.com`). */
function appSites(lexicon: ResolveParts['lexicon']): ReadonlySet<string> {
  let sites = appSitesOf.get(lexicon);
  if (!sites) {
    sites = new Set(
      [...lexicon.thirdParties.values()].flatMap((party) =>
        party.roles.includes('p2p') && party.website ? [bareHost(party.website)] : [],
      ),
    );
    appSitesOf.set(lexicon, sites);
  }
  return sites;
}

/** Third parties that are merchants in their own right when nobody stands behind them. */
const selfSellingTypes = new Set(['marketplace', 'delivery_service', 'platform', 'bnpl']);

/** The hosts of the third parties' sites. */
const hostsOf = (parties: readonly CatalogThirdParty[]) =>
  parties.flatMap((party) => (party.website ? [bareHost(party.website)] : []));

/**
 * Nothing but the party's own name and product words is left: nobody stands behind it. A platform no
 * seller stands behind (a travel site, not a facilitator) may say what it sold in its own line's word
 * (`BKG*BOOKING.COM HOTEL`).
 */
function soldByItself(descriptor: Anatomy, party: CatalogThirdParty): boolean {
  // The parser falls back to the whole descriptor when nothing followed the prefix.
  if (descriptor.name === descriptor.raw) return true;
  const own = new Set(nameKey(party.name).split(' '));
  const ownLine = (token: string) => {
    if (party.roles.includes('facilitator')) return false;
    const group = industryOfWord(token);
    return group !== undefined && wordFitsIndustry(group, party.industryId);
  };
  return nameKey(descriptor.name)
    .split(' ')
    .every(
      (token) =>
        !token ||
        own.has(token) ||
        isProductWord(token) ||
        fillerWords.has(token) ||
        /\d/.test(token) ||
        ownLine(token),
    );
}

/**
 * The towns of the line's US state, read or only printed last (`COLUMBUS KITCHEN OH`, no town read): a name
 * key that is one of them is a town's name before it is a brand's.
 */
function townOfState(
  parts: ResolveParts,
  descriptor: Anatomy,
  place: Place,
): ((key: string) => boolean) | undefined {
  const printed = / ([A-Z]{2})$/.exec(descriptor.raw)?.[1];
  const region =
    place.region ?? (printed && parts.lexicon.regionCountry.get(printed) === 'US' ? printed : null);
  if (!region) return undefined;
  const name = ` ${descriptor.name} `;
  return (key) => {
    const upper = key.toUpperCase();
    if (parts.lexicon.isCity(region, upper)) return true;
    // The key and the words after it on the line may make a town (`HUNTINGTON BEACH BLOOMS ... CA`).
    const at = name.indexOf(` ${upper} `);
    if (at < 0) return false;
    const after = name
      .slice(at + upper.length + 2)
      .trim()
      .split(' ');
    for (let size = 1; size <= Math.min(2, after.length); size++)
      if (parts.lexicon.isCity(region, `${upper} ${after.slice(0, size).join(' ')}`)) return true;
    return false;
  };
}

export function resolveCardCounterparty(
  parts: ResolveParts,
  line: Line,
  descriptor: Anatomy,
  place: Place,
  trace: MatchTrace | undefined,
): CardCounterparty {
  const { lexicon, matcher, merchants } = parts;
  const { mcc } = line;
  let parties = descriptor.thirdPartyIds.flatMap((id) => lexicon.thirdParties.get(id) ?? []);
  const peerToPeer = parties.some(
    (party) => party.roles.includes('p2p') && !party.roles.includes('facilitator'),
  );

  const evidence: MatchEvidence & { thirdPartyHosts: string[] } = {
    // A facilitator the catalog knows, or an unknown one (`PY *`, `CLR*`): a small business stands behind it.
    behindFacilitator:
      parties.some((party) => party.roles.includes('facilitator')) ||
      descriptor.prefixes.some((prefix) => prefix.id === 'prefix.unknown-facilitator'),
    mccIndustryId: mcc?.industryId ?? null,
    country: place.country?.toLowerCase() ?? homeCountryOf(line.currencyCode),
    // Without an MCC, an airline's ticket number names the airline as its MCC would.
    mccEntry: parts.merchantOfMcc.get(line.categoryCode ?? airlineMccOfTicket(descriptor.raw) ?? '') ?? null,
    thirdPartyHosts: hostsOf(parties),
    cardMerchant: true,
    townWords: new Set(place.city?.toLowerCase().split(' ')),
    storeNumbered: descriptor.storeNumber !== null,
  };
  const delivery = parties.find((party) => party.type === 'delivery_service');
  if (delivery) evidence.deliveredIndustry = delivery.industryId.slice(0, 3);
  const namesTown = townOfState(parts, descriptor, place);
  if (namesTown) evidence.namesTown = namesTown;
  const largeTown = largeTownOf(parts.lexicon, evidence.country);
  if (largeTown) evidence.namesLargeTown = largeTown;
  const host = descriptor.location.host;
  // A third party's own host (`IC* PUBLIX BY INSTACART INSTACART.COM`) names the merchant only when the
  // rest of the line is no more than a word (`BOOKING.COM HOTEL`), or when it is a marketplace's, whose
  // sellers' purchases are its own (`ETSY.COM - MULTIPLE SHO 718-8557955 NY`), and no brand is named.
  // A party's site under a country's domain is its own too (`WWW.DOORDASH.CA`).
  const site = host === null ? null : (globalSiteOf(host) ?? host);
  const partyHost = site !== null && evidence.thirdPartyHosts.includes(site);
  const marketplaceHost =
    partyHost &&
    parties.some(
      (party) => party.type === 'marketplace' && party.website !== null && bareHost(party.website) === site,
    );
  const nameBehind = descriptor.name.split(' ').length >= 2 && !marketplaceHost;
  const query = {
    readings: readingsOf(descriptor, parties, (word) =>
      platformNames(lexicon).has(compactKey(nameKey(word))),
    ),
    statementForms: [descriptor.raw, ...prefixedForms(descriptor)],
    host,
  };
  // A marketplace's seller is a shop of its own, whatever brand its name reads as (`ETSY.COM - PATEL CO`).
  let match = peerToPeer
    ? appItself(parts, query, evidence, parties, trace)
    : marketplaceHost
      ? matcher.match({ ...query, readings: [] }, evidence, trace)
      : (matcher.match(partyHost ? { ...query, host: null } : query, evidence, trace) ??
        (partyHost && !nameBehind ? matcher.match(query, evidence, trace) : null));
  // `UBER *EATS PENDING`, `AMZN MKTP US*2K4LL8PT1`: the marketplace or platform sold it itself.
  const seller = match || peerToPeer ? undefined : parties.find((party) => selfSellingTypes.has(party.type));
  if (seller && soldByItself(descriptor, seller)) {
    const sellerQuery = {
      readings: [seller.name],
      statementForms: [],
      host: seller.website ? bareHost(seller.website) : null,
    };
    // The MCC describes the goods sold, not the seller: it is no evidence here.
    match = matcher.match(
      sellerQuery,
      {
        ...evidence,
        mccIndustryId: null,
        mccEntry: null,
        behindFacilitator: false,
      },
      trace,
    );
  }
  // At an ATM the counterparty is the bank or issuer that owns the machine, never the shop it stands in (`7-ELEVEN`).
  if (match && mcc?.atm && !lendsMoney(merchants[match.entry]!.industryId)) match = null;
  const merchant = match ? merchants[match.entry]! : null;
  const lenders = parties.filter((party) => party.roles.includes('bnpl'));
  // A third party that is itself the merchant (`DOORDASH` ordered from DoorDash), or whose own product the
  // merchant is (`GOOGLE *YouTube`, `MSFT *XBOX`, `GOOGLE *FI` on its own site's subdomain), is the
  // counterparty only.
  if (merchant?.website) {
    const host = bareHost(merchant.website);
    const ownedBy = (party: CatalogThirdParty) =>
      (party.website !== null && registrableDomain(bareHost(party.website)) === registrableDomain(host)) ||
      party.ownBrands.some((site) => bareHost(site) === host);
    parties = parties.filter((party) => !ownedBy(party));
  }
  // The line names only a third party: the whole line, or the party's own name once its phrase came off
  // (`XOOM.COM`, `MONEYGRAM US 8009262400 TX`).
  const lone = merchant
    ? undefined
    : descriptor.name === descriptor.raw
      ? parties[0]
      : parties.find((party) => prefixKey(party.name) === prefixKey(descriptor.name));
  // Nobody the catalog knows: the merchant read from the line, unverified (never a wallet's or app's
  // name, nor at an ATM, where the line names the bank).
  const unverifiedName = !merchant && !lone && !mcc?.atm && descriptor.display ? descriptor.display : null;
  // A buy-now-pay-later lender with no other merchant behind it (`AFFIRM.COM PAYMENTS`, `PAYPAL *PYPL PAYIN4`).
  const repaysInstallments = merchant
    ? merchant.website !== null && hostsOf(lenders).includes(bareHost(merchant.website))
    : lone !== undefined && lenders.includes(lone);
  const toPerson =
    !merchant &&
    !peerToPeer &&
    parties.some((party) => party.roles.includes('p2p') && party.roles.includes('facilitator')) &&
    namesPerson(descriptor.name);
  // A money transfer company whose site is an app's (Apple's is Apple Cash's too, but Apple sends no money).
  const appNamed =
    merchant !== null &&
    merchant.website !== null &&
    sendsMoney(merchant.industryId) &&
    appSites(lexicon).has(bareHost(merchant.website));
  return {
    match,
    merchant,
    parties,
    peerToPeer,
    toPerson,
    appNamed,
    repaysInstallments,
    lone,
    unverifiedName,
  };
}

/**
 * On a P2P or remittance app's line the counterparty is the person paid, never a merchant; but a line
 * that names only the app, by any name the catalog knows it by (`RMTLY* S876C REMITLY.COM`, `WESTERN
 * UNION 800-325-6000 CO`), has the app itself as its counterparty.
 */
function appItself(
  parts: ResolveParts,
  query: MatchQuery,
  evidence: MatchEvidence,
  parties: readonly CatalogThirdParty[],
  trace: MatchTrace | undefined,
): MatchResult | null {
  const match = parts.matcher.match(query, evidence, trace);
  const website = match ? parts.merchants[match.entry]!.website : null;
  return website && hostsOf(parties).includes(bareHost(website)) ? match : null;
}
