import { loadCatalog } from '@txenrich/catalog';
import { cardTransactionSchema, intervalTypes, validate } from '@txenrich/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCards } from '../src/cards.js';
import { localKinds } from '../src/local-names.js';
import type { GeneratedCard } from '../src/model.js';
import { inventLocalName, Purchases } from '../src/purchases.js';
import { hash32, Random } from '../src/random.js';
import { Subscriptions } from '../src/subscriptions.js';
import { createWorld, type World } from '../src/world.js';

let world: World;
let rows: GeneratedCard[];
beforeAll(() => {
  world = createWorld(loadCatalog());
  rows = [...generateCards(world, { rows: 6000, seed: 42 })];
});

describe('the generator world', () => {
  it('names only brands the catalog has', () => {
    expect(Purchases.unresolved(world)).toEqual([]);
    expect(Subscriptions.unresolved(world)).toEqual([]);
  });
});

describe('generated rows', () => {
  it('are valid card request bodies, and the schema drops their expect and tags', () => {
    for (const row of rows) {
      const body = validate(cardTransactionSchema, JSON.parse(JSON.stringify(row)));
      if (!body.ok) throw new Error(`${row.transactionId}: ${JSON.stringify(body.errors)}`);
      expect(body.value).not.toHaveProperty('expect');
      expect(body.value).not.toHaveProperty('tags');
    }
  });

  it('are ordered by date, a year from the start', () => {
    const dates = rows.map((row) => row.occurredAt.slice(0, 10));
    expect([...dates].sort()).toEqual(dates);
    expect(dates[0]).toBe('2024-11-01');
    expect(dates.at(-1)! >= '2025-10-01' && dates.at(-1)! <= '2025-10-31').toBe(true);
  });

  it('carry their truth in the shape of the labelled sets', () => {
    const names = new Set(world.catalog.merchants.map((merchant) => merchant.name));
    const parties = new Set(world.catalog.thirdParties.map((party) => party.name));
    for (const { expect: truth, categoryCode, transactionId } of rows) {
      const where = `${transactionId}: ${JSON.stringify(truth)}`;
      expect(Object.keys(truth), where).toEqual([
        'merchant',
        'website',
        'channel',
        'type',
        'thirdParty',
        'isPeerToPeer',
        'recurrence',
      ]);
      for (const name of truth.merchant?.split(' | ') ?? []) expect(names.has(name), where).toBe(true);
      if (truth.merchant === null) expect(truth.website, where).toBeNull();
      for (const domain of truth.website?.split('|') ?? [])
        expect(domain, where).toMatch(/^[a-z0-9.-]+\.[a-z]+$/);
      if (truth.thirdParty !== null) expect(parties.has(truth.thirdParty), where).toBe(true);
      expect(truth.type === 'atm', where).toBe(categoryCode === '6011');
      if (truth.type === 'atm') expect(truth.channel, where).toBeNull();
      else expect(['physical', 'digital'], where).toContain(truth.channel);
      if (truth.isPeerToPeer)
        expect([truth.merchant, truth.thirdParty !== null], where).toEqual([null, true]);
      if (truth.recurrence !== null) expect(intervalTypes, where).toContain(truth.recurrence);
    }
  });

  it('mix chains, online shops, subscriptions, unknown local businesses, facilitators, wallets, P2P and ATMs', () => {
    const share = (tag: string) => rows.filter((row) => row.tags.includes(tag)).length / rows.length;
    expect(share('chain-store')).toBeGreaterThan(0.3);
    expect(share('online')).toBeGreaterThan(0.05);
    expect(share('subscription')).toBeGreaterThan(0.15);
    expect(share('unknown-local')).toBeGreaterThan(0.05);
    expect(share('facilitator')).toBeGreaterThan(0.03);
    expect(share('wallet')).toBeGreaterThan(0.01);
    expect(share('p2p')).toBeGreaterThan(0.002);
    expect(share('atm')).toBeGreaterThan(0.002);
    expect(
      rows.some((row) => row.merchantName.startsWith('SQ *') && row.expect.thirdParty === 'Square'),
    ).toBe(true);
    expect(
      rows.some((row) => row.merchantName.startsWith('TST* ') && row.expect.thirdParty === 'Toast'),
    ).toBe(true);
  });

  it('give unknown local businesses no counterparty, under names the catalog does not have', () => {
    const locals = rows.filter((row) => row.tags.includes('unknown-local'));
    expect(locals.length).toBeGreaterThan(100);
    for (const row of locals) expect([row.expect.merchant, row.expect.website]).toEqual([null, null]);
    for (const city of world.cities.items.slice(0, 30)) {
      for (const kind of localKinds) {
        const random = new Random(hash32(city.name, kind.id));
        for (let index = 0; index < 20; index++) {
          expect(world.isCatalogName(inventLocalName(world, kind, city, random))).toBe(false);
        }
      }
    }
  });

  it('repeat subscriptions: same user, merchant and amount about the same day every month', () => {
    const series = new Map<string, GeneratedCard[]>();
    for (const row of rows.filter(
      (row) => row.tags.includes('subscription') && !row.tags.includes('utility'),
    )) {
      const key = `${row.userId}|${row.expect.merchant}|${row.merchantName.slice(0, 8)}`;
      series.set(key, [...(series.get(key) ?? []), row]);
    }
    const monthly = [...series.values()].filter(
      (payments) => payments.length >= 6 && payments.every((row) => row.amount === payments[0]!.amount),
    );
    expect(monthly.length).toBeGreaterThan(20);
    let checked = 0;
    for (const payments of monthly) {
      if (payments[2]!.expect.recurrence !== 'monthly') continue; // weekly, or a series cut short
      checked++;
      expect(payments[0]!.expect.recurrence).toBeNull();
      expect(payments[1]!.expect.recurrence).toBeNull();
      for (let index = 1; index < payments.length; index++) {
        const days =
          (Date.parse(payments[index]!.occurredAt.slice(0, 10)) -
            Date.parse(payments[index - 1]!.occurredAt.slice(0, 10))) /
          86_400_000;
        expect(days).toBeGreaterThanOrEqual(25);
        expect(days).toBeLessThanOrEqual(36);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(rows.some((row) => row.expect.recurrence === 'weekly')).toBe(true);
  });
});
