import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { run } from '../src/index.js';
import { capture } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const portBefore = process.env.PORT;
afterEach(() => {
  if (portBefore === undefined) delete process.env.PORT;
  else process.env.PORT = portBefore;
});

/** A configuration file of one key, with its data in the test's folder. */
function configFile(config: Record<string, unknown> = {}): string {
  const path = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  const keys = [{ key: 'a-key-of-sixteen-chars', tenant: 'acme', environment: 'sandbox' }];
  writeFileSync(path, JSON.stringify({ keys, dataDir: join(dir, 'data'), threads: 1, ...config }));
  return path;
}

describe('txenrich serve: one line, not a stack trace, for', () => {
  it('a configuration file that is not there, or not JSON', async () => {
    const missing = capture();
    expect(await run(['serve', '--config', join(dir, 'nope.json')], missing)).toBe(1);
    expect(missing.err).toEqual([`txenrich: Cannot read the configuration file ${join(dir, 'nope.json')}.`]);
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{"keys": [');
    const broken = capture();
    expect(await run(['serve', '--config', notJson], broken)).toBe(1);
    expect(broken.err).toHaveLength(1);
    expect(broken.err[0]).toMatch(/^txenrich: The configuration file .*broken\.json is not JSON: /);
  });

  it('a configuration with a mistake, naming the file and the field', async () => {
    const path = configFile({
      port: 'eighty',
      keys: [{ key: 'short', tenant: 'acme', environment: 'sandbox' }],
    });
    const io = capture();
    expect(await run(['serve', '--config', path], io)).toBe(1);
    expect(io.err).toHaveLength(1);
    expect(io.err[0]).toMatch(
      new RegExp(
        `^txenrich: Invalid configuration in ${path}: port: .*; keys\\.0\\.key: An API key must be at least 16 characters\\.$`,
      ),
    );
  });

  it('PORT that is not a port number, and --port that is not one', async () => {
    process.env.PORT = 'abc';
    const io = capture();
    expect(await run(['serve', '--config', configFile()], io)).toBe(1);
    expect(io.err).toHaveLength(1);
    expect(io.err[0]).toMatch(/PORT must be a port number from 0 to 65535, not "abc"\.$/);
    const flag = capture();
    expect(await run(['serve', '--port', '80a', '--config', configFile()], flag)).toBe(1);
    expect(flag.err.join('')).toMatch(
      /^error: option '--port <n>' argument '80a' is invalid\. Expected a port number/,
    );
  });

  it('a port in use, --port winning over PORT', { timeout: 60_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const { port } = taken.address() as { port: number };
    try {
      process.env.PORT = '1'; // --port wins over PORT
      const io = capture();
      const args = ['serve', '--config', configFile(), '--port', String(port), '--log-level', 'silent'];
      expect(await run(args, io)).toBe(1);
      expect(io.err).toEqual([
        `txenrich: port ${port} on 127.0.0.1 is in use by another program: stop it, or choose another port with --port or PORT.`,
      ]);
    } finally {
      taken.close();
    }
  });
});
