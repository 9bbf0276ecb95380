/**
 * Card enrichment: a validated card (or DE43) request in, the contract's
 * enrichment out. Parse -> match -> classify -> shape, all in memory.
 */
import { type ThirdParty as CatalogThirdParty, type Mcc, type Merchant, uuidv5 } from '@txenrich/catalog';
import type {
  CardAcceptanceHistory,
  CardTransaction,
  Channel,
  Counterparty,
  De43Transaction,
  Enrichment,
  Industry,
  RiskInsights,
  ThirdParty,
} from '@txenrich/schema';
import { type Anatomy, readAnatomy } from '../anatomy/anatomy.js';
import { applyContext, type ContextParts } from '../context/apply-context.js';
import type { EnrichmentContext } from '../context/context.js';
import type { Lexicon, Place } from '../lexicon.js';
import { type De43Fields, parseDe43 } from '../normalize/de43.js';
import { bareHost, compactKey, displayCase, nameKey } from '../normalize/text.js';
import { fillerWords, isProductWord, pointOfSaleHosts } from '../resolve/evidence.js';
import type { Matcher, MatchResult } from '../resolve/matcher.js';
import { type MatchTrace, MIN_MATCH_SCORE } from '../resolve/matcher.js';
import { type EnrichOptions, explain } from '../shape/explanation.js';

/** What enrichment needs, built once per engine. */
export interface EngineParts extends ContextParts {
  lexicon: Lexicon;
  matcher: Matcher;
  merchants: readonly Merchant[];
  /** Airline, car-rental and hotel MCCs (3000-3999) -> the merchant they name. */
  merchantOfMcc: ReadonlyMap<string, number>;
  /** The industry chain of an id, broad to specific, with icon URLs. */
  industryChain: (industryId: string | null) => Industry[];
  newId: () => string;
}

/** Top-level industries whose merchants are risky whatever the MCC says. */
const riskyTopLevels = new Set(['022', '023']);
/** Third-party types through which the buyer was not at the counter. */
const remoteThirdPartyTypes = new Set(['marketplace', 'delivery_service']);

interface CardFacts {
  descriptor: Anatomy;
  /** The text the merchant name was read from (for display when nothing matches). */
  place: Place;
  mcc: Mcc | null;
  cardNotPresent: boolean;
  hasStreet: boolean;
}

function readCard(
  parts: EngineParts,
  body: CardTransaction | De43Transaction,
  de43: De43Fields | null,
): CardFacts {
  const { lexicon } = parts;
  const fromDe43 = de43 && de43.layout !== 'freeform' ? de43 : null;
  const name = fromDe43?.name || body.merchantName || de43?.name || '';
  const mcc = body.categoryCode ? (lexicon.mccs.get(body.categoryCode) ?? null) : null;
  const descriptor = readAnatomy(name, lexicon, { atm: Boolean(mcc?.atm) });
  const location = body.location;
  const requested = {
    city: fromDe43?.city ?? location?.city ?? body.city ?? descriptor.location.city,
    region: fromDe43?.region ?? location?.region ?? body.state ?? descriptor.location.region,
    country: fromDe43?.country ?? location?.country ?? body.country ?? descriptor.location.country,
    postalCode: fromDe43?.postalCode ?? location?.postalCode ?? descriptor.location.postalCode,
  };
  const place = lexicon.geography.resolve(requested);
  if (location?.latitude !== undefined && location.longitude !== undefined) {
    place.latitude = location.latitude;
    place.longitude = location.longitude;
  }
  return {
    descriptor,
    place,
    mcc,
    cardNotPresent: descriptor.cardNotPresent || Boolean(fromDe43?.remoteContact),
    hasStreet: Boolean(fromDe43?.street || location?.address),
  };
}

/**
 * Readings of the merchant text, best first: the cleaned merchant, the same
 * without a leading third-party name (`DOORDASH BURGERKING`), the other parts
 * of a `PREFIX*SUFFIX` descriptor, and the whole descriptor (aliases such as
 * `VZWRLSS*APOCC VISB` are whole statement forms).
 */
