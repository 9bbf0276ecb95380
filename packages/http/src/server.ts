/**
 * `buildServer`: the Fastify adapter. It authenticates `X-Api-Key` before a
 * body is read, validates bodies with the contract's schemas, calls the
 * service, and maps every failure to the contract's status and body
 * (`errors.ts`). It holds no state of its own.
 */
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { type Principal, type Service, ServiceError } from '@txenrich/service';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type Logger, type LoggerOptions, pino } from 'pino';
import { errorResponse, forbiddenBody, NOT_FOUND } from './errors.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerBatchRoutes } from './routes/batches.js';
import { registerEnrichRoutes } from './routes/enrich.js';
import { registerMetaRoutes } from './routes/meta.js';
import { registerReportRoutes } from './routes/reports.js';
import { registerSearchRoutes } from './routes/search.js';
import { registerTriggerRoutes } from './routes/triggers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by authentication on every route that is not public. */
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** Served without an API key (health, OpenAPI document, icons). */
    public?: boolean;
  }
}

export interface ServerOptions {
  service: Service;
  /** A pino logger (see `createLogger`), or Fastify's `logger` option; `createLogger()` by default. */
  logger?: FastifyBaseLogger | FastifyServerOptions['logger'];
  /** Serve the catalog's industry icons from this folder at `/icons/`. */
  iconsDir?: string;
  /** Body limits in bytes: single calls (1 MB) and batches (100 MB, room for 50,000 items). */
  bodyLimits?: { single?: number; batch?: number };
}

export const DEFAULT_BODY_LIMITS = { single: 1024 * 1024, batch: 100 * 1024 * 1024 } as const;

/** Secrets never reach the logs, even if a serializer starts logging headers. */
const redactedHeaders = ['x-api-key', 'x-admin-key', 'x-webhook-token', 'authorization'].map(
  (header) => `req.headers["${header}"]`,
);

/** Structured JSON logs (pino) with secrets redacted: one logger for the server and the service. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino({ level: 'info', redact: redactedHeaders, ...options });
}

const isLogger = (value: unknown): value is FastifyBaseLogger =>
  typeof value === 'object' && value !== null && typeof (value as { child?: unknown }).child === 'function';

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { service } = options;
  const limits = { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits };
  const app = Fastify({
    ...(isLogger(options.logger)
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? { level: 'info', redact: redactedHeaders } }),
    bodyLimit: limits.single,
    requestIdHeader: 'x-request-id',
    // User and card ids in trigger paths may be 512 characters (CONTRACT.md section 1.1).
    routerOptions: { maxParamLength: 1100 },
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // One log line per request (onResponse below) rather than two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // JSON only: any other content type is the contract's 400, not a string body.
  app.removeContentTypeParser('text/plain');
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
  });

  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.is404 || request.routeOptions.config.public) return;
    const principal = service.authenticate(request.headers['x-api-key'] as string | undefined);
    if (!principal) return reply.code(403).send(forbiddenBody);
    request.principal = principal;
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ details: NOT_FOUND }));
  app.setErrorHandler((error, request, reply) => {
    const { status, body, expected, headers } = errorResponse(error);
    if (expected) request.log.info({ status, code: (error as { code?: string }).code }, 'request rejected');
    else request.log.error({ status, err: error }, 'request failed');
    if (headers) reply.headers(headers);
    return reply.code(status).send(body);
  });

  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    // Limits are per API key (authentication ran in the earlier onRequest hook).
    keyGenerator: (request) => request.principal?.keyId ?? request.ip,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const details = `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`;
      return new ServiceError('RATE_LIMITED', details, { body: { details } });
    },
  });

  registerMetaRoutes(app, { service, ...(options.iconsDir ? { iconsDir: options.iconsDir } : {}) });
  registerEnrichRoutes(app, service);
  registerBatchRoutes(app, service, limits.batch);
  registerSearchRoutes(app, service);
  registerTriggerRoutes(app, service);
  registerReportRoutes(app, service);
  registerAdminRoutes(app, service);
  await app.ready();
  return app;
}
