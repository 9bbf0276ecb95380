/**
 * The vitest `globalSetup` of the projects that run against Postgres: starts a
 * throwaway server (test/support/postgres-server.ts) before their tests, gives
 * its URL and its socket's folder to them (`inject('postgresUrl')`,
 * `inject('postgresSocketDir')`), and stops it after. Without the server
 * binaries it fails, saying how to install them: a test skipped in CI is a
 * test that cannot fail.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './test/support/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The superuser's URL of the tests' Postgres server. */
    postgresUrl: string;
    /** The folder of its Unix socket, for tests that connect through it. */
    postgresSocketDir: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  project.provide('postgresUrl', server.url);
  project.provide('postgresSocketDir', server.socketDir);
  return () => server.stop();
}
