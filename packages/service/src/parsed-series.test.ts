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
  it('answers the state kept while the revision is the same, and reads another revision afresh', () => {
    const parsed = createParsedSeries();
    const kept = state('Netflix');
    const text = JSON.stringify(kept);
    parsed.keep('u1/netflix', 7, text, kept);
    expect(parsed.kept('u1/netflix')).toMatchObject({ revision: 7, state: kept });
    expect(parsed.read('u1/netflix', 7, text)).toBe(kept);
    // The same text at another revision (written again by another process) is parsed again.
    expect(parsed.read('u1/netflix', 8, text)).not.toBe(kept);
    const written = JSON.stringify(state('Netflix.com'));
    const read = parsed.read('u1/netflix', 9, written);
    expect(read.name).toBe('Netflix.com');
    expect(parsed.read('u1/netflix', 9, written)).toBe(read);
    expect(parsed.kept('u1/netflix')).toMatchObject({ revision: 9, state: read });
    expect(parsed.kept('u2/netflix')).toBeUndefined();
  });

  it('drops the least recently used past its budget', () => {
    const one = JSON.stringify(state('a'));
    const parsed = createParsedSeries(one.length * 2);
    const [a, b, c] = [state('a'), state('a'), state('a')];
    parsed.keep('a', 1, one, a);
    parsed.keep('b', 1, one, b);
    expect(parsed.read('a', 1, one)).toBe(a);
    parsed.keep('c', 1, one, c);
    // b was least recently used: read afresh.
    expect(parsed.kept('b')).toBeUndefined();
    expect(parsed.read('b', 1, one)).not.toBe(b);
    // Kept: c, then b. Asking for c makes it the most recent: b goes, not c.
    expect(parsed.kept('c')?.state).toBe(c);
    parsed.keep('d', 1, one, state('a'));
    expect(parsed.kept('b')).toBeUndefined();
    expect(parsed.kept('c')?.state).toBe(c);
  });
});
