import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fullCollection } from '../src/heap.js';

describe('fullCollection', () => {
  it('collects what nothing references any more, without exposing `gc` to other contexts', async () => {
    const collect = fullCollection();
    const released = new WeakRef({ rows: Array.from({ length: 1000 }, (_, index) => ({ index })) });
    // A WeakRef's target is kept until the end of the job that created it.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(released.deref()).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
