import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../src/index.js';
import { capture } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('txenrich', () => {
  it('prints its version with --version', async () => {
    const io = capture();
    expect(await run(['--version'], io)).toBe(0);
    expect(io.out.join('')).toMatch(/^\d+\.\d+\.\d+\n?$/);
  });
});

describe('txenrich catalog', () => {
  it('builds into --out, then reports stats as JSON', async () => {
    const build = capture();
    expect(await run(['catalog', 'build', '--out', dir], build)).toBe(0);
    expect(build.out.join('')).toMatch(
      /^catalog built in [\d.]+ s: .*catalog\.json \([\d.]+ MB\), \d+ merchants \(\d+ US\)/,
    );

    const again = capture();
    expect(await run(['catalog', 'build', '--out', dir], again)).toBe(0);
    expect(again.out.join('')).toMatch(/^catalog up to date/);

    const stats = capture();
    expect(await run(['catalog', 'stats', '--json', '--artifact', join(dir, 'catalog.json')], stats)).toBe(0);
    const json = JSON.parse(stats.out.join('')) as Record<string, unknown>;
    for (const key of [
      'merchants',
      'usMerchants',
      'withWebsite',
      'withLogo',
      'thirdParties',
      'aliases',
      'industries',
      'mccsMapped',
    ]) {
      expect(typeof json[key], key).toBe('number');
    }
    expect(json.merchants as number).toBeGreaterThanOrEqual(20_000);
    expect(Object.keys(json.byCountry as object)[0]).toBe('us');

    const text = capture();
    expect(await run(['catalog', 'stats', '--artifact', join(dir, 'catalog.json')], text)).toBe(0);
    expect(text.out.join('')).toContain(`all${' '.repeat(48)}${json.merchants}`);
  }, 120_000);

  it('tells the user to run pnpm build when there is no artifact', async () => {
    const io = capture();
    expect(await run(['catalog', 'stats', '--artifact', join(dir, 'missing.json')], io)).toBe(1);
    expect(io.err.join('')).toContain('Run `pnpm build`');
  });

  it('fails on an unknown command', async () => {
    const io = capture();
    expect(await run(['catalog', 'frobnicate'], io)).not.toBe(0);
    expect(io.err.join('')).toContain('frobnicate');
  });
});
