/**
 * The normalize stage: each kind's body read into the one line the later stages work on — the text the
 * anatomy reads, the MCC, the place the body declares, the direction of money and the declared type.
 */
import type { Mcc } from '@txenrich/catalog';
import type {
  CardTransaction,
  De43Transaction,
  TransferTransaction,
  UniversalTransaction,
} from '@txenrich/schema';
import type { De43Fields } from './de43.js';
import { type Direction, directionOf } from './direction.js';
import { homeCountryOf } from './home-country.js';
import { type PlaceCodes, readPaddedFields } from './padded-fields.js';
import { statedCategoryCode } from './stated-mcc.js';
import { readStatementCode, type StatementCode } from './statement-codes.js';

/** Where the body (or its DE43 field) says the merchant is; what it leaves out is read from the line. */
export interface DeclaredPlace {
  city: string | null | undefined;
  region: string | null | undefined;
  country: string | null | undefined;
  postalCode: string | null | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
}

export interface Line {
  /** What the anatomy reads: a card's merchant name (or DE43 name slot), a bank line's description. */
  text: string;
  categoryCode: string | null;
  mcc: Mcc | null;
  /**
   * Null on a bank line: whatever place it prints is not the other party's; but a card line exported in the
   * network's columns (`padded-fields.ts`) prints the merchant's town in its own.
   */
  place: DeclaredPlace | null;
  direction: Direction;
  /** The transfer type the body declares (`ACH_DEPOSIT`), as sent. */
  declaredType: string | null;
  /** `text` is a name field alone: the line printed its place in fields of its own (DE43, `padded-fields.ts`). */
  nameField: boolean;
  /** The code a bank closed the description's field with (`CIBC MTGE CORP   MTG`), read off `text`. */
  statementCode: StatementCode | null;
  /** The DE43 city slot held a phone or a URL: the card was not present. */
  remoteContact: boolean;
  /** A street was declared (DE43 or `location.address`): the card was at a counter. */
  hasStreet: boolean;
  /** A universal body that also names a merchant or an MCC: fields of a card purchase. */
  cardFields: boolean;
  currencyCode: string | null;
  amount: number | null;
  transactionId: string | null;
  userId: string | null;
  cardId: string | null;
  programId: string | null;
  occurredAt: string | null;
  address: string | null;
  customAttributes: CardTransaction['customAttributes'];
}

/** A card (or DE43) body; `de43` is its parsed field 43, whose slots win over the body's when it has a layout. */
export function readCardBody(
  body: CardTransaction | De43Transaction,
  de43: De43Fields | null,
  mccs: ReadonlyMap<string, Mcc>,
): Line {
  const fromDe43 = de43 && de43.layout !== 'freeform' ? de43 : null;
  const location = body.location;
  const amount = body.amount ?? null;
  return {
    text: fromDe43?.name || body.merchantName || de43?.name || '',
    nameField: fromDe43 !== null,
    categoryCode: body.categoryCode ?? null,
    mcc: body.categoryCode ? (mccs.get(body.categoryCode) ?? null) : null,
    place: {
      city: fromDe43?.city ?? location?.city ?? body.city,
      region: fromDe43?.region ?? location?.region ?? body.state,
      country: fromDe43?.country ?? location?.country ?? body.country,
      postalCode: fromDe43?.postalCode ?? location?.postalCode,
      latitude: location?.latitude,
      longitude: location?.longitude,
    },
    // Card amounts are signed: money coming in (a refund, an ATM deposit) is negative.
    direction: amount !== null && amount < 0 ? 'incoming' : 'outgoing',
    declaredType: null,
    statementCode: null,
    remoteContact: Boolean(fromDe43?.remoteContact),
    hasStreet: Boolean(fromDe43?.street || location?.address),
    cardFields: true,
    currencyCode: body.currencyCode ?? null,
    amount,
    transactionId: body.transactionId ?? null,
    userId: body.userId ?? null,
    cardId: body.cardId ?? null,
    programId: body.programId ?? null,
    occurredAt: body.occurredAt ?? null,
    address: location?.address ?? null,
    customAttributes: body.customAttributes,
  };
}

/** A bank line: a transfer, or a universal body read as one. */
function readBankBody(
  body: TransferTransaction | UniversalTransaction,
  declaredType: string | undefined,
  codes: PlaceCodes,
): Line {
  const statementCode = readStatementCode(body.description);
  const home = homeCountryOf(body.currencyCode ?? null);
  const padded = statementCode ? null : readPaddedFields(body.description, home, codes);
  return {
    text: statementCode?.text ?? padded?.name ?? body.description,
    nameField: padded !== null,
    categoryCode: null,
    mcc: null,
    place: padded && {
      city: padded.city,
      region: padded.region,
      country: padded.country,
      postalCode: null,
      latitude: undefined,
      longitude: undefined,
    },
    direction: directionOf(body.direction, declaredType, body.amount),
    declaredType: declaredType ?? null,
    statementCode,
    remoteContact: false,
    hasStreet: false,
    cardFields: false,
    currencyCode: body.currencyCode ?? null,
    amount: body.amount ?? null,
    transactionId: body.transactionId ?? null,
    userId: body.userId,
    cardId: null,
    programId: null,
    occurredAt: body.occurredAt ?? null,
    address: null,
    customAttributes: body.customAttributes,
  };
}

export const readTransferBody = (body: TransferTransaction, codes: PlaceCodes): Line =>
  readBankBody(body, body.transactionType, codes);

/** A universal body as a bank line; its card fields are noted for the route. */
export function readUniversalBody(body: UniversalTransaction, codes: PlaceCodes): Line {
  return {
    ...readBankBody(body, undefined, codes),
    cardFields: body.categoryCode !== undefined || body.merchantName !== undefined,
  };
}

/**
 * A universal body as a card purchase: its merchant name (else the description as its bank line read it,
 * without a statement code, or the name field of a network's columns) and card fields; the place those
 * columns printed fills what the body leaves out.
 */
export function readUniversalAsCard(
  body: UniversalTransaction,
  bankLine: Pick<Line, 'text' | 'direction' | 'place' | 'nameField'>,
  mccs: ReadonlyMap<string, Mcc>,
): Line {
  const { direction } = bankLine;
  const card: CardTransaction = {
    transactionId: body.transactionId,
    userId: body.userId,
    merchantName: body.merchantName ?? bankLine.text,
    // Card amounts are signed: money coming in (a refund) is negative.
    amount: body.amount !== undefined && direction === 'incoming' ? -Math.abs(body.amount) : body.amount,
    currencyCode: body.currencyCode,
    occurredAt: body.occurredAt,
    categoryCode: body.categoryCode ?? statedCategoryCode.exec(body.description)?.[1],
    categoryType: 'MCC',
    location: body.location,
    customAttributes: body.customAttributes,
    billingProfile: body.billingProfile,
    organizationId: body.organizationId,
  };
  const line = readCardBody(card, null, mccs);
  const printed = bankLine.place;
  if (!printed || !line.place) return line;
  return {
    ...line,
    nameField: bankLine.nameField,
    place: {
      ...line.place,
      city: line.place.city ?? printed.city,
      region: line.place.region ?? printed.region,
      country: line.place.country ?? printed.country,
    },
  };
}
