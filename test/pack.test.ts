/**
 * The packages as a registry would get them: `pnpm pack` of schema, catalog and core (workspace
 * versions written out, `dist` without source maps, the catalog's artifact and licences), installed with
 * npm into a clean folder outside the workspace, where a script imports @txenrich/core, creates the engine
 * and enriches a line, and TypeScript checks a consumer against the packed declarations.
 *
 * Needs the packages built (`pnpm build`, which `pnpm test` runs first), `tar`, and the npm registry for
 * the third-party dependencies (zod, flexsearch, uuid, fastest-levenshtein). npm runs with the variables
 * pnpm and vitest set for their own runs (`npm_*`) removed, so that it behaves as in a user's shell.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['schema', 'catalog', 'core'] as const;
type Name = (typeof PACKAGES)[number];

/** npm settings worth keeping from the environment: where the registry is and how to reach it. */
const NPM_KEEP = new Set([
  'npm_config_registry',
  'npm_config_cache',
  'npm_config_userconfig',
  'npm_config_proxy',
  'npm_config_https_proxy',
  'npm_config_noproxy',
  'npm_config_cafile',
  'npm_config_strict_ssl',
]);

function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('npm_') && !NPM_KEEP.has(lower)) continue;
    env[name] = value;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

function run(command: string, args: string[], cwd: string, timeout = 240_000) {
  const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout });
  const output = `${command} ${args.join(' ')} (in ${cwd}):\n${result.stdout}\n${result.stderr}`;
  if (result.error) throw new Error(`${output}\n${result.error.message}`);
  expect(result.status, output).toBe(0);
  return result.stdout;
}

interface Packed {
  tarball: string;
  files: string[];
  manifest: {
    name: string;
    version: string;
    license: string;
    dependencies?: Record<string, string>;
    exports: unknown;
    files: string[];
  };
}

const dir = mkdtempSync(join(tmpdir(), 'txenrich-pack-'));
const tarballs = join(dir, 'tarballs');
const app = join(dir, 'app');
const packed = {} as Record<Name, Packed>;

beforeAll(() => {
  const missing = [
    ...PACKAGES.map((name) => `packages/${name}/dist/index.js`),
    'packages/catalog/artifact/catalog.json',
  ].filter((path) => !existsSync(join(root, path)));
  if (missing.length > 0) throw new Error(`Run \`pnpm build\` first: ${missing.join(', ')} missing.`);
  mkdirSync(tarballs);
  for (const name of PACKAGES) {
    const json = run(
      'pnpm',
      ['pack', '--pack-destination', tarballs, '--json'],
      join(root, 'packages', name),
    );
    const { filename } = JSON.parse(json) as { filename: string };
    const tarball = resolve(tarballs, filename);
    const files = run('tar', ['-tzf', tarball], dir)
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => line.replace(/^package\//, ''));
    const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], dir));
    packed[name] = { tarball, files, manifest };
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pnpm pack', () => {
  it.each(PACKAGES)('writes out the workspace versions of %s', (name) => {
    const { manifest } = packed[name];
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      if (!dependency.startsWith('@txenrich/')) continue;
      const own = JSON.parse(
        readFileSync(join(root, 'packages', dependency.slice(10), 'package.json'), 'utf8'),
      );
      expect(range, dependency).toBe(own.version);
    }
    expect(manifest.license).toBe('MIT');
  });

  it.each(PACKAGES)('ships %s built, typed and licensed, without sources, tests or source maps', (name) => {
    const { files, manifest } = packed[name];
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('LICENSE');
    expect(files).toContain('package.json');
    expect(files.filter((file) => /\.map$|\.test\.|\.tsbuildinfo$|^src\/|^test\//.test(file))).toEqual([]);
    // Only what `files` lists, plus what npm always adds.
    const allowed = new Set([
      ...manifest.files.filter((file) => !file.startsWith('!')),
      'package.json',
      'README.md',
      'LICENSE',
    ]);
    expect(files.filter((file) => !allowed.has(file.split('/')[0]!))).toEqual([]);
    // The repository's source condition points at files the package does not ship.
    expect(JSON.stringify(manifest.exports)).not.toContain('@txenrich/source');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toBe(
      run('tar', ['-xzOf', packed[name].tarball, 'package/LICENSE'], dir),
    );
  });

  it('ships the catalog artifact, its icons and the data licences with @txenrich/catalog', () => {
    const { files } = packed.catalog;
    expect(files).toEqual(
      expect.arrayContaining(['artifact/catalog.json', 'artifact/manifest.json', 'NOTICE']),
    );
    expect(files.filter((file) => file.startsWith('icons/') && file.endsWith('.svg')).length).toBeGreaterThan(
      10,
    );
  });
});

describe('the packed packages, installed with npm in a clean folder', () => {
  beforeAll(() => {
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'txenrich-pack-check', private: true, type: 'module' }),
    );
    const local = PACKAGES.map((name) => {
      copyFileSync(packed[name].tarball, join(app, basename(packed[name].tarball)));
      return `./${basename(packed[name].tarball)}`;
    });
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...local], app);
  }, 300_000);

  it('imports @txenrich/core from the folder, creates the engine and enriches a line', () => {
    writeFileSync(
      join(app, 'check.mjs'),
      [
        "import { createEngine } from '@txenrich/core';",
        "import { defaultArtifactPath } from '@txenrich/catalog';",
        'const engine = createEngine();',
        'const result = engine.enrichCard({',
        "  merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA',",
        "  categoryCode: '5814',",
        "  categoryType: 'MCC',",
        '});',
        'console.log(JSON.stringify({',
        "  core: import.meta.resolve('@txenrich/core'),",
        '  artifact: defaultArtifactPath,',
        '  name: result.counterparty[0]?.name,',
        '  thirdParties: result.transactionInfo.thirdParties.map((party) => party.name),',
        '}));',
      ].join('\n'),
    );
    const out = JSON.parse(run(process.execPath, ['check.mjs'], app));
    expect(out).toEqual({
      core: expect.stringContaining(`${app}/node_modules/@txenrich/core/`),
      artifact: `${app}/node_modules/@txenrich/catalog/artifact/catalog.json`,
      name: 'Blue Bottle Coffee',
      thirdParties: ['Square'],
    });
  }, 120_000);

  it('gives TypeScript the declarations of the engine', () => {
    writeFileSync(
      join(app, 'check.ts'),
      [
        "import { createEngine } from '@txenrich/core';",
        'const engine = createEngine();',
        "const result = engine.enrichCard({ merchantName: 'NETFLIX.COM', categoryType: 'MCC' });",
        'export const name: string | undefined = result.counterparty[0]?.name;',
        '// @ts-expect-error: a card line has a merchant name',
        "engine.enrichCard({ categoryType: 'MCC' });",
      ].join('\n'),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        'check.ts',
      ],
      app,
    );
  }, 120_000);
});
