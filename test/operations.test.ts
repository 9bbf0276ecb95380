/**
 * What a browser and a client generator get beside the API, over real HTTP:
 * the API docs at `/docs` (Swagger UI, every asset served by this server),
 * the OpenAPI document's servers, licence and operator routes, response
 * compression and CORS (both off unless configured).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShared, keys, startServer, type TestServer } from './support/server.ts';

type Json = Record<string, unknown>;

const ORIGIN = 'https://app.example.com';

/** The server as deployed by default, and one with compression and CORS turned on. */
let plain: TestServer;
let configured: TestServer;

beforeAll(async () => {
  plain = await startServer();
  configured = await startServer({
    compression: { enabled: true },
    cors: { origins: [ORIGIN], maxAgeSeconds: 120 },
  });
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await configured?.close();
  await closeShared();
}, 60_000);

/** A GET over a raw socket: the bytes as sent (fetch would decompress them), and the headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const card = (transactionId: string) => ({
  transactionId,
  merchantName: 'SQ *BLUE BOTTLE COFFEE SF CA',
  amount: '4.50',
  categoryCode: '5814',
});

describe('API docs at /docs', () => {
  it('answer an HTML page without a key whose every asset loads from this server', async () => {
    const page = await fetch(`${plain.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The page may load nothing from another origin.
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toMatch(/https?:/);
    const html = await page.text();
    expect(html).toContain('<div id="swagger-ui"></div>');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(
      expect.arrayContaining([
        '/docs/static/swagger-ui.css',
        '/docs/static/swagger-ui-bundle.js',
        '/docs/static/swagger-initializer.js',
      ]),
    );
    for (const asset of assets) {
      expect(asset, 'a path on this server').toMatch(/^\/docs\/static\//);
      const response = await fetch(plain.url + asset);
      expect(response.status, asset).toBe(200);
      const type = response.headers.get('content-type') ?? '';
      if (asset.endsWith('.js')) expect(type, asset).toMatch(/^(application|text)\/javascript/);
      if (asset.endsWith('.css')) expect(type, asset).toMatch(/^text\/css/);
      expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
    }
    // The bundle is Swagger UI itself, from the installed package.
    const bundle = await (await fetch(`${plain.url}/docs/static/swagger-ui-bundle.js`)).text();
    expect(bundle.length).toBeGreaterThan(500_000);
    expect(bundle).toContain('SwaggerUIBundle');
  }, 60_000);

  it('show the document /openapi.json serves', async () => {
    const initializer = await (await fetch(`${plain.url}/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain("resolveUrl('./json')");
    const shown = await fetch(`${plain.url}/docs/json`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual(await (await fetch(`${plain.url}/openapi.json`)).json());
  }, 60_000);
});

describe('the OpenAPI document', () => {
  it('names this deployment as its server, its licence, the probes, metrics and admin routes', async () => {
    const response = await plain.request('/openapi.json', { key: null });
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      info: Json;
      servers: Json[];
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.servers).toEqual([
      { url: '/', description: 'This deployment: the origin serving this document.' },
    ]);
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    const adminOnly = [{ adminKey: [] }];
    for (const [path, method] of [
      ['/admin/reports', 'get'],
      ['/admin/reports/{id}/reject', 'post'],
      ['/admin/reports/{id}/resolve', 'post'],
      ['/admin/usage', 'get'],
      ['/admin/callbacks', 'get'],
      ['/admin/callbacks/{id}/replay', 'post'],
    ] as const)
      expect(document.paths[path]?.[method]?.security, `${method} ${path}`).toEqual(adminOnly);
    expect(document.paths['/metrics']?.get?.security).toEqual([{ adminKey: [] }, { adminBearer: [] }]);
    for (const probe of ['/healthz', '/readyz'])
      expect(document.paths[probe]?.get?.security, probe).toEqual([]);
  }, 60_000);
});

describe('response compression', () => {
  it('is off by default', async () => {
    const response = await rawGet(`${plain.url}/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString('utf8'))).toHaveProperty('openapi', '3.1.0');
  }, 60_000);

  it('gzips a large body when the client asks, and only then', async () => {
    const gzipped = await rawGet(`${configured.url}/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    const document = gunzipSync(gzipped.body).toString('utf8');
    expect(gzipped.body.length).toBeLessThan(document.length / 4);
    expect(JSON.parse(document)).toEqual(await (await fetch(`${plain.url}/openapi.json`)).json());

    const identity = await rawGet(`${configured.url}/openapi.json`, {});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(document);
  }, 60_000);

  it('gzips an API answer over the threshold, and leaves a small one as it is', async () => {
    const microbatch = await fetch(`${configured.url}/batches/transactions/cards/enrich?synchronous=true`, {
      method: 'POST',
      headers: {
        'x-api-key': keys.acmeSandbox,
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
      },
      body: JSON.stringify({ transactions: [card('z1'), card('z2')] }),
    });
    expect(microbatch.status).toBe(200);
    expect(microbatch.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses: the answer reads as usual.
    expect(((await microbatch.json()) as { results: unknown[] }).results).toHaveLength(2);

    const health = await rawGet(`${configured.url}/healthz`, { 'accept-encoding': 'gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok', region: 'local' });
  }, 60_000);
});

describe('CORS', () => {
  const preflight = (server: TestServer, origin: string) =>
    fetch(`${server.url}/transactions/cards/enrich`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });

  it('adds no CORS headers by default', async () => {
    const response = await plain.request('/transactions/cards/enrich', {
      json: card('c0'),
      headers: { origin: ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const refused = await preflight(plain, ORIGIN);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.status).toBe(404);
  }, 60_000);

  it('answers a preflight from a configured origin before any key, and marks its calls readable', async () => {
    const allowed = await preflight(configured, ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    expect(allowed.headers.get('access-control-max-age')).toBe('120');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();

    const call = await configured.request('/transactions/cards/enrich', {
      json: card('c1'),
      headers: { origin: ORIGIN },
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(call.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-request-id');
    expect(call.headers.get('vary')).toMatch(/origin/i);

    // A refusal is readable too: the page can show the API's answer.
    const refused = await configured.request('/transactions/cards/enrich', {
      key: 'wrong-key-000000000000000000000',
      json: card('c2'),
      headers: { origin: ORIGIN },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  }, 60_000);

  it('gives another origin nothing, and leaves same-origin calls and OPTIONS of the contract alone', async () => {
    const other = await preflight(configured, 'https://elsewhere.example.org');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const call = await configured.request('/transactions/cards/enrich', {
      json: card('c3'),
      headers: { origin: 'https://elsewhere.example.org' },
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();

    const sameOrigin = await configured.request('/transactions/cards/enrich', { json: card('c4') });
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();

    // OPTIONS without a preflight's headers is the contract's description of a batch endpoint.
    const described = await configured.request('/batches/transactions/cards/enrich', { method: 'OPTIONS' });
    expect(described.status).toBe(200);
    expect(await described.json()).toMatchObject({ synchronousMax: 100, renders: ['application/json'] });
  }, 60_000);

  it('answers an OPTIONS that only the CORS plugin routes in the contract shape, never a 500', async () => {
    // The plugin's `OPTIONS *` route: without a key a 403, with a bad body the body's 400 (both were
    // Fastify's own 500 bodies, found by the endpoint fuzzing of issue #20).
    for (const path of ['/healthz', '/nope', '/transactions/cards/enrich']) {
      const keyless = await configured.request(path, { method: 'OPTIONS', key: null });
      expect([keyless.status, await keyless.json()]).toEqual([
        403,
        { details: 'Incorrect authentication credentials.' },
      ]);
    }
    const deep = await configured.request('/transactions/enrich', {
      method: 'OPTIONS',
      headers: { 'content-type': 'application/json' },
      body: `{"a":${'['.repeat(100)}${']'.repeat(100)}}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ 'a.0': ['Ensure the body nests no more than 32 levels deep.'] });
    const other = await preflight(configured, 'https://elsewhere.example.org');
    expect(other.status).toBeLessThan(500);
  }, 60_000);
});
