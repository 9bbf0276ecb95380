/** The Postgres store against a real server that vitest.postgres.ts starts for this project. */
import type { Scope } from '@txenrich/service';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createScratchDatabases } from '../../../test/support/postgres-databases.ts';
import { startPostgresServer } from '../../../test/support/postgres-server.ts';
import { describeStoreConformance } from '../../service/test/store-conformance.js';
import { createPostgresStore, isStoreError } from '../src/index.js';
import { migrations } from '../src/migrations.js';

const databases = createScratchDatabases(inject('postgresUrl'), 'store');
afterAll(() => databases.dropAll());

// Each conformance database is a database of the server; opening one again sees its data.
describeStoreConformance('postgres', async (database) =>
  createPostgresStore({ url: await databases.urlOf(database) }),
);
// As behind a pooler in transaction mode: every statement sent as its text alone.
describeStoreConformance('postgres without prepared statements', async (database) =>
  createPostgresStore({ url: await databases.urlOf(`unprepared_${database}`), preparedStatements: false }),
);

const acme: Scope = { tenant: 'acme', environment: 'production' };

async function onDatabase<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('createPostgresStore', () => {
  it('migrates once when several processes start at once, and not again on reopening', async () => {
    const url = await databases.urlOf('migrated_once');
    const stores = await Promise.all(Array.from({ length: 4 }, () => createPostgresStore({ url })));
    await stores[0]!.createBatch({
      id: 'b1',
      scope: acme,
      kind: 'card',
      size: 1,
      submittedAt: '2025-06-01T12:00:00.000000Z',
      callbackUrl: null,
      chunkSize: 1,
      items: '{}',
    });
    expect(await stores[3]!.findBatch(acme, 'b1')).toMatchObject({ id: 'b1', status: 'pending' });
    await Promise.all(stores.map((store) => store.close()));
    await (await createPostgresStore({ url })).close();
    const applied = await onDatabase(url, async (client) =>
      (await client.query('SELECT version FROM schema_migrations ORDER BY version')).rows.map(
        (row) => row.version,
      ),
    );
    expect(applied).toEqual(migrations.map((migration) => migration.version));
  });

  it('refuses a database migrated by a newer version, and leaves it untouched', async () => {
    const url = await databases.urlOf('newer');
    await (await createPostgresStore({ url })).close();
    await onDatabase(url, (client) =>
      client.query(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 0)`),
    );
    const refused = await createPostgresStore({ url }).catch((error: unknown) => error);
    expect(isStoreError(refused) && refused.code).toBe('STORE_INCOMPATIBLE');
  });

  it('answers STORE_UNAVAILABLE when the server cannot be reached, at open and on a call', async () => {
    const unreachable = 'postgres://postgres@127.0.0.1:1/none';
    const atOpen = await createPostgresStore({ url: unreachable, connectionTimeoutMs: 2000 }).catch(
      (error: unknown) => error,
    );
    expect(isStoreError(atOpen) && atOpen.code).toBe('STORE_UNAVAILABLE');

    // A store whose server stops under it: calls fail as the outage they are (the HTTP adapter's 503).
    const server = await startPostgresServer();
    const store = await createPostgresStore({ url: server.url, connectionTimeoutMs: 2000 });
    await expect(store.check()).resolves.toBeUndefined();
    await server.stop();
    // One call at a time: calls made together reject while the first is awaited, unhandled.
    for (const call of [() => store.check(), () => store.findBatch(acme, 'b1'), () => store.usage()]) {
      const failed = await call().catch((error: unknown) => error);
      expect(isStoreError(failed) && failed.code).toBe('STORE_UNAVAILABLE');
    }
    await store.close();
  });

  it('rejects options it cannot use with INVALID_CONFIG', async () => {
    for (const options of [
      { url: '' },
      { url: 'postgres://x', maxConnections: 0 },
      { url: 'postgres://x', preparedStatements: 'no' as unknown as boolean },
    ]) {
      const refused = await createPostgresStore(options).catch((error: unknown) => error);
      expect(isStoreError(refused) && refused.code).toBe('INVALID_CONFIG');
    }
  });

  it('migrates a ready pool and leaves it open on close', async () => {
    const pool = new pg.Pool({ connectionString: await databases.urlOf('ready_pool') });
    const store = await createPostgresStore({ pool });
    await store.countUsage(
      { scope: acme, billingProfile: null, organizationId: null, endpoint: 'e', day: '2025-06-01' },
      2,
    );
    await store.close();
    expect((await pool.query('SELECT count FROM usage')).rows).toEqual([{ count: '2' }]);
    await pool.end();
  });
});

describe('two processes on one database', () => {
  it('writing one trigger scope at once: one version each, or a conflict; the list that applies is whole', async () => {
    const url = await databases.urlOf('two_writers');
    const [first, second] = [await createPostgresStore({ url }), await createPostgresStore({ url })];
    const listOf = (prefix: string, pages: number) =>
      Array.from({ length: pages }, (_, page) => JSON.stringify([{ id: `${prefix}-${page}` }]));
    for (let round = 0; round < 10; round++) {
      const path = `program:p${round}`;
      const lists = [listOf('first', 40), listOf('second', 3)];
      const write = (store: typeof first, pages: string[]) =>
        store.writeTriggers({ scope: acme, path, pages, count: pages.length, status: 'succeeded', at: 1 });
      const answers = await Promise.all([write(first, lists[0]!), write(second, lists[1]!)]);
      const versions = answers.map((answer) => (answer === 'conflict' ? 0 : answer.version));
      expect([...versions].sort()).toEqual(versions.includes(0) ? [0, 1] : [1, 2]);
      const applied = lists[versions.indexOf(Math.max(...versions))];
      for (const store of [first, second]) {
        const read: string[] = [];
        for await (const page of store.readTriggers(acme, path, 'active')) read.push(page);
        expect(read).toEqual(applied);
      }
    }
    await Promise.all([first.close(), second.close()]);
  });
});

describe('Postgres series revisions', () => {
  it('migrates series states stored before revisions: each read at revision 0 until written again', async () => {
    const url = await databases.urlOf('series_revisions');
    // A database of schema version 7: series states without a revision.
    await onDatabase(url, async (client) => {
      await client.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)',
      );
      for (const migration of migrations.filter((each) => each.version <= 7)) {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations VALUES ($1, $2, 0)', [
          migration.version,
          migration.name,
        ]);
      }
      await client.query(
        `INSERT INTO recurrence_series (tenant, environment, user_id, series_key, state, last_day, seen_at)
         VALUES ('acme', 'production', 'u1', 'netflix', '{"version":1,"old":true}', 20000, 0)`,
      );
    });

    const store = await createPostgresStore({ url });
    const netflix = { userId: 'u1', key: 'netflix' };
    expect(await store.loadSeries(acme, [netflix])).toEqual([
      { revision: 0, state: '{"version":1,"old":true}' },
    ]);
    expect(await store.loadSeries(acme, [netflix], [0])).toEqual([{ revision: 0, state: null }]);
    const state = '{"version":1,"new":true}';
    // A revision past 2^32: stored and compared as a whole number.
    const revision = 2 ** 47 + 3;
    await store.recordEnrichments([
      {
        scope: acme,
        enrichments: [],
        series: [{ ...netflix, state, revision, lastDay: 20_001, seenAt: 1 }],
        usage: [],
      },
    ]);
    expect(await store.loadSeries(acme, [netflix], [0])).toEqual([{ revision, state }]);
    expect(await store.loadSeries(acme, [netflix], [revision])).toEqual([{ revision, state: null }]);
    expect(await store.userSeries(acme, 'u1')).toEqual([{ key: 'netflix', state, revision }]);
    await store.close();
  });
});

describe('Postgres retention', () => {
  it('deletes the recurrence series of an environment last seen before the cutoff, and no other', async () => {
    const store = await createPostgresStore({ url: await databases.urlOf('series_retention') });
    const series = (userId: string, seenAt: number) => ({
      userId,
      key: 'k',
      state: '{}',
      revision: 1,
      lastDay: 1,
      seenAt,
    });
    await store.recordEnrichments([
      { scope: acme, enrichments: [], series: [series('old', 10), series('young', 20)], usage: [] },
      {
        scope: { tenant: 'acme', environment: 'sandbox' },
        enrichments: [],
        series: [series('old', 10)],
        usage: [],
      },
    ]);
    const step = {
      records: 'recurrenceSeries' as const,
      environment: 'production' as const,
      before: 20,
      at: 30,
    };
    expect(await store.prune({ ...step, limit: 1 })).toEqual({ pruned: 1, more: true });
    expect(await store.prune({ ...step, limit: 1 })).toEqual({ pruned: 0, more: false });
    expect(await store.userSeries(acme, 'old')).toEqual([]);
    expect(await store.userSeries(acme, 'young')).toHaveLength(1);
    expect(await store.userSeries({ tenant: 'acme', environment: 'sandbox' }, 'old')).toHaveLength(1);
    await store.close();
  });
});

describe('countRequest (rate limits across processes)', () => {
  it('counts one window for every process, and starts a new one once it ended', async () => {
    const url = await databases.urlOf('rate_windows');
    const [one, two] = await Promise.all([createPostgresStore({ url }), createPostgresStore({ url })]);
    try {
      const counts = await Promise.all(
        Array.from({ length: 6 }, (_, n) => (n % 2 ? one : two).countRequest!('GET /x key-1', 1000, 10_000)),
      );
      expect(counts.map((window) => window.count).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(new Set(counts.map((window) => window.endsAt))).toEqual(new Set([11_000]));
      expect(await one.countRequest!('GET /x key-2', 1000, 10_500)).toEqual({ count: 1, endsAt: 11_500 });
      expect(await two.countRequest!('GET /x key-1', 1000, 10_999)).toEqual({ count: 7, endsAt: 11_000 });
      expect(await two.countRequest!('GET /x key-1', 1000, 11_000)).toEqual({ count: 1, endsAt: 12_000 });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('round trips', () => {
  it('reads asked in one turn go as one statement, each answered for its own scope', async () => {
    const pool = new pg.Pool({ connectionString: await databases.urlOf('per_turn') });
    const store = await createPostgresStore({ pool });
    const globex: Scope = { tenant: 'globex', environment: 'production' };
    const series = (scope: Scope, userId: string, state: string) => ({
      scope,
      enrichments: [],
      series: [{ userId, key: 'netflix', state, revision: state.length, lastDay: 20_000, seenAt: 0 }],
      usage: [],
    });
    try {
      await store.recordEnrichments([series(acme, 'u1', '{"acme":1}'), series(globex, 'u1', '{"globex":1}')]);
      await pool.query(
        `INSERT INTO revisions (tenant, environment, subject, revision) VALUES ('acme', 'production', 'triggers', 3)`,
      );
      const statements = vi.spyOn(pool, 'query');
      const answers = await Promise.all([
        store.loadSeries(acme, [
          { userId: 'u1', key: 'netflix' },
          { userId: 'u2', key: 'netflix' },
        ]),
        // Held at its revision: answered without the text.
        store.loadSeries(globex, [{ userId: 'u1', key: 'netflix' }], ['{"globex":1}'.length]),
        store.loadSeries(acme, []),
        store.rulesRevisions(acme),
        store.rulesRevisions(globex),
      ]);
      expect(answers).toEqual([
        [{ revision: '{"acme":1}'.length, state: '{"acme":1}' }, null],
        [{ revision: '{"globex":1}'.length, state: null }],
        [],
        expect.objectContaining({ triggers: 3, corrections: 0 }),
        expect.objectContaining({ triggers: 0, corrections: 0 }),
      ]);
      expect(statements).toHaveBeenCalledTimes(2);
    } finally {
      await store.close();
      await pool.end();
    }
  });

  it('records the writes of a turn in one statement, atomically', async () => {
    const pool = new pg.Pool({ connectionString: await databases.urlOf('one_statement') });
    const store = await createPostgresStore({ pool });
    const enrichment = (enrichmentId: string) => ({
      enrichmentId,
      kind: 'card' as const,
      request: '{}',
      createdAt: 0,
      counterpartyId: null,
    });
    const usage = {
      scope: acme,
      billingProfile: null,
      organizationId: null,
      endpoint: 'single.card',
      day: '2025-06-01',
      count: 1,
    };
    const write = (enrichmentId: string, userId: string) => ({
      scope: acme,
      enrichments: [enrichment(enrichmentId)],
      series: [
        { userId, key: 'netflix', state: `{"${enrichmentId}":1}`, revision: 1, lastDay: 20_000, seenAt: 0 },
      ],
      usage: [usage],
    });
    try {
      const statements = vi.spyOn(pool, 'query');
      await store.recordEnrichments([write('e1', 'u1'), write('e2', 'u2')]);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(await store.loadSeries(acme, [{ userId: 'u2', key: 'netflix' }])).toEqual([
        { revision: 1, state: '{"e2":1}' },
      ]);
      expect(await store.usage()).toEqual([expect.objectContaining({ endpoint: 'single.card', count: 2 })]);
      // e1 again: nothing of the statement stays.
      await expect(store.recordEnrichments([write('e3', 'u3'), write('e1', 'u4')])).rejects.toThrow();
      expect(await store.findEnrichment(acme, 'e3')).toBeNull();
      expect(await store.loadSeries(acme, [{ userId: 'u3', key: 'netflix' }])).toEqual([null]);
      expect(await store.usage()).toEqual([expect.objectContaining({ count: 2 })]);
    } finally {
      await store.close();
      await pool.end();
    }
  });

  it('prepares the per-turn and chunk statements once per connection, one text each whatever their rows; none when off', async () => {
    const url = await databases.urlOf('prepared');
    const usage = (endpoint: string) => ({
      scope: acme,
      billingProfile: null,
      organizationId: null,
      endpoint,
      day: '2025-06-01',
      count: 1,
    });
    const write = (enrichmentId: string, userIds: readonly string[]) => ({
      scope: acme,
      enrichments: [
        { enrichmentId, kind: 'card' as const, request: '{}', createdAt: 0, counterpartyId: null },
      ],
      series: userIds.map((userId) => ({
        userId,
        key: 'netflix',
        state: '{}',
        revision: 1,
        lastDay: 20_000,
        seenAt: 0,
      })),
      usage: [usage('single.card'), usage(`single.${enrichmentId}`)],
    });
    /** A turn's reads and group commits of 1, 2 and 5 writes, on a pool of one connection: its prepared statements. */
    async function preparedAfterTurns(preparedStatements: boolean, prefix: string) {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const store = await createPostgresStore({ pool, preparedStatements });
      try {
        for (const [turn, size] of [1, 2, 5].entries()) {
          const writes = Array.from({ length: size }, (_, index) =>
            write(`${prefix}${turn}-${index}`, index % 2 === 0 ? [`u${index}`] : []),
          );
          await Promise.all([
            store.recordEnrichments(writes),
            store.rulesRevisions(acme),
            store.loadSeries(acme, [{ userId: 'u0', key: 'netflix' }]),
          ]);
        }
        await store.countActivity([['acme', 'production', 'cp1', 20_000, 3]]);
        await store.createBatch({
          id: `${prefix}-batch`,
          scope: acme,
          kind: 'card',
          size: 3,
          submittedAt: '2025-06-01T12:00:00.000000Z',
          callbackUrl: null,
          chunkSize: 2,
          items: '{}',
        });
        for (const [index, size] of [2, 1].entries())
          await store.saveBatchChunk(`${prefix}-batch`, {
            index,
            results: Array.from({ length: size }, () => '{}'),
            enrichments: write(`${prefix}-chunk${index}`, []).enrichments,
            series: write('', ['u0', 'u1'].slice(0, size)).series,
          });
        const { rows } = await pool.query<{ name: string }>(
          'SELECT name FROM pg_prepared_statements ORDER BY name',
        );
        return rows.map((row) => row.name);
      } finally {
        await store.close();
        await pool.end();
      }
    }
    expect(await preparedAfterTurns(true, 'p')).toEqual([
      'txenrich_count_activity',
      'txenrich_read_revisions',
      'txenrich_read_series',
      'txenrich_record_enrichments',
      'txenrich_save_chunk',
    ]);
    expect(await preparedAfterTurns(false, 'u')).toEqual([]);
    const store = await createPostgresStore({ url });
    // Both ways wrote the same rows: 3 turns of 1 + 2 + 5 writes each, every one counted.
    expect((await store.usage()).find((row) => row.endpoint === 'single.card')?.count).toBe(16);
    await store.close();
  });

  it('writes a lone surrogate as node-postgres encodes any text (U+FFFD), and reads it back by the same id', async () => {
    // A client's JSON may escape one (`"userId": "\\ud800"`); the JSON the statements carry must stay valid for Postgres.
    const store = await createPostgresStore({ url: await databases.urlOf('surrogates') });
    const userId = 'user-\ud800';
    const enrichmentId = 'e-\udc00-\\ud800';
    try {
      await store.recordEnrichments([
        {
          scope: acme,
          enrichments: [
            { enrichmentId, kind: 'card', request: '{"a":"\ud83d"}', createdAt: 0, counterpartyId: null },
          ],
          series: [{ userId, key: 'k\udbff', state: '{}', revision: 7, lastDay: 20_000, seenAt: 0 }],
          usage: [],
        },
      ]);
      expect(await store.loadSeries(acme, [{ userId, key: 'k\udbff' }])).toEqual([
        { revision: 7, state: '{}' },
      ]);
      expect(await store.findEnrichment(acme, enrichmentId)).toMatchObject({
        enrichmentId: 'e-\ufffd-\\ud800',
        request: '{"a":"\ufffd"}',
      });
    } finally {
      await store.close();
    }
  });
});
