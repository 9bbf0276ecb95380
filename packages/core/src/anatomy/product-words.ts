/**
 * Products and kinds of charge that brands print after their own name: words that name no business.
 * Read by the anatomy (what follows an abbreviation and a star) and by the resolve stage (what a matched
 * brand's name leaves over).
 */
import { isWordOrCutStart } from '../normalize/text.js';

/**
 * What a marketplace or delivery app prints after its own name when it sold
 * the thing itself (`UBER *EATS PENDING`, `DOORDASH DASHPASS`).
 */
export const productWords: ReadonlySet<string> = new Set([
  'pending',
  'storage',
  'cloud',
  'drive',
  'workspace',
  'gsuite',
  'voice',
  'domains',
  'photos',
  'fi',
  'ads',
  'play',
  'music',
  'premium',
  'trip',
  'trips',
  'eats',
  'dashpass',
  'membership',
  'member',
  'subscription',
  'sub',
  'order',
  'orders',
  'prime',
  'plus',
  'one',
  'pass',
  'ride',
  'rides',
  'help',
  'bill',
  'payment',
  'fee',
  'fees',
  'tip',
  'tips',
  'renewal',
  'annual',
  'monthly',
  'mo',
  'yr',
  'due',
  'dues',
  'ultimate',
  'digital',
  'store',
  'purchase',
  'gift',
  'card',
  'credit',
]);

/** A product word, also cut by the field (`DASHP` of DashPass). */
export const isProductWord = (token: string): boolean => isWordOrCutStart(productWords, token);
