/**
 * Merchant action triggers (CONTRACT.md section 5): `GET`, `PUT`, `PATCH` and
 * `DELETE` on the account, program, user and card scopes, for keys with the
 * `triggers` feature.
 */
import { patchTriggersSchema, putTriggersSchema, validate } from '@txenrich/schema';
import type { Service, TriggerScopeRef } from '@txenrich/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { valid } from '../errors.js';
import { requireFeature } from './features.js';

/** Room for a `PUT` of 100,000 triggers (the single-call limit is 1 MB). */
export const TRIGGER_BODY_LIMIT = 64 * 1024 * 1024;

type Params = { programId?: string; userId?: string; cardId?: string };

export const triggerScopeRoutes: ReadonlyArray<{ path: string; ref(params: Params): TriggerScopeRef }> = [
  { path: '/merchant-action-triggers', ref: () => ({ scope: 'account' }) },
  {
    path: '/programs/:programId/merchant-action-triggers',
    ref: ({ programId }) => ({ scope: 'program', programId: programId! }),
  },
  {
    path: '/users/:userId/merchant-action-triggers',
    ref: ({ userId }) => ({ scope: 'user', userId: userId! }),
  },
  {
    path: '/users/:userId/cards/:cardId/merchant-action-triggers',
    ref: ({ userId, cardId }) => ({ scope: 'card', userId: userId!, cardId: cardId! }),
  },
];

export function registerTriggerRoutes(app: FastifyInstance, service: Service): void {
  // `onRequest`: a key without the feature is refused before its (possibly large) body is read.
  const guarded = { onRequest: requireFeature('triggers') };
  const writable = { ...guarded, bodyLimit: TRIGGER_BODY_LIMIT };
  for (const { path, ref } of triggerScopeRoutes) {
    const scopeOf = (request: FastifyRequest<{ Params: Params }>) =>
      [request.principal.scope, ref(request.params)] as const;

    app.get<{ Params: Params }>(path, guarded, async (request) => service.readTriggers(...scopeOf(request)));

    app.put<{ Params: Params }>(path, writable, async (request, reply) => {
      const body = valid(validate(putTriggersSchema, request.body));
      const written = await service.writeTriggers(...scopeOf(request), {
        operation: 'replace',
        triggers: body.merchantTriggers,
      });
      return reply.code(201).send(written);
    });

    app.patch<{ Params: Params }>(path, writable, async (request, reply) => {
      const change = valid(validate(patchTriggersSchema, request.body));
      const written = await service.writeTriggers(
        ...scopeOf(request),
        change.operation === 'add'
          ? { operation: 'add', triggers: change.merchantTriggers }
          : { operation: 'remove', triggerIds: change.triggerIds },
      );
      return reply.code(change.operation === 'add' ? 201 : 200).send(written);
    });

    app.delete<{ Params: Params }>(path, guarded, async (request, reply) => {
      await service.writeTriggers(...scopeOf(request), { operation: 'clear' });
      return reply.code(204).send();
    });
  }
}
