/** What the resolve stage needs of the engine, built once per engine. */
import type { Merchant } from '@txenrich/catalog';
import type { Lexicon } from '../lexicon.js';
import type { Matcher } from './matcher.js';

export interface ResolveParts {
  lexicon: Lexicon;
  matcher: Matcher;
  merchants: readonly Merchant[];
  /** Airline, car-rental and hotel MCCs (3000-3999) -> the merchant they name. */
  merchantOfMcc: ReadonlyMap<string, number>;
}
