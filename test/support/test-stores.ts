/**
 * The stores an end-to-end server can run on: SQLite (a file in the server's
 * data folder, `startServer`'s default) or Postgres (a database of its own on
 * the server that vitest.postgres.ts starts, dropped at close). Suites that
 * must hold on both run once per kind (`describe.each(storeKinds)`).
 */
import type { Store } from '@txenrich/service';
import { createPostgresStore } from '@txenrich/store-postgres';
import { inject } from 'vitest';
import { createScratchDatabases } from './postgres-databases.ts';

export const storeKinds = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof storeKinds)[number];

/**
 * A Postgres store on a database of its own, on `serverUrl` (the tests' server by default); `close` closes
 * it and drops the database.
 */
export async function openPostgresTestStore(
  serverUrl = inject('postgresUrl'),
): Promise<{ store: Store; close(): Promise<void> }> {
  const databases = createScratchDatabases(serverUrl, 'e2e');
  const store = await createPostgresStore({ url: await databases.urlOf('server') });
  return {
    store,
    async close() {
      await store.close();
      await databases.dropAll();
    },
  };
}
