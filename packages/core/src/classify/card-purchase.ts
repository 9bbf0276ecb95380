/** What a card purchase is: spending or an ATM visit, its channel, flags, industry and risk. */
import type { Channel, RiskInsights, TransactionSubType, TransactionType } from '@txenrich/schema';
import type { Anatomy } from '../anatomy/anatomy.js';
import type { Line } from '../normalize/line.js';
import type { CardCounterparty } from '../resolve/card-counterparty.js';
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
  { merchant, parties }: CardCounterparty,
  fromBankLine = false,
): CardPurchaseKind {
  const atm = Boolean(line.mcc?.atm);
  const industryId = merchant?.industryId ?? line.mcc?.industryId ?? parties[0]?.industryId ?? null;
  return {
    // The bank's wrapper says the money came back (`PURCHASE RETURN AUTHORIZED ON`, `DEBIT CARD CREDIT`), or
    // a bank or aggregator line pays in from a merchant with no sign of a card (`AMAZON.COM` credited). A
    // line that shows its card (`CHECKCARD`, `SQ *`) is a card's refund, and that stays spending (CONTRACT.md).
    type: atm
      ? 'atm'
      : descriptor.wrapper?.refund ||
          (fromBankLine &&
            line.direction === 'incoming' &&
            !descriptor.wrapper &&
            // A card processor's prefix shows a card; a marketplace's or the merchant's own does not.
            !parties.some((party) => party.roles.includes('facilitator')) &&
            !descriptor.prefixes.some((prefix) => prefix.id === 'prefix.unknown-facilitator'))
        ? 'reimbursement'
        : 'spending',
    // Card amounts are signed: a negative one at an ATM was paid in.
    subType: atm ? (line.amount !== null && line.amount < 0 ? 'deposit' : 'withdrawal') : null,
    channel: atm ? null : decideChannel(line, descriptor, merchant, parties),
    atm,
    industryId,
    isDigitalWallet: parties.some(
      (party) => party.roles.includes('wallet') && !party.roles.includes('facilitator'),
    ),
    riskInsights: cardRiskInsights(line.mcc, merchant, industryId),
  };
}
