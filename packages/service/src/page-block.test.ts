import { describe, expect, it } from 'vitest';
import { pagesOfBlock, toPageBlock } from './page-block.js';

describe('page blocks', () => {
  it('hands pages over in shared memory and gives them back as they were, in order', () => {
    const pages = ['[{"id":"a"}]', '[{"id":"é ☕ 𝄞"}]', '[]', '[{"id":"z"}]'];
    const block = toPageBlock(pages);
    expect(block.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(block.ends.at(-1)).toBe(block.bytes.length);
    expect([...pagesOfBlock(block)]).toEqual(pages);
    expect([...pagesOfBlock(toPageBlock([]))]).toEqual([]);
  });
});
