/**
 * The nesting bound of request bodies. A JSON value nested a few thousand
 * levels deep parses, but overflows the stack of whatever walks it
 * recursively later (`JSON.stringify` storing or echoing a batch item), so
 * the HTTP edge refuses it, with a 400 naming the field, before anything else
 * reads the body. The check itself is iterative: any depth is safe to check.
 */
import { messages } from './messages.js';
import { type FieldErrors, fieldPath } from './validate.js';

/**
 * The deepest a request body may nest: the body itself is level 1. The contract's deepest field, a batch
 * item's `location.region`, is at level 5; trigger `action` objects (any JSON) get the rest.
 */
export const maxBodyDepth = 32;

interface Node {
  value: object;
  key: PropertyKey;
  parent: Node | null;
  depth: number;
}

const pathOf = (node: Node): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at: Node | null = node; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
};

/** The path of an object or array nested deeper than `maxDepth` levels in `value`, or null when none is. */
export function tooDeepPath(value: unknown, maxDepth = maxBodyDepth): PropertyKey[] | null {
  if (typeof value !== 'object' || value === null) return null;
  const stack: Node[] = [{ value, key: '', parent: null, depth: 1 }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.depth > maxDepth) return pathOf(node);
    const entries = Array.isArray(node.value) ? node.value.entries() : Object.entries(node.value);
    for (const [key, child] of entries)
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, key, parent: node, depth: node.depth + 1 });
  }
  return null;
}

/**
 * The field a too-deep path belongs to, as a client knows it: the path down to the first member that is
 * not a list (`customAttributes`, `transactions.3.customAttributes`, `merchantTriggers.0.action`), or to
 * the first list item that is itself a list (`transactions.3`). A body that is a list has no field.
 */
export function fieldOfDeepPath(body: unknown, path: readonly PropertyKey[]): string {
  if (typeof path[0] !== 'string') return fieldPath([]);
  let value = body;
  for (const [index, key] of path.entries()) {
    value = (value as Record<PropertyKey, unknown>)[key];
    const isList = Array.isArray(value);
    if (typeof key === 'string' ? !isList : isList) return fieldPath(path.slice(0, index + 1));
  }
  return fieldPath(path);
}

/** The characters the text scan looks at: `"`, `\`, `{`, `}`, `[`, `]`. */
const [QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [34, 92, 123, 125, 91, 93];

/**
 * Whether the JSON text `text` nests deeper than `maxDepth`: one pass over its characters, brackets
 * inside strings skipped, several times faster than walking the parsed value. The text must be JSON.
 */
export function jsonTextNestsDeeper(text: string, maxDepth = maxBodyDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * The contract's 400 body for a body nested deeper than `maxDepth`, or null when it is not. Given the
 * body's JSON text too, the common case (not too deep) is decided on the text.
 */
export function nestingErrors(body: unknown, maxDepth = maxBodyDepth, text?: string): FieldErrors | null {
  if (text !== undefined && !jsonTextNestsDeeper(text, maxDepth)) return null;
  const path = tooDeepPath(body, maxDepth);
  return path ? { [fieldOfDeepPath(body, path)]: [messages.maxDepth(maxDepth)] } : null;
}
