/** What a card purchase is: spending or an ATM visit, its channel, flags, industry and risk. */
import type { Channel, RiskInsights, TransactionSubType, TransactionType } from '@txenrich/schema';
import type { Anatomy } from '../anatomy/anatomy.js';
import type { Line } from '../normalize/line.js';
import type { CardCounterparty } from '../resolve/card-counterparty.js';
import { issuesCreditOrLoans, operatesAtms } from '../resolve/evidence.js';
import { decideChannel } from './channel.js';
import { cardRiskInsights } from './risk.js';

export interface CardPurchaseKind {
  type: TransactionType;
  subType: TransactionSubType | null;
  /** Null at an ATM, which has no channel. */
  channel: Channel | null;
  atm: boolean;
  industryId: string | null;
  isDigitalWallet: boolean;
  riskInsights: RiskInsights;
}

export function classifyCardPurchase(
  line: Line,
  descriptor: Anatomy,
  counterparty: CardCounterparty,
  fromBankLine = false,
): CardPurchaseKind {
  const { merchant, parties } = counterparty;
  // The MCC says a cash machine, or the line names a company that runs them (`CARDTRONICS`).
  const atm = Boolean(line.mcc?.atm) || (merchant !== null && operatesAtms(merchant.industryId));
  const industryId = merchant?.industryId ?? line.mcc?.industryId ?? parties[0]?.industryId ?? null;
  // The bank's wrapper says the money came back (`PURCHASE RETURN AUTHORIZED ON`, `DEBIT CARD CREDIT`), or
  // a bank or aggregator line pays in from a merchant with no sign of a card (`AMAZON.COM` credited). A
  // line that shows its card (`CHECKCARD`, `SQ *`) is a card's refund, and that stays spending (CONTRACT.md).
  const refunded =
    descriptor.wrapper?.refund ||
    (fromBankLine &&
      line.direction === 'incoming' &&
      !descriptor.wrapper &&
      // Money from a P2P or remittance app was sent, not refunded.
      !counterparty.peerToPeer &&
      !counterparty.appNamed &&
      // A card processor's prefix shows a card; a marketplace's or the merchant's own does not.
      !parties.some((party) => party.roles.includes('facilitator')) &&
      !descriptor.prefixes.some((prefix) => prefix.id === 'prefix.unknown-facilitator'));
  const kind: Pick<CardPurchaseKind, 'type' | 'subType'> = atm
    ? // Card amounts are signed: a negative one at an ATM was paid in.
      { type: 'atm', subType: line.amount !== null && line.amount < 0 ? 'deposit' : 'withdrawal' }
    : refunded
      ? { type: 'reimbursement', subType: null }
      : (movedByParty(counterparty, fromBankLine) ?? { type: 'spending', subType: null });
  return {
    ...kind,
    channel: atm ? null : decideChannel(line, descriptor, merchant, parties),
    atm,
    industryId,
    isDigitalWallet: parties.some(
      (party) => party.roles.includes('wallet') && !party.roles.includes('facilitator'),
    ),
    riskInsights: cardRiskInsights(line.mcc, merchant, industryId),
  };
}

/**
 * What the card paid when the party on the line says it was no purchase: on a bank line, money sent
 * through a P2P or remittance app that the line names alone (`WU *WESTERN UNION`, `RMTLY* S876C
 * REMITLY.COM`, `Wise`; a card network's own record of it stays spending); an instalment repaid to a
 * buy-now-pay-later lender (`PAYPAL *PYPL PAYIN4`); rent paid through a property manager's portal
 * (`APF*QUEEN CITY MANAGEME`); a bank card's payment to a card issuer or a lender (`AMZ SECURED CARD ...
 * DEBIT CARD`).
 */
function movedByParty(
  { merchant, parties, peerToPeer, toPerson, appNamed, repaysInstallments }: CardCounterparty,
  fromBankLine: boolean,
): Pick<CardPurchaseKind, 'type' | 'subType'> | null {
  if (((peerToPeer && merchant) || toPerson || appNamed) && fromBankLine)
    return { type: 'other_money_movement', subType: 'transfer' };
  if (repaysInstallments) return { type: 'debt', subType: 'bnpl' };
  if (parties.some((party) => party.roles.includes('rent')))
    return { type: 'other_money_movement', subType: 'rental' };
  // A bank card paying a card issuer or a lender pays the card's bill or the loan, no purchase.
  if (fromBankLine && merchant && issuesCreditOrLoans(merchant.industryId))
    return { type: 'debt', subType: 'payment' };
  return null;
}
