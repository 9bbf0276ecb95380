/**
 * The direction of money on a bank line. The body's `direction` says it outright. Else a declared
 * transaction type that names one (`ACH_DEPOSIT`, `US_WIRE_OUTGOING`) does, before the amount: callers
 * print amounts both ways, and a payroll deposit sent as `2500` is still money in. Else the amount's
 * sign (negative is money in).
 */
import type { TransferInfo } from '@txenrich/schema';

export type Direction = TransferInfo['direction'];

/** Words of a declared type that name a direction; a type that names both (`CREDIT_CARD_PAYMENT`) names none. */
const incomingWords = /DEPOSIT|INCOMING|CREDIT/;
const outgoingWords = /WITHDRAWAL|OUTGOING|DEBIT|PAYMENT/;

function directionOfType(type: string): Direction | null {
  const incoming = incomingWords.test(type);
  if (incoming === outgoingWords.test(type)) return null;
  return incoming ? 'incoming' : 'outgoing';
}

export function directionOf(
  direction: 'CREDIT' | 'DEBIT' | undefined,
  transactionType: string | undefined,
  amount: number | undefined,
): Direction {
  if (direction) return direction === 'CREDIT' ? 'incoming' : 'outgoing';
  const type = transactionType?.toUpperCase() ?? '';
  const named = directionOfType(type);
  if (named) return named;
  if (amount !== undefined && amount !== 0) return amount < 0 ? 'incoming' : 'outgoing';
  // An ACH return brings the money back.
  return /RETURN/.test(type) ? 'incoming' : 'outgoing';
}
