/** Single enrichment: card, DE43, transfer and universal, and the deprecated card aliases. */
import { messages, type TransactionKind, transactionSchemas, validate } from '@txenrich/schema';
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { invalidInput, valid } from '../errors.js';
import { multiSourceErrors } from './multi-source.js';
import { booleanQuery } from './query.js';

export const singleEnrichPaths: ReadonlyArray<{ path: string; kind: TransactionKind }> = [
  { path: '/transactions/cards/enrich', kind: 'card' },
  { path: '/transactions/cards/enrich/parse', kind: 'de43' },
  { path: '/transactions/transfers/enrich', kind: 'transfer' },
  { path: '/transactions/universal/enrich', kind: 'universal' },
  // Deprecated aliases kept for clients of the older paths.
  { path: '/transactions/enrich', kind: 'card' },
  { path: '/transactions/enrich/parse', kind: 'de43' },
];

export function registerEnrichRoutes(app: FastifyInstance, service: Service): void {
  for (const { path, kind } of singleEnrichPaths) {
    app.post(path, async (request) => {
      // `?explain=true` adds the result's explanation (the line's anatomy, rules, candidates).
      const explain = booleanQuery(request.query, 'explain');
      if (explain === 'invalid') throw invalidInput({ explain: [messages.invalidBoolean] });
      const body = valid(validate(transactionSchemas[kind], request.body));
      const refused = multiSourceErrors(request.principal, request.body);
      if (refused) throw invalidInput(refused);
      return service.enrichOne(request.principal.scope, kind, body, { explain });
    });
  }
}