function readingsOf(descriptor: Anatomy, parties: readonly CatalogThirdParty[]): string[] {
  const readings = [descriptor.name];
  const words = descriptor.name.split(' ');
  for (const party of parties) {
    if (words.length > 1 && compactKey(nameKey(words[0]!)) === compactKey(nameKey(party.name))) {
      readings.push(words.slice(1).join(' '));
    }
  }
  // The marketplace's own host (`IC* PUBLIX BY INSTACART INSTACART.COM`) names the marketplace, not the merchant.
  const partyHosts = parties.flatMap((party) => (party.website ? [bareHost(party.website)] : []));
  readings.push(
    ...descriptor.alternates.filter((alternate) => !partyHosts.includes(alternate.toLowerCase())),
  );
  return [...new Set(readings)];
}

/** Third parties that are merchants in their own right when nobody stands behind them. */
const selfSellingTypes = new Set(['marketplace', 'delivery_service', 'platform', 'bnpl']);

/** Nothing but the party's own name and product words is left: nobody stands behind it. */
function soldByItself(descriptor: Anatomy, party: CatalogThirdParty): boolean {
  // The parser falls back to the whole descriptor when nothing followed the prefix.
  if (descriptor.name === descriptor.raw) return true;
  const own = new Set(nameKey(party.name).split(' '));
  return nameKey(descriptor.name)
    .split(' ')
    .every(
      (token) =>
        !token || own.has(token) || isProductWord(token) || fillerWords.has(token) || /\d/.test(token),
    );
}

/** Airline tickets (MCC 3000-3299 and 4511) are bought remotely. */
const isAirlineMcc = (code: string) => code === '4511' || (code >= '3000' && code <= '3299');

function decideChannel(
  facts: CardFacts,
  merchant: Merchant | null,
  parties: readonly CatalogThirdParty[],
): Channel | null {
  const { descriptor, mcc } = facts;
  if (facts.cardNotPresent) return 'digital';
  if (parties.some((party) => party.roles.includes('p2p') || remoteThirdPartyTypes.has(party.type)))
    return 'digital';
  // A merchant without stores, or an airline ticket, is remote whatever numbers follow it.
  if (merchant?.channel === 'digital' || (mcc && isAirlineMcc(mcc.code))) return 'digital';
  if (descriptor.storeNumber || facts.hasStreet) return 'physical';
  if (mcc?.cardNotPresent) return 'digital';
  if (descriptor.orderReference && merchant?.channel !== 'physical') return 'digital';
  const facilitator = parties.find((party) => party.roles.includes('facilitator'));
  if (facilitator)
    return facilitator.website && pointOfSaleHosts.has(bareHost(facilitator.website))
      ? 'physical'
      : 'digital';
  if (merchant || mcc) return 'physical';
  return null;
}

function acceptanceHistory(merchant: Merchant | null): CardAcceptanceHistory | null {
  if (!merchant) return null;
  if (merchant.popularity >= 0.6) return 'extensive';
  if (merchant.popularity >= 0.35) return 'established';
  if (merchant.popularity >= 0.15) return 'stable';
  return 'limited';
}

function riskInsights(facts: CardFacts, merchant: Merchant | null, industryId: string | null): RiskInsights {
  const riskyIndustry =
    Boolean(facts.mcc?.risky) || (industryId !== null && riskyTopLevels.has(industryId.slice(0, 3)));
  return {
    // Without a known merchant there is no evidence either way.
    irregularWebPresenceDetected: merchant
      ? merchant.website === null && merchant.channel === 'digital'
      : null,
    negativeOnlineSentiment: null,
    highRiskEntity: merchant ? riskyIndustry : null,
    riskyIndustry,
    cardAcceptanceHistory: acceptanceHistory(merchant),
  };
}

export function toThirdParty(party: CatalogThirdParty): ThirdParty {
  return { id: party.id, name: party.name, type: party.type, logo: party.logo, website: party.website };
}

