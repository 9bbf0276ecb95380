/**
 * The connection strings the configuration takes (`store.url`, `DATABASE_URL`) against node-postgres's own
 * reading of them: each form taken reaches the host, socket, user and database it says; the strings
 * refused are ones it would read as something else.
 */
import { parseConfig } from '@txenrich/service';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const key = { key: 'a-key-of-sixteen-chars', tenant: 'acme', environment: 'sandbox' } as const;

/** What node-postgres connects to for `url` (read when the client is made, without connecting). */
function readByPg(url: string) {
  const { host, port, user, database } = (
    new pg.Client({ connectionString: url }) as unknown as {
      connectionParameters: { host: string; port: number; user: string; database: string };
    }
  ).connectionParameters;
  return { host, port, user, database };
}

const taken = (url: string) => parseConfig({ keys: [key] }, { DATABASE_URL: url }).store;

describe('Postgres connection strings', () => {
  it('takes each form node-postgres reads, which reaches what it says', () => {
    const socket = '/var/run/postgresql';
    const forms = {
      'postgres://txenrich:secret@db.internal:5433/fleet': {
        host: 'db.internal',
        port: 5433,
        database: 'fleet',
      },
      'postgresql://txenrich@db.internal/fleet': { host: 'db.internal', port: 5432, user: 'txenrich' },
      'postgres://txenrich@/fleet?host=/var/run/postgresql': {
        host: socket,
        user: 'txenrich',
        database: 'fleet',
      },
      'postgres://txenrich@/fleet?host=/var/run/postgresql&port=5433': { host: socket, port: 5433 },
      'postgres:///fleet?host=/var/run/postgresql&user=txenrich': { host: socket, user: 'txenrich' },
      'postgres://%2Fvar%2Frun%2Fpostgresql/fleet': { host: socket, database: 'fleet' },
      'socket:/var/run/postgresql?db=fleet': { host: socket, database: 'fleet' },
      'socket://txenrich:secret@/var/run/postgresql?db=fleet': { host: socket, user: 'txenrich' },
      '/var/run/postgresql fleet': { host: socket, database: 'fleet' },
    };
    for (const [url, reached] of Object.entries(forms)) {
      expect(taken(url), url).toMatchObject({ kind: 'postgres', url });
      expect(readByPg(url), url).toMatchObject(reached);
    }
  });

  it('refuses strings node-postgres would read as something else', () => {
    // No scheme: the port's digits after the first would be the database's name.
    expect(readByPg('db.internal:5432/fleet')).toMatchObject({ host: 'localhost', database: '432/fleet' });
    // Another database's scheme: ignored, the URL read as Postgres's.
    expect(readByPg('mysql://db.internal/fleet')).toMatchObject({ host: 'db.internal', database: 'fleet' });
    for (const url of ['db.internal:5432/fleet', 'mysql://db.internal/fleet'])
      expect(() => taken(url), url).toThrow(/^Invalid configuration: DATABASE_URL: Expected a Postgres URL/);
  });
});
