/**
 * A request body's JSON text read by the rules of the HTTP edge, for a body
 * read away from it (a large one, off the main thread). The edge itself uses
 * Fastify's parser, which refuses the same keys (`@txenrich/http`,
 * json-body.ts), then the same nesting bound.
 */
import { messages } from './messages.js';
import { nestingErrors } from './nesting.js';
import { NON_FIELD_ERRORS, type Validation } from './validate.js';

/** Whether `value` holds a `__proto__` key, or a `constructor` object with a `prototype` key, at any depth. */
function holdsPrototypeKey(value: unknown): boolean {
  const stack: object[] = typeof value === 'object' && value !== null ? [value] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Object.hasOwn(node, '__proto__')) return true;
    if (Object.hasOwn(node, 'constructor')) {
      const made = (node as { constructor: unknown }).constructor;
      if (typeof made === 'object' && made !== null && Object.hasOwn(made, 'prototype')) return true;
    }
    for (const child of Object.values(node))
      if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return false;
}

/**
 * The body of `text`, or the contract's 400: `non_field_errors` for text that is not JSON or holds a
 * `__proto__` or `constructor.prototype` key, the field for a body nested too deep.
 */
export function parseJsonBody(text: string): Validation<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, errors: { [NON_FIELD_ERRORS]: [messages.malformedJson] } };
  }
  const tooDeep = nestingErrors(body, undefined, text);
  if (tooDeep) return { ok: false, errors: tooDeep };
  if (holdsPrototypeKey(body)) return { ok: false, errors: { [NON_FIELD_ERRORS]: [messages.malformedJson] } };
  return { ok: true, value: body };
}

const decoder = new TextDecoder();

/** `parseJsonBody` of a body left as its UTF-8 bytes (a long one, read off the main thread). */
export function parseJsonBytes(bytes: Uint8Array): Validation<unknown> {
  return parseJsonBody(decoder.decode(bytes));
}
