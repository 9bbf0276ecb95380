/** P2P lines: the apps as bank lines print them, and whether the name read from such a line is a person's. */
import { givenNames } from '../anatomy/given-names.js';
import { prefixKey } from '../anatomy/prefixes.js';
import { namesTrade } from './evidence.js';

/**
 * P2P apps as bank lines print them; Canada's Interac e-Transfer as its banks do (`E-TFR`, `SEND E-TFR`, `VIREMENT
 * INTERAC`); Europe's banks' own apps (Spain's Bizum, Switzerland's TWINT, Norway's Vipps, Denmark's MobilePay, Sweden's Swish).
 */
export const p2pApps =
  /\b(ZELLE|VENMO|CASH APP|SQUARE CASH|SQC\*|APPLE CASH|PAYPAL (?:INST XFER|TRANSFER|XFER)|PAYPAL DES:\s*INST XFER|(?:INTERAC )?(?:E-?TRANSFER|ETRNSFR)|E[- ]TFR|EMAIL MONEY TRF|VIREMENT INTERAC|ATH MOVIL|BIZUM|TWINT|VIPPS|MOBILEPAY|SWISH|SATISPAY)(?:\b|(?=PAYMENT|CASHOUT))/;

/** What P2P lines say besides a person's name (`APPLE CASH SENT MONEY`, `VENMO CASHOUT`). */
const p2pWording =
  /^(?:SENT|SEND|RECEIVED|MONEY|PAYMENT|PMT|EPAY|TRANSFER|XFER|INST|REQUEST|CASH|OUT|CASHOUT|BALANCE|DEPOSIT|AUTODEPOSIT|PURCHASE|WEB|PPD|ID|TO|FROM|CONF)$/;

/** Whether the name read from a P2P line is a person's: one to four words of letters, not the app or its wording. */
export function isPersonName(name: string, appName: string | undefined): boolean {
  const words = name.split(' ');
  if (!name || words.length > 4 || !/^[A-Z][A-Z' .-]*$/.test(name)) return false;
  if (appName && prefixKey(name) === prefixKey(appName)) return false;
  // The app by another of its names (`SQUARE CASH`).
  if (p2pApps.exec(name)?.[0] === name) return false;
  return !words.every((word) => p2pWording.test(word));
}

/**
 * Whether the name after a wallet's prefix is a person's (`PAYPAL *JOHN SMITH`, `PAYPAL*Dawson Patrick`): two
 * or three words of letters, a given name among them, no word of a trade (`PAYPAL *JOES PIZZA`).
 */
export function namesPerson(name: string): boolean {
  const words = name.split(' ');
  if (words.length < 2 || words.length > 3 || !/^[A-Z][A-Z' .-]*$/.test(name)) return false;
  return words.some((word) => givenNames.has(word)) && !namesTrade(name);
}
