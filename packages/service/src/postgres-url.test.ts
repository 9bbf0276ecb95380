import { describe, expect, it } from 'vitest';
import { isPostgresUrl } from './postgres-url.js';

describe('isPostgresUrl', () => {
  it('takes every form node-postgres reads', () => {
    for (const url of [
      'postgres://txenrich:secret@db.internal:5432/txenrich',
      'postgresql://other@db2/txenrich',
      'postgres://db.internal/txenrich?sslmode=verify-full&application_name=fleet',
      'postgres://[::1]:5432/txenrich',
      'postgres://user:p@ss w0rd%@db/txenrich', // a password with a space and a stray %: encoded first
      'postgres://',
      // Unix sockets: the folder as a parameter, with and without a user, or percent-encoded as the host.
      'postgres://txenrich@/txenrich?host=/var/run/postgresql',
      'postgres://txenrich:secret@/txenrich?host=/var/run/postgresql&port=5433',
      'postgres:///txenrich?host=/var/run/postgresql&user=txenrich',
      'postgresql://%2Fvar%2Frun%2Fpostgresql/txenrich',
      // node-postgres's own socket forms.
      'socket:/var/run/postgresql?db=txenrich',
      'socket://txenrich:secret@/var/run/postgresql?db=txenrich',
      '/var/run/postgresql txenrich',
    ])
      expect(isPostgresUrl(url), url).toBe(true);
  });

  it('refuses other schemes, strings without one, and URLs no parser reads', () => {
    for (const url of [
      '',
      'mysql://db/txenrich',
      'http://db/txenrich',
      'db.internal:5432/txenrich', // no scheme: node-postgres would read the host "base" into it
      'txenrich',
      'postgres://db:99999/txenrich', // no such port
      'postgres://db:port/txenrich',
      'postgres://user@:5432/txenrich', // a port with no host
      'socket:',
      'socket:relative/folder?db=txenrich',
      'postgres://db/my db\uD800', // to encode (a space), with a lone surrogate
    ])
      expect(isPostgresUrl(url), url).toBe(false);
  });
});
