import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '@txenrich/service';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreConformance } from '../../service/test/store-conformance.js';
import { createSqliteStore, isStoreError, type StoreError } from '../src/index.js';
import { migrations } from '../src/migrations.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-store-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each conformance database is a file; the missing `conformance/` directory is the adapter's to create.
describeStoreConformance('sqlite', async (database) =>
  createSqliteStore({ path: join(dir, 'conformance', `${database}.db`) }),
);

const acme: Scope = { tenant: 'acme', environment: 'production' };
const batch = (id: string) => ({
  id,
  scope: acme,
  kind: 'card' as const,
  size: 2,
  submittedAt: '2025-06-01T12:00:00.000000Z',
  callbackUrl: null,
  chunkSize: 1,
  items: '[{"merchantName":"A"},{"merchantName":"B"}]',
});

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<StoreError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (isStoreError(error)) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

const pragmas = (db: Database.Database) => ({
  journalMode: db.pragma('journal_mode', { simple: true }),
  synchronous: db.pragma('synchronous', { simple: true }),
  foreignKeys: db.pragma('foreign_keys', { simple: true }),
  busyTimeout: db.pragma('busy_timeout', { simple: true }),
});

describe('createSqliteStore', () => {
  it('creates the directories of its file, in WAL mode', async () => {
    const path = join(dir, 'nested', 'twice', 'store.db');
    const store = createSqliteStore({ path });
    await store.createBatch(batch('b1'));
    expect(existsSync(`${path}-wal`)).toBe(true);
    await store.close();
    // The last connection to close checkpoints the WAL into the file and removes it.
    expect(existsSync(`${path}-wal`)).toBe(false);

    // WAL is a property of the file: a plain connection sees it.
    const db = new Database(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT id FROM batches').pluck().all()).toEqual(['b1']);
    db.close();
  });

  it('configures and migrates a ready Database, and leaves it open on close', async () => {
    const db = new Database(join(dir, 'ready.db'));
    const store = createSqliteStore({ database: db, busyTimeoutMs: 250 });
    // synchronous = 1 is NORMAL.
    expect(pragmas(db)).toEqual({ journalMode: 'wal', synchronous: 1, foreignKeys: 1, busyTimeout: 250 });
    await store.createBatch(batch('b1'));
    await store.close();

    expect(db.open).toBe(true);
    expect(db.prepare('SELECT status FROM batches WHERE id = ?').pluck().get('b1')).toBe('pending');
    await expect(store.findBatch(acme, 'b1')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    db.close();
  });

  it('gives back the pages a replaced trigger list frees', async () => {
    const path = join(dir, 'reclaim.db');
    const MAX_FREE_PAGES = 1024;
    const store = createSqliteStore({ path });
    const triggers = Array.from({ length: 60_000 }, (_, index) => ({
      id: `t-${index}`,
      merchantName: `Merchant ${index}`,
      website: `https://merchant-${index}.example.com`,
      level: 'corporation' as const,
      action: { type: 'NOTIFY' },
    }));
    /** Pages of 300 triggers. */
    const pagesOf = (list: typeof triggers) =>
      Array.from({ length: Math.ceil(list.length / 300) }, (_, page) =>
        JSON.stringify(list.slice(page * 300, (page + 1) * 300)),
      );
    const write = (list: typeof triggers, status: 'pending' | 'succeeded') =>
      store.writeTriggers({
        scope: acme,
        path: 'account',
        pages: pagesOf(list),
        count: list.length,
        status,
        at: 1,
      });
    await write(triggers, 'succeeded');
    const pages = () => {
      const db = new Database(path, { readonly: true });
      const counts = {
        total: db.pragma('page_count', { simple: true }) as number,
        free: db.pragma('freelist_count', { simple: true }) as number,
        listPages: db.prepare('SELECT count(*) FROM trigger_pages').pluck().get(),
      };
      db.close();
      return counts;
    };
    const full = pages();
    expect(full.listPages).toBe(200);
    // A background write: queued, then applied (the previous list's pages are deleted then).
    expect(await write(triggers.slice(0, 10), 'pending')).toEqual({ version: 2 });
    expect(pages().listPages).toBe(201);
    await store.setTriggerWriteStatus(acme, 'account', 2, 'succeeded', 2);
    const after = pages();
    expect(after.listPages).toBe(1);
    expect(after.free).toBeLessThanOrEqual(MAX_FREE_PAGES);
    expect(after.total).toBeLessThan(full.total - MAX_FREE_PAGES);
    const read: string[] = [];
    for await (const page of store.readTriggers(acme, 'account', 'active')) read.push(page);
    expect(read).toEqual(pagesOf(triggers.slice(0, 10)));
    await store.close();
  });

  it('deletes the pages of a replaced list once its readers are done, also a reader that stopped early', async () => {
    const path = join(dir, 'trigger-readers.db');
    const store = createSqliteStore({ path });
    const list = (prefix: string) =>
      Array.from({ length: 20 }, (_, index) => JSON.stringify([{ id: `${prefix}-${index}` }]));
    const write = (pages: string[]) =>
      store.writeTriggers({
        scope: acme,
        path: 'account',
        pages,
        count: pages.length,
        status: 'succeeded',
        at: 1,
      });
    const db = new Database(path, { readonly: true });
    const versions = () =>
      db.prepare('SELECT DISTINCT version FROM trigger_pages ORDER BY version').pluck().all();
    await write(list('v1'));
    const reader = store.readTriggers(acme, 'account', 'active')[Symbol.asyncIterator]();
    expect((await reader.next()).value).toBe(list('v1')[0]);
    await write(list('v2'));
    expect(versions()).toEqual([1, 2]); // version 1 is still being read
    const rest: string[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(next.value);
    expect(rest).toEqual(list('v1').slice(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(versions()).toEqual([2]);

    const early = store.readTriggers(acme, 'account', 'active')[Symbol.asyncIterator]();
    await early.next();
    await write(list('v3'));
    expect(versions()).toEqual([2, 3]);
    await early.return?.(undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(versions()).toEqual([3]);
    db.close();
    await store.close();
  });

  it('migrates series states stored before revisions: each read at revision 0 until written again', async () => {
    const path = join(dir, 'series-revisions.db');
    // A file of schema version 11: series states without a revision.
    const old = new Database(path);
    old.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    for (const migration of migrations.filter((each) => each.version <= 11)) {
      old.exec(migration.sql);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name);
    }
    old
      .prepare(
        `INSERT INTO recurrence_series (tenant, environment, user_id, series_key, state, last_day, seen_at)
         VALUES ('acme', 'production', 'u1', 'netflix', '{"version":1,"old":true}', 20000, 0)`,
      )
      .run();
    old.close();

    const store = createSqliteStore({ path });
    const netflix = { userId: 'u1', key: 'netflix' };
    expect(await store.loadSeries(acme, [netflix])).toEqual([
      { revision: 0, state: '{"version":1,"old":true}' },
    ]);
    expect(await store.loadSeries(acme, [netflix], [0])).toEqual([{ revision: 0, state: null }]);
    const state = '{"version":1,"new":true}';
    await store.recordEnrichments([
      {
        scope: acme,
        enrichments: [],
        series: [{ ...netflix, state, revision: 5, lastDay: 20_001, seenAt: 1 }],
        usage: [],
      },
    ]);
    expect(await store.loadSeries(acme, [netflix], [0])).toEqual([{ revision: 5, state }]);
    expect(await store.userSeries(acme, 'u1')).toEqual([{ key: 'netflix', state, revision: 5 }]);
    await store.close();
  });

  it('moves trigger lists stored before pages into pages, and deletes pages nothing refers to at open', async () => {
    const path = join(dir, 'trigger-pages.db');
    // A file of schema version 2: lists in the scope's row.
    const old = new Database(path);
    old.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    for (const migration of migrations.slice(0, 2)) {
      old.exec(migration.sql);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name);
    }
    const row = old.prepare(
      `INSERT INTO trigger_scopes (tenant, environment, path, version, status, active, pending, updated_at)
       VALUES ('acme', 'production', ?, ?, ?, ?, ?, 0)`,
    );
    const [a, b, c] = ['a', 'b', 'c'].map((id) => ({
      id,
      merchantName: id,
      website: `${id}.com`,
      action: {},
    }));
    row.run('account', 3, 'succeeded', JSON.stringify([a, b]), null);
    row.run('program:p1', 2, 'running', JSON.stringify([a]), JSON.stringify([c]));
    row.run('user:u1', 1, 'pending', '[]', JSON.stringify([b]));
    old.close();

    const store = createSqliteStore({ path });
    const listOf = async (scopePath: string, list: 'active' | 'pending') => {
      const triggers: unknown[] = [];
      for await (const page of store.readTriggers(acme, scopePath, list)) triggers.push(...JSON.parse(page));
      return triggers;
    };
    expect(await store.findTriggerScope(acme, 'account')).toEqual({
      version: 3,
      status: 'succeeded',
      activeCount: 2,
    });
    expect([await listOf('account', 'active'), await listOf('account', 'pending')]).toEqual([[a, b], []]);
    expect(await store.findTriggerScope(acme, 'program:p1')).toEqual({
      version: 2,
      status: 'running',
      activeCount: 1,
    });
    expect([await listOf('program:p1', 'active'), await listOf('program:p1', 'pending')]).toEqual([[a], [c]]);
    expect([await listOf('user:u1', 'active'), await listOf('user:u1', 'pending')]).toEqual([[], [b]]);
    await store.setTriggerWriteStatus(acme, 'program:p1', 2, 'succeeded', 1);
    expect(await listOf('program:p1', 'active')).toEqual([c]);
    await store.close();

    // Pages of a write a stopped process did not finish (version 4 of the account) go at the next open.
    const db = new Database(path);
    db.prepare(`INSERT INTO trigger_pages VALUES ('acme', 'production', 'account', 4, 0, '[]')`).run();
    const versions = () => db.prepare('SELECT path, version FROM trigger_pages ORDER BY path, version').all();
    expect(versions()).toHaveLength(4);
    await createSqliteStore({ path }).close();
    expect(versions()).toEqual([
      { path: 'account', version: 0 },
      { path: 'program:p1', version: 2 },
      { path: 'user:u1', version: 1 },
    ]);
    db.close();
  });

  it('reopens an existing file with its data, without running the migrations again', async () => {
    const path = join(dir, 'reopen.db');
    const first = createSqliteStore({ path });
    await first.createBatch(batch('b1'));
    await first.close();
    const recorded = () => {
      const db = new Database(path, { readonly: true });
      const rows = db
        .prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
        .all();
      db.close();
      return rows;
    };
    const before = recorded();
    expect(before).toHaveLength(migrations.length);

    const second = createSqliteStore({ path });
    expect(await second.batchItems('b1')).toBe(batch('b1').items);
    await second.close();
    expect(recorded()).toEqual(before);
  });

  it('refuses a file migrated by a newer version, and leaves it untouched', async () => {
    const path = join(dir, 'newer.db');
    await createSqliteStore({ path }).close();
    const db = new Database(path);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, 0)').run('future');
    db.close();

    const error = await failure(() => createSqliteStore({ path }));
    expect(error.code).toBe('STORE_INCOMPATIBLE');
    expect(error.message).toContain('999');
    const check = new Database(path, { readonly: true });
    expect(check.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(999);
    check.close();
  });

  it('finds an unfinished batch in the files a killed process leaves behind', async () => {
    const path = join(dir, 'killed', 'store.db');
    const running = createSqliteStore({ path });
    await running.createBatch(batch('b1'));
    await running.startBatch('b1');
    await running.saveBatchChunk('b1', { index: 0, results: ['{"n":1.50}'], enrichments: [], series: [] });

    // kill -9 runs no close and no checkpoint: the commits sit in the WAL file. Copying the files
    // while the store is still open is what the disk holds after the kill.
    expect(existsSync(`${path}-wal`)).toBe(true);
    const copy = join(dir, 'killed', 'copy.db');
    copyFileSync(path, copy);
    copyFileSync(`${path}-wal`, `${copy}-wal`);
    await running.close();

    const restarted = createSqliteStore({ path: copy });
    expect(await restarted.unfinishedBatches()).toEqual([
      expect.objectContaining({ id: 'b1', status: 'running', chunksDone: 1 }),
    ]);
    await restarted.saveBatchChunk('b1', { index: 1, results: ['{"n":2}'], enrichments: [], series: [] });
    await restarted.finishBatch('b1', 'completed', 1, null);
    expect(await restarted.batchResults('b1')).toEqual(['{"n":1.50}', '{"n":2}']);
    await restarted.close();
  });

  it('keeps the deliveries of a version-1 file, each of destination ""', async () => {
    const path = join(dir, 'version-1.db');
    const db = new Database(path);
    db.exec(migrations[0]!.sql);
    db.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);
      INSERT INTO schema_migrations VALUES (1, 'initial', 0);
      INSERT INTO deliveries (id, kind, tenant, environment, url, body, created_at, next_attempt_at)
        VALUES ('d1', 'batch_callback', 'acme', 'production', 'https://hooks.example/cb', '{}', 5, 5);`);
    db.close();
    const store = createSqliteStore({ path });
    expect(await store.claimDueDeliveries(10, 10, 1000, { max: 1, inProgress: new Map() })).toEqual([
      expect.objectContaining({ id: 'd1', destination: '', replayedAt: null, nextAttemptAt: 1010 }),
    ]);
    await store.close();
  });

  describe('a database file lost under a running store', () => {
    /** A store on a new file holding batch b1, and the file's path. */
    async function storeWithBatch(name: string) {
      const path = join(dir, 'lost', `${name}.db`);
      const store = createSqliteStore({ path });
      await store.createBatch(batch('b1'));
      await store.check();
      return { store, path };
    }

    /** Writes and `check` reject with STORE_UNAVAILABLE naming what happened; reads still answer. */
    async function expectLost(store: Awaited<ReturnType<typeof storeWithBatch>>['store'], what: RegExp) {
      const refused = await failure(store.createBatch(batch('b2')));
      expect(refused).toMatchObject({ code: 'STORE_UNAVAILABLE', details: { operation: 'createBatch' } });
      expect(refused.message).toMatch(what);
      expect(await failure(store.check())).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(
        await failure(
          store.countUsage(
            { scope: acme, billingProfile: null, organizationId: null, endpoint: 'x', day: '2025-06-01' },
            1,
          ),
        ),
      ).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(await store.findBatch(acme, 'b1')).toMatchObject({ id: 'b1' });
      expect(await store.findBatch(acme, 'b2')).toBeNull();
    }

    it('refuses writes once the file is deleted (they would be gone at the next start)', async () => {
      const { store, path } = await storeWithBatch('deleted');
      unlinkSync(path);
      await expectLost(store, /deleted\.db was deleted/);
      // For good: a new file at the path is not the one this store has open.
      await createSqliteStore({ path }).close();
      expect(await failure(store.check())).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      await store.close();
    });

    it('refuses writes once another file takes its place', async () => {
      const { store, path } = await storeWithBatch('replaced');
      const other = join(dir, 'lost', 'other.db');
      await createSqliteStore({ path: other }).close();
      renameSync(other, path);
      await expectLost(store, /replaced\.db was replaced by another file/);
      await store.close();
    });

    it('refuses writes once its WAL is deleted', async () => {
      const { store, path } = await storeWithBatch('wal');
      unlinkSync(`${path}-wal`);
      await expectLost(store, /wal\.db-wal was deleted/);
      await store.close();
    });
  });

  it('turns driver errors into StoreErrors with a code and the cause', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    await store.createBatch(batch('b1'));
    const conflict = await failure(store.createBatch(batch('b1')));
    expect(conflict).toMatchObject({ name: 'StoreError', code: 'STORE_CONFLICT' });
    expect((conflict.cause as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);

    expect(await failure(store.batchItems('nope'))).toMatchObject({ code: 'STORE_NOT_FOUND' });
    await store.close();
    expect(await failure(store.findBatch(acme, 'b1'))).toMatchObject({ code: 'STORE_UNAVAILABLE' });

    expect((await failure(() => createSqliteStore({ path: '' }))).code).toBe('INVALID_CONFIG');
    const badTimeout = () => createSqliteStore({ path: ':memory:', busyTimeoutMs: 1.5 });
    expect((await failure(badTimeout)).code).toBe('INVALID_CONFIG');
    // A directory is no database file.
    expect((await failure(() => createSqliteStore({ path: dir }))).code).toBe('STORE_UNAVAILABLE');
  });

  it("translates real SQLite faults into the port's codes", async () => {
    const path = join(dir, 'faults.db');
    const db = new Database(path);
    const store = createSqliteStore({ database: db, busyTimeoutMs: 50 });
    await store.createBatch(batch('b1'));

    // Another connection holds the write lock past the busy timeout.
    const locker = new Database(path);
    locker.exec('BEGIN IMMEDIATE');
    const busy = await failure(store.createBatch(batch('b2')));
    expect(busy).toMatchObject({
      code: 'STORE_BUSY',
      details: { operation: 'createBatch', sqliteCode: 'SQLITE_BUSY' },
    });
    locker.exec('ROLLBACK');
    locker.close();
    expect(await store.createBatch(batch('b2'))).toBeNull();

    // The file may not grow: SQLite's own size limit, reached for real.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
    const big = {
      ...batch('b3'),
      items: JSON.stringify(Array.from({ length: 500 }, (_, n) => ({ merchantName: `M ${n}` }))),
    };
    expect(await failure(store.createBatch(big))).toMatchObject({
      code: 'STORE_FULL',
      details: { sqliteCode: 'SQLITE_FULL' },
    });
    expect(await store.findBatch(acme, 'b3')).toBeNull();

    // The connection is closed under the store.
    db.close();
    const closed = await failure(store.findBatch(acme, 'b1'));
    expect(closed.code).toBe('STORE_UNAVAILABLE');
    expect(closed.cause).toBeInstanceOf(TypeError);
    await store.close();

    // A connection that may not write: refused at construction, the file left as it was.
    const readonly = new Database(join(dir, 'faults.db'), { readonly: true });
    const refused = await failure(() => createSqliteStore({ database: readonly }));
    expect(refused).toMatchObject({
      code: 'STORE_UNAVAILABLE',
      details: { sqliteCode: expect.stringMatching(/^SQLITE_READONLY/) },
    });
    readonly.close();
  });
});
