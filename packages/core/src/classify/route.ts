/**
 * The path of a universal line: a card purchase or a bank movement, decided once, from its words.
 * Card wording or card fields make it a purchase unless a bank rule (other than a refund) says
 * otherwise; a bank rule makes it a bank movement. A line with neither is `either`: a card purchase when
 * it is spending or the card path names a merchant, else a bank movement (see pipeline.ts).
 */
import type { Anatomy } from '../anatomy/anatomy.js';
import type { Line } from '../normalize/line.js';
import type { BankRule } from './bank-rules.js';

export type Route = 'card' | 'bank' | 'either';

/** Bank wording of a card purchase; abroad a card's payment is a purchase (`CARD PAYMENT TO`, `CONTACTLESS`). */
const cardWording =
  /^(?:POS\b|PURCHASE\b|CHECKCARD\b|CHECK CARD\b|DEBIT CARD\b|(?:WITHDRAWAL|LOAN ADVANCE) (?:(?:DEBIT|CREDIT) CARD|POS)\b|DEBIT POS\b|DEBIT FOR CHECK ?CARD\b|DBT CRD\b|CARD PURCHASE|RECURRING PAYMENT AUTHORIZED|VISA\b|PUR\b|CARD (?:PAYMENT|TRANSACTION) (?:TO|AT)\b|CONTACTLESS\b|EFTPOS\b|VD[PC] ?-|ACHAT\b|PAIEMENT DIRECT\b|COMPRA\b)|\bCARD \d{4}$|PURCHASE AUTHORIZED ON/;

export function routeOf(line: Line, anatomy: Anatomy, rule: BankRule | undefined): Route {
  // Money sent to a person or out of an app with a card (`PURCHASE AUTHORIZED ON ... CASH APP*JANE DOE`)
  // is a transfer, whatever card wording wraps it.
  if (rule?.yields.peerToPeer || rule?.yields.counterparty === 'app') return 'bank';
  // Cash from a machine is an ATM withdrawal, and a charge of the card's own a fee, whatever card wording
  // wraps them (`PURCHASE INTEREST CHARGE`).
  if (rule?.yields.type === 'atm' || rule?.yields.type === 'fee') return 'bank';
  const cardWords = cardWording.test(anatomy.raw);
  const looksLikeCard =
    cardWords || anatomy.wrapper?.via === 'card' || line.cardFields || line.statementCode?.card === true;
  // A card's refund or offer credit is the card's, whoever pays it (`OFFER:AIRBNB` is no host's payout).
  if (
    looksLikeCard &&
    (!rule || rule.yields.type === 'reimbursement' || cardWords || anatomy.wrapper?.refund)
  )
    return 'card';
  return rule ? 'bank' : 'either';
}
