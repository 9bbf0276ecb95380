/**
 * `buildServer`: the Fastify adapter. It authenticates `X-Api-Key` before a
 * body is read, validates bodies with the contract's schemas, calls the
 * service, and maps every failure to the contract's status and body
 * (`errors.ts`). It holds no state of its own.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import { type Principal, type Service, ServiceError } from '@txenrich/service';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type Logger, type LoggerOptions, pino } from 'pino';
import { registerCompression } from './compression.js';
import { registerCors } from './cors.js';
import { clientErrorResponse, errorResponse, forbidden, HttpError, NOT_FOUND } from './errors.js';
import { registerJsonBodyParser } from './json-body.js';
import { requestIdOf } from './request-id.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerBatchRoutes } from './routes/batches.js';
import { registerCategoryRoutes } from './routes/categories.js';
import { registerDocsRoutes } from './routes/docs.js';
import { registerEnrichRoutes } from './routes/enrich.js';
import { registerMetaRoutes } from './routes/meta.js';
import { registerMetricsRoutes } from './routes/metrics.js';
import { registerOutcomeRoutes } from './routes/outcomes.js';
import { registerPlaygroundRoutes } from './routes/playground.js';
import { registerRecurringRoutes } from './routes/recurring.js';
import { registerReportRoutes } from './routes/reports.js';
import { registerSearchRoutes } from './routes/search.js';
import { registerTriggerRoutes } from './routes/triggers.js';
import { sharedRateLimitStore } from './shared-rate-limits.js';
import { workerRoutes } from './worker-routes.js';

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

/** Writes the contract's answer to a request Node's HTTP parser refused, and closes the connection. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  writeAnswer(socket, clientErrorResponse(error));
}

/**
 * A `CONNECT` (a tunnel, which Node hands to a `connect` listener and otherwise drops without a word):
 * this API has no such route, so it is answered like any other, 404, and the connection closed.
 */
function answerConnect(_request: unknown, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  writeAnswer(socket, errorResponse(new ServiceError('NOT_FOUND', NOT_FOUND)));
}

function writeAnswer(socket: Duplex, { status, body }: { status: number; body: unknown }): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { service } = options;
  const limits = { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits };

  /** Every error answer: the table's status, body and headers, logged once. */
  const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, expected, headers } = errorResponse(error);
    if (expected) request.log.info({ status, code: (error as { code?: string }).code }, 'request rejected');
    else request.log.error({ status, err: error }, 'request failed');
    if (headers) reply.headers(headers);
    return reply.code(status).send(body);
  };
  const isAuthenticated = (request: FastifyRequest) => {
    const { 'x-api-key': apiKey, 'x-admin-key': adminKey } = request.headers;
    return Boolean(
      (typeof apiKey === 'string' && service.authenticate(apiKey)) ||
        (typeof adminKey === 'string' && service.isAdmin(adminKey)),
    );
  };

  const app = Fastify({
    ...(isLogger(options.logger)
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? { level: 'info', redact: redactedHeaders } }),
    bodyLimit: limits.single,
    genReqId: requestIdOf,
    // User and card ids in trigger paths may be 512 characters (CONTRACT.md section 1.1), 1,024 UTF-16
    // units when every one is outside the BMP.
    routerOptions: { maxParamLength: 1100 },
    // The framework's own refusals (a path it cannot decode, a parameter over that length) go through
    // the table too, after the key is checked: a caller without one learns nothing of the routes.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const refused = byRole.unrouted() ?? (isAuthenticated(request) ? error : forbidden());
      return sendError(refused, request, reply);
    },
    clientErrorHandler: answerClientError,
    // An HTTP/1.1 request without Host is refused by the onRequest hook below, in the contract's shape:
    // Node's own refusal is a 400 with an empty body.
    http: { requireHostHeader: false },
    // Requests arriving while the server closes are answered by the onRequest hook below, not Fastify.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // One log line per request (onResponse below) rather than two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.server.on('connect', answerConnect);
  // JSON only: any other content type is the contract's 400, not a string body.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
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

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // Before any plugin adds routes: a route keeps the error handler of the moment it is added, and the
  // CORS plugin's `OPTIONS *` route otherwise answered its errors (a missing key) with Fastify's own 500.
  app.setErrorHandler(sendError);

  // Before the key check (a preflight carries no key) and the routes (compression equips each one).
  await registerCors(app, service.config.cors);
  await registerCompression(app, service.config.compression);

  const byRole = workerRoutes(app, service);
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw new HttpError(
        'HOST_REQUIRED',
        'The request is not valid HTTP: an HTTP/1.1 request needs a Host header.',
      );
    if (closing) throw new HttpError('SHUTTING_DOWN', 'The server is shutting down.');
    byRole.check(request);
    if (request.is404 || request.routeOptions.config.public) return;
    const principal = service.authenticate(request.headers['x-api-key'] as string | undefined);
    if (!principal) throw forbidden();
    request.principal = principal;
  });

  app.setNotFoundHandler(async () => {
    throw new ServiceError('NOT_FOUND', NOT_FOUND);
  });

  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    // Counted in the store when it is shared by several API processes, else in this process.
    ...(service.store.countRequest ? { store: sharedRateLimitStore(service.store.countRequest) } : {}),
    // Limits are per API key (authentication ran in the earlier onRequest hook).
    keyGenerator: (request) => request.principal?.keyId ?? request.ip,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const details = `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`;
      return new ServiceError('RATE_LIMITED', details);
    },
  });

  registerMetricsRoutes(app, service);
  registerMetaRoutes(app, { service, ...(options.iconsDir ? { iconsDir: options.iconsDir } : {}) });
  await registerDocsRoutes(app);
  registerEnrichRoutes(app, service);
  registerBatchRoutes(app, service, limits.batch);
  registerSearchRoutes(app, service);
  registerTriggerRoutes(app, service);
  registerCategoryRoutes(app, service);
  registerReportRoutes(app, service);
  registerOutcomeRoutes(app, service);
  registerRecurringRoutes(app, service);
  registerAdminRoutes(app, service);
  registerPlaygroundRoutes(app);
  await app.ready();
  return app;
}
