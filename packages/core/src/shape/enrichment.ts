/** The result object of CONTRACT.md section 2, for a card purchase or a bank movement. */
import type { Enrichment } from '@txenrich/schema';
import type { Anatomy } from '../anatomy/anatomy.js';
import type { BankMovementKind } from '../classify/bank-movement.js';
import type { CardPurchaseKind } from '../classify/card-purchase.js';
import type { EngineParts } from '../engine-parts.js';
import type { Place } from '../lexicon.js';
import type { Line } from '../normalize/line.js';
import { displayCase } from '../normalize/text.js';
import type { BankCounterparty } from '../resolve/bank-counterparty.js';
import type { CardCounterparty } from '../resolve/card-counterparty.js';
import type { MatchTrace } from '../resolve/matcher.js';
import { noPlace } from '../resolve/place.js';
import {
  matchedCounterparty,
  shapeCounterparty,
  thirdPartyAsCounterparty,
  toThirdParty,
  unverifiedCounterparty,
} from './counterparty.js';
import { explain } from './explanation.js';

/** What both paths echo from the body, and the explanation when one was asked for. */
function echoes(
  parts: EngineParts,
  line: Line,
  anatomy: Anatomy,
  trace: MatchTrace | undefined,
  match: CardCounterparty['match'],
) {
  return {
    ...(line.customAttributes ? { customAttributes: line.customAttributes } : {}),
    ...(trace ? { explanation: explain(parts, anatomy, trace, match) } : {}),
  };
}

export function shapeCardPurchase(
  parts: EngineParts,
  line: Line,
  descriptor: Anatomy,
  place: Place,
  trace: MatchTrace | undefined,
  counterparty: CardCounterparty,
  kind: CardPurchaseKind,
): Enrichment {
  const { match, merchant, parties, lone, unverifiedName } = counterparty;
  const chain = parts.industryChain(kind.industryId);
  const unverified = unverifiedName
    ? unverifiedCounterparty(parts, unverifiedName, place, line.mcc?.industryId ?? null)
    : null;
  const displayName =
    merchant?.name ??
    lone?.name ??
    (kind.atm ? atmWording('withdrawal') : descriptor.display || displayCase(descriptor.raw));
  const partyLogo = parties.find((party) => party.logo)?.logo ?? null;
  const [graphic, graphicSource] = merchant?.logo
    ? [merchant.logo, 'counterparty' as const]
    : partyLogo
      ? [partyLogo, 'third_party' as const]
      : chain.length > 0
        ? [chain[chain.length - 1]!.icon, 'category' as const]
        : [null, null];
  return {
    enrichmentId: parts.newId(),
    transactionInfo: {
      transactionId: line.transactionId,
      type: kind.type,
      subType: kind.subType,
      display: { name: displayName, categoryName: chain.at(-1)?.name ?? null, graphic, graphicSource },
      thirdParties: parties.map(toThirdParty),
      spendingInfo: kind.atm ? null : { channel: { value: kind.channel } },
      transferInfo: null,
      atmInfo: kind.atm ? { sponsorName: merchant?.name ?? null, ownerName: null } : null,
      isAccountVerification: false,
      isPeerToPeer: counterparty.peerToPeer || counterparty.toPerson,
      isDigitalWallet: kind.isDigitalWallet,
      recurrenceInfo: null,
      riskInsights: kind.riskInsights,
    },
    counterparty:
      merchant && match
        ? [matchedCounterparty(parts, merchant, match, place)]
        : unverified
          ? [unverified]
          : [],
    actions: null,
    ...echoes(parts, line, descriptor, trace, match),
  };
}

/** What an ATM line whose machine's owner is unknown shows: the terminal's numbers and street say nothing. */
const atmWording = (subType: string | null) => (subType === 'deposit' ? 'ATM Deposit' : 'ATM Withdrawal');

/** A line's words without its numbers, codes and dangling prepositions, in display case. */
function wordingOf(raw: string): string {
  const words = raw.split(' ').filter((word) => /^[A-Z][A-Z'&-]*$/.test(word));
  while (words.length > 1 && /^(?:TO|FROM|FOR|ON|AT|OF|REF|NO|NUMBER|ACCT|TRANSACTION)$/.test(words.at(-1)!))
    words.pop();
  return displayCase(words.join(' '));
}

export function shapeBankMovement(
  parts: EngineParts,
  line: Line,
  anatomy: Anatomy,
  trace: MatchTrace | undefined,
  counterparty: BankCounterparty,
  kind: BankMovementKind,
): Enrichment {
  const { match, merchant, app, parties, person, namedParty, nobody } = counterparty;
  const { type } = kind;
  const chain = parts.industryChain(kind.industryId);
  const unverifiedName = person ?? namedParty;
  const unverified = unverifiedName ? unverifiedCounterparty(parts, unverifiedName, noPlace, null) : null;
  // A line that names no one shows its own words, without its numbers (`ONLINE TRANSFER TO SAV ...1234
  // TRANSACTION#: 123456789` -> Online Transfer to Sav).
  const displayName =
    merchant?.name ??
    person ??
    namedParty ??
    app?.name ??
    (type === 'atm' ? atmWording(kind.subType) : null) ??
    // A wire's party (a field the anatomy read) is still its name.
    ((nobody && !anatomy.fields ? wordingOf(anatomy.raw) : anatomy.display) || displayCase(anatomy.raw));
  return {
    enrichmentId: parts.newId(),
    transactionInfo: {
      transactionId: line.transactionId,
      type,
      subType: kind.subType,
      display: {
        name: displayName,
        categoryName: chain.at(-1)?.name ?? null,
        graphic: merchant?.logo ?? chain.at(-1)?.icon ?? null,
        graphicSource: merchant?.logo ? 'counterparty' : chain.length > 0 ? 'category' : null,
      },
      thirdParties: parties.map(toThirdParty),
      spendingInfo: type === 'spending' ? { channel: { value: 'digital' } } : null,
      transferInfo: kind.transferInfo,
      atmInfo: type === 'atm' ? { sponsorName: merchant?.name ?? null, ownerName: null } : null,
      isAccountVerification: type === 'account_verification',
      isPeerToPeer: kind.peerToPeer,
      isDigitalWallet: null,
      recurrenceInfo: null,
      riskInsights: kind.riskInsights,
    },
    counterparty:
      merchant && match && !app
        ? [shapeCounterparty(parts, merchant, match.score, null, null)]
        : unverified
          ? [unverified]
          : app && !app.roles.includes('bank-network')
            ? // No person stands behind the app (a cash-out, a BNPL installment): the app is the counterparty.
              // A bank network (Zelle, Interac) only carries the money: a line that hides the person names no one.
              [thirdPartyAsCounterparty(parts, app)]
            : [],
    actions: null,
    ...echoes(parts, line, anatomy, trace, match),
  };
}
