import { enrichmentSchema, type Industry } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { createCategoryHierarchy, createEngine, type TenantCategories } from '../src/index.js';

let counter = 0;
const engine = createEngine({
  newId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
});
const icon = (file: string) => `http://localhost:8080/icons/${file}`;

const kitchen = '4d5419f1-bcde-40f5-9168-7f8989b9c55f';
const remodel = 'e4cf5379-583f-44ed-b625-366044e666e6';
const mine = '7a0c5b52-7f53-4f4e-9a0c-1b2f0e5d9c11';

/** The id Netflix has in results. */
const netflixId = engine.enrichCard({ merchantName: 'NETFLIX.COM', categoryType: 'MCC' }).counterparty[0]!.id;

const tenant = (personalizations: TenantCategories['personalizations']): TenantCategories => ({
  categories: [
    { id: kitchen, name: 'Kitchen', parentId: '011-000-000-000' },
    { id: remodel, name: 'Kitchen Remodel', parentId: kitchen },
    { id: mine, name: 'Mine', parentId: '011-001-000-000', userId: 'u1' },
  ],
  personalizations,
});

/** Enriches with the enrichment id fixed, so that two runs compare whole. */
function enrich(body: Record<string, unknown>, categories?: TenantCategories) {
  const context = categories ? { categories: engine.compileCategories(categories) } : undefined;
  return {
    ...engine.enrichCard({ merchantName: 'NETFLIX.COM', categoryType: 'MCC', ...body }, context),
    enrichmentId: '00000000-0000-4000-8000-000000000000',
  };
}

describe('custom categories', () => {
  it('take their parent’s hierarchy and icon; unknown parents and cycles have none', () => {
    const hierarchy = engine.categoryHierarchy(tenant([]).categories);
    expect(hierarchy(remodel)).toEqual([
      { id: '011-000-000-000', name: 'Food and Drink', icon: icon('food-and-drink.svg') },
      { id: kitchen, name: 'Kitchen', icon: icon('food-and-drink.svg') },
      { id: remodel, name: 'Kitchen Remodel', icon: icon('food-and-drink.svg') },
    ]);
    expect(hierarchy('011-001-000-000')?.map((node) => node.name)).toEqual(['Food and Drink', 'Restaurants']);
    expect(hierarchy('999-000-000-000')).toBeNull();
    const chain = (id: string): Industry[] =>
      id === '001-000-000-000' ? [{ id, name: 'Income', icon: null }] : [];
    const looped = createCategoryHierarchy(chain, [
      { id: 'a', name: 'A', parentId: 'b' },
      { id: 'b', name: 'B', parentId: 'a' },
      { id: 'c', name: 'C', parentId: 'nowhere' },
      { id: 'd', name: 'D', parentId: '001-000-000-000' },
    ]);
    expect([looped('a'), looped('b'), looped('c')]).toEqual([null, null, null]);
    expect(looped('d')).toEqual([
      { id: '001-000-000-000', name: 'Income', icon: null },
      { id: 'd', name: 'D', icon: null },
    ]);
  });

  it('the default taxonomy lists every industry, broad before specific, with its hierarchy', () => {
    const defaults = engine.defaultCategories();
    expect(defaults).toHaveLength(engine.catalog.industries.length);
    expect(defaults.find((category) => category.id === '011-001-000-000')).toEqual({
      id: '011-001-000-000',
      name: 'Restaurants',
      icon: icon('restaurant.svg'),
      fullCategoryHierarchy: [
        { id: '011-000-000-000', name: 'Food and Drink', icon: icon('food-and-drink.svg') },
        { id: '011-001-000-000', name: 'Restaurants', icon: icon('restaurant.svg') },
      ],
    });
  });
});

describe('counterparty personalization', () => {
  it('changes nothing without a personalization of the counterparty', () => {
    const plain = enrich({});
    expect(
      JSON.stringify(enrich({}, tenant([{ counterpartyId: 'someone-else', categoryId: kitchen }]))),
    ).toBe(JSON.stringify(plain));
    expect(engine.compileCategories(tenant([]))).toBeUndefined();
  });

  it('puts the category’s hierarchy last in the counterparty’s industry and names it in the display', () => {
    const plain = enrich({});
    const result = enrich({}, tenant([{ counterpartyId: netflixId, categoryId: remodel }]));
    expect(result.counterparty[0]!.industry.map((node) => node.id)).toEqual([
      '011-000-000-000',
      kitchen,
      remodel,
    ]);
    expect(result.transactionInfo.display.categoryName).toBe('Kitchen Remodel');
    // The rest is as it was.
    expect({
      ...result,
      counterparty: null,
      transactionInfo: { ...result.transactionInfo, display: null },
    }).toEqual({
      ...plain,
      counterparty: null,
      transactionInfo: { ...plain.transactionInfo, display: null },
    });
    expect(result.transactionInfo.display.name).toBe(plain.transactionInfo.display.name);
    expect(enrichmentSchema.safeParse(result).success).toBe(true);
  });

  it('applies a user’s over an organization’s over the integration’s, each to its own transactions', () => {
    const categories = tenant([
      { counterpartyId: netflixId, categoryId: '011-000-000-000' },
      { counterpartyId: netflixId, categoryId: kitchen, organizationId: 'org-1' },
      { counterpartyId: netflixId, categoryId: mine, userId: 'u1' },
    ]);
    const leaf = (body: Record<string, unknown>) =>
      enrich(body, categories).counterparty[0]!.industry.at(-1)!.id;
    expect(leaf({})).toBe('011-000-000-000');
    expect(leaf({ userId: 'u2' })).toBe('011-000-000-000');
    expect(leaf({ organizationId: 'org-1' })).toBe(kitchen);
    expect(leaf({ organizationId: 'org-2' })).toBe('011-000-000-000');
    expect(leaf({ organizationId: 'org-1', userId: 'u2' })).toBe(kitchen);
    expect(leaf({ organizationId: 'org-1', userId: 'u1' })).toBe(mine);
    expect(leaf({ userId: 'u1' })).toBe(mine);
  });

  it('files an unverified merchant by its stable id, and applies through every kind', () => {
    const line = 'JOES DINER #123 SOMEWHEREVILLE TX';
    const diner = engine.enrichCard({ merchantName: line, categoryType: 'MCC' }).counterparty[0]!;
    expect(diner.verified).toBe(false);
    const context = {
      categories: engine.compileCategories(tenant([{ counterpartyId: diner.id, categoryId: kitchen }])),
    };
    expect(
      engine.enrichCard({ merchantName: 'JOES DINER #77 SOMEWHEREVILLE TX', categoryType: 'MCC' }, context)
        .counterparty[0],
    ).toMatchObject({
      id: diner.id,
      industry: [{ id: '011-000-000-000' }, { id: kitchen, name: 'Kitchen' }],
    });
    const universal = engine.enrichUniversal(
      { userId: 'u1', description: 'NETFLIX.COM', amount: 15.49, categoryType: 'MCC' },
      {
        categories: engine.compileCategories(tenant([{ counterpartyId: netflixId, categoryId: kitchen }])),
      },
    );
    expect(universal.transactionInfo.display.categoryName).toBe('Kitchen');
  });
});
