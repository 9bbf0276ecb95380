import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-private-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the database files', () => {
  it('are created readable and writable by their owner only, the WAL and shared memory too', async () => {
    // A umask that would leave new files readable by everyone.
    const umask = process.umask(0o022);
    try {
      const path = join(dir, 'new', 'txenrich.db');
      const store = createSqliteStore({ path });
      await store.createBatch({
        id: 'b1',
        scope: { tenant: 'acme', environment: 'sandbox' },
        kind: 'card',
        size: 1,
        submittedAt: '2025-06-01T12:00:00.000000Z',
        callbackUrl: null,
        chunkSize: 1,
        items: '[{"merchantName":"A"}]',
      });
      expect([modeOf(path), modeOf(`${path}-wal`), modeOf(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
      await store.close();
    } finally {
      process.umask(umask);
    }
  });

  it('keep the mode of a file that already exists', async () => {
    const path = join(dir, 'existing.db');
    writeFileSync(path, '');
    chmodSync(path, 0o640);
    const store = createSqliteStore({ path });
    expect(modeOf(path)).toBe(0o640);
    await store.close();
  });
});
