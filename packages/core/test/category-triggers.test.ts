import { describe, expect, it } from 'vitest';
import {
  createEngine,
  type EnrichmentContext,
  type TenantCategories,
  type TriggerRegistration,
} from '../src/index.js';

const engine = createEngine();
const netflix = engine.enrichCard({ merchantName: 'NETFLIX.COM', categoryType: 'MCC' });
const netflixChain = netflix.counterparty[0]!.industry;
const kitchen = '4d5419f1-bcde-40f5-9168-7f8989b9c55f';

const onCategory = (id: string, categoryId: string): TriggerRegistration => ({
  kind: 'category',
  scope: 'account',
  scopeKey: {},
  triggers: [{ id, categoryId, action: { type: 'NOTIFY' } }],
});

const actionIds = (body: Record<string, unknown>, context: EnrichmentContext) =>
  engine
    .enrichCard({ merchantName: 'NETFLIX.COM', categoryType: 'MCC', ...body }, context)
    .actions?.map((action) => [action.id, action.type, action.source]) ?? null;

describe('category triggers in the engine', () => {
  it('a trigger on the top of a counterparty’s category matches it (its descendant)', () => {
    expect(netflixChain.length).toBeGreaterThan(1);
    const context = engine.compileRules({
      triggers: [onCategory('top', netflixChain[0]!.id), onCategory('other', '999-000-000-000')],
    });
    expect(actionIds({}, context)).toEqual([['top', 'category_trigger', 'category']]);
  });

  it('matches the category a personalization decided, not the one the engine found', () => {
    const categories: TenantCategories = {
      categories: [{ id: kitchen, name: 'Kitchen', parentId: '011-000-000-000' }],
      personalizations: [{ counterpartyId: netflix.counterparty[0]!.id, categoryId: kitchen }],
    };
    const context = engine.compileRules({
      categories,
      triggers: [onCategory('food', '011-000-000-000'), onCategory('was', netflixChain.at(-1)!.id)],
    });
    expect(actionIds({}, context)).toEqual([['food', 'category_trigger', 'category']]);
    // Another user's personalization leaves this one's category as the engine found it.
    const usersOwn = engine.compileRules({
      categories: { ...categories, personalizations: [{ ...categories.personalizations[0]!, userId: 'u2' }] },
      triggers: [onCategory('food', '011-000-000-000'), onCategory('was', netflixChain.at(-1)!.id)],
    });
    expect(actionIds({ userId: 'u1' }, usersOwn)).toEqual([['was', 'category_trigger', 'category']]);
  });

  it('matches a transaction naming no counterparty on the category the engine found', () => {
    const atm = engine.enrichCard({
      merchantName: 'ATM WITHDRAWAL 1234 MAIN ST',
      categoryCode: '6011',
      categoryType: 'MCC',
    });
    expect(atm.counterparty).toEqual([]);
    const chain = engine.categoryHierarchy([]);
    const category = engine
      .defaultCategories()
      .find((item) => item.name === atm.transactionInfo.display.categoryName);
    expect(category && chain(category.id)).toBeTruthy();
    const context = engine.compileRules({
      triggers: [onCategory('cash', category!.fullCategoryHierarchy[0]!.id)],
    });
    const matched = engine.enrichCard(
      { merchantName: 'ATM WITHDRAWAL 1234 MAIN ST', categoryCode: '6011', categoryType: 'MCC' },
      context,
    );
    expect(matched.actions?.map((action) => action.id)).toEqual(['cash']);
  });
});
