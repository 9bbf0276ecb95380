import type { MerchantTrigger } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import {
  ALLOW_ONLY_DEFAULT_ID,
  addressKey,
  compileTriggers,
  createTriggerCompiler,
  hostKey,
  matchTriggers,
  postalKey,
  type TriggerRegistration,
  type TriggerSubject,
} from './triggers.js';

const trigger = (
  fields: Partial<MerchantTrigger> & Pick<MerchantTrigger, 'id' | 'merchantName'>,
): MerchantTrigger => ({
  action: { type: 'NOTIFY' },
  level: 'corporation',
  ...fields,
});

const account = (...triggers: MerchantTrigger[]): TriggerRegistration => ({
  scope: 'account',
  scopeKey: {},
  triggers,
});

const starbucks = {
  name: 'Starbucks',
  website: 'https://www.starbucks.com',
  city: 'Seattle',
  region: 'WA',
  postalCode: '98101',
  address: '1912 Pike Place',
};

const subject = (fields: Partial<TriggerSubject> = {}): TriggerSubject => ({
  userId: 'user-1',
  cardId: 'card-1',
  programId: 'program-1',
  counterparty: starbucks,
  thirdParties: [],
  ...fields,
});

describe('matchTriggers: corporation and location levels', () => {
  it('matches a corporation trigger by website host, anywhere', () => {
    const compiled = compileTriggers([
      account(trigger({ id: 'sbux', merchantName: 'Starbucks Coffee', website: 'starbucks.com' })),
    ]);
    expect(matchTriggers(compiled, subject())).toEqual([
      {
        id: 'sbux',
        type: 'merchant_trigger',
        action: { type: 'NOTIFY' },
        scope: 'account',
        source: 'counterparty',
      },
    ]);
    expect(
      matchTriggers(compiled, subject({ counterparty: { ...starbucks, city: 'Portland', region: 'OR' } })),
    ).toHaveLength(1);
  });

  it('matches by normalised name only when the trigger has no website', () => {
    const byName = compileTriggers([
      account(
        trigger({ id: 'joes', merchantName: "JOE'S PIZZA & PASTA", city: 'Brooklyn', level: 'corporation' }),
      ),
    ]);
    const joes = { name: 'Joes Pizza and Pasta', website: null };
    expect(matchTriggers(byName, subject({ counterparty: joes }))?.map((action) => action.id)).toEqual([
      'joes',
    ]);

    const byWebsite = compileTriggers([
      account(trigger({ id: 'sbux', merchantName: 'Starbucks', website: 'starbucks.com' })),
    ]);
    expect(
      matchTriggers(byWebsite, subject({ counterparty: { name: 'Starbucks', website: null } })),
    ).toBeNull();
  });

  it('matches a location trigger only at that place', () => {
    const compiled = compileTriggers([
      account(
        trigger({
          id: 'by-zip',
          merchantName: 'Starbucks',
          website: 'starbucks.com',
          level: 'location',
          postalCode: '98101-2244',
        }),
        trigger({
          id: 'by-city',
          merchantName: 'Starbucks',
          website: 'starbucks.com',
          level: 'location',
          city: 'Portland',
          region: 'or',
        }),
        trigger({
          id: 'by-address',
          merchantName: 'Starbucks',
          website: 'starbucks.com',
          level: 'location',
          address: '400 Broadway Street',
          city: 'Austin',
          region: 'TX',
        }),
      ),
    ]);
    const ids = (counterparty: TriggerSubject['counterparty']) =>
      matchTriggers(compiled, subject({ counterparty }))?.map((action) => action.id) ?? [];
    expect(ids(starbucks)).toEqual(['by-zip']);
    expect(ids({ ...starbucks, city: 'PORTLAND', region: 'OR', postalCode: '97205', address: null })).toEqual(
      ['by-city'],
    );
    // Same city name, another state.
    expect(ids({ ...starbucks, city: 'Portland', region: 'ME', postalCode: '04101', address: null })).toEqual(
      [],
    );
    expect(
      ids({ ...starbucks, city: null, region: null, postalCode: null, address: '400 BROADWAY ST' }),
    ).toEqual(['by-address']);
    expect(ids({ ...starbucks, city: 'Denver', region: 'CO', postalCode: '80202', address: null })).toEqual(
      [],
    );
  });

  it('normalises regions with the given function', () => {
    const compiled = compileTriggers(
      [
        account(
          trigger({
            id: 'ca',
            merchantName: 'Blue Bottle',
            level: 'location',
            city: 'Oakland',
            region: 'California',
          }),
        ),
      ],
      { regionCode: (region) => (region === 'California' ? 'CA' : null) },
    );
    const blueBottle = { name: 'Blue Bottle', website: null, city: 'Oakland', region: 'CA' };
    expect(matchTriggers(compiled, subject({ counterparty: blueBottle }))?.[0]?.id).toBe('ca');
  });

  it('matches a location trigger with only coordinates nearby', () => {
    const compiled = compileTriggers([
      account(
        trigger({
          id: 'pike',
          merchantName: 'Starbucks',
          website: 'starbucks.com',
          level: 'location',
          latitude: 47.6097,
          longitude: -122.3422,
        }),
      ),
    ]);
    const at = (latitude: number, longitude: number) =>
      matchTriggers(compiled, subject({ counterparty: { ...starbucks, latitude, longitude } }));
    expect(at(47.6099, -122.3425)?.[0]?.id).toBe('pike');
    expect(at(47.62, -122.35)).toBeNull();
    expect(matchTriggers(compiled, subject())).toBeNull();
  });

  it('treats a location trigger without any place like a corporation trigger', () => {
    const compiled = compileTriggers([
      account(
        trigger({ id: 'sbux', merchantName: 'Starbucks', website: 'starbucks.com', level: 'location' }),
      ),
    ]);
    expect(matchTriggers(compiled, subject())?.[0]?.id).toBe('sbux');
  });
});

