/** The shape of a bank wrapper's rule: how the wrapper says the money moved. */
import type { Rule } from './rules.js';

/** How the wrapper says the money moved. */
export type Via =
  | 'card'
  | 'ach'
  | 'bill-pay'
  | 'p2p'
  | 'transfer'
  | 'wire'
  | 'check'
  | 'deposit'
  | 'card-payment'
  | 'atm';

export interface WrapperYield {
  via: Via;
  /** The wrapper says the money came back (a purchase return). */
  refund?: boolean;
  /** The wrapper says the payment recurs (`RECURRING PAYMENT AUTHORIZED ON`). */
  recurring?: boolean;
  /** A trailing part that says nothing of how the money moved (a date, a reference): not the line's wrapper. */
  silent?: boolean;
  /**
   * The wrapper names the currency the merchant charged in (Wise's `Card transaction of SEK issued by`): the
   * town after the name is of that currency's country, whatever the account's.
   */
  chargedCurrency?: boolean;
}

export type WrapperRule = Rule<WrapperYield>;
