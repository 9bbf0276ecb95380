import { describe, expect, it } from 'vitest';
import { nameSimilarity } from './merchant-lookup.js';

describe('nameSimilarity', () => {
  it('is 100 for the name itself, less for a longer name that starts with it, less again for a typo', () => {
    expect(nameSimilarity('starbucks', 'starbucks')).toBe(100);
    const longer = nameSimilarity('starbucks', 'starbucksreserve');
    expect(longer).toBeLessThan(100);
    expect(longer).toBeGreaterThan(nameSimilarity('starbuks', 'starbucks'));
  });

  it('stays within the counterparty matchScore range, 50 to 100', () => {
    expect(nameSimilarity('zzzz', 'starbucks')).toBeGreaterThanOrEqual(50);
    expect(nameSimilarity('', 'starbucks')).toBe(50);
  });
});
