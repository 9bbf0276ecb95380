/**
 * The operator's routes (the admin API, `/metrics`) are authenticated by
 * `X-Admin-Key` (the configuration's `adminKey`) instead of an API key: off,
 * answering 403, when no admin key is configured.
 */
import type { Service } from '@txenrich/service';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

/** Route options that check the admin key, before any body is read. */
export function adminOnly(service: Service) {
  return {
    // Public to the API-key check: this route's own hook checks the admin key instead.
    config: { public: true },
    onRequest: async (request: FastifyRequest) => {
      const presented = request.headers['x-admin-key'];
      if (!service.isAdmin(typeof presented === 'string' ? presented : undefined)) throw forbidden();
    },
  };
}
