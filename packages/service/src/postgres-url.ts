/**
 * Which connection strings `store.url` and `DATABASE_URL` take: the forms
 * node-postgres reads (pg-connection-string's rules, which follow libpq's
 * URIs), and nothing else, so that a mistake is named at start rather than
 * found at the first connection.
 *
 * - `postgres://user:password@host:5432/database?option=value` (or `postgresql://`);
 * - a Unix socket: its folder as the `host` parameter, with or without a user
 *   (`postgres://user@/database?host=/var/run/postgresql`, `postgres:///database?host=...`),
 *   or percent-encoded as the host (`postgres://%2Fvar%2Frun%2Fpostgresql/database`);
 * - node-postgres's own socket forms: `socket:/var/run/postgresql?db=database`
 *   (`socket://user:password@/var/run/postgresql?db=database`) and
 *   `/var/run/postgresql database`.
 *
 * WHATWG's URL parser refuses a user without a host (`user@/`), which libpq
 * reads as the default host: pg-connection-string, and this check, parse such
 * a URL again with a placeholder host.
 */

/** What a refused connection string is told; the setting's name comes before it. */
export const POSTGRES_URL_EXPECTED =
  'Expected a Postgres URL such as postgres://user:password@host:5432/database, or for a Unix socket postgres://user@/database?host=/var/run/postgresql.';

const schemes = new Set(['postgres:', 'postgresql:', 'socket:']);

/** pg-connection-string percent-encodes a string with a space or a stray `%` before parsing it. */
const NEEDS_ENCODING = / |%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i;

function encoded(value: string): string | null {
  if (!NEEDS_ENCODING.test(value)) return value;
  try {
    return encodeURI(value).replace(/%25(\d\d)/g, '%$1');
  } catch {
    return null; // a lone surrogate: no URL
  }
}

const parsed = (text: string) => (URL.canParse(text) ? new URL(text) : null);

export function isPostgresUrl(value: string): boolean {
  // A socket's folder, then the database after a space.
  if (value.startsWith('/')) return true;
  const text = encoded(value);
  if (text === null) return false;
  const url = parsed(text) ?? parsed(text.replace('@/', '@placeholder/'));
  if (!url || !schemes.has(url.protocol)) return false;
  // `socket:` names the socket's folder as its path.
  return url.protocol !== 'socket:' || url.pathname.startsWith('/');
}
