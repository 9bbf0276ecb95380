/**
 * Concurrent writes of the same rows in different orders on a real Postgres: group commits
 * (`recordEnrichments`) and chunks (`saveBatchChunk`) touching overlapping series and usage counters,
 * from two stores (two processes' pools) on one database, all succeed (no deadlock, which Postgres
 * breaks by failing a transaction: STORE_BUSY).
 */
import { randomUUID } from 'node:crypto';
import type { EnrichmentWrite, Scope, SeriesRow, Store, UsageRow } from '@txenrich/service';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabases } from '../../../test/support/postgres-databases.ts';
import { createPostgresStore } from '../src/index.js';

const databases = createScratchDatabases(inject('postgresUrl'), 'order');
afterAll(() => databases.dropAll());

const acme: Scope = { tenant: 'acme', environment: 'production' };
const globex: Scope = { tenant: 'globex', environment: 'sandbox' };

/** A seeded shuffle: each write its own order of the same rows. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let index = copy.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** 6 users x 5 series: every write touches most of them. */
const seriesRows = (seed: number): SeriesRow[] =>
  shuffled(
    Array.from({ length: 30 }, (_, index) => ({
      userId: `user-${index % 6}`,
      key: `series-${Math.floor(index / 6)}`,
      state: JSON.stringify({ seed }),
      revision: seed + 1,
      lastDay: 20_000 + seed,
      seenAt: seed,
    })),
    seed,
  ).slice(0, 24);

const usageRows = (scope: Scope, seed: number): UsageRow[] =>
  shuffled(
    ['cards', 'transfers', 'universal'].flatMap((endpoint) =>
      [null, 'org-1'].map((organizationId) => ({
        scope,
        billingProfile: organizationId === null ? null : 'resell',
        organizationId,
        endpoint,
        day: '2025-06-01',
        count: 1,
      })),
    ),
    seed,
  );

const enrichment = () => ({
  enrichmentId: randomUUID(),
  kind: 'card' as const,
  request: '{}',
  createdAt: 1,
  counterpartyId: null,
});

/** A group commit of two requests (of two tenants), each with its own order of the rows. */
const groupOf = (seed: number): EnrichmentWrite[] =>
  [acme, globex].map((scope, index) => ({
    scope,
    enrichments: [enrichment()],
    series: seriesRows(seed * 2 + index),
    usage: usageRows(scope, seed * 2 + index),
  }));

describe('concurrent writes of the same rows in different orders', () => {
  it('never deadlock: every group commit and every chunk is stored', async () => {
    const url = await databases.urlOf('overlapping');
    const stores: Store[] = [await createPostgresStore({ url }), await createPostgresStore({ url })];
    const batches = Array.from({ length: 4 }, (_, index) => `batch-${index}`);
    for (const id of batches)
      await stores[0]!.createBatch({
        id,
        scope: acme,
        kind: 'card',
        size: 10,
        submittedAt: '2025-06-01T12:00:00.000000Z',
        callbackUrl: null,
        chunkSize: 1,
        items: '{}',
      });

    const rounds = 20;
    const writes: Promise<void>[] = [];
    for (let round = 0; round < rounds; round++) {
      const store = stores[round % 2]!;
      writes.push(store.recordEnrichments(groupOf(round)));
      writes.push(
        store.saveBatchChunk(batches[round % batches.length]!, {
          index: Math.floor(round / batches.length),
          results: ['{}'],
          enrichments: [enrichment()],
          series: seriesRows(1000 + round),
        }),
      );
    }
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

    // Every count added up: 20 group commits of one count per (scope, endpoint, organization).
    const usage = await stores[0]!.usage();
    expect(usage).toHaveLength(12);
    expect(usage.every((row) => row.count === rounds)).toBe(true);
    for (const id of batches) expect((await stores[1]!.findBatch(acme, id))?.chunksDone).toBe(5);
    await Promise.all(stores.map((store) => store.close()));
  }, 60_000);
});
