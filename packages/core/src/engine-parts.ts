/** What every stage of an enrichment needs, built once per engine by `createEngine`. */
import type { Industry } from '@txenrich/schema';
import type { ContextParts } from './context/apply-context.js';
import type { ResolveParts } from './resolve/parts.js';

export interface EngineParts extends ResolveParts, ContextParts {
  /** The industry chain of an id, broad to specific, with icon URLs. */
  industryChain: (industryId: string | null) => Industry[];
  newId: () => string;
}
