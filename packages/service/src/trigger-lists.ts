/**
 * The work of a trigger write that grows with its lists, as one pure
 * function: read a request body not parsed yet, apply the change to the
 * scope's active list, and cut the new list into the store's pages. It runs
 * on a thread of its own for long lists (trigger-thread.ts), so that the main
 * thread never holds 100,000 triggers as objects, and in place for short ones.
 * Merchant and category lists go through it alike; a category list's new
 * triggers are also checked against the category ids the scope may name.
 */
import {
  type CategoryTrigger,
  type FieldErrors,
  type MerchantTrigger,
  messages,
  parseJsonBytes,
  patchCategoryTriggersSchema,
  patchTriggersSchema,
  putCategoryTriggersSchema,
  putTriggersSchema,
  type TriggerKind,
  triggerListFields,
  type Validation,
  validate,
} from '@txenrich/schema';
import type { TriggerPages } from './store.js';

/** A `PUT` or `PATCH` body as it arrived: a long one, read off the main thread. */
export interface UnparsedTriggerChange {
  operation: 'unparsed';
  method: 'PUT' | 'PATCH';
  body: Uint8Array;
}

/** A trigger of either kind: lists are merged and paged by id alone. */
export type AnyTrigger = MerchantTrigger | CategoryTrigger;

/** A write to a scope: `PUT`, `PATCH` add or remove, `DELETE`, or a `PUT` or `PATCH` body not read yet. */
export type TriggerChange =
  | { operation: 'replace'; triggers: readonly AnyTrigger[] }
  | { operation: 'add'; triggers: readonly AnyTrigger[] }
  | { operation: 'remove'; triggerIds: readonly string[] }
  | { operation: 'clear' }
  | UnparsedTriggerChange;

export type ParsedTriggerChange = Exclude<TriggerChange, UnparsedTriggerChange>;

/** What a write is checked against: its kind of list, and for category triggers the ids they may name. */
export interface TriggerListRules {
  /** Merchant triggers when absent. */
  kind?: TriggerKind;
  /** Every category id the scope's triggers may name (default and custom), lower case: category lists only. */
  knownCategories?: ReadonlySet<string>;
}

export interface TriggerWriteInput extends TriggerListRules {
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
  active: readonly AnyTrigger[],
  change: ParsedTriggerChange,
): readonly AnyTrigger[] {
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
export function triggerPages(triggers: readonly AnyTrigger[]): string[] {
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

type Checked = Validation<ParsedTriggerChange>;

/** Each kind's `PUT` and `PATCH` body rules (the edge's). */
const bodySchemas = {
  merchant: { put: putTriggersSchema, patch: patchTriggersSchema },
  category: { put: putCategoryTriggersSchema, patch: patchCategoryTriggersSchema },
} as const;

/** A `PUT` or `PATCH` body of a `kind` list read by the edge's rules, or its 400. */
export function parseTriggerBody(kind: TriggerKind, method: 'PUT' | 'PATCH', body: unknown): Checked {
  const listOf = (
    valid: { merchantTriggers: readonly AnyTrigger[] } | { categoryTriggers: readonly AnyTrigger[] },
  ) => ('merchantTriggers' in valid ? valid.merchantTriggers : valid.categoryTriggers);
  if (method === 'PUT') {
    const put = validate(bodySchemas[kind].put, body);
    return put.ok ? { ok: true, value: { operation: 'replace', triggers: listOf(put.value) } } : put;
  }
  const patch = validate(bodySchemas[kind].patch, body);
  if (!patch.ok) return patch;
  const change = patch.value;
  return {
    ok: true,
    value:
      change.operation === 'add'
        ? { operation: 'add', triggers: listOf(change) }
        : { operation: 'remove', triggerIds: change.triggerIds },
  };
}

/**
 * A category list's new triggers checked against the ids the scope may name, each unknown one a 400 on
 * its `categoryTriggers.<index>.categoryId`; the ids kept in lower case, as custom category ids are.
 */
function checkCategories(change: ParsedTriggerChange, known: ReadonlySet<string>): Checked {
  if (change.operation !== 'replace' && change.operation !== 'add') return { ok: true, value: change };
  const errors: FieldErrors = {};
  const triggers = (change.triggers as readonly CategoryTrigger[]).map((trigger, index) => {
    const categoryId = trigger.categoryId.toLowerCase();
    if (!known.has(categoryId))
      errors[`${triggerListFields.category}.${index}.categoryId`] = [messages.unknownCategory];
    return categoryId === trigger.categoryId ? trigger : { ...trigger, categoryId };
  });
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, value: { ...change, triggers } };
}

/** The change as a valid one of the input's kind, or its 400. */
function checkedChange(input: TriggerWriteInput): Checked {
  const kind = input.kind ?? 'merchant';
  let checked: Checked;
  if (input.change.operation === 'unparsed') {
    const body = parseJsonBytes(input.change.body);
    checked = body.ok ? parseTriggerBody(kind, input.change.method, body.value) : body;
  } else checked = { ok: true, value: input.change };
  return checked.ok && kind === 'category'
    ? checkCategories(checked.value, input.knownCategories ?? new Set())
    : checked;
}

export function prepareTriggerWrite(input: TriggerWriteInput): PreparedTriggerWrite<string[]> {
  const parsed = checkedChange(input);
  if (!parsed.ok) return parsed;
  const change = parsed.value;
  const active =
    change.operation === 'add' || change.operation === 'remove'
      ? input.active.flatMap((page) => JSON.parse(page) as AnyTrigger[])
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
