import { describe, expect, it } from 'vitest';
import { maxActiveTriggers } from './triggers.js';

describe('maxActiveTriggers', () => {
  it('allows 100 per user or card and 300,000 per account or program', () => {
    expect([maxActiveTriggers('user'), maxActiveTriggers('card')]).toEqual([100, 100]);
    expect([maxActiveTriggers('account'), maxActiveTriggers('program')]).toEqual([300_000, 300_000]);
  });
});
