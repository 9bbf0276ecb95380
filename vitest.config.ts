import { defineConfig } from 'vitest/config';

// One vitest project per package plus the end-to-end suite in test/.
// Each project resolves workspace packages to their TypeScript sources
// (the "@txenrich/source" export condition), so tests never need a build,
// except where worker threads run built JavaScript.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'test/vitest.config.ts'],
  },
});
