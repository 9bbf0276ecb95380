/**
 * `POST /enrichments/{enrichmentId}/chargeback`, `/decline`, `/refund` and `/fraud`: what became of an
 * enriched transaction, reported by the tenant; the answer echoes the outcome as stored. Another
 * tenant's or environment's enrichment, or an id that is none, is a 404.
 */
import {
  type OutcomeByKind,
  type OutcomeKind,
  outcomeKinds,
  outcomeSchemas,
  validate,
} from '@txenrich/schema';
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { valid } from '../errors.js';
import { validPathIds } from './path-ids.js';

export function registerOutcomeRoutes(app: FastifyInstance, service: Service): void {
  for (const kind of outcomeKinds) registerOutcomeRoute(app, service, kind);
}

function registerOutcomeRoute<K extends OutcomeKind>(app: FastifyInstance, service: Service, kind: K): void {
  app.post<{ Params: { enrichmentId: string } }>(`/enrichments/:enrichmentId/${kind}`, async (request) => {
    const { enrichmentId } = validPathIds(request.params);
    // Every field is optional but a chargeback's state: a POST without a body is an empty one.
    const outcome = valid(validate(outcomeSchemas[kind], request.body ?? {})) as OutcomeByKind[K];
    return service.recordOutcome(request.principal.scope, enrichmentId, kind, outcome);
  });
}
