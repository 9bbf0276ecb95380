/**
 * Merchant action triggers (CONTRACT.md section 5) and category action
 * triggers (`/category-action-triggers`, in the same shapes with
 * `categoryTriggers`): `GET`, `PUT`, `PATCH` and `DELETE` on the account,
 * program, user and card scopes, for keys with the `triggers` feature. A
 * long `PUT` or `PATCH` body (up to 100,000 triggers) is not parsed here:
 * the service reads it off the main thread.
 */
import { type TriggerKind, triggerKinds, triggerListFields } from '@txenrich/schema';
import {
  parseTriggerBody,
  type Service,
  type TriggerChange,
  type TriggerListing,
  type TriggerScopeRef,
} from '@txenrich/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { valid } from '../errors.js';
import { arrayItems, jsonStream } from '../json-stream.js';
import { registerLongBodyParser } from '../shared-body.js';
import { requireFeature } from './features.js';
import { validPathIds } from './path-ids.js';

/** Room for a `PUT` of 100,000 triggers (the single-call limit is 1 MB). */
export const TRIGGER_BODY_LIMIT = 64 * 1024 * 1024;

type Params = { programId?: string; userId?: string; cardId?: string };

/** The scopes, each under a prefix: its merchant triggers and its category triggers below it. */
const scopePrefixes: ReadonlyArray<{ prefix: string; ref(params: Params): TriggerScopeRef }> = [
  { prefix: '', ref: () => ({ scope: 'account' }) },
  { prefix: '/programs/:programId', ref: ({ programId }) => ({ scope: 'program', programId: programId! }) },
  { prefix: '/users/:userId', ref: ({ userId }) => ({ scope: 'user', userId: userId! }) },
  {
    prefix: '/users/:userId/cards/:cardId',
    ref: ({ userId, cardId }) => ({ scope: 'card', userId: userId!, cardId: cardId! }),
  },
];

const listPaths: Record<TriggerKind, string> = {
  merchant: 'merchant-action-triggers',
  category: 'category-action-triggers',
};

export const triggerScopeRoutes: ReadonlyArray<{
  path: string;
  kind: TriggerKind;
  ref(params: Params): TriggerScopeRef;
}> = triggerKinds.flatMap((kind) =>
  scopePrefixes.map(({ prefix, ref }) => ({
    path: `${prefix}/${listPaths[kind]}`,
    kind,
    ref: (params: Params): TriggerScopeRef => ({ ...ref(params), kind }),
  })),
);

/** A `PUT` or `PATCH` body: validated here, or the bytes of a long one for the service to read. */
function changeOf(kind: TriggerKind, method: 'PUT' | 'PATCH', body: unknown): TriggerChange {
  if (body instanceof Uint8Array) return { operation: 'unparsed', method, body };
  return valid(parseTriggerBody(kind, method, body));
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
  for (const { path, kind, ref } of triggerScopeRoutes) {
    const scopeOf = (request: FastifyRequest<{ Params: Params }>) =>
      [request.principal.scope, ref(validPathIds(request.params))] as const;

    app.get<{ Params: Params }>(path, guarded, async (request, reply) => {
      const listing = await service.readTriggers(...scopeOf(request));
      return reply.type('application/json').send(await scopeDocument(listing));
    });

    app.put<{ Params: Params }>(path, writable, async (request, reply) => {
      const { registration } = await service.writeTriggers(
        ...scopeOf(request),
        changeOf(kind, 'PUT', request.body),
      );
      return reply.code(201).send(registration);
    });

    app.patch<{ Params: Params }>(path, writable, async (request, reply) => {
      const written = await service.writeTriggers(...scopeOf(request), changeOf(kind, 'PATCH', request.body));
      return reply.code(written.operation === 'remove' ? 200 : 201).send(written.registration);
    });

    app.delete<{ Params: Params }>(path, guarded, async (request, reply) => {
      await service.writeTriggers(...scopeOf(request), { operation: 'clear' });
      return reply.code(204).send();
    });
  }
}

/**
 * `{status, version, merchantTriggers, totalCount}` (or `categoryTriggers`), the triggers a page at a time
 * as the store reads them.
 */
function scopeDocument({ kind, status, version, triggers }: TriggerListing) {
  let totalCount = 0;
  const items = arrayItems(triggers, (page) => {
    totalCount += page.length;
    return JSON.stringify(page).slice(1, -1);
  });
  const head = `{"status":${JSON.stringify(status)},"version":${version},"${triggerListFields[kind]}":[`;
  return jsonStream(head, items, () => `],"totalCount":${totalCount}}`);
}
