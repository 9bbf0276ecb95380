import type { SeriesState } from '@txenrich/core';
import { describe, expect, it } from 'vitest';
import { createParsedSeries } from './parsed-series.js';

const state = (name: string): SeriesState => ({
  version: 1,
  name,
  counterpartyId: null,
  nextBandId: 0,
  bands: [],
});

describe('parsed series', () => {
  it('answers the state kept while the text is the same, and reads a changed text afresh', () => {
    const parsed = createParsedSeries();
    const kept = state('Netflix');
    const text = JSON.stringify(kept);
    parsed.keep('u1/netflix', text, kept);
    // Another string of the same text, as a store answers it.
    expect(parsed.read('u1/netflix', JSON.parse(JSON.stringify({ text })).text)).toBe(kept);
    const written = JSON.stringify(state('Netflix.com'));
    const read = parsed.read('u1/netflix', written);
    expect(read).not.toBe(kept);
    expect(read.name).toBe('Netflix.com');
    expect(parsed.read('u1/netflix', written)).toBe(read);
  });

  it('drops the least recently used past its budget', () => {
    const one = JSON.stringify(state('a'));
    const parsed = createParsedSeries(one.length * 2);
    const [a, b, c] = [state('a'), state('a'), state('a')];
    parsed.keep('a', one, a);
    parsed.keep('b', one, b);
    expect(parsed.read('a', one)).toBe(a);
    parsed.keep('c', one, c);
    // b was least recently used: read afresh.
    expect(parsed.read('b', one)).not.toBe(b);
    expect(parsed.read('c', one)).toBe(c);
  });
});
