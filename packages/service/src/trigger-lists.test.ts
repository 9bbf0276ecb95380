import { type MerchantTrigger, messages } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import {
  applyTriggerChange,
  prepareTriggerWrite,
  TRIGGER_PAGE_CHARS,
  type TriggerChange,
  triggerPages,
} from './trigger-lists.js';

const trigger = (id: string, type = 'BLOCK'): MerchantTrigger => ({
  id,
  merchantName: `Merchant ${id}`,
  website: `${id}.example`,
  action: { type },
  level: 'corporation',
});
const active = [trigger('a'), trigger('b'), trigger('c')];
const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));
/** The list a prepared write's pages hold. */
const listOf = (prepared: ReturnType<typeof prepareTriggerWrite>) =>
  prepared.ok ? prepared.pages.flatMap((page) => JSON.parse(page) as MerchantTrigger[]) : null;
const unparsed = (method: 'PUT' | 'PATCH', body: unknown): TriggerChange => ({
  operation: 'unparsed',
  method,
  body: bytes(body),
});

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

describe('triggerPages', () => {
  it('cuts a list into JSON arrays of about TRIGGER_PAGE_CHARS characters, in order', () => {
    const list = Array.from({ length: 3_000 }, (_, index) => trigger(`t${index}`));
    const pages = triggerPages(list);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) {
      expect(page.length).toBeGreaterThanOrEqual(TRIGGER_PAGE_CHARS);
      expect(page.length).toBeLessThan(TRIGGER_PAGE_CHARS + 200);
    }
    expect(pages.flatMap((page) => JSON.parse(page))).toEqual(list);
    expect(triggerPages([])).toEqual([]);
  });
});

describe('prepareTriggerWrite', () => {
  const activePages = triggerPages(active);

  it('reads an unparsed PUT or PATCH body as the edge does, and applies it to the active list', () => {
    const put = prepareTriggerWrite({
      change: unparsed('PUT', { merchantTriggers: [trigger('x')], ignored: true }),
      active: activePages,
    });
    expect(put).toMatchObject({ ok: true, operation: 'replace', requestSize: 1, count: 1 });
    expect(listOf(put)).toEqual([trigger('x')]);
    const add = prepareTriggerWrite({
      change: unparsed('PATCH', { operation: 'add', merchantTriggers: [trigger('d'), trigger('a', 'FLAG')] }),
      active: activePages,
    });
    expect(add).toMatchObject({ ok: true, operation: 'add', requestSize: 2, count: 4 });
    expect(listOf(add)).toEqual([trigger('a', 'FLAG'), trigger('b'), trigger('c'), trigger('d')]);
    const remove = prepareTriggerWrite({
      change: unparsed('PATCH', { operation: 'remove', triggerIds: ['b', 'zzz'] }),
      active: activePages,
    });
    expect(remove).toMatchObject({ ok: true, operation: 'remove', requestSize: 2, count: 2 });
    expect(listOf(remove)).toEqual([trigger('a'), trigger('c')]);
  });

  it("answers an unparsed body's field errors, and non_field_errors for one that is not JSON", () => {
    const noPlace = { id: 'x', merchantName: 'Netflix', action: { type: 'BLOCK' } };
    expect(
      prepareTriggerWrite({ change: unparsed('PUT', { merchantTriggers: [noPlace] }), active: [] }),
    ).toEqual({
      ok: false,
      errors: { 'merchantTriggers.0.website': [messages.triggerNeedsPlace] },
    });
    expect(prepareTriggerWrite({ change: unparsed('PATCH', { operation: 'replace' }), active: [] })).toEqual({
      ok: false,
      errors: { operation: ['"replace" is not a valid choice.'] },
    });
    const notJson = { operation: 'unparsed' as const, method: 'PUT' as const, body: bytes('x').slice(0, 2) };
    expect(prepareTriggerWrite({ change: notJson, active: [] })).toEqual({
      ok: false,
      errors: { non_field_errors: [messages.malformedJson] },
    });
  });

  it('takes a parsed change as it is, and reads the active list only to add or remove', () => {
    expect(prepareTriggerWrite({ change: { operation: 'clear' }, active: ['not read'] })).toEqual({
      ok: true,
      operation: 'clear',
      requestSize: 0,
      count: 0,
      pages: [],
    });
    expect(
      prepareTriggerWrite({ change: { operation: 'add', triggers: [trigger('d')] }, active: activePages }),
    ).toMatchObject({ ok: true, operation: 'add', requestSize: 1, count: 4 });
  });
});

describe('prepareTriggerWrite: category lists', () => {
  const known = new Set(['011-000-000-000', '4d5419f1-bcde-40f5-9168-7f8989b9c55f']);
  const onCategory = (id: string, categoryId: string) => ({ id, categoryId, action: { type: 'NOTIFY' } });

  it('names every unknown category by its index, parsed or not', () => {
    const triggers = [
      onCategory('a', '011-000-000-000'),
      onCategory('b', 'nope'),
      onCategory('c', '012-000-000-000'),
    ];
    const errors = {
      'categoryTriggers.1.categoryId': [messages.unknownCategory],
      'categoryTriggers.2.categoryId': [messages.unknownCategory],
    };
    for (const change of [
      { operation: 'replace', triggers } as const,
      unparsed('PATCH', { operation: 'add', categoryTriggers: triggers }),
    ])
      expect(prepareTriggerWrite({ change, kind: 'category', knownCategories: known, active: [] })).toEqual({
        ok: false,
        errors,
      });
  });

  it('upserts into the active list by id, custom ids in lower case; removing needs no categories', () => {
    const activePage = JSON.stringify([onCategory('a', '011-000-000-000')]);
    const added = prepareTriggerWrite({
      change: unparsed('PATCH', {
        operation: 'add',
        categoryTriggers: [
          onCategory('b', '4D5419F1-BCDE-40F5-9168-7F8989B9C55F'),
          onCategory('a', '011-000-000-000'),
        ],
      }),
      kind: 'category',
      knownCategories: known,
      active: [activePage],
    });
    expect(listOf(added)).toEqual([
      onCategory('a', '011-000-000-000'),
      onCategory('b', '4d5419f1-bcde-40f5-9168-7f8989b9c55f'),
    ]);
    const removed = prepareTriggerWrite({
      change: { operation: 'remove', triggerIds: ['a'] },
      kind: 'category',
      active: [activePage],
    });
    expect(removed).toMatchObject({ ok: true, count: 0, requestSize: 1 });
  });

  it('reads a category body by its own field: merchantTriggers is not it', () => {
    expect(
      prepareTriggerWrite({
        change: unparsed('PUT', { merchantTriggers: [trigger('x')] }),
        kind: 'category',
        knownCategories: known,
        active: [],
      }),
    ).toEqual({ ok: false, errors: { categoryTriggers: [expect.any(String)] } });
  });
});
