import { describe, expect, it } from 'vitest';
import { CATALOG_NAMESPACE, uuidv5 } from './uuid.js';

describe('uuidv5', () => {
  it('matches the RFC 9562 test vector', () => {
    // RFC 9562 appendix A.4: "www.example.com" in the DNS namespace.
    expect(uuidv5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('gives version 5, RFC variant ids that depend on the key only', () => {
    const id = uuidv5('wikidata:Q38076');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidv5('wikidata:Q38076', CATALOG_NAMESPACE)).toBe(id);
    expect(uuidv5('wikidata:Q38077')).not.toBe(id);
  });

  it('keeps the catalog namespace fixed (ids must survive rebuilds)', () => {
    // Pinned: a change here changes every counterparty id users have stored.
    expect(uuidv5('domain:netflix.com')).toBe('7b80b4af-50c7-5398-80a1-98693dee3fdc');
  });

  it('rejects a malformed namespace', () => {
    expect(() => uuidv5('x', 'not-a-uuid')).toThrow(TypeError);
  });
});
