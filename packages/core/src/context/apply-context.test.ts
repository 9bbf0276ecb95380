import type { Enrichment } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.js';
import type { EnrichmentContext } from './context.js';
import { applyPersonalization, showCategory } from './personalization.js';
import { matchTriggers } from './triggers.js';

const engine = createEngine({ newId: () => '00000000-0000-4000-8000-000000000000' });
const netflix = {
  merchantName: 'NETFLIX.COM',
  categoryType: 'MCC' as const,
  categoryCode: '4899',
  amount: 15.49,
  userId: 'user-1',
};
const diner = {
  merchantName: 'JOES DINER #123 SOMEWHEREVILLE TX',
  categoryType: 'MCC' as const,
  categoryCode: '5812',
  amount: 12,
};
const custom = { id: '4d5419f1-bcde-40f5-9168-7f8989b9c55f', name: 'Streaming', parentId: '011-000-000-000' };

describe('the context stage sets its results in place', () => {
  const plainNetflix = engine.enrichCard(netflix);
  const plainDiner = engine.enrichCard({ ...diner, userId: 'user-1' });
  const categories = engine.compileCategories({
    categories: [custom],
    personalizations: [
      { counterpartyId: plainNetflix.counterparty[0]!.id, categoryId: custom.id },
      { counterpartyId: plainNetflix.counterparty[0]!.id, categoryId: '012-000-000-000', userId: 'user-2' },
    ],
    rules: [{ categoryId: custom.id, match: { mcc: { from: 5812, to: 5812 } } }],
  })!;
  const triggers = engine.compileTriggers([
    {
      kind: 'category',
      scope: 'account',
      scopeKey: {},
      triggers: [{ id: 'any', categoryId: '011-000-000-000', action: { type: 'NOTIFY' } }],
    },
    {
      kind: 'category',
      scope: 'user',
      scopeKey: { userId: 'user-1' },
      triggers: [{ id: 'mine', categoryId: custom.id, action: { type: 'BLOCK' } }],
    },
  ]);
  const context: EnrichmentContext = { categories, triggers };

  /** What the public, copying functions make of a result without context. */
  function expected(plain: Enrichment, userId: string, ruled: boolean): Enrichment {
    let result = applyPersonalization(categories.personalizations, plain, userId, null);
    if (ruled) {
      const chain = categories.hierarchy(custom.id)!;
      result = showCategory(
        result,
        [{ ...result.counterparty[0]!, industry: chain as never }],
        chain.at(-1)!,
      );
    }
    const actions = matchTriggers(triggers, {
      userId,
      counterparty: null,
      thirdParties: [],
      category: result.counterparty[0]!.industry,
    });
    return { ...result, actions };
  }

  it('gives what personalizations, rules and triggers give by copying, every time', () => {
    const first = engine.enrichCard(netflix, context);
    expect(first.transactionInfo.display.categoryName).toBe('Streaming');
    expect(first.actions?.map((action) => action.id)).toEqual(['any', 'mine']);
    // The same text on the wire: fields in the same order.
    expect(JSON.stringify(first)).toBe(JSON.stringify(expected(plainNetflix, 'user-1', false)));
    const ruled = engine.enrichCard({ ...diner, userId: 'user-1' }, context);
    expect(ruled.transactionInfo.display.categoryName).toBe('Streaming');
    expect(JSON.stringify(ruled)).toBe(JSON.stringify(expected(plainDiner, 'user-1', true)));
    // Nothing shared was changed: the same enrichments again, and another user's, come out as before.
    expect(engine.enrichCard(netflix, context)).toEqual(first);
    expect(engine.enrichCard({ ...diner, userId: 'user-1' }, context)).toEqual(ruled);
    expect(engine.enrichCard({ ...netflix, userId: 'user-2' }, context)).toEqual(
      expected(engine.enrichCard({ ...netflix, userId: 'user-2' }), 'user-2', false),
    );
    expect(engine.enrichCard(netflix)).toEqual(plainNetflix);
    expect(categories.hierarchy(custom.id)!.map((node) => node.id)).toEqual(['011-000-000-000', custom.id]);
  });
});
