import { describe, expect, it } from 'vitest';
import { countStoreErrors } from './counted-store.js';
import { createStatsRecorder } from './stats.js';
import type { Store } from './store.js';
import { StoreError } from './store-errors.js';

const pool = { threads: 2, idleThreads: 2, queuedTasks: 0, completedTasks: 0, utilization: 0 };

describe('countStoreErrors', () => {
  const failing = {
    async check() {
      throw new StoreError('STORE_UNAVAILABLE', 'The database file is gone.');
    },
    async usage() {
      return [];
    },
    findReport() {
      throw new StoreError('STORE_FAILED', 'Thrown, not rejected.');
    },
    async close() {
      throw new Error('not a store error');
    },
  } as unknown as Store;

  it('counts the store errors of every call by code, and passes every outcome on unchanged', async () => {
    const stats = createStatsRecorder();
    const store = countStoreErrors(failing, stats.storeError);
    await expect(store.check()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    await expect(store.check()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(() => store.findReport('id')).toThrow('Thrown, not rejected.');
    await expect(store.usage()).resolves.toEqual([]);
    await expect(store.close()).rejects.toThrow('not a store error');
    expect(stats.snapshot(pool).storeErrors).toMatchObject({
      STORE_UNAVAILABLE: 2,
      STORE_FAILED: 1,
      STORE_BUSY: 0,
    });
  });
});
