import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `@txenrich/catalog` must load no build code: its runtime entry's static
 * import graph (imports, re-exports and `import()` of literal paths) must not
 * reach `build/`, nor any package but its runtime `dependencies` (the build's
 * data packages are devDependencies). Checked on the sources (what the tests
 * run) and on the built `dist/` (what a user loads).
 */

const root = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { '@txenrich/source': string; default: string }>;
  dependencies: Record<string, string>;
};
const builtins = new Set(builtinModules);

interface Graph {
  /** Files reached, relative to the package root. */
  files: string[];
  /** Bare specifiers reached, by package name (`node:` builtins left out). */
  packages: string[];
}

/** The files and packages `entry` reaches; `onDisk` maps a relative specifier's path to the file loaded. */
function importGraph(entry: string, onDisk: (path: string) => string): Graph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [resolve(root, entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${relative(root, file)} is missing: run pnpm build`);
    files.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.')) pending.push(onDisk(resolve(dirname(file), specifier)));
      else if (!specifier.startsWith('node:') && !builtins.has(specifier)) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
  }
  return {
    files: [...files].map((file) => relative(root, file).replaceAll('\\', '/')).sort(),
    packages: [...packages].sort(),
  };
}

/** In the sources, `./x.js` is `./x.ts`. */
const sourceFile = (path: string) => path.replace(/\.js$/, '.ts');
const builtFile = (path: string) => path;

const sides = [
  { side: 'sources', condition: '@txenrich/source', onDisk: sourceFile, buildDir: 'src/build/', ext: 'ts' },
  { side: 'dist', condition: 'default', onDisk: builtFile, buildDir: 'dist/build/', ext: 'js' },
] as const;

describe.each(sides)('the entries of @txenrich/catalog ($side)', ({ condition, onDisk, buildDir, ext }) => {
  const runtime = importGraph(manifest.exports['.']![condition], onDisk);
  const build = importGraph(manifest.exports['./build']![condition], onDisk);

  it('the runtime entry reaches no build file and only runtime dependencies', () => {
    expect(runtime.files.length).toBeGreaterThan(3);
    expect(runtime.files.filter((file) => file.startsWith(buildDir))).toEqual([]);
    const allowed = Object.keys(manifest.dependencies);
    expect(runtime.packages.filter((name) => !allowed.includes(name))).toEqual([]);
  });

  it('the build entry reaches the build (the walk sees what it must refuse)', () => {
    for (const stage of ['build', 'nsi', 'simple-icons', 'words', 'geo', 'mcc']) {
      expect(build.files).toContain(`${buildDir}${stage}.${ext}`);
    }
  });
});
