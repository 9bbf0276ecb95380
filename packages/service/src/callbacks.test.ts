import { describe, expect, it } from 'vitest';
import { backoffDelay } from './callbacks.js';

describe('backoffDelay', () => {
  it('doubles from the first delay, with jitter, up to the cap', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempts) => backoffDelay(attempts, 1000, 3_600_000, middle))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(backoffDelay(30, 1000, 3_600_000, middle)).toBe(3_600_000);
    expect(backoffDelay(1, 1000, 3_600_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 3_600_000, () => 0.999)).toBe(1499);
  });

  it('keeps retrying for a day within a few dozen attempts', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 24 * 3_600_000) elapsed += backoffDelay(++attempts, 1000, 3_600_000, () => 0.5);
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});