/** A catalog merchant as the wire shows it, at `place` when one is known. */
export function shapeCounterparty(
  parts: EngineParts,
  merchant: Pick<Merchant, 'id' | 'name' | 'legalName' | 'industryId' | 'logo' | 'website'>,
  score: number,
  place: Place | null,
  alternate: { id: string; similarity: number } | null,
): Counterparty {
  const located = place !== null && (place.city !== null || place.postalCode !== null);
  return {
    id: merchant.id,
    name: merchant.name,
    legalName: merchant.legalName,
    industry: parts.industryChain(merchant.industryId),
    location: located
      ? [
          {
            id: null,
            address: null,
            addressLine1: null,
            addressLine2: null,
            city: place.city ? displayCase(place.city) : null,
            region: place.region,
            postalCode: place.postalCode,
            country: place.country,
            phoneNumber: null,
            latitude: place.latitude,
            longitude: place.longitude,
            matchScore: null,
          },
        ]
      : [],
    matchScore: score,
    logo: merchant.logo,
    medianSpendPerTransaction: null,
    phoneNumber: null,
    website: merchant.website,
    possibleCounterpartyAlternate: alternate,
    verified: true,
  };
}

/**
 * A merchant no catalog entry names, as read from the line: its clean name, the
 * place on the line, the MCC's industry. Its id is stable for the same name and place.
 */
export function unverifiedCounterparty(
  parts: EngineParts,
  name: string,
  place: Place,
  industryId: string | null,
): Counterparty {
  const key = `unverified:${nameKey(name)}|${place.city ?? ''}|${place.region ?? ''}|${place.country ?? ''}`;
  const shaped = shapeCounterparty(
    parts,
    { id: uuidv5(key), name, legalName: null, industryId: industryId ?? '', logo: null, website: null },
    MIN_MATCH_SCORE,
    place,
    null,
  );
  return { ...shaped, industry: parts.industryChain(industryId), verified: false };
}

function toCounterparty(
  parts: EngineParts,
  merchant: Merchant,
  match: MatchResult,
  facts: CardFacts,
): Counterparty {
  const alternate = match.alternate ? parts.merchants[match.alternate.entry] : undefined;
  const alternateRef =
    alternate && match.alternate ? { id: alternate.id, similarity: match.alternate.score } : null;
  return shapeCounterparty(parts, merchant, match.score, facts.place, alternateRef);
}

