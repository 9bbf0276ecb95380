import { createGroupCommit, type EnrichmentWrite, type Scope, type Store } from '@txenrich/service';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/index.js';

const acme: Scope = { tenant: 'acme', environment: 'production' };
const write = (enrichmentId: string): EnrichmentWrite => ({
  scope: acme,
  enrichments: [
    {
      enrichmentId,
      kind: 'card',
      request: '{"merchantName":"NETFLIX.COM"}',
      createdAt: 0,
      counterpartyId: null,
    },
  ],
  series: [],
  usage: [
    {
      scope: acme,
      billingProfile: null,
      organizationId: null,
      endpoint: 'single.card',
      day: '2025-06-01',
      count: 1,
    },
  ],
});

/** The SQLite store, counting the transactions `recordEnrichments` runs. */
function countingStore(): { store: Store; commits: () => number } {
  const store = createSqliteStore({ path: ':memory:' });
  let commits = 0;
  const recordEnrichments = store.recordEnrichments;
  store.recordEnrichments = (writes) => {
    commits++;
    return recordEnrichments(writes);
  };
  return { store, commits: () => commits };
}

describe('group commit (service) over SQLite', () => {
  it('commits the writes of one turn of the event loop together, each request answered after', async () => {
    const { store, commits } = countingStore();
    const groupCommit = createGroupCommit(store);
    await Promise.all(['e1', 'e2', 'e3'].map((id) => groupCommit.record(write(id))));
    expect(commits()).toBe(1);
    expect(await store.findEnrichment(acme, 'e3')).not.toBeNull();
    expect((await store.usage())[0]?.count).toBe(3);

    await groupCommit.record(write('e4'));
    await groupCommit.record(write('e5'));
    expect(commits()).toBe(3);
    await store.close();
  });

  it('fails only the write that cannot be recorded, not the others of its group', async () => {
    const { store } = countingStore();
    const groupCommit = createGroupCommit(store);
    await groupCommit.record(write('taken'));
    const outcomes = await Promise.allSettled(
      ['e1', 'taken', 'e2'].map((id) => groupCommit.record(write(id))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.findEnrichment(acme, 'e2')).not.toBeNull();
    expect((await store.usage())[0]?.count).toBe(3);
    await store.close();
  });
});
