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
    },
  });
}
