/**
 * What a bank movement is: the type and sub-type its bank rule names (else what the party makes of it),
 * and the transfer: direction, method, internal or external, refund.
 */
import type { RiskInsights, TransactionSubType, TransactionType, TransferInfo } from '@txenrich/schema';
import { readBankLine } from '../normalize/bank-line.js';
import type { Line } from '../normalize/line.js';
import type { BankCounterparty } from '../resolve/bank-counterparty.js';
import type { BankRule } from './bank-rules.js';
import { bankRiskInsights } from './risk.js';

export interface BankMovementKind {
  type: TransactionType;
  subType: TransactionSubType | null;
  industryId: string | null;
  transferInfo: TransferInfo;
  peerToPeer: boolean;
  riskInsights: RiskInsights;
}

export function classifyBankMovement(
  line: Line,
  rule: BankRule | undefined,
  { merchant, app }: BankCounterparty,
): BankMovementKind {
  const { direction } = line;
  const yields = rule?.yields;
  // A payment to a bank or lender is debt; to any other merchant (a utility, an insurer) it is spending.
  const lender =
    !rule && merchant !== null && direction === 'outgoing' && merchant.industryId.startsWith('005');
  const type: TransactionType =
    yields?.type ??
    (lender ? 'debt' : merchant && direction === 'outgoing' ? 'spending' : 'other_money_movement');
  const subType: TransactionSubType | null = yields
    ? yields.subType
    : lender
      ? 'payment'
      : type === 'spending'
        ? null
        : direction === 'incoming'
          ? 'deposit'
          : 'withdrawal';
  const industryId = merchant?.industryId ?? app?.industryId ?? null;
  return {
    type,
    subType,
    industryId,
    transferInfo: {
      direction,
      transferMethod: yields?.method ?? readBankLine(line.text, line.declaredType).method,
      transferType:
        yields?.transferType ?? (yields?.counterparty === 'none' && !yields.method ? 'unknown' : 'external'),
      isAdjustmentOrRefund: Boolean(yields?.refund),
    },
    peerToPeer: Boolean(yields?.peerToPeer),
    riskInsights: bankRiskInsights(industryId),
  };
}
