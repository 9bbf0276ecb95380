/**
 * @txenrich/http: the txenrich HTTP interface on Fastify, a thin adapter over
 * `@txenrich/service`.
 *
 *   const app = await buildServer({ service });
 *   await app.listen({ port: 8080 });
 */
export { errorResponse, NOT_FOUND, TOO_LARGE } from './errors.js';
export { batchPaths } from './routes/batches.js';
export { singleEnrichPaths } from './routes/enrich.js';
export { MULTI_SOURCE_DISABLED } from './routes/multi-source.js';
export { buildServer, createLogger, DEFAULT_BODY_LIMITS, type ServerOptions } from './server.js';
