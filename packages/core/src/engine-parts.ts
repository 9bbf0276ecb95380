/** What every stage of an enrichment needs, built once per engine by `createEngine`. */
import type { Merchant } from '@txenrich/catalog';
import type { Industry } from '@txenrich/schema';
import type { ContextParts } from './context/apply-context.js';
import type { Lexicon } from './lexicon.js';
import type { Matcher } from './resolve/matcher.js';

export interface EngineParts extends ContextParts {
  lexicon: Lexicon;
  matcher: Matcher;
  merchants: readonly Merchant[];
  /** Airline, car-rental and hotel MCCs (3000-3999) -> the merchant they name. */
  merchantOfMcc: ReadonlyMap<string, number>;
  /** The industry chain of an id, broad to specific, with icon URLs. */
  industryChain: (industryId: string | null) => Industry[];
  newId: () => string;
}
