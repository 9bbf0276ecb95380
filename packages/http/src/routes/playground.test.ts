/** The playground's files as served, and as published (the browser test is test/playground.test.ts). */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerPlaygroundRoutes } from './playground.js';

async function playground() {
  const app = Fastify();
  registerPlaygroundRoutes(app);
  await app.ready();
  return app;
}

describe('the playground routes', () => {
  it('serve the page and its assets with their types and a policy that keeps calls on this origin', async () => {
    const app = await playground();
    const page = await app.inject({ url: '/playground' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<label for="api-key">API key</label>');
    for (const [file, type] of [
      ['playground.css', 'text/css; charset=utf-8'],
      ['playground.js', 'text/javascript; charset=utf-8'],
    ]) {
      expect(page.body).toContain(`playground/${file}`);
      const asset = await app.inject({ url: `/playground/${file}` });
      expect([asset.statusCode, asset.headers['content-type']]).toEqual([200, type]);
    }
    expect((await app.inject({ url: '/playground/index.html' })).statusCode).toBe(404);
    await app.close();
  });

  it('keep the key out of storage', () => {
    const script = readFileSync(new URL('../../playground/playground.js', import.meta.url), 'utf8');
    expect(script).not.toMatch(/localStorage|sessionStorage|document\.cookie|indexedDB/);
  });

  it('are published with the package', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      files: string[];
    };
    expect(manifest.files).toContain('playground');
  });
});
