/**
 * Merchant action triggers (CONTRACT.md section 5): `GET`, `PUT`, `PATCH` and
 * `DELETE` on the account, program, user and card scopes, for keys with the
 * `triggers` feature. A long `PUT` or `PATCH` body (up to 100,000 triggers)
 * is not parsed here: the service reads it off the main thread.
 */
import { patchTriggersSchema, putTriggersSchema, validate } from '@txenrich/schema';
import type { Service, TriggerChange, TriggerListing, TriggerScopeRef } from '@txenrich/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { valid } from '../errors.js';
import { arrayItems, jsonStream } from '../json-stream.js';
import { registerLongBodyParser } from '../shared-body.js';
import { requireFeature } from './features.js';
import { validPathIds } from './path-ids.js';

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

/** A `PUT` or `PATCH` body: validated here, or the bytes of a long one for the service to read. */
function changeOf(method: 'PUT' | 'PATCH', body: unknown): TriggerChange {
  if (body instanceof Uint8Array) return { operation: 'unparsed', method, body };
  if (method === 'PUT')
    return { operation: 'replace', triggers: valid(validate(putTriggersSchema, body)).merchantTriggers };
  const change = valid(validate(patchTriggersSchema, body));
  return change.operation === 'add'
    ? { operation: 'add', triggers: change.merchantTriggers }
    : { operation: 'remove', triggerIds: change.triggerIds };
}

export function registerTriggerRoutes(app: FastifyInstance, service: Service): void {
  // A context of their own, for their body reader: a long body is left as bytes (`PARSED_BODY_MAX`),
  // in shared memory, for the service to read on another thread.
  app.register(async (triggers) => {
    registerLongBodyParser(triggers);
    registerScopeRoutes(triggers, service);
  });
}

function registerScopeRoutes(app: FastifyInstance, service: Service): void {
  // `onRequest`: a key without the feature is refused before its (possibly large) body is read.
  const guarded = { onRequest: requireFeature('triggers') };
  const writable = { ...guarded, bodyLimit: TRIGGER_BODY_LIMIT };
  for (const { path, ref } of triggerScopeRoutes) {
    const scopeOf = (request: FastifyRequest<{ Params: Params }>) =>
      [request.principal.scope, ref(validPathIds(request.params))] as const;

    app.get<{ Params: Params }>(path, guarded, async (request, reply) => {
      const listing = await service.readTriggers(...scopeOf(request));
      return reply.type('application/json').send(await scopeDocument(listing));
    });

    app.put<{ Params: Params }>(path, writable, async (request, reply) => {
      const { registration } = await service.writeTriggers(
        ...scopeOf(request),
        changeOf('PUT', request.body),
      );
      return reply.code(201).send(registration);
    });

    app.patch<{ Params: Params }>(path, writable, async (request, reply) => {
      const written = await service.writeTriggers(...scopeOf(request), changeOf('PATCH', request.body));
      return reply.code(written.operation === 'remove' ? 200 : 201).send(written.registration);
    });

    app.delete<{ Params: Params }>(path, guarded, async (request, reply) => {
      await service.writeTriggers(...scopeOf(request), { operation: 'clear' });
      return reply.code(204).send();
    });
  }
}

/** `{status, version, merchantTriggers, totalCount}`, the triggers a page at a time as the store reads them. */
function scopeDocument({ status, version, merchantTriggers }: TriggerListing) {
  let totalCount = 0;
  const items = arrayItems(merchantTriggers, (page) => {
    totalCount += page.length;
    return JSON.stringify(page).slice(1, -1);
  });
  const head = `{"status":${JSON.stringify(status)},"version":${version},"merchantTriggers":[`;
  return jsonStream(head, items, () => `],"totalCount":${totalCount}}`);
}
