/**
 * Public routes: liveness (`/healthz`: the process answers), readiness
 * (`/readyz`: it can serve, its store and catalog usable), the OpenAPI
 * document, and the industry icons the results link to.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createOpenApiDocument } from '@txenrich/schema';
import { type Service, ServiceError } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND } from '../errors.js';
import { servedByWorkers } from '../worker-routes.js';

const ICON_FILE = /^[a-z0-9][a-z0-9-]*\.svg$/;

const noSuchIcon = () => new ServiceError('NOT_FOUND', NOT_FOUND);

export function registerMetaRoutes(
  app: FastifyInstance,
  options: { service: Service; iconsDir?: string },
): void {
  const openApi = JSON.stringify(createOpenApiDocument());
  app.get('/healthz', { config: { public: true, ...servedByWorkers } }, async () => ({
    status: 'ok',
    region: options.service.config.region,
  }));
  app.get('/readyz', { config: { public: true, ...servedByWorkers } }, async (_request, reply) => {
    // A probe's answer rather than an error: the 503 tells a load balancer which check failed.
    const { ready, checks } = await options.service.readiness();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
  app.get('/openapi.json', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json').send(openApi),
  );
  const { iconsDir } = options;
  if (!iconsDir) return;
  const icons = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(
    '/icons/:file',
    { config: { public: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!ICON_FILE.test(file)) throw noSuchIcon();
      let icon = icons.get(file);
      if (!icon) {
        try {
          icon = await readFile(join(iconsDir, file));
        } catch {
          throw noSuchIcon();
        }
        icons.set(file, icon);
      }
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon);
    },
  );
}
