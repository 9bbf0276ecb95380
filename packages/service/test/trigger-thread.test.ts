/** The trigger thread: the built worker, as the service runs it (build before testing). */
import type { MerchantTrigger } from '@txenrich/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareTriggerWrite, type TriggerChange } from '../src/trigger-lists.js';
import { createTriggerThread, type TriggerThread } from '../src/trigger-thread.js';

const triggers: MerchantTrigger[] = Array.from({ length: 2_000 }, (_, index) => ({
  id: `t${index}`,
  merchantName: `Merchant ${index} ☕`,
  website: `merchant-${index}.example`,
  action: { type: 'NOTIFY' },
  level: 'corporation',
}));
const body = new TextEncoder().encode(JSON.stringify({ merchantTriggers: triggers }));
const put: TriggerChange = { operation: 'unparsed', method: 'PUT', body };

let thread: TriggerThread | null = null;
afterEach(async () => {
  await thread?.close();
  thread = null;
});

describe('createTriggerThread', () => {
  it('prepares a write as prepareTriggerWrite does in place, its pages handed back in shared memory', async () => {
    thread = createTriggerThread();
    const prepared = await thread.prepare({ change: put }, []);
    const inPlace = prepareTriggerWrite({ change: put, active: [] });
    expect(prepared.ok && inPlace.ok).toBe(true);
    if (!prepared.ok || !inPlace.ok) return;
    expect({ ...prepared, pages: [...prepared.pages] }).toEqual(inPlace);
    expect(inPlace.pages.length).toBeGreaterThan(1);
    const notJson: TriggerChange = { operation: 'unparsed', method: 'PATCH', body: body.subarray(0, 100) };
    expect(await thread.prepare({ change: notJson }, [])).toEqual(
      prepareTriggerWrite({ change: notJson, active: [] }),
    );
  });

  it('merges with the active list, sent a page at a time as it is read', async () => {
    thread = createTriggerThread();
    const active = [
      '[{"id":"a","merchantName":"A","website":"a.example","action":{},"level":"location"}]',
      '[]',
    ];
    async function* pages() {
      for (const page of active) yield page;
    }
    const remove: TriggerChange = { operation: 'remove', triggerIds: ['t1', 'zzz'] };
    const add: TriggerChange = { operation: 'add', triggers };
    const merged = await thread.prepare({ change: add }, pages());
    expect(merged.ok && { ...merged, pages: [...merged.pages] }).toEqual(
      prepareTriggerWrite({ change: add, active }),
    );
    expect(merged).toMatchObject({ ok: true, count: 2_001 });
    const removed = await thread.prepare({ change: remove }, pages());
    expect(removed).toMatchObject({ ok: true, operation: 'remove', count: 1 });
  });

  it('reads a category list by its own rules: each unknown category a 400 naming its index', async () => {
    thread = createTriggerThread();
    const categoryTriggers = Array.from({ length: 1_500 }, (_, index) => ({
      id: `c${index}`,
      categoryId:
        index === 7
          ? '999-000-000-000'
          : index % 2
            ? '011-000-000-000'
            : 'ABCDEF00-0000-4000-8000-000000000001',
      action: { type: 'NOTIFY' },
    }));
    const change: TriggerChange = {
      operation: 'unparsed',
      method: 'PUT',
      body: new TextEncoder().encode(JSON.stringify({ categoryTriggers })),
    };
    const knownCategories = new Set(['011-000-000-000', 'abcdef00-0000-4000-8000-000000000001']);
    const write = { change, kind: 'category' as const, knownCategories };
    expect(await thread.prepare(write, [])).toEqual({
      ok: false,
      errors: { 'categoryTriggers.7.categoryId': ['Unknown category id.'] },
    });
    const known = await thread.prepare(
      { ...write, knownCategories: new Set([...knownCategories, '999-000-000-000']) },
      [],
    );
    expect(known).toMatchObject({ ok: true, count: 1_500 });
    const first = known.ok ? JSON.parse([...known.pages][0]!) : [];
    // Custom category ids are kept in lower case, as the categories themselves are.
    expect(first[0]).toEqual({
      id: 'c0',
      categoryId: 'abcdef00-0000-4000-8000-000000000001',
      action: { type: 'NOTIFY' },
    });
    // A merchant body is not a category one.
    const merchant = await thread.prepare({ ...write, change: put }, []);
    expect(merchant.ok === false && Object.keys(merchant.errors)).toEqual(['categoryTriggers']);
  });

  it('ends an idle thread, and starts another for the next write', async () => {
    thread = createTriggerThread({ idleMs: 50 });
    const first = await thread.prepare({ change: put }, []);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await thread.prepare({ change: put }, []);
    expect(first.ok && second.ok && [...first.pages]).toEqual(second.ok && [...second.pages]);
  });
});