describe('matchTriggers: sources', () => {
  it('matches a third party with source third_party, never by place', () => {
    const compiled = compileTriggers([
      account(
        trigger({ id: 'square', merchantName: 'Square', website: 'squareup.com' }),
        trigger({ id: 'paypal', merchantName: 'PayPal' }),
        trigger({
          id: 'square-here',
          merchantName: 'Square',
          website: 'squareup.com',
          level: 'location',
          city: 'Seattle',
        }),
      ),
    ]);
    const actions = matchTriggers(
      compiled,
      subject({
        counterparty: { name: 'Blue Bottle Coffee', website: null, city: 'Seattle', region: 'WA' },
        thirdParties: [
          { name: 'Square', website: 'https://squareup.com' },
          { name: 'PayPal', website: null },
        ],
      }),
    );
    expect(actions).toEqual([
      {
        id: 'square',
        type: 'merchant_trigger',
        action: { type: 'NOTIFY' },
        scope: 'account',
        source: 'third_party',
      },
      {
        id: 'paypal',
        type: 'merchant_trigger',
        action: { type: 'NOTIFY' },
        scope: 'account',
        source: 'third_party',
      },
    ]);
  });

  it('reports a trigger matching both the counterparty and a third party once, as counterparty', () => {
    const compiled = compileTriggers([
      account(trigger({ id: 'doordash', merchantName: 'DoorDash', website: 'doordash.com' })),
    ]);
    const actions = matchTriggers(
      compiled,
      subject({
        counterparty: { name: 'DoorDash', website: 'https://www.doordash.com' },
        thirdParties: [{ name: 'DoorDash', website: 'https://doordash.com' }],
      }),
    );
    expect(actions?.map((action) => [action.id, action.source])).toEqual([['doordash', 'counterparty']]);
  });

  it('matches third parties when there is no counterparty', () => {
    const compiled = compileTriggers([
      account(trigger({ id: 'paypal', merchantName: 'PayPal', website: 'paypal.com' })),
    ]);
    const actions = matchTriggers(
      compiled,
      subject({
        counterparty: null,
        thirdParties: [{ name: 'PayPal', website: 'https://www.paypal.com/us' }],
      }),
    );
    expect(actions?.[0]?.source).toBe('third_party');
  });
});

