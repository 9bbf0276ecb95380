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
    const prepared = await thread.prepare(put, []);
    const inPlace = prepareTriggerWrite({ change: put, active: [] });
    expect(prepared.ok && inPlace.ok).toBe(true);
    if (!prepared.ok || !inPlace.ok) return;
    expect({ ...prepared, pages: [...prepared.pages] }).toEqual(inPlace);
    expect(inPlace.pages.length).toBeGreaterThan(1);
    const notJson: TriggerChange = { operation: 'unparsed', method: 'PATCH', body: body.subarray(0, 100) };
    expect(await thread.prepare(notJson, [])).toEqual(prepareTriggerWrite({ change: notJson, active: [] }));
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
    const merged = await thread.prepare(add, pages());
    expect(merged.ok && { ...merged, pages: [...merged.pages] }).toEqual(
      prepareTriggerWrite({ change: add, active }),
    );
    expect(merged).toMatchObject({ ok: true, count: 2_001 });
    const removed = await thread.prepare(remove, pages());
    expect(removed).toMatchObject({ ok: true, operation: 'remove', count: 1 });
  });

  it('ends an idle thread, and starts another for the next write', async () => {
    thread = createTriggerThread({ idleMs: 50 });
    const first = await thread.prepare(put, []);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await thread.prepare(put, []);
    expect(first.ok && second.ok && [...first.pages]).toEqual(second.ok && [...second.pages]);
  });
});
