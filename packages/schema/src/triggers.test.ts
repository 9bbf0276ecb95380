import { describe, expect, it } from 'vitest';
import { patchTriggersSchema, putTriggersSchema } from './triggers.js';
import { validate } from './validate.js';

const trigger = (fields: Record<string, unknown> = {}) => ({
  id: 't1',
  merchantName: 'Starbucks',
  action: { type: 'BLOCK' },
  ...fields,
});

describe('merchant triggers', () => {
  it('needs a website unless an address or city is given', () => {
    expect(
      validate(putTriggersSchema, { merchantTriggers: [trigger({ website: 'starbucks.com' })] }),
    ).toMatchObject({
      ok: true,
      value: { merchantTriggers: [{ level: 'location' }] },
    });
    expect(
      validate(putTriggersSchema, { merchantTriggers: [trigger({ city: 'Seattle', level: 'corporation' })] })
        .ok,
    ).toBe(true);
    expect(validate(putTriggersSchema, { merchantTriggers: [trigger()] })).toEqual({
      ok: false,
      errors: { 'merchantTriggers.0.website': ['This field is required unless address or city is given.'] },
    });
  });

  it('rejects duplicate ids and bad fields', () => {
    expect(
      validate(putTriggersSchema, {
        merchantTriggers: [trigger({ city: 'A' }), trigger({ id: 't2', city: 'B' }), trigger({ city: 'C' })],
      }),
    ).toEqual({ ok: false, errors: { merchantTriggers: ['Duplicate trigger id at index 2.'] } });
    expect(
      validate(putTriggersSchema, {
        merchantTriggers: [trigger({ city: 'A', action: 'BLOCK', level: 'planet' })],
      }),
    ).toEqual({
      ok: false,
      errors: {
        'merchantTriggers.0.action': ['Expected a dictionary of items but got type "string".'],
        'merchantTriggers.0.level': ['"planet" is not a valid choice.'],
      },
    });
    expect(validate(putTriggersSchema, { merchantTriggers: [] })).toEqual({
      ok: false,
      errors: { merchantTriggers: ['This list may not be empty.'] },
    });
  });

  it('parses both PATCH operations', () => {
    expect(validate(patchTriggersSchema, { operation: 'remove', triggerIds: ['t1'] })).toEqual({
      ok: true,
      value: { operation: 'remove', triggerIds: ['t1'] },
    });
    expect(
      validate(patchTriggersSchema, { operation: 'add', merchantTriggers: [trigger({ city: 'X' })] }).ok,
    ).toBe(true);
    expect(validate(patchTriggersSchema, { operation: 'replace' })).toEqual({
      ok: false,
      errors: { operation: ['"replace" is not a valid choice.'] },
    });
    expect(validate(patchTriggersSchema, {})).toEqual({
      ok: false,
      errors: { operation: ['This field is required.'] },
    });
  });
});