describe('matchTriggers: scopes', () => {
  const compiled = compileTriggers([
    account(trigger({ id: 'a', merchantName: 'Starbucks', website: 'starbucks.com' })),
    {
      scope: 'program',
      scopeKey: { programId: 'program-1' },
      triggers: [trigger({ id: 'p', merchantName: 'Starbucks', website: 'starbucks.com' })],
    },
    {
      scope: 'user',
      scopeKey: { userId: 'user-1' },
      triggers: [trigger({ id: 'u', merchantName: 'Starbucks', website: 'starbucks.com' })],
    },
    {
      scope: 'card',
      scopeKey: { userId: 'user-1', cardId: 'card-1' },
      triggers: [trigger({ id: 'c', merchantName: 'Starbucks', website: 'starbucks.com' })],
    },
  ]);
  const scopes = (fields: Partial<TriggerSubject>) =>
    matchTriggers(compiled, subject(fields))?.map((action) => `${action.scope}:${action.id}`);

  it('applies every scope the transaction belongs to, account first', () => {
    expect(scopes({})).toEqual(['account:a', 'program:p', 'user:u', 'card:c']);
  });

  it('fires a user trigger only for that user, and a card trigger only for that user and card', () => {
    expect(scopes({ userId: 'user-2' })).toEqual(['account:a', 'program:p']);
    expect(scopes({ cardId: 'card-2' })).toEqual(['account:a', 'program:p', 'user:u']);
    // The same card id under another user is another card.
    expect(scopes({ userId: 'user-2', cardId: 'card-1' })).toEqual(['account:a', 'program:p']);
    expect(scopes({ programId: 'program-2', userId: null, cardId: null })).toEqual(['account:a']);
  });

  it('ignores scopes that apply to nobody here', () => {
    const userOnly = compileTriggers([
      {
        scope: 'user',
        scopeKey: { userId: 'user-9' },
        triggers: [trigger({ id: 'u', merchantName: 'Starbucks' })],
      },
    ]);
    expect(matchTriggers(userOnly, subject())).toBeNull();
  });
});

describe('matchTriggers: reserved action types', () => {
  it('adds BLOCK to a BLOCK trigger and passes other actions through untouched', () => {
    const custom = { type: 'REWARD', points: 5, nested: { tier: 'gold' } };
    const compiled = compileTriggers([
      account(
        trigger({
          id: 'block',
          merchantName: 'Starbucks',
          website: 'starbucks.com',
          action: { type: 'BLOCK', reason: 'fraud' },
        }),
        trigger({ id: 'reward', merchantName: 'Starbucks', website: 'starbucks.com', action: custom }),
      ),
    ]);
    expect(matchTriggers(compiled, subject())).toEqual([
      {
        id: 'block',
        type: 'merchant_trigger',
        action: { type: 'BLOCK', reason: 'fraud' },
        scope: 'account',
        source: 'counterparty',
        authRecommendation: 'BLOCK',
      },
      { id: 'reward', type: 'merchant_trigger', action: custom, scope: 'account', source: 'counterparty' },
    ]);
  });

  const allowOnly = compileTriggers([
    {
      scope: 'card',
      scopeKey: { userId: 'user-1', cardId: 'card-1' },
      triggers: [
        trigger({
          id: 'only-groceries',
          merchantName: 'Whole Foods',
          website: 'wholefoodsmarket.com',
          action: { type: 'ALLOW_ONLY' },
        }),
      ],
    },
  ]);

  it('ALLOW_ONLY allows a matching transaction', () => {
    const wholeFoods = { name: 'Whole Foods Market', website: 'https://www.wholefoodsmarket.com' };
    expect(matchTriggers(allowOnly, subject({ counterparty: wholeFoods }))).toEqual([
      {
        id: 'only-groceries',
        type: 'merchant_trigger',
        action: { type: 'ALLOW_ONLY' },
        scope: 'card',
        source: 'counterparty',
        authRecommendation: 'ALLOW',
      },
    ]);
  });

  it('ALLOW_ONLY blocks everything else on that scope', () => {
    const expected = [
      {
        id: ALLOW_ONLY_DEFAULT_ID,
        type: 'merchant_trigger',
        action: { type: 'ALLOW_ONLY' },
        scope: 'card',
        source: null,
        authRecommendation: 'BLOCK',
      },
    ];
    expect(matchTriggers(allowOnly, subject())).toEqual(expected);
    expect(matchTriggers(allowOnly, subject({ counterparty: null }))).toEqual(expected);
    // Another card of the same user is not restricted.
    expect(matchTriggers(allowOnly, subject({ cardId: 'card-2' }))).toBeNull();
  });
});

