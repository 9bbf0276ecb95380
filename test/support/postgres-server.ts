/**
 * A throwaway Postgres server for tests, from the machine's server binaries
 * (Debian's `postgresql` package: /usr/lib/postgresql/<version>/bin, else
 * `initdb` on PATH): `initdb` into a temporary folder, trust authentication,
 * `pg_ctl` on a free port of 127.0.0.1 (and a Unix socket in that folder),
 * without fsync (its data is thrown away). `stop()` stops it and removes the
 * folder. As root, the server runs as the `postgres` system user: `initdb`
 * refuses root.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** `NULLS NOT DISTINCT` (the usage counters' key) needs 15. */
const OLDEST_VERSION = 15;

export interface PostgresServer {
  /** The `postgres` database as its superuser `postgres`, no password. */
  url: string;
  /** The folder of its Unix socket (`.s.PGSQL.<port>`, the port of `url`). */
  socketDir: string;
  /** Stops the server, keeping its data: an outage, until `resume`. */
  pause(): Promise<void>;
  /** Starts it again, on the same port, with its data. */
  resume(): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

const howToInstall = [
  'Install the server: `sudo apt-get install postgresql` (Debian, Ubuntu; .ci/run does it in CI),',
  '`brew install postgresql@16` (macOS), or put the bin directory of a Postgres 15 or newer on PATH.',
].join(' ');

/** The bin directory of the newest Postgres server installed: Debian's, else the one `initdb` on PATH is in. */
export function findPostgresBin(): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((version) => existsSync(join(debian, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(debian, versions[0], 'bin');
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .find((dir) => dir && existsSync(join(dir, 'initdb')));
  if (onPath) return onPath;
  throw new Error(
    `The Postgres tests start a throwaway Postgres server, and its binaries (initdb, pg_ctl) are not on this machine. ${howToInstall}`,
  );
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const major = Number(
    /(\d+)/.exec(execFileSync(join(bin, 'pg_ctl'), ['--version'], { encoding: 'utf8' }))?.[1],
  );
  if (!(major >= OLDEST_VERSION))
    throw new Error(
      `The Postgres in ${bin} is version ${major}; the store needs ${OLDEST_VERSION} or newer. ${howToInstall}`,
    );

  const dir = mkdtempSync(join(tmpdir(), 'txenrich-postgres-'));
  const data = join(dir, 'data');
  // initdb refuses root: as root, the server's files and process are the postgres user's.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(command, all, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };

  const port = await freePort();
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', settings, 'start']);
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`Could not start a Postgres server from ${bin}: ${(error as Error).message}\n${output}`, {
      cause: error,
    });
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketDir: dir,
    async pause() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async resume() {
      start();
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
