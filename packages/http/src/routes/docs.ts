/**
 * `GET /docs`: Swagger UI over the service's OpenAPI document (the one
 * `/openapi.json` serves, also at `/docs/json`), public like the document.
 * Every asset of the page comes from the installed `@fastify/swagger-ui`
 * package, and its Content-Security-Policy lets it load nothing from another
 * origin: no CDN, nothing fetched at run time.
 */
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createOpenApiDocument } from '@txenrich/schema';
import type { FastifyInstance } from 'fastify';

export const DOCS_PREFIX = '/docs';

/** This origin only; Swagger UI sets inline styles, and shows the document's images as data URLs. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

export async function registerDocsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (docs) => {
    // The plugins' routes cannot take options of ours: every route of this context is public.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    // The plugin's types know OpenAPI 3.0 documents; it serves a 3.1 one unchanged.
    const document = createOpenApiDocument() as unknown as StaticDocumentSpec['document'];
    await docs.register(swagger, { mode: 'static', specification: { document } });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: CONTENT_SECURITY_POLICY,
      theme: { title: 'txenrich API' },
      // "Try it out" sends the key typed into "Authorize"; it is not kept after the page closes.
      uiConfig: { persistAuthorization: false, displayRequestDuration: true },
    });
  });
}
