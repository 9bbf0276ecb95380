/**
 * The four batch endpoints (asynchronous, or a microbatch with
 * `?synchronous=true`), their `OPTIONS`, batch status and results: the
 * whole document, written a chunk of results at a time, or one page of it
 * (`?limit=&cursor=`).
 */
import {
  type BatchOptions,
  decodeResultsCursor,
  encodeResultsCursor,
  messages,
  parseJsonBytes,
  resultsPageLimits,
  type TransactionKind,
  validateBatchEnvelope,
} from '@txenrich/schema';
import type { Principal, Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { invalidInput, valid } from '../errors.js';
import { arrayItems, jsonStream } from '../json-stream.js';
import { registerLongBodyParser } from '../shared-body.js';
import { MULTI_SOURCE_DISABLED, multiSourceFields, multiSourceItemErrors } from './multi-source.js';
import { booleanQuery, countError } from './query.js';
import { perSecond } from './rate-limits.js';

export const batchPaths: ReadonlyArray<{ path: string; kind: TransactionKind; name: string }> = [
  { path: '/batches/transactions/cards/enrich', kind: 'card', name: 'Card Batch Enrich' },
  { path: '/batches/transactions/cards/enrich/parse', kind: 'de43', name: 'Card Batch Enrich Parse' },
  { path: '/batches/transactions/transfers/enrich', kind: 'transfer', name: 'Transfer Batch Enrich' },
  { path: '/batches/transactions/universal/enrich', kind: 'universal', name: 'Universal Batch Enrich' },
];

export function registerBatchRoutes(app: FastifyInstance, service: Service, bodyLimit: number): void {
  // A context of their own, for their body reader: a long body is read by the service off the main thread.
  app.register(async (submissions) => {
    registerLongBodyParser(submissions);
    registerSubmissionRoutes(submissions, service, bodyLimit);
  });

  app.get<{ Params: { batchId: string } }>('/batches/:batchId', async (request) =>
    service.findBatch(request.principal.scope, request.params.batchId),
  );

  app.get<{ Params: { batchId: string }; Querystring: { limit?: string; cursor?: string } }>(
    '/batches/:batchId/results',
    async (request, reply) => {
      const { scope } = request.principal;
      const { batchId } = request.params;
      const { limit, cursor } = request.query;
      if (limit === undefined && cursor === undefined) {
        const { batch, results } = await service.batchResults(scope, batchId);
        if (batch.status === 'pending' || batch.status === 'running')
          return reply.code(202).send({ batchId: batch.batchId, status: batch.status });
        if (!results) return { batchId: batch.batchId, status: batch.status };
        return reply.type('application/json').send(await wholeDocument(batch.batchId, results));
      }
      const invalidLimit = countError(limit, resultsPageLimits.max);
      if (invalidLimit) throw invalidInput({ limit: [invalidLimit] });
      const { batchSize } = await service.findBatch(scope, batchId);
      const offset = cursor === undefined ? 0 : decodeResultsCursor(cursor, batchId);
      if (offset === null || offset >= batchSize) throw invalidInput({ cursor: [messages.invalidCursor] });
      const count = limit === undefined ? resultsPageLimits.default : Number(limit);
      const { batch, results } = await service.batchResultsPage(scope, batchId, { offset, limit: count });
      if (batch.status === 'pending' || batch.status === 'running')
        return reply.code(202).send({ batchId: batch.batchId, status: batch.status });
      if (!results) return { batchId: batch.batchId, status: batch.status };
      const end = offset + results.length;
      const next = end < batchSize ? encodeResultsCursor(batch.batchId, end) : null;
      // The stored items are JSON already: the body is assembled, not re-serialised.
      return reply
        .type('application/json')
        .send(
          `{"batchId":${JSON.stringify(batch.batchId)},"results":[${results.join(',')}],"next":${JSON.stringify(next)}}`,
        );
    },
  );
}

function registerSubmissionRoutes(app: FastifyInstance, service: Service, bodyLimit: number): void {
  const synchronousMax = service.config.synchronousMax;
  for (const { path, kind, name } of batchPaths) {
    app.post(
      path,
      { bodyLimit, config: { rateLimit: perSecond(service.config.rateLimits.batchPerSecond) } },
      async (request) => {
        // `?synchronous=true` is a microbatch, else a batch.
        const synchronous = booleanQuery(request.query, 'synchronous');
        if (synchronous === 'invalid') throw invalidInput({ synchronous: [messages.invalidBoolean] });
        const { principal } = request;
        if (synchronous) return { results: await microbatch(service, principal, kind, request.body) };
        const idempotencyKey = request.headers['idempotency-key'];
        const refusedFields = principal.features.has('multiSource')
          ? undefined
          : { fields: multiSourceFields, message: MULTI_SOURCE_DISABLED };
        return service.submitBatch(
          principal.scope,
          kind,
          {
            body: request.body instanceof Uint8Array ? { bytes: request.body } : { parsed: request.body },
            refusedFields,
          },
          typeof idempotencyKey === 'string' && idempotencyKey ? idempotencyKey : undefined,
        );
      },
    );
    app.options(
      path,
      async (): Promise<BatchOptions> => ({
        name,
        description: `Enrich up to 50,000 ${kind === 'de43' ? 'card (DE43)' : kind} transactions asynchronously, or up to ${synchronousMax} inline with ?synchronous=true.`,
        renders: ['application/json'],
        parses: ['application/json'],
        synchronousMax,
      }),
    );
  }
}

/** A microbatch (`?synchronous=true`): at most `synchronousMax` items, read and enriched here. */
async function microbatch(service: Service, principal: Principal, kind: TransactionKind, raw: unknown) {
  const body = raw instanceof Uint8Array ? valid(parseJsonBytes(raw)) : raw;
  const { transactions } = valid(validateBatchEnvelope(kind, body));
  const refused = multiSourceItemErrors(principal, transactions);
  if (refused) throw invalidInput(refused);
  if (transactions.length > service.config.synchronousMax)
    throw invalidInput({ transactions: [messages.maxItems(service.config.synchronousMax)] });
  return service.enrichMicrobatch(principal.scope, kind, transactions);
}

/** The whole results document, a chunk of results at a time (the stored items are JSON already). */
function wholeDocument(batchId: string, chunks: AsyncIterable<string[]>) {
  const items = arrayItems(chunks, (chunk) => chunk.join(','));
  return jsonStream(`{"batchId":${JSON.stringify(batchId)},"results":[`, items, () => ']}');
}
