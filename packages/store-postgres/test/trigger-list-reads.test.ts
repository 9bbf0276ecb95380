/**
 * A trigger list read in one process while another replaces and deletes it, on a real Postgres: two
 * stores (two processes' pools) on one database. The read started goes on to the list's last page.
 */
import type { Scope, Store } from '@txenrich/service';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabases } from '../../../test/support/postgres-databases.ts';
import { createPostgresStore } from '../src/index.js';

const databases = createScratchDatabases(inject('postgresUrl'), 'reads');
afterAll(() => databases.dropAll());

const acme: Scope = { tenant: 'acme', environment: 'production' };
const path = 'account';

const listOf = (prefix: string, pages: number) =>
  Array.from({ length: pages }, (_, page) => JSON.stringify([{ id: `${prefix}-${page}` }]));

const write = (store: Store, pages: string[]) =>
  store.writeTriggers({ scope: acme, path, pages, count: pages.length, status: 'succeeded', at: 1 });

/** The trigger pages the database holds, of every list. */
async function storedPages(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT count(*)::int AS pages FROM trigger_pages')).rows[0].pages;
  } finally {
    await client.end();
  }
}

describe('a trigger list read across processes', () => {
  it('is read whole though another process replaces and deletes it mid-way', async () => {
    const url = await databases.urlOf('replaced');
    const [writer, reader] = [await createPostgresStore({ url }), await createPostgresStore({ url })];
    const first = listOf('first', 50);
    expect(await write(writer, first)).toEqual({ version: 1 });

    const pages = reader.readTriggers(acme, path, 'active')[Symbol.asyncIterator]();
    const read: string[] = [];
    for (let page = 0; page < 5; page++) read.push((await pages.next()).value as string);

    // The writer has no reader of its own: it deletes the first list at once.
    expect(await write(writer, listOf('second', 2))).toEqual({ version: 2 });
    expect(await storedPages(url)).toBe(2);

    for (let next = await pages.next(); !next.done; next = await pages.next()) read.push(next.value);
    expect(read).toEqual(first);

    // A read started now reads the list that applies now.
    const now: string[] = [];
    for await (const page of reader.readTriggers(acme, path, 'active')) now.push(page);
    expect(now).toEqual(listOf('second', 2));
    await Promise.all([writer.close(), reader.close()]);
  });

  it('closes though a reader stopped mid-way, without ending its read', async () => {
    const store = await createPostgresStore({ url: await databases.urlOf('abandoned') });
    await write(store, listOf('list', 3));
    const pages = store.readTriggers(acme, path, 'active')[Symbol.asyncIterator]();
    expect((await pages.next()).value).toBe(listOf('list', 1)[0]);
    await store.close();
  });
});
