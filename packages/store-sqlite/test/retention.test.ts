/**
 * What the SQLite store's retention does beyond the conformance suite: the recurrence series it prunes
 * (rows the port cannot write yet, so written here with SQL), the file it gives pages back to, and a file
 * of schema version 4 migrated with its batches.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PruneStep, Store } from '@txenrich/service';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/index.js';
import { migrations } from '../src/migrations.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const day = 86_400_000;
const at = Date.UTC(2025, 5, 1);
const cutoff = at - 730 * day;

const step = (fields: Partial<PruneStep> = {}): PruneStep => ({
  records: 'recurrenceSeries',
  environment: 'production',
  before: cutoff,
  limit: 500,
  at,
  ...fields,
});

/** Steps until one says there is no more; answers the records pruned in all. */
async function pruneAll(store: Store, fields: Partial<PruneStep>) {
  let pruned = 0;
  for (;;) {
    const result = await store.prune(step(fields));
    pruned += result.pruned;
    if (!result.more) return pruned;
  }
}

describe('SQLite retention', () => {
  it('deletes the recurrence series of an environment last seen before the cutoff, and no other', async () => {
    const db = new Database(join(dir, 'series.db'));
    const store = createSqliteStore({ database: db });
    const insert = db.prepare(
      `INSERT INTO recurrence_series (tenant, environment, user_id, series_key, state, last_day, seen_at)
       VALUES ('acme', ?, ?, ?, '{}', 0, ?)`,
    );
    for (const [environment, user, seenAt] of [
      ['production', 'u1', cutoff - 2],
      ['production', 'u2', cutoff - 1],
      ['production', 'u3', cutoff],
      ['production', 'u4', at],
      ['sandbox', 'u1', cutoff - 1],
    ] as const)
      insert.run(environment, user, 'netflix', seenAt);
    const users = (environment: string) =>
      db
        .prepare('SELECT user_id FROM recurrence_series WHERE environment = ? ORDER BY user_id')
        .pluck()
        .all(environment);

    expect(await store.prune(step({ limit: 1 }))).toEqual({ pruned: 1, more: true });
    expect(users('production')).toEqual(['u2', 'u3', 'u4']);
    expect(await store.prune(step({ limit: 5 }))).toEqual({ pruned: 1, more: false });
    expect(users('production')).toEqual(['u3', 'u4']);
    expect(users('sandbox')).toEqual(['u1']);
    expect(await store.prune(step({ environment: 'sandbox' }))).toEqual({ pruned: 1, more: false });
    expect(users('sandbox')).toEqual([]);
    await store.close();
    db.close();
  });

  it('gives the pages of expired batch results back: the file shrinks', async () => {
    const path = join(dir, 'shrinks.db');
    const store = createSqliteStore({ path });
    const result = `{"text":"${'x'.repeat(2_000)}"}`;
    for (let batch = 0; batch < 4; batch++) {
      const id = `b${batch}`;
      await store.createBatch({
        id,
        scope: { tenant: 'acme', environment: 'production' },
        kind: 'card',
        size: 1_000,
        submittedAt: '2025-01-01T00:00:00.000000Z',
        callbackUrl: null,
        chunkSize: 100,
        items: JSON.stringify(Array(1_000).fill({ merchantName: 'X' })),
      });
      for (let index = 0; index < 10; index++)
        await store.saveBatchChunk(id, {
          index,
          results: Array(100).fill(result),
          enrichments: [],
          series: [],
        });
      await store.finishBatch(id, 'completed', at - 31 * day, null);
    }
    const size = () => statSync(path).size;
    // Each batch holds 1,000 results of 2 KB: 8 MB in all, written back to the file at a checkpoint.
    const db = new Database(path);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const before = size();
    expect(before).toBeGreaterThan(8_000_000);
    expect(await pruneAll(store, { records: 'batchResults', before: at - 30 * day, limit: 4 })).toBe(4);
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(size()).toBeLessThan(before / 10);
    db.close();
    await store.close();
  });

  it('migrates a file of schema version 4: its batches keep their results, none expired', async () => {
    const path = join(dir, 'version-4.db');
    const old = new Database(path);
    old.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    for (const migration of migrations.filter((each) => each.version <= 4)) {
      old.exec(migration.sql);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name);
    }
    old.exec(`INSERT INTO batches (id, tenant, environment, kind, status, size, submitted_at, chunk_size,
        chunks_done, finished_at)
      VALUES ('b1', 'acme', 'production', 'card', 'completed', 1, '2025-01-01T00:00:00.000000Z', 1, 1, 5);
      INSERT INTO batch_items (batch_id, items) VALUES ('b1', '[{}]');
      INSERT INTO batch_chunks (batch_id, chunk_index, results, lengths) VALUES ('b1', 0, '[{"n":1}]', x'07000000');`);
    old.close();
    const store = createSqliteStore({ path });
    expect(await store.findBatch({ tenant: 'acme', environment: 'production' }, 'b1')).toMatchObject({
      status: 'completed',
      finishedAt: 5,
      resultsExpiredAt: null,
    });
    expect(await store.batchResults('b1')).toEqual(['{"n":1}']);
    expect(await pruneAll(store, { records: 'batchResults', before: 6 })).toBe(1);
    expect(await store.batchResults('b1')).toEqual([]);
    await store.close();
  });
});
