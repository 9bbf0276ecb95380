/** Counterparties and third parties as the wire shows them (CONTRACT.md 2). */
import { type ThirdParty as CatalogThirdParty, type Merchant, uuidv5 } from '@txenrich/catalog';
import type { Counterparty, ThirdParty } from '@txenrich/schema';
import type { EngineParts } from '../engine-parts.js';
import type { Place } from '../lexicon.js';
import { displayCase, nameKey } from '../normalize/text.js';
import { type MatchResult, MIN_MATCH_SCORE } from '../resolve/matcher.js';

type ShapeParts = Pick<EngineParts, 'industryChain' | 'merchants'>;

export function toThirdParty(party: CatalogThirdParty): ThirdParty {
  return { id: party.id, name: party.name, type: party.type, logo: party.logo, website: party.website };
}

/** A catalog merchant as the wire shows it, at `place` when one is known. */
export function shapeCounterparty(
  parts: Pick<EngineParts, 'industryChain'>,
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

/** The merchant a match found, with the runner-up when one came close. */
export function matchedCounterparty(
  parts: ShapeParts,
  merchant: Merchant,
  match: MatchResult,
  place: Place | null,
): Counterparty {
  const alternate = match.alternate ? parts.merchants[match.alternate.entry] : undefined;
  const alternateRef =
    alternate && match.alternate ? { id: alternate.id, similarity: match.alternate.score } : null;
  return shapeCounterparty(parts, merchant, match.score, place, alternateRef);
}

/**
 * A merchant no catalog entry names, as read from the line: its clean name, the
 * place on the line, the MCC's industry. Its id is stable for the same name and place.
 */
export function unverifiedCounterparty(
  parts: Pick<EngineParts, 'industryChain'>,
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

/** A third party that is itself the other side (a P2P app after a cash-out, a BNPL lender). */
export function thirdPartyAsCounterparty(
  parts: Pick<EngineParts, 'industryChain'>,
  party: CatalogThirdParty,
): Counterparty {
  return shapeCounterparty(parts, { ...party, legalName: null }, 100, null, null);
}
