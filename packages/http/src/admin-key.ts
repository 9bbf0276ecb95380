/**
 * The operator's routes (the admin API, `/metrics`) are authenticated by
 * `X-Admin-Key` (the configuration's `adminKey`) instead of an API key: off,
 * answering 403, when no admin key is configured.
 */
import type { Service } from '@txenrich/service';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

export interface AdminOnlyOptions {
  /**
   * Also take the admin key as `Authorization: Bearer <key>`: what a metrics scraper sends by itself
   * (Prometheus's `authorization` setting), where a custom header needs a recent version or a proxy.
   */
  bearer?: boolean;
}

const BEARER = /^Bearer +(\S+)\s*$/i;

/** The admin key the request presents, if any. */
function presentedKey(request: FastifyRequest, options: AdminOnlyOptions): string | undefined {
  const header = request.headers['x-admin-key'];
  if (typeof header === 'string') return header;
  if (!options.bearer) return undefined;
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/** Route options that check the admin key, before any body is read. */
export function adminOnly(service: Service, options: AdminOnlyOptions = {}) {
  return {
    // Public to the API-key check: this route's own hook checks the admin key instead.
    config: { public: true },
    onRequest: async (request: FastifyRequest) => {
      if (!service.isAdmin(presentedKey(request, options))) throw forbidden();
    },
  };
}
