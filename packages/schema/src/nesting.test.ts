import { describe, expect, it } from 'vitest';
import { fieldOfDeepPath, jsonTextNestsDeeper, maxBodyDepth, nestingErrors, tooDeepPath } from './nesting.js';

/** `{"a": {"a": ... 1}}`, `levels` objects deep, built without recursion. */
function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

const message = `Ensure the body nests no more than ${maxBodyDepth} levels deep.`;

describe('tooDeepPath', () => {
  it('accepts a body exactly at the bound and finds the first level past it', () => {
    expect(tooDeepPath(nested(maxBodyDepth))).toBeNull();
    expect(tooDeepPath(nested(maxBodyDepth + 1))).toEqual(Array(maxBodyDepth).fill('a'));
  });

  it('checks 100,000 levels without overflowing the stack', () => {
    expect(tooDeepPath(nested(100_000))).toHaveLength(maxBodyDepth);
  });

  it('ignores scalars and counts lists as levels', () => {
    expect(tooDeepPath('x'.repeat(10))).toBeNull();
    expect(tooDeepPath({ a: [[['x']]] }, 3)).toEqual(['a', 0, 0]);
  });
});

describe('nestingErrors', () => {
  it('names the field of a batch item, of a single body, and of a trigger action', () => {
    expect(
      nestingErrors({ transactions: [{ transactionId: 't' }, { customAttributes: nested(5000) }] }),
    ).toEqual({
      'transactions.1.customAttributes': [message],
    });
    expect(nestingErrors({ merchantName: 'X', customAttributes: nested(5000) })).toEqual({
      customAttributes: [message],
    });
    expect(nestingErrors({ merchantTriggers: [{ id: 't', action: nested(40) }] })).toEqual({
      'merchantTriggers.0.action': [message],
    });
  });

  it('names a list item that is itself a deep list, and a body that is a list as no field', () => {
    const deepList = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(nestingErrors({ transactions: [deepList] })).toEqual({ 'transactions.0': [message] });
    expect(nestingErrors(deepList)).toEqual({ non_field_errors: [message] });
  });

  it('answers null for every body of the contract', () => {
    const item = {
      transactionId: 't',
      merchantName: 'X',
      location: { region: 'CA' },
      customAttributes: { a: 'b' },
    };
    expect(nestingErrors({ transactions: [item] })).toBeNull();
  });
});

describe('fieldOfDeepPath', () => {
  it('stops at the first member that is not a list', () => {
    const body = { a: [{ b: [{ c: { d: {} } }] }] };
    expect(fieldOfDeepPath(body, ['a', 0, 'b', 0, 'c', 'd'])).toBe('a.0.b.0.c');
  });
});

describe('jsonTextNestsDeeper', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonTextNestsDeeper('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonTextNestsDeeper('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonTextNestsDeeper(`{"a":"${'{['.repeat(100)}\\","b":"\\"[[["}`, 1)).toBe(false);
  });

  it('agrees with the walk of the parsed value', () => {
    for (const levels of [maxBodyDepth - 1, maxBodyDepth]) {
      const text = JSON.stringify(nested(levels, ['x', '{"}']));
      expect(jsonTextNestsDeeper(text)).toBe(tooDeepPath(JSON.parse(text)) !== null);
    }
  });

  it('lets nestingErrors decide on the text when it is given', () => {
    const text = `{"customAttributes":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`;
    expect(nestingErrors(JSON.parse(text), maxBodyDepth, text)).toEqual({ customAttributes: [message] });
    expect(nestingErrors({ a: 1 }, maxBodyDepth, '{"a":1}')).toBeNull();
  });
});
