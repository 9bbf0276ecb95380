import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './json-body.js';
import { messages } from './messages.js';

const malformed = { ok: false, errors: { non_field_errors: [messages.malformedJson] } };

describe('parseJsonBody', () => {
  it('answers the body of JSON text', () => {
    expect(parseJsonBody('{"a": [1, {"b": null}], "constructor": "x"}')).toEqual({
      ok: true,
      value: { a: [1, { b: null }], constructor: 'x' },
    });
  });

  it('refuses text that is not JSON, and prototype keys at any depth, as Fastify does', () => {
    expect(parseJsonBody('{"a": ')).toEqual(malformed);
    expect(parseJsonBody('')).toEqual(malformed);
    expect(parseJsonBody('{"a": [{"__proto__": {"x": 1}}]}')).toEqual(malformed);
    expect(parseJsonBody('{"a": {"\\u005f_proto__": 1}}')).toEqual(malformed);
    expect(parseJsonBody('[{"constructor": {"prototype": {}}}]')).toEqual(malformed);
  });

  it('names the field of a body nested too deep', () => {
    const deep = `{"merchantTriggers": [{"action": ${'{"a": '.repeat(40)}1${'}'.repeat(40)}}]}`;
    expect(parseJsonBody(deep)).toEqual({
      ok: false,
      errors: { 'merchantTriggers.0.action': [messages.maxDepth(32)] },
    });
  });
});
