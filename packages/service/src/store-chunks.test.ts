import { describe, expect, it } from 'vitest';
import { packChunk, unpackChunk } from './store-chunks.js';

const lines = (texts: string[]) => new TextEncoder().encode(texts.join('\n'));
const unpacked = (texts: string[] | Uint8Array) => {
  const into: string[] = [];
  unpackChunk(packChunk(texts), into);
  return into;
};

describe('packChunk', () => {
  it('packs UTF-8 lines exactly as the same texts, lengths in UTF-16 code units', () => {
    const texts = ['{"a":"Café"}', '{"b":"😀😀"}', '{"c":"\\n is escaped"}', '{}'];
    expect(packChunk(lines(texts))).toEqual(packChunk(texts));
    expect(unpacked(lines(texts))).toEqual(texts);
  });

  it('packs no lines as no texts, and one line as one text', () => {
    expect(packChunk(new Uint8Array(0))).toEqual(packChunk([]));
    expect(unpacked(lines(['{"only":1}']))).toEqual(['{"only":1}']);
  });
});
