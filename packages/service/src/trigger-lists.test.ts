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
