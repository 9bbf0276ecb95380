import { describe, expect, it } from 'vitest';
import { countByBilling } from './usage.js';

describe('countByBilling', () => {
  it('groups items by billing profile and organization, in first-seen order', () => {
    expect(
      countByBilling([
        { billingProfile: 'standard', organizationId: 'a' },
        { merchantName: 'X' },
        { billingProfile: 'standard', organizationId: 'a' },
        { billingProfile: 'resell', organizationId: 'client' },
        { organizationId: 'a' },
      ]),
    ).toEqual([
      { billingProfile: 'standard', organizationId: 'a', count: 2 },
      { billingProfile: null, organizationId: null, count: 1 },
      { billingProfile: 'resell', organizationId: 'client', count: 1 },
      { billingProfile: null, organizationId: 'a', count: 1 },
    ]);
  });

  it('counts items with invalid billing fields, or that are no objects, under null/null', () => {
    expect(
      countByBilling([{ billingProfile: 'wholesale' }, { organizationId: 'x'.repeat(257) }, null, 'text', 7]),
    ).toEqual([{ billingProfile: null, organizationId: null, count: 5 }]);
  });
});