describe('matchTriggers: nothing applies', () => {
  it('returns null without triggers, without a match, and without a merchant', () => {
    expect(matchTriggers(compileTriggers([]), subject())).toBeNull();
    const compiled = compileTriggers([
      account(trigger({ id: 'netflix', merchantName: 'Netflix', website: 'netflix.com' })),
    ]);
    expect(matchTriggers(compiled, subject())).toBeNull();
    expect(matchTriggers(compiled, subject({ counterparty: null }))).toBeNull();
  });

  it('returns fresh action objects: editing a result does not edit the triggers', () => {
    const compiled = compileTriggers([
      account(trigger({ id: 'sbux', merchantName: 'Starbucks', website: 'starbucks.com' })),
    ]);
    const first = matchTriggers(compiled, subject())!;
    first[0]!.action.type = 'CHANGED';
    expect(matchTriggers(compiled, subject())?.[0]?.action).toEqual({ type: 'NOTIFY' });
  });

  it('fires every trigger of a merchant in registration order, alike actions each its own object', () => {
    const compiled = compileTriggers([
      account(
        trigger({ id: 'first', merchantName: 'Starbucks', website: 'starbucks.com' }),
        trigger({ id: 'netflix', merchantName: 'Netflix', website: 'netflix.com' }),
        trigger({ id: 'second', merchantName: 'Starbucks', website: 'https://starbucks.com/' }),
        trigger({ id: 'third', merchantName: 'Starbucks', website: 'www.starbucks.com' }),
      ),
    ]);
    const actions = matchTriggers(compiled, subject())!;
    expect(actions.map((action) => action.id)).toEqual(['first', 'second', 'third']);
    actions[0]!.action.type = 'CHANGED';
    expect(actions.map((action) => action.action.type)).toEqual(['CHANGED', 'NOTIFY', 'NOTIFY']);
  });
});

describe('createTriggerCompiler', () => {
  it('compiles a list added in parts as the whole list at once: same order, same matches', () => {
    const first = trigger({ id: 'first', merchantName: 'Starbucks', website: 'starbucks.com' });
    const second = trigger({ id: 'second', merchantName: 'Starbucks', level: 'location', city: 'Seattle' });
    const third = trigger({ id: 'third', merchantName: 'Starbucks', website: 'www.starbucks.com' });
    const user = (...triggers: MerchantTrigger[]): TriggerRegistration => ({
      scope: 'user',
      scopeKey: { userId: 'user-1' },
      triggers,
    });
    const compiler = createTriggerCompiler();
    compiler.add(account(first));
    compiler.add(account(third));
    compiler.add(user(second));
    compiler.add({ scope: 'card', scopeKey: { userId: 'user-1' }, triggers: [first] });
    const whole = compileTriggers([account(first, third), user(second)]);
    expect(compiler.compiled).toEqual(whole);
    expect(matchTriggers(compiler.compiled, subject())?.map((action) => action.id)).toEqual([
      'first',
      'third',
      'second',
    ]);
  });
});

describe('trigger keys', () => {
  it('normalises hosts, postal codes and addresses', () => {
    expect(hostKey('https://www.Netflix.com:443/browse?x=1')).toBe('netflix.com');
    expect(hostKey('netflix.com.')).toBe('netflix.com');
    expect(postalKey('94107-1234')).toBe('94107');
    expect(postalKey('k1a 0b1')).toBe('K1A0B1');
    expect(addressKey('1912 Pike Place, Suite 100')).toBe(addressKey('1912 PIKE PL STE 100'));
    expect(addressKey('1 Constructor Way')).toBe('1 constructor way');
  });
});

