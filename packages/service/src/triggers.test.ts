import { describe, expect, it } from 'vitest';
import type { TriggerScopeRef } from './trigger-scopes.js';
import { maxActiveTriggers } from './triggers.js';

const limits = (kind?: NonNullable<TriggerScopeRef['kind']>) =>
  (['user', 'card', 'account', 'program'] as const).map((scope) =>
    maxActiveTriggers(kind ? { scope, kind } : { scope }),
  );

describe('maxActiveTriggers', () => {
  it('allows 100 per user or card and 300,000 merchant triggers per account or program', () => {
    expect(limits()).toEqual([100, 100, 300_000, 300_000]);
    expect(limits('merchant')).toEqual([100, 100, 300_000, 300_000]);
  });

  it('allows 100 per user or card and 10,000 category triggers per account or program', () => {
    expect(limits('category')).toEqual([100, 100, 10_000, 10_000]);
  });
});
