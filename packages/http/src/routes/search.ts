/**
 * `GET /corporations?name=`: merchant search for autocomplete (CONTRACT.md section 4); `GET /merchants?name=`:
 * merchant details for a name. Both are gated by the merchant-search feature and rate-limited alike, and
 * read the same index.
 */
import { messages } from '@txenrich/schema';
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors.js';
import { requireFeature } from './features.js';
import { perSecond } from './rate-limits.js';

export const MAX_CORPORATIONS = 5;

export function registerSearchRoutes(app: FastifyInstance, service: Service): void {
  const searchRoute = {
    config: { rateLimit: perSecond(service.config.rateLimits.searchPerSecond) },
    preHandler: requireFeature('merchantSearch'),
  };
  app.get<{ Querystring: { name?: string | string[] } }>('/corporations', searchRoute, async (request) => ({
    corporations: service.searchMerchants(nameOf(request.query), MAX_CORPORATIONS),
  }));
  app.get<{ Querystring: { name?: string | string[] } }>('/merchants', searchRoute, async (request) =>
    service.lookupMerchants(nameOf(request.query)),
  );
}

/** The `name` query parameter, trimmed (the first, when repeated); a 400 when it is missing or blank. */
function nameOf(query: { name?: string | string[] }): string {
  const { name } = query;
  const text = (Array.isArray(name) ? name[0] : name)?.trim();
  if (!text) throw invalidInput({ name: [messages.required] });
  return text;
}
