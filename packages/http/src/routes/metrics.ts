/**
 * `GET /metrics`: the Prometheus metrics, behind the admin key like the rest
 * of the operator's API (`X-Admin-Key`, or `Authorization: Bearer` as a
 * scraper sends it); and the hook that counts every
 * answered request under its route's pattern (`/batches/:batchId`, not the
 * batch's URL), so that label values stay few whatever clients send.
 */
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../admin-key.js';
import { createServerMetrics } from '../metrics.js';
import { servedByWorkers } from '../worker-routes.js';

/** The route label of a request no route matched (404s, and paths the router refused). */
export const UNMATCHED_ROUTE = '(unmatched)';

export function registerMetricsRoutes(app: FastifyInstance, service: Service): void {
  const metrics = createServerMetrics(service);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const admin = adminOnly(service, { bearer: true });
  const options = { ...admin, config: { ...admin.config, ...servedByWorkers } };
  app.get('/metrics', options, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
}
