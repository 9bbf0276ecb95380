/**
 * The work of a trigger write that grows with its lists, as one pure
 * function: read a request body not parsed yet, apply the change to the
 * scope's active list, and cut the new list into the store's pages. It runs
 * on a thread of its own for long lists (trigger-thread.ts), so that the main
 * thread never holds 100,000 triggers as objects, and in place for short ones.
 */
import {
  type FieldErrors,
  type MerchantTrigger,
  parseJsonBytes,
  patchTriggersSchema,
  putTriggersSchema,
  validate,
} from '@txenrich/schema';
import type { TriggerPages } from './store.js';

/** A `PUT` or `PATCH` body as it arrived: a long one, read off the main thread. */
export interface UnparsedTriggerChange {
  operation: 'unparsed';
  method: 'PUT' | 'PATCH';
  body: Uint8Array;
}

/** A write to a scope: `PUT`, `PATCH` add or remove, `DELETE`, or a `PUT` or `PATCH` body not read yet. */
export type TriggerChange =
  | { operation: 'replace'; triggers: readonly MerchantTrigger[] }
  | { operation: 'add'; triggers: readonly MerchantTrigger[] }
  | { operation: 'remove'; triggerIds: readonly string[] }
  | { operation: 'clear' }
  | UnparsedTriggerChange;

export type ParsedTriggerChange = Exclude<TriggerChange, UnparsedTriggerChange>;

export interface TriggerWriteInput {
  change: TriggerChange;
  /** The pages of the scope's active list: read for `add` and `remove` only. */
  active: readonly string[];
}

export type PreparedTriggerWrite<Pages = TriggerPages> =
  | { ok: false; errors: FieldErrors }
  | {
      ok: true;
      operation: ParsedTriggerChange['operation'];
      /** How many triggers (or ids) the request carries. */
      requestSize: number;
      /** How many triggers the scope holds after it. */
      count: number;
      /** The scope's list after it, in the store's pages. */
      pages: Pages;
    };

/**
 * A page closes past this many characters of JSON (a few hundred triggers): parsing and compiling one
 * takes a few milliseconds, the most a turn of the event loop should take.
 */
export const TRIGGER_PAGE_CHARS = 64 * 1024;

/** The scope's list after a change: `add` upserts by id (in place, new ones last), `remove` ignores unknown ids. */
export function applyTriggerChange(
  active: readonly MerchantTrigger[],
  change: ParsedTriggerChange,
): readonly MerchantTrigger[] {
  switch (change.operation) {
    case 'replace':
      return change.triggers;
    case 'add': {
      const byId = new Map(active.map((trigger) => [trigger.id, trigger]));
      for (const trigger of change.triggers) byId.set(trigger.id, trigger);
      return [...byId.values()];
    }
    case 'remove': {
      const removed = new Set(change.triggerIds);
      return active.filter((trigger) => !removed.has(trigger.id));
    }
    case 'clear':
      return [];
  }
}

/** How many triggers (or ids) a change carries. */
export function requestSize(change: ParsedTriggerChange): number {
  switch (change.operation) {
    case 'replace':
    case 'add':
      return change.triggers.length;
    case 'remove':
      return change.triggerIds.length;
    case 'clear':
      return 0;
  }
}

/** A list cut into pages of about `TRIGGER_PAGE_CHARS` each; none for an empty list. */
export function triggerPages(triggers: readonly MerchantTrigger[]): string[] {
  const pages: string[] = [];
  let page: string[] = [];
  let chars = 0;
  for (const trigger of triggers) {
    const text = JSON.stringify(trigger);
    page.push(text);
    chars += text.length + 1;
    if (chars >= TRIGGER_PAGE_CHARS) {
      pages.push(`[${page.join(',')}]`);
      page = [];
      chars = 0;
    }
  }
  if (page.length > 0) pages.push(`[${page.join(',')}]`);
  return pages;
}

/** A `PUT` or `PATCH` body read by the edge's rules, or its 400. */
function parseChange(unparsed: UnparsedTriggerChange):
  | { ok: true; change: ParsedTriggerChange }
  | {
      ok: false;
      errors: FieldErrors;
    } {
  const body = parseJsonBytes(unparsed.body);
  if (!body.ok) return body;
  if (unparsed.method === 'PUT') {
    const put = validate(putTriggersSchema, body.value);
    return put.ok
      ? { ok: true, change: { operation: 'replace', triggers: put.value.merchantTriggers } }
      : put;
  }
  const patch = validate(patchTriggersSchema, body.value);
  if (!patch.ok) return patch;
  const change = patch.value;
  return {
    ok: true,
    change:
      change.operation === 'add'
        ? { operation: 'add', triggers: change.merchantTriggers }
        : { operation: 'remove', triggerIds: change.triggerIds },
  };
}

export function prepareTriggerWrite(input: TriggerWriteInput): PreparedTriggerWrite<string[]> {
  const parsed =
    input.change.operation === 'unparsed'
      ? parseChange(input.change)
      : { ok: true as const, change: input.change };
  if (!parsed.ok) return parsed;
  const { change } = parsed;
  const active =
    change.operation === 'add' || change.operation === 'remove'
      ? input.active.flatMap((page) => JSON.parse(page) as MerchantTrigger[])
      : [];
  const triggers = applyTriggerChange(active, change);
  return {
    ok: true,
    operation: change.operation,
    requestSize: requestSize(change),
    count: triggers.length,
    pages: triggerPages(triggers),
  };
}
