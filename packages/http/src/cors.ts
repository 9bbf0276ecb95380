/**
 * CORS, off unless the configuration names origins (`cors.origins`): a
 * browser page on one of them may call the API (with its own key: no
 * cookies, so no credentials mode). Only a request that carries `Origin` is
 * treated as cross-origin, and only an `OPTIONS` that also carries
 * `Access-Control-Request-Method` as a preflight: a plain `OPTIONS` on a
 * batch endpoint still answers the contract's description of the endpoint.
 * Preflights are answered before authentication (a browser sends no key
 * with them), so this registers before the key check.
 */
import cors, { type FastifyCorsOptions, type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { Config } from '@txenrich/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The headers a page may send, and those it may read, beyond the ones every browser allows. */
const ALLOWED_HEADERS = ['Content-Type', 'X-Api-Key', 'X-Admin-Key', 'Idempotency-Key', 'X-Request-Id'];
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
];

export async function registerCors(app: FastifyInstance, config: Config['cors']): Promise<void> {
  if (config.origins.length === 0) return;
  const crossOrigin: FastifyCorsOptions = {
    origin: config.origins.includes('*') ? '*' : [...config.origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: config.maxAgeSeconds,
  };
  const optionsOf = (request: FastifyRequest): FastifyCorsOptions => {
    if (request.headers.origin === undefined) return { origin: false };
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    return { ...crossOrigin, preflight };
  };
  const delegate: FastifyCorsOptionsDelegateCallback = (request, callback) =>
    callback(null, optionsOf(request));
  await app.register(cors, () => delegate);
}
