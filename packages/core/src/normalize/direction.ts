/** The direction of money on a bank line. */
import type { TransferInfo } from '@txenrich/schema';

export type Direction = TransferInfo['direction'];

/** `direction` wins, else the amount's sign (negative is incoming), else the type's name. */
export function directionOf(
  direction: 'CREDIT' | 'DEBIT' | undefined,
  transactionType: string | undefined,
  amount: number | undefined,
): Direction {
  if (direction) return direction === 'CREDIT' ? 'incoming' : 'outgoing';
  if (amount !== undefined && amount !== 0) return amount < 0 ? 'incoming' : 'outgoing';
  return /DEPOSIT|INCOMING|RETURN/.test(transactionType ?? '') ? 'incoming' : 'outgoing';
}
