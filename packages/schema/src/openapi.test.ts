import { describe, expect, it } from 'vitest';
import {
  componentSchemas,
  createOpenApiDocument,
  operations,
  operatorOperations,
  webhooks,
} from './openapi.js';
import { validate } from './validate.js';

/** Every path and method of CONTRACT.md that the document must describe. */
const contractOperations = [
  'post /transactions/cards/enrich',
  'post /transactions/cards/enrich/parse',
  'post /transactions/transfers/enrich',
  'post /transactions/universal/enrich',
  'post /transactions/enrich',
  'post /transactions/enrich/parse',
  'post /batches/transactions/cards/enrich',
  'options /batches/transactions/cards/enrich',
  'post /batches/transactions/cards/enrich/parse',
  'options /batches/transactions/cards/enrich/parse',
  'post /batches/transactions/transfers/enrich',
  'options /batches/transactions/transfers/enrich',
  'post /batches/transactions/universal/enrich',
  'options /batches/transactions/universal/enrich',
  'get /batches/{batchId}',
  'get /batches/{batchId}/results',
  'get /corporations',
  'get /merchants',
  'post /transactions/report',
  // Transaction outcomes.
  'post /enrichments/{enrichmentId}/chargeback',
  'post /enrichments/{enrichmentId}/decline',
  'post /enrichments/{enrichmentId}/refund',
  'post /enrichments/{enrichmentId}/fraud',
  // An extension: a user's recurring series.
  'get /users/{userId}/recurring',
  // Merchant action triggers, and (an extension) category action triggers, at four scopes.
  ...['merchant-action-triggers', 'category-action-triggers']
    .flatMap((list) =>
      ['', '/programs/{programId}', '/users/{userId}', '/users/{userId}/cards/{cardId}'].map(
        (prefix) => `${prefix}/${list}`,
      ),
    )
    .flatMap((path) => ['get', 'put', 'patch', 'delete'].map((method) => `${method} ${path}`)),
  // Categories and counterparty category personalization.
  'get /categories',
  'post /categories',
  'delete /categories',
  'delete /categories/{id}',
  'get /users/{userId}/categories',
  'post /users/{userId}/categories',
  'delete /users/{userId}/categories',
  'delete /users/{userId}/categories/{id}',
  // Category rules (an extension).
  'get /categories/rules',
  'post /categories/rules',
  'delete /categories/rules/{id}',
  ...['', '/users/{userId}', '/organizations/{organizationId}'].flatMap((prefix) => [
    ...['get', 'put', 'delete'].map((method) => `${method} ${prefix}/counterparty-category-personalizations`),
    `delete ${prefix}/counterparty-category-personalizations/{counterpartyId}`,
  ]),
];

/** The operator's routes the document describes too, and who may call them. */
const operatorAuth = {
  'get /admin/reports': [{ adminKey: [] }],
  'post /admin/reports/{id}/reject': [{ adminKey: [] }],
  'post /admin/reports/{id}/resolve': [{ adminKey: [] }],
  'get /admin/usage': [{ adminKey: [] }],
  'get /admin/callbacks': [{ adminKey: [] }],
  'post /admin/callbacks/{id}/replay': [{ adminKey: [] }],
  'get /metrics': [{ adminKey: [] }, { adminBearer: [] }],
  'get /healthz': [],
  'get /readyz': [],
};

/** Operations that take no body although their method could. */
const bodiless = ['post /admin/reports/{id}/reject', 'post /admin/callbacks/{id}/replay'];

function satisfies(name: keyof typeof componentSchemas, example: unknown) {
  const { schema, io } = componentSchemas[name];
  // Request examples go through the same validation as real requests.
  return io === 'input' ? validate(schema, example) : { ok: schema.safeParse(example).success };
}

describe('OpenAPI document', () => {
  const document = createOpenApiDocument({ serverUrl: 'http://localhost:8080' }) as {
    openapi: string;
    info: { license?: unknown };
    servers: unknown[];
    paths: Record<
      string,
      Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>
    >;
    components: { schemas: Record<string, { type?: string; oneOf?: unknown[]; anyOf?: unknown[] }> };
    webhooks: Record<string, unknown>;
  };

  it('is OpenAPI 3.1 and covers every path and method of the contract', () => {
    expect(document.openapi).toBe('3.1.0');
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m} ${path}`),
    );
    expect(described.sort()).toEqual([...contractOperations, ...Object.keys(operatorAuth)].sort());
    expect(Object.keys(document.webhooks).sort()).toEqual(['batchStatus', 'returnedEnrichment']);
  });

  it('has unique operation ids and a JSON Schema for every component', () => {
    const ids = [...operations, ...operatorOperations].map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      const alternatives = schema.oneOf ?? schema.anyOf;
      expect(
        schema.type === 'object' || schema.type === 'array' || (alternatives?.length ?? 0) > 1,
        name,
      ).toBe(true);
    }
  });

  it('gives every operation an example request and response that satisfy their schemas', () => {
    for (const op of [...operations, ...operatorOperations]) {
      const label = `${op.method} ${op.path}`;
      if (op.request)
        expect(satisfies(op.request.schema, op.request.example), `${label} request`).toMatchObject({
          ok: true,
        });
      else if (!bodiless.includes(label)) expect(['get', 'delete', 'options'], label).toContain(op.method);
      const withBodies = Object.entries(op.responses).filter(([, response]) => response.body);
      expect(withBodies.length, label).toBeGreaterThan(0);
      for (const [status, response] of withBodies) {
        expect(satisfies(response.body!.schema, response.body!.example), `${label} ${status}`).toMatchObject({
          ok: true,
        });
      }
    }
    for (const [name, hook] of Object.entries(webhooks)) {
      expect(satisfies(hook.body.schema, hook.body.example), name).toMatchObject({ ok: true });
    }
  });

  it("secures the operator's routes with the admin key, and leaves the probe open", () => {
    const securityOf = (label: string) => {
      const [method, path] = label.split(' ') as [string, string];
      return (document.paths[path]![method] as { security?: unknown }).security;
    };
    for (const [label, security] of Object.entries(operatorAuth))
      expect(securityOf(label), label).toEqual(security);
    // The contract's operations keep the document's API key.
    expect(securityOf('get /batches/{batchId}')).toBeUndefined();
  });

  it('names its servers (this deployment by default) and its licence', () => {
    expect(document.servers).toEqual([{ url: 'http://localhost:8080' }]);
    expect(createOpenApiDocument().servers).toEqual([
      { url: '/', description: 'This deployment: the origin serving this document.' },
    ]);
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('describes the metrics as Prometheus text', () => {
    const metrics = document.paths['/metrics']!.get!.responses['200'] as {
      content: Record<string, { example: string }>;
    };
    const [mediaType, content] = Object.entries(metrics.content)[0]!;
    expect(mediaType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(content.example).toMatch(/^# HELP txenrich_http_requests_total /);
  });

  it('rejects an example that breaks its schema (the check above can fail)', () => {
    expect(satisfies('Enrichment', { enrichmentId: 'nope' })).toEqual({ ok: false });
    expect(satisfies('CardTransaction', { amount: 'abc' })).toMatchObject({ ok: false });
  });
});
