/**
 * Categories and counterparty category personalization, in the paths and
 * bodies of the commercial service's category personalization API: the
 * default taxonomy and the integration's custom categories (`/categories`),
 * a user's (`/users/{userId}/categories`), and counterparty personalizations
 * of the integration, of a user, and (an extension, with the `multiSource`
 * feature) of an organization; and, an extension too, the integration's
 * category rules (`/categories/rules`).
 */
import {
  type CategoryKind,
  categoryKinds,
  messages,
  newCategoryRuleSchema,
  newCategorySchema,
  personalizationSchema,
  validate,
} from '@txenrich/schema';
import type { PersonalizationOwner, Service } from '@txenrich/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidInput, valid } from '../errors.js';
import { requireFeature } from './features.js';
import { validPathIds } from './path-ids.js';

type Params = { userId?: string; organizationId?: string; id?: string; counterpartyId?: string };

/** `?include=default,custom`: both when absent; anything else is a 400 naming `include`. */
function includeOf(query: unknown): CategoryKind[] {
  const value = (query as { include?: unknown } | undefined)?.include;
  if (value === undefined) return [...categoryKinds];
  const kinds = typeof value === 'string' ? value.split(',').map((kind) => kind.trim()) : [value];
  const wrong = kinds.find((kind) => !(categoryKinds as readonly unknown[]).includes(kind));
  if (wrong !== undefined) throw invalidInput({ include: [messages.invalidChoice(wrong)] });
  return kinds as CategoryKind[];
}

/** The personalization routes' scopes: path prefix, whose they are, and the feature they need. */
const personalizationScopes: ReadonlyArray<{
  prefix: string;
  owner(params: Params): PersonalizationOwner;
  feature?: 'multiSource';
}> = [
  { prefix: '', owner: () => ({}) },
  { prefix: '/users/:userId', owner: ({ userId }) => ({ userId: userId! }) },
  {
    prefix: '/organizations/:organizationId',
    owner: ({ organizationId }) => ({ organizationId: organizationId! }),
    feature: 'multiSource',
  },
];

export function registerCategoryRoutes(app: FastifyInstance, service: Service): void {
  const { categories } = service;
  const params = (request: FastifyRequest<{ Params: Params }>) => validPathIds(request.params);

  app.get('/categories', async (request) =>
    categories.list(request.principal.scope, includeOf(request.query)),
  );

  app.get('/categories/rules', async (request) => categories.listRules(request.principal.scope));

  app.post('/categories/rules', async (request, reply) => {
    const body = valid(validate(newCategoryRuleSchema, request.body));
    return reply.code(201).send(await categories.createRule(request.principal.scope, body));
  });

  app.delete<{ Params: Params }>('/categories/rules/:id', async (request, reply) => {
    await categories.removeRule(request.principal.scope, params(request).id!);
    return reply.code(204).send();
  });

  for (const prefix of ['', '/users/:userId']) {
    const userOf = (request: FastifyRequest<{ Params: Params }>) => params(request).userId ?? null;

    if (prefix !== '')
      app.get<{ Params: Params }>(`${prefix}/categories`, async (request) =>
        categories.listUser(request.principal.scope, userOf(request)!),
      );

    app.post<{ Params: Params }>(`${prefix}/categories`, async (request, reply) => {
      const body = valid(validate(newCategorySchema, request.body));
      const category = await categories.create(request.principal.scope, userOf(request), body);
      return reply.code(201).send(category);
    });

    app.delete<{ Params: Params }>(`${prefix}/categories`, async (request, reply) => {
      await categories.remove(request.principal.scope, userOf(request), null);
      return reply.code(204).send();
    });

    app.delete<{ Params: Params }>(`${prefix}/categories/:id`, async (request, reply) => {
      await categories.remove(request.principal.scope, userOf(request), params(request).id!);
      return reply.code(204).send();
    });
  }

  for (const { prefix, owner, feature } of personalizationScopes) {
    const path = `${prefix}/counterparty-category-personalizations`;
    const guarded = feature ? { onRequest: requireFeature(feature) } : {};
    const ownerOf = (request: FastifyRequest<{ Params: Params }>) => owner(params(request));

    app.get<{ Params: Params }>(path, guarded, async (request) =>
      categories.listPersonalizations(request.principal.scope, ownerOf(request)),
    );

    app.put<{ Params: Params }>(path, guarded, async (request, reply) => {
      const body = valid(validate(personalizationSchema, request.body));
      const { created, personalization } = await categories.putPersonalization(
        request.principal.scope,
        ownerOf(request),
        body,
      );
      return reply.code(created ? 201 : 200).send(personalization);
    });

    app.delete<{ Params: Params }>(path, guarded, async (request, reply) => {
      await categories.removePersonalizations(request.principal.scope, ownerOf(request), null);
      return reply.code(204).send();
    });

    app.delete<{ Params: Params }>(`${path}/:counterpartyId`, guarded, async (request, reply) => {
      const { counterpartyId } = params(request);
      await categories.removePersonalizations(request.principal.scope, ownerOf(request), counterpartyId!);
      return reply.code(204).send();
    });
  }
}
