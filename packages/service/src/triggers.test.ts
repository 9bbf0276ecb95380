import type { MerchantTrigger } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { applyTriggerChange, maxActiveTriggers } from './triggers.js';

const trigger = (id: string, type = 'BLOCK'): MerchantTrigger => ({
  id,
  merchantName: `Merchant ${id}`,
  website: `${id}.example`,
  action: { type },
  level: 'corporation',
});
const active = [trigger('a'), trigger('b'), trigger('c')];

describe('applyTriggerChange', () => {
  it('upserts by id in place and appends new ids in request order', () => {
    const next = applyTriggerChange(active, {
      operation: 'add',
      triggers: [trigger('d'), trigger('b', 'FLAG')],
    });
    expect(next.map((item) => [item.id, item.action.type])).toEqual([
      ['a', 'BLOCK'],
      ['b', 'FLAG'],
      ['c', 'BLOCK'],
      ['d', 'BLOCK'],
    ]);
  });

  it('removes the ids given and ignores unknown ones', () => {
    const next = applyTriggerChange(active, { operation: 'remove', triggerIds: ['a', 'zzz', 'c'] });
    expect(next.map((item) => item.id)).toEqual(['b']);
  });

  it('replaces and clears the whole list', () => {
    expect(applyTriggerChange(active, { operation: 'replace', triggers: [trigger('x')] })).toEqual([
      trigger('x'),
    ]);
    expect(applyTriggerChange(active, { operation: 'clear' })).toEqual([]);
  });
});

describe('maxActiveTriggers', () => {
  it('allows 100 per user or card and 300,000 per account or program', () => {
    expect([maxActiveTriggers('user'), maxActiveTriggers('card')]).toEqual([100, 100]);
    expect([maxActiveTriggers('account'), maxActiveTriggers('program')]).toEqual([300_000, 300_000]);
  });
});