/** Enriches a card transaction; `de43` is the raw field 43 of DE43 requests. */
export function enrichCard(
  parts: EngineParts,
  body: CardTransaction | De43Transaction,
  context: EnrichmentContext | undefined,
  de43: string | undefined,
  options: EnrichOptions = {},
): Enrichment {
  const { lexicon, matcher, merchants } = parts;
  const trace: MatchTrace | undefined = options.explain ? { candidates: [] } : undefined;
  const facts = readCard(parts, body, de43 ? parseDe43(de43, lexicon) : null);
  const { descriptor, mcc, place } = facts;
  let parties = descriptor.thirdPartyIds.flatMap((id) => lexicon.thirdParties.get(id) ?? []);
  const peerToPeer = parties.some(
    (party) => party.roles.includes('p2p') && !party.roles.includes('facilitator'),
  );

  const evidence = {
    behindFacilitator: parties.some((party) => party.roles.includes('facilitator')),
    mccIndustryId: mcc?.industryId ?? null,
    country:
      place.country?.toLowerCase() ?? (!body.currencyCode || body.currencyCode === 'USD' ? 'us' : null),
    mccEntry: body.categoryCode ? (parts.merchantOfMcc.get(body.categoryCode) ?? null) : null,
    thirdPartyHosts: parties.flatMap((party) => (party.website ? [bareHost(party.website)] : [])),
  };
  const host = descriptor.location.host;
  // A third party's own host (`IC* PUBLIX BY INSTACART INSTACART.COM`) names the merchant only when the
  // rest of the line is no more than a word (`BOOKING.COM HOTEL`).
  const partyHost = host !== null && evidence.thirdPartyHosts.includes(host);
  const nameBehind = descriptor.name.split(' ').length >= 2;
  const query = { readings: readingsOf(descriptor, parties), statementForm: descriptor.raw, host };
  let match = peerToPeer
    ? null
    : (matcher.match(partyHost ? { ...query, host: null } : query, evidence, trace) ??
      (partyHost && !nameBehind ? matcher.match(query, evidence, trace) : null));
  // `UBER *EATS PENDING`, `AMZN MKTP US*2K4LL8PT1`: the marketplace or platform sold it itself.
  const seller = match || peerToPeer ? undefined : parties.find((party) => selfSellingTypes.has(party.type));
  if (seller && soldByItself(descriptor, seller)) {
    const sellerQuery = {
      readings: [seller.name],
      statementForm: null,
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
  const merchant = match ? merchants[match.entry]! : null;
  // A third party that is itself the merchant (`DOORDASH` ordered from DoorDash) is the counterparty only.
  if (merchant?.website) {
    const host = bareHost(merchant.website);
    parties = parties.filter((party) => !party.website || bareHost(party.website) !== host);
  }

  const atm = Boolean(mcc?.atm);
  const industryId = merchant?.industryId ?? mcc?.industryId ?? parties[0]?.industryId ?? null;
  const chain = parts.industryChain(industryId);
  const lone = !merchant && parties.length > 0 && descriptor.name === descriptor.raw ? parties[0] : undefined;
  // Nobody the catalog knows: the merchant read from the line, unverified (never a wallet's or app's name).
  const unverified =
    !merchant && !lone && !atm && descriptor.display
      ? unverifiedCounterparty(parts, descriptor.display, place, mcc?.industryId ?? null)
      : null;
  const displayName = merchant?.name ?? lone?.name ?? (descriptor.display || displayCase(descriptor.raw));
  const partyLogo = parties.find((party) => party.logo)?.logo ?? null;
  const [graphic, graphicSource] = merchant?.logo
    ? [merchant.logo, 'counterparty' as const]
    : partyLogo
      ? [partyLogo, 'third_party' as const]
      : chain.length > 0
        ? [chain[chain.length - 1]!.icon, 'category' as const]
        : [null, null];
  const amount = body.amount ?? null;
  const channel = decideChannel(facts, merchant, parties);

  const enrichment: Enrichment = {
    enrichmentId: parts.newId(),
    transactionInfo: {
      transactionId: body.transactionId ?? null,
      type: atm ? 'atm' : 'spending',
      subType: atm ? (amount !== null && amount < 0 ? 'deposit' : 'withdrawal') : null,
      display: { name: displayName, categoryName: chain.at(-1)?.name ?? null, graphic, graphicSource },
      thirdParties: parties.map(toThirdParty),
      spendingInfo: atm ? null : { channel: { value: channel } },
      transferInfo: null,
      atmInfo: atm ? { sponsorName: merchant?.name ?? null, ownerName: null } : null,
      isAccountVerification: false,
      isPeerToPeer: peerToPeer,
      isDigitalWallet: parties.some(
        (party) => party.roles.includes('wallet') && !party.roles.includes('facilitator'),
      ),
      recurrenceInfo: null,
      riskInsights: riskInsights(facts, merchant, industryId),
    },
    counterparty:
      merchant && match ? [toCounterparty(parts, merchant, match, facts)] : unverified ? [unverified] : [],
    actions: null,
    ...(body.customAttributes ? { customAttributes: body.customAttributes } : {}),
    ...(trace ? { explanation: explain(parts, descriptor, trace, match) } : {}),
  };
  return applyContext(parts, enrichment, context, {
    descriptor: descriptor.raw,
    mcc: body.categoryCode ?? null,
    amount,
    occurredAt: body.occurredAt ?? null,
    userId: body.userId ?? null,
    cardId: body.cardId ?? null,
    programId: body.programId ?? null,
    place,
    address: body.location?.address ?? null,
  });
}
