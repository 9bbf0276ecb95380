import { defineProject } from 'vitest/config';

/** Resolve `@txenrich/*` imports to TypeScript sources instead of `dist/`. */
const sourceConditions = ['@txenrich/source', 'node', 'import', 'module', 'default'];

/** The vitest project of one workspace folder, named after it. */
export function workspaceProject(name: string, include = ['src/**/*.test.ts', 'test/**/*.test.ts']) {
  return defineProject({
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions } },
    test: {
      name,
      environment: 'node',
      include,
      // Speed is measured in benchmarks/, never by a test's clock: a loaded 2-core machine (servers, worker
      // pools and the catalog starting in parallel files) must not fail a test for being slow.
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  });
}
