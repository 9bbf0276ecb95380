/**
 * The size bound of a batch item. A batch is stored whole before its items
 * are validated (by the workers), so an item carrying a 60 MB `merchantName`
 * or 100,000 custom attributes would be stored, run and fail only then, as
 * that item's 400. An item over this bound fails the request instead, before
 * anything is stored. No valid item comes near it: only abuse meets it.
 */
import { messages } from './messages.js';
import { batchItemSchemas, type TransactionKind } from './transactions.js';
import { type FieldErrors, fieldPath, validate } from './validate.js';

/**
 * The most characters (keys and string values, unknown fields included) a batch item may hold. The
 * largest valid item, every field at its longest and 30 custom attributes, holds about 14,000.
 */
export const maxBatchItemSize = 32_768;

/** The characters a JSON value holds: its keys and strings, 1 for any other value. Iterative. */
function sizeOf(value: unknown, budget: number): number {
  let size = 0;
  const stack = [value];
  while (stack.length > 0 && size <= budget) {
    const next = stack.pop();
    if (typeof next === 'string') size += next.length;
    else if (typeof next !== 'object' || next === null) size += 1;
    else if (Array.isArray(next)) for (const element of next) stack.push(element);
    else
      for (const [key, member] of Object.entries(next)) {
        size += key.length;
        stack.push(member);
      }
  }
  return size;
}

/**
 * The path, inside `item`, of what takes it over the bound: its first member that does (`[]` for an item
 * that is no object), or null when it is within.
 */
function oversizedPart(item: unknown): [] | [string] | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    return sizeOf(item, maxBatchItemSize) > maxBatchItemSize ? [] : null;
  let size = 0;
  for (const [key, member] of Object.entries(item)) {
    size += key.length + sizeOf(member, maxBatchItemSize - size);
    if (size > maxBatchItemSize) return [key];
  }
  return null;
}

/**
 * The validation message of a text member (`Ensure this field has no more than 1024 characters.`), or
 * undefined. Only text is validated here: checking its length is cheap whatever its size, while 100,000
 * custom attributes would take the validator a second.
 */
function textMessages(kind: TransactionKind, item: object, member: string): string[] | undefined {
  const value = (item as Record<string, unknown>)[member];
  if (typeof value !== 'string') return undefined;
  const validation = validate(batchItemSchemas[kind], { [member]: value });
  return validation.ok ? undefined : validation.errors[member];
}

/**
 * The request's 400 for its first item over the size bound, or null. It names the member that took
 * the item over (`transactions.3.merchantName`), with the member's own message when it is text ("Ensure
 * this field has no more than 1024 characters."), else the bound's.
 */
export function oversizedItemErrors(kind: TransactionKind, items: readonly unknown[]): FieldErrors | null {
  for (const [index, item] of items.entries()) {
    const part = oversizedPart(item);
    if (part === null) continue;
    const [member] = part;
    const own = member === undefined ? undefined : textMessages(kind, item as object, member);
    return { [fieldPath(['transactions', index, ...part])]: own ?? [messages.maxItemSize(maxBatchItemSize)] };
  }
  return null;
}
