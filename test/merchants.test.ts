/**
 * `GET /merchants?name=` over a real socket: merchant details in the counterparty and third-party shapes,
 * most similar first, gated and rate-limited like `/corporations`.
 */
import { merchantsSchema } from '@txenrich/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShared, keys, startServer, type TestServer } from './support/server.ts';

interface MerchantsBody {
  counterparties: Array<{
    name: string;
    matchScore: number;
    expectedMerchantCategoryCodes: string[];
    alternates: Array<{ name: string }>;
    affiliates: Array<{ name: string; relation: string }>;
  }>;
  thirdParties: Array<{ name: string; type: string }>;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { batchPerSecond: 10, searchPerSecond: 5 } });
}, 60_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

async function lookup(name: string): Promise<MerchantsBody> {
  const response = await server.request(`/merchants?name=${encodeURIComponent(name)}`);
  expect(response.status).toBe(200);
  const body = await response.json();
  // Every answer is the documented shape, no more and no less.
  expect(merchantsSchema.strict().parse(body)).toBeTruthy();
  return body as MerchantsBody;
}

/** The rate limit is per second: each test starts in a window of its own. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('GET /merchants', () => {
  it('answers the merchant with its expected MCCs, a typo still finding it, most similar first', async () => {
    for (const name of ['starbucks', 'starbuks']) {
      const { counterparties, thirdParties } = await lookup(name);
      expect(counterparties[0]).toMatchObject({
        name: 'Starbucks',
        website: expect.stringContaining('starbucks.com'),
        industry: expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]),
        expectedMerchantCategoryCodes: ['5814'],
        verified: true,
      });
      expect(counterparties.length).toBeLessThanOrEqual(5);
      const scores = counterparties.map((counterparty) => counterparty.matchScore);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(thirdParties).toEqual([]);
    }
    expect((await lookup('starbucks')).counterparties[0]!.matchScore).toBe(100);
    expect((await lookup('starbuks')).counterparties[0]!.matchScore).toBeLessThan(100);
  });

  it('names the parent and sibling brands of a company site, and third parties in their own shape', async () => {
    await nextSecond();
    const { counterparties } = await lookup('comfort suites');
    expect(counterparties[0]!.name).toBe('Comfort Suites');
    expect(counterparties[0]!.expectedMerchantCategoryCodes).toContain('7011');
    expect(counterparties[0]!.affiliates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Choice Hotels', relation: 'parent' }),
        expect.objectContaining({ name: 'Clarion', relation: 'sibling' }),
      ]),
    );
    expect(counterparties[0]!.affiliates[0]!.relation).toBe('parent');
    const pay = await lookup('paypal');
    expect(pay.thirdParties[0]).toEqual({
      id: expect.any(String),
      name: 'PayPal',
      type: expect.any(String),
      logo: expect.toSatisfy((logo) => logo === null || typeof logo === 'string'),
      website: expect.toSatisfy((website) => website === null || typeof website === 'string'),
    });
  });

  it('answers 400 without a name, 403 without the merchant-search feature', async () => {
    await nextSecond();
    for (const path of ['/merchants', '/merchants?name=', '/merchants?name=%20']) {
      const response = await server.request(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ name: ['This field is required.'] });
    }
    const response = await server.request('/merchants?name=star', { key: keys.acmeProduction });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ details: 'Merchant search is not enabled for this API key.' });
  });

  it('is rate-limited per key like /corporations: the sixth request in a second is a 429', async () => {
    await nextSecond();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => server.request('/merchants?name=star')),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = responses.find((response) => response.status === 429)!;
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit-limit')).toBe('5');
  });
});
