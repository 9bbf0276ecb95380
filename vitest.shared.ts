import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Resolve `@txenrich/*` imports to TypeScript sources instead of `dist/`. */
const sourceConditions = ['@txenrich/source', 'node', 'import', 'module', 'default'];
/**
 * The same for modules run by Node itself, which vitest hands the SSR conditions as `--conditions`: without
 * `import`, which would make a package's `require()` (pg's of pg-pool) load its ESM build.
 */
const nodeConditions = sourceConditions.filter((condition) => condition !== 'import');

/** Starts a throwaway Postgres server for a project's tests (`inject('postgresUrl')`). */
const postgresSetup = fileURLToPath(new URL('./vitest.postgres.ts', import.meta.url));

/** The vitest project of one workspace folder, named after it; `postgres` when its tests need a server. */
export function workspaceProject(
  name: string,
  include = ['src/**/*.test.ts', 'test/**/*.test.ts'],
  options: { postgres?: boolean } = {},
) {
  return defineProject({
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: nodeConditions } },
    test: {
      name,
      environment: 'node',
      include,
      // Speed is measured in benchmarks/, never by a test's clock: a loaded 2-core machine (servers, worker
      // pools and the catalog starting in parallel files) must not fail a test for being slow.
      testTimeout: 120_000,
      hookTimeout: 180_000,
      ...(options.postgres ? { globalSetup: [postgresSetup] } : {}),
    },
  });
}
