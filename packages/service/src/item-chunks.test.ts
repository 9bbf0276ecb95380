import { describe, expect, it } from 'vitest';
import { itemChunks } from './item-chunks.js';

const lines = (items: string, size: number, chunkSize: number, first = 0) =>
  [...itemChunks(items, size, chunkSize, first)].map((block) => block.lines.toString());

describe('itemChunks', () => {
  it('cuts the stored lines into chunks from the first asked', () => {
    const items = ['{"a":1}', '{"a":2}', '{"a":3}'].join('\n');
    expect(lines(items, 3, 2)).toEqual(['{"a":1}\n{"a":2}', '{"a":3}']);
    expect(lines(items, 3, 2, 1)).toEqual(['{"a":3}']);
  });

  it("reads the store's older form, one JSON array, as lines", () => {
    expect(lines('[{"a":1},{"a":2},{"a":3}]', 3, 2)).toEqual(['{"a":1}\n{"a":2}', '{"a":3}']);
  });

  it('keeps an item that is itself an array as a line of its own (its result reports it)', () => {
    expect(lines('[1,2]\n{"a":2}', 2, 1000)).toEqual(['[1,2]\n{"a":2}']);
    expect(lines('[1,2]', 1, 1000)).toEqual(['[1,2]']);
  });
});
