/**
 * The playground: a static page at `/playground` that sends one transaction to this server's enrichment
 * endpoints and shows the result. The page and its assets are files of this package (`playground/`,
 * shipped in its `files`), read once at registration. They are public; the page asks for the API key and
 * sends it with each call, so the page itself holds no secret.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** `playground/` of the package: two levels above both `src/routes/` and `dist/routes/`. */
const PLAYGROUND_DIR = new URL('../../playground/', import.meta.url);

const ASSETS = [
  { path: '/playground', file: 'index.html', type: 'text/html; charset=utf-8' },
  { path: '/playground/playground.css', file: 'playground.css', type: 'text/css; charset=utf-8' },
  { path: '/playground/playground.js', file: 'playground.js', type: 'text/javascript; charset=utf-8' },
] as const;

/**
 * Only this origin's scripts and styles run, and calls go to this origin only, so a descriptor rendered
 * by the page could not send the key anywhere else. Images may come from anywhere: logos are links to
 * other sites.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  'img-src http: https: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function registerPlaygroundRoutes(app: FastifyInstance): void {
  for (const { path, file, type } of ASSETS) {
    const content = readFileSync(new URL(file, PLAYGROUND_DIR));
    app.get(path, { config: { public: true } }, async (_request, reply) =>
      reply
        .type(type)
        .headers({
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
          // Served again after a deploy, not kept stale by a browser.
          'cache-control': 'no-cache',
        })
        .send(content),
    );
  }
}