describe('matchTriggers: category triggers', () => {
  const groceries = [{ id: '011-000-000-000' }, { id: '011-002-000-000' }];
  const custom = [...groceries, { id: '4d5419f1-bcde-40f5-9168-7f8989b9c55f' }];
  const categories = (
    scope: TriggerRegistration['scope'],
    scopeKey: TriggerRegistration['scopeKey'],
    ...triggers: Array<{ id: string; categoryId: string; action?: Record<string, unknown> }>
  ): TriggerRegistration => ({
    kind: 'category',
    scope,
    scopeKey,
    triggers: triggers.map((item) => ({ action: { type: 'NOTIFY' }, ...item })),
  });

  it('matches a trigger on the category or any ancestor of it, with source category', () => {
    const compiled = compileTriggers([
      categories('account', {}, { id: 'parent', categoryId: '011-000-000-000' }),
      categories('user', { userId: 'user-1' }, { id: 'leaf', categoryId: '011-002-000-000' }),
      categories('account', {}, { id: 'elsewhere', categoryId: '012-000-000-000' }),
    ]);
    expect(compiled.categoryTriggers).toBe(3);
    expect(matchTriggers(compiled, subject({ category: groceries }))).toEqual([
      {
        id: 'parent',
        type: 'category_trigger',
        action: { type: 'NOTIFY' },
        scope: 'account',
        source: 'category',
      },
      { id: 'leaf', type: 'category_trigger', action: { type: 'NOTIFY' }, scope: 'user', source: 'category' },
    ]);
    // A child's trigger does not match its parent.
    expect(matchTriggers(compiled, subject({ category: groceries.slice(0, 1), userId: 'user-1' }))).toEqual([
      {
        id: 'parent',
        type: 'category_trigger',
        action: { type: 'NOTIFY' },
        scope: 'account',
        source: 'category',
      },
    ]);
    expect(matchTriggers(compiled, subject({ category: null }))).toBeNull();
  });

  it('matches a custom category id whatever its case, beside merchant triggers of the same scope', () => {
    const compiled = compileTriggers([
      account(trigger({ id: 'sbux', merchantName: 'Starbucks', website: 'starbucks.com' })),
      categories('account', {}, { id: 'remodel', categoryId: '4D5419F1-BCDE-40F5-9168-7F8989B9C55F' }),
    ]);
    expect(
      matchTriggers(compiled, subject({ category: custom }))?.map((action) => [action.id, action.source]),
    ).toEqual([
      ['sbux', 'counterparty'],
      ['remodel', 'category'],
    ]);
  });

  it('applies scopes as merchant triggers do: program, user and card', () => {
    const compiled = compileTriggers([
      categories('program', { programId: 'program-2' }, { id: 'program', categoryId: '011-000-000-000' }),
      categories(
        'card',
        { userId: 'user-1', cardId: 'card-9' },
        { id: 'card', categoryId: '011-000-000-000' },
      ),
    ]);
    expect(matchTriggers(compiled, subject({ category: groceries }))).toBeNull();
    const ids = matchTriggers(
      compiled,
      subject({ category: groceries, programId: 'program-2', cardId: 'card-9' }),
    )?.map((action) => action.id);
    expect(ids).toEqual(['program', 'card']);
  });

  it('matches a leaf by its own chain, and what a compiler adds after a match', () => {
    const compiler = createTriggerCompiler();
    compiler.add(categories('account', {}, { id: 'on-a', categoryId: 'a' }));
    const underA = [{ id: 'a' }, { id: 'leaf' }];
    const underB = [{ id: 'b' }, { id: 'leaf' }];
    const ids = (category: readonly { id: string }[]) =>
      matchTriggers(compiler.compiled, subject({ category }))?.map((action) => action.id) ?? null;
    expect(ids(underA)).toEqual(['on-a']);
    // The same leaf id under another parent: its chain decides, not what was kept for the leaf.
    expect(ids(underB)).toBeNull();
    compiler.add(categories('account', {}, { id: 'on-leaf', categoryId: 'leaf' }));
    compiler.add(categories('user', { userId: 'user-1' }, { id: 'on-b', categoryId: 'b' }));
    expect(ids(underA)).toEqual(['on-a', 'on-leaf']);
    expect(ids(underB)).toEqual(['on-leaf', 'on-b']);
    // A shared (frozen) chain, as the hierarchy of custom categories hands out, matches the same.
    expect(ids(Object.freeze(underB.map((node) => Object.freeze({ ...node }))))).toEqual(['on-leaf', 'on-b']);
  });

  it('answers category actions that cannot be changed, nor change the trigger they come from', () => {
    const action = { type: 'NOTIFY', note: 'groceries' };
    const compiled = compileTriggers([
      categories('account', {}, { id: 'parent', categoryId: '011-000-000-000', action }),
    ]);
    const [first] = matchTriggers(compiled, subject({ category: groceries })) ?? [];
    expect(first).toEqual({
      id: 'parent',
      type: 'category_trigger',
      action: { type: 'NOTIFY', note: 'groceries' },
      scope: 'account',
      source: 'category',
    });
    expect(() => {
      (first!.action as Record<string, unknown>).note = 'changed';
    }).toThrow(TypeError);
    expect(Object.isFrozen(action)).toBe(false);
    expect(matchTriggers(compiled, subject({ category: groceries }))?.[0]?.action).toEqual(action);
  });

  it('checks a scope’s ALLOW_ONLY category triggers apart from its merchant ones', () => {
    const allowOnly = { type: 'ALLOW_ONLY' };
    const compiled = compileTriggers([
      account(
        trigger({ id: 'only-sbux', merchantName: 'Starbucks', website: 'starbucks.com', action: allowOnly }),
      ),
      categories('account', {}, { id: 'only-travel', categoryId: '012-000-000-000', action: allowOnly }),
    ]);
    expect(matchTriggers(compiled, subject({ category: groceries }))).toEqual([
      {
        id: 'only-sbux',
        type: 'merchant_trigger',
        action: allowOnly,
        scope: 'account',
        source: 'counterparty',
        authRecommendation: 'ALLOW',
      },
      {
        id: ALLOW_ONLY_DEFAULT_ID,
        type: 'category_trigger',
        action: allowOnly,
        scope: 'account',
        source: null,
        authRecommendation: 'BLOCK',
      },
    ]);
  });
});
