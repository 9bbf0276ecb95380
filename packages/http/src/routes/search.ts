/** `GET /corporations?name=`: merchant search for autocomplete (CONTRACT.md section 4). */
import { messages } from '@txenrich/schema';
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors.js';
import { requireFeature } from './features.js';
import { perSecond } from './rate-limits.js';

export const MAX_CORPORATIONS = 5;

export function registerSearchRoutes(app: FastifyInstance, service: Service): void {
  app.get<{ Querystring: { name?: string | string[] } }>(
    '/corporations',
    {
      config: { rateLimit: perSecond(service.config.rateLimits.searchPerSecond) },
      preHandler: requireFeature('merchantSearch'),
    },
    async (request) => {
      const { name } = request.query;
      const text = (Array.isArray(name) ? name[0] : name)?.trim();
      if (!text) throw invalidInput({ name: [messages.required] });
      return { corporations: service.searchMerchants(text, MAX_CORPORATIONS) };
    },
  );
}
