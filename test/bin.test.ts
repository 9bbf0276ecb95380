/**
 * The `txenrich` command as a fresh clone gets it. pnpm links a package's bin at install time only when
 * the file is there, and a fresh clone installs before it builds: the bin must be a committed file,
 * not build output.
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
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'packages/cli');
const manifest = JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8')) as {
  version: string;
  bin: { txenrich: string };
};
const bin = join(cli, manifest.bin.txenrich);
const dir = mkdtempSync(join(tmpdir(), 'txenrich-bin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the txenrich bin', () => {
  it('is a file of the repository, there before any build, and linked by pnpm install', () => {
    expect(relative(cli, bin).split('/')[0]).not.toBe('dist');
    expect(existsSync(bin)).toBe(true);
    // `git check-ignore` exits 1 for a path git does not ignore.
    expect(spawnSync('git', ['check-ignore', '-q', bin], { cwd: root }).status).toBe(1);
    expect(existsSync(join(root, 'node_modules/.bin/txenrich'))).toBe(true);
  });

  it('says in one line to build first when nothing is built', () => {
    mkdirSync(join(dir, 'bin'));
    copyFileSync(bin, join(dir, 'bin/txenrich.js'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const result = spawnSync(process.execPath, [join(dir, 'bin/txenrich.js'), '--version'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('txenrich: not built yet: run `pnpm build` (or `pnpm start`) first.\n');
  });

  it('runs as `pnpm exec txenrich` once built', () => {
    const result = spawnSync('pnpm', ['exec', 'txenrich', '--version'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${manifest.version}\n`);
    expect(result.status).toBe(0);
  });
});
