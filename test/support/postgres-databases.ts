/**
 * Databases of their own on the tests' Postgres server: one per store a test
 * opens (`open('store_1')`), all dropped at the end. Names get a prefix of
 * their own per call, so that test files sharing a server never meet.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabases {
  /** The URL of the database `name`, created empty on first use. */
  urlOf(name: string): Promise<string>;
  /** Drops every database created (their stores closed first). */
  dropAll(): Promise<void>;
}

export function createScratchDatabases(serverUrl: string, prefix = 'test'): ScratchDatabases {
  const tag = `${prefix}_${randomBytes(4).toString('hex')}`;
  const created = new Map<string, string>();

  async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  return {
    async urlOf(name) {
      const database = `${tag}_${name}`.toLowerCase();
      if (!/^[a-z0-9_]{1,63}$/.test(database)) throw new Error(`not a database name: ${database}`);
      if (!created.has(database)) {
        await onServer((client) => client.query(`CREATE DATABASE ${database}`));
        const url = new URL(serverUrl);
        url.pathname = `/${database}`;
        created.set(database, url.toString());
      }
      return created.get(database)!;
    },

    async dropAll() {
      await onServer(async (client) => {
        for (const database of created.keys())
          await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      });
      created.clear();
    },
  };
}
