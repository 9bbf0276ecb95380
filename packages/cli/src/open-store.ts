/**
 * The store `serve` runs on, as the configuration says: the SQLite file in
 * `dataDir` (the default), or the Postgres database at `store.url`
 * (`DATABASE_URL` overrides it).
 */
import { join, resolve } from 'node:path';
import type { Config, Store } from '@txenrich/service';
import { createPostgresStore } from '@txenrich/store-postgres';
import { createSqliteStore } from '@txenrich/store-sqlite';

export async function openStore(config: Config): Promise<Store> {
  const { store } = config;
  if (store.kind === 'postgres')
    return createPostgresStore({
      url: store.url,
      maxConnections: store.maxConnections,
      preparedStatements: store.preparedStatements,
    });
  return createSqliteStore({ path: join(resolve(config.dataDir), 'txenrich.db') });
}
