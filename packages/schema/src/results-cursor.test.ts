import { describe, expect, it } from 'vitest';
import { decodeResultsCursor, encodeResultsCursor } from './results-cursor.js';

const batchId = 'a1e7c1d2-9b3f-4c8e-8d2a-5f6e7a8b9c0d';

describe('results cursors', () => {
  it('name an item of one batch, opaquely', () => {
    const cursor = encodeResultsCursor(batchId, 1_000);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('1000');
    expect(decodeResultsCursor(cursor, batchId)).toBe(1_000);
    expect(decodeResultsCursor(cursor, batchId.toUpperCase())).toBe(1_000);
    expect(decodeResultsCursor(encodeResultsCursor(batchId, 0), batchId)).toBe(0);
  });

  it("refuse what is not a cursor, and another batch's", () => {
    const other = 'b1e7c1d2-9b3f-4c8e-8d2a-5f6e7a8b9c0d';
    for (const cursor of [
      '',
      'x',
      '!!!!',
      'a'.repeat(200),
      btoa(`${batchId}:-1`),
      btoa(`${batchId}:01`),
      btoa(`${batchId}:1.5`),
    ])
      expect(decodeResultsCursor(cursor, batchId)).toBeNull();
    expect(decodeResultsCursor(encodeResultsCursor(other, 10), batchId)).toBeNull();
  });
});
