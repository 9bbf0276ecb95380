import * as z from 'zod';
import {
  batchCallbackSchema,
  batchLimits,
  batchOptionsSchema,
  batchRequestSchema,
  batchResultsPendingSchema,
  batchResultsSchema,
  batchSchema,
  microbatchResultsSchema,
  resultsPageLimits,
} from './batches.js';
import {
  categoriesSchema,
  categoryInUseSchema,
  categoryKinds,
  categoryLimits,
  categoryRuleSchema,
  categoryRulesSchema,
  categorySchema,
  newCategoryRuleSchema,
  newCategorySchema,
  personalizationSchema,
  personalizationsSchema,
  personalizationViewSchema,
} from './categories.js';
import { corporationsSchema } from './corporations.js';
import { enrichmentSchema } from './enrichment.js';
import {
  batchResultsExpired,
  detailsErrorSchema,
  errorDetails,
  fieldErrorsSchema,
  nonFieldErrorsSchema,
} from './errors.js';
import * as examples from './examples.js';
import { merchantsSchema } from './merchants.js';
import { messages } from './messages.js';
import {
  callbackDeliveriesSchema,
  callbackDeliverySchema,
  deliveryListLimits,
  deliveryStates,
  healthSchema,
  readinessSchema,
  reportCorrectionSchema,
  reportStatuses,
  reportViewSchema,
  reportViewsSchema,
  usageViewsSchema,
} from './operator.js';
import {
  chargebackOutcomeSchema,
  chargebackRecordedSchema,
  declineOutcomeSchema,
  declineRecordedSchema,
  fraudOutcomeSchema,
  fraudRecordedSchema,
  fraudTypes,
  outcomeNotesMax,
  refundOutcomeSchema,
  refundRecordedSchema,
} from './outcomes.js';
import { recurringStatuses, userRecurringSchema } from './recurring.js';
import { errorReportSchema, reportAcceptedDetails, reportAcceptedSchema } from './reports.js';
import { encodeResultsCursor } from './results-cursor.js';
import {
  cardTransactionSchema,
  de43TransactionSchema,
  type TransactionKind,
  transferTransactionSchema,
  universalTransactionSchema,
} from './transactions.js';
import {
  categoryTriggerLimits,
  categoryTriggerScopeStatusSchema,
  patchCategoryTriggersSchema,
  patchTriggersSchema,
  putCategoryTriggersSchema,
  putTriggersSchema,
  type TriggerKind,
  triggerRegistrationSchema,
  triggerScopeStatusSchema,
} from './triggers.js';

/**
 * Every schema the document names, with the side it describes: `input` for
 * request bodies (what a caller may send), `output` for responses.
 */
export const componentSchemas = {
  CardTransaction: { schema: cardTransactionSchema, io: 'input' },
  De43Transaction: { schema: de43TransactionSchema, io: 'input' },
  TransferTransaction: { schema: transferTransactionSchema, io: 'input' },
  UniversalTransaction: { schema: universalTransactionSchema, io: 'input' },
  CardBatchRequest: { schema: batchRequestSchema('card'), io: 'input' },
  De43BatchRequest: { schema: batchRequestSchema('de43'), io: 'input' },
  TransferBatchRequest: { schema: batchRequestSchema('transfer'), io: 'input' },
  UniversalBatchRequest: { schema: batchRequestSchema('universal'), io: 'input' },
  PutTriggersRequest: { schema: putTriggersSchema, io: 'input' },
  PatchTriggersRequest: { schema: patchTriggersSchema, io: 'input' },
  PutCategoryTriggersRequest: { schema: putCategoryTriggersSchema, io: 'input' },
  PatchCategoryTriggersRequest: { schema: patchCategoryTriggersSchema, io: 'input' },
  NewCategory: { schema: newCategorySchema, io: 'input' },
  NewCategoryRule: { schema: newCategoryRuleSchema, io: 'input' },
  Personalization: { schema: personalizationSchema, io: 'input' },
  ErrorReport: { schema: errorReportSchema, io: 'input' },
  ChargebackOutcome: { schema: chargebackOutcomeSchema, io: 'input' },
  DeclineOutcome: { schema: declineOutcomeSchema, io: 'input' },
  RefundOutcome: { schema: refundOutcomeSchema, io: 'input' },
  FraudOutcome: { schema: fraudOutcomeSchema, io: 'input' },
  ReportCorrection: { schema: reportCorrectionSchema, io: 'input' },
  Enrichment: { schema: enrichmentSchema, io: 'output' },
  Batch: { schema: batchSchema, io: 'output' },
  BatchResults: { schema: batchResultsSchema, io: 'output' },
  BatchResultsPending: { schema: batchResultsPendingSchema, io: 'output' },
  MicrobatchResults: { schema: microbatchResultsSchema, io: 'output' },
  BatchOptions: { schema: batchOptionsSchema, io: 'output' },
  Corporations: { schema: corporationsSchema, io: 'output' },
  Merchants: { schema: merchantsSchema, io: 'output' },
  UserRecurring: { schema: userRecurringSchema, io: 'output' },
  TriggerRegistration: { schema: triggerRegistrationSchema, io: 'output' },
  TriggerScopeStatus: { schema: triggerScopeStatusSchema, io: 'output' },
  CategoryTriggerScopeStatus: { schema: categoryTriggerScopeStatusSchema, io: 'output' },
  Category: { schema: categorySchema, io: 'output' },
  Categories: { schema: categoriesSchema, io: 'output' },
  PersonalizationView: { schema: personalizationViewSchema, io: 'output' },
  Personalizations: { schema: personalizationsSchema, io: 'output' },
  CategoryInUse: { schema: categoryInUseSchema, io: 'output' },
  CategoryRule: { schema: categoryRuleSchema, io: 'output' },
  CategoryRules: { schema: categoryRulesSchema, io: 'output' },
  ReportAccepted: { schema: reportAcceptedSchema, io: 'output' },
  ChargebackRecorded: { schema: chargebackRecordedSchema, io: 'output' },
  DeclineRecorded: { schema: declineRecordedSchema, io: 'output' },
  RefundRecorded: { schema: refundRecordedSchema, io: 'output' },
  FraudRecorded: { schema: fraudRecordedSchema, io: 'output' },
  BatchCallback: { schema: batchCallbackSchema, io: 'output' },
  CallbackDelivery: { schema: callbackDeliverySchema, io: 'output' },
  CallbackDeliveries: { schema: callbackDeliveriesSchema, io: 'output' },
  Readiness: { schema: readinessSchema, io: 'output' },
  Health: { schema: healthSchema, io: 'output' },
  ReportView: { schema: reportViewSchema, io: 'output' },
  ReportViews: { schema: reportViewsSchema, io: 'output' },
  UsageViews: { schema: usageViewsSchema, io: 'output' },
  FieldErrors: { schema: fieldErrorsSchema, io: 'output' },
  NonFieldErrors: { schema: nonFieldErrorsSchema, io: 'output' },
  DetailsError: { schema: detailsErrorSchema, io: 'output' },
} as const satisfies Record<string, { schema: z.ZodType; io: 'input' | 'output' }>;

export type ComponentName = keyof typeof componentSchemas;

/** A request or response body: a named schema and an example that must satisfy it. */
export interface BodySpec {
  schema: ComponentName;
  example: unknown;
}

/** A body that is not JSON (`/metrics`' Prometheus text): its media type and an example. */
export interface TextBodySpec {
  mediaType: string;
  example: string;
}

export interface ResponseSpec {
  description: string;
  body?: BodySpec;
  text?: TextBodySpec;
}

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

export interface OperationSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  deprecated?: boolean;
  /**
   * Who may call it: an API key (`X-Api-Key`) by default, the operator (`X-Admin-Key`), the operator or
   * a metrics scraper (`X-Admin-Key`, or the admin key as a bearer token), or anyone.
   */
  auth?: 'admin' | 'scraper' | 'public';
  parameters?: ParameterSpec[];
  request?: BodySpec;
  responses: Record<string, ResponseSpec>;
}

const fieldErrors = (example: Record<string, string[]>): ResponseSpec => ({
  description: 'Invalid input: field path to messages.',
  body: { schema: 'FieldErrors', example },
});
const details = (description: string, text: string): ResponseSpec => ({
  description,
  body: { schema: 'DetailsError', example: { details: text } },
});
const forbidden = details('Missing or wrong API key, or the feature is not enabled.', errorDetails.forbidden);
const rateLimited = details(
  'Too many requests for this key.',
  'Request was throttled. Expected available in 1 second.',
);
const tooLarge = details('Body over the size limit.', 'Request body is too large.');
const notJson: ResponseSpec = {
  description: 'Invalid input: field errors, or a body that is not JSON.',
  body: {
    schema: 'NonFieldErrors',
    example: { non_field_errors: ['JSON parse error - the body is empty.'] },
  },
};

const singleKinds: {
  kind: TransactionKind;
  path: string;
  schema: ComponentName;
  example: unknown;
  label: string;
}[] = [
  {
    kind: 'card',
    path: '/transactions/cards/enrich',
    schema: 'CardTransaction',
    example: examples.cardExample,
    label: 'a card transaction',
  },
  {
    kind: 'de43',
    path: '/transactions/cards/enrich/parse',
    schema: 'De43Transaction',
    example: examples.de43Example,
    label: 'a card transaction from its DE43 field',
  },
  {
    kind: 'transfer',
    path: '/transactions/transfers/enrich',
    schema: 'TransferTransaction',
    example: examples.transferExample,
    label: 'a bank transfer',
  },
  {
    kind: 'universal',
    path: '/transactions/universal/enrich',
    schema: 'UniversalTransaction',
    example: examples.universalExample,
    label: 'a transaction from any source',
  },
];

function singleEnrichment(
  spec: (typeof singleKinds)[number],
  path = spec.path,
  deprecated = false,
): OperationSpec {
  return {
    method: 'post',
    path,
    operationId: `enrich${spec.kind[0]!.toUpperCase()}${spec.kind.slice(1)}${deprecated ? 'Deprecated' : ''}`,
    summary: `Enrich ${spec.label} in real time.`,
    tag: 'Enrichment',
    ...(deprecated ? { deprecated } : {}),
    request: { schema: spec.schema, example: spec.example },
    responses: {
      '200': {
        description: 'The enrichment.',
        body: { schema: 'Enrichment', example: examples.enrichmentExample },
      },
      '400': fieldErrors({ merchantName: [messages.required] }),
      '403': forbidden,
      '413': tooLarge,
    },
  };
}

const batchKinds: { path: string; name: string; schema: ComponentName; item: unknown }[] = [
  {
    path: '/batches/transactions/cards/enrich',
    name: 'Card',
    schema: 'CardBatchRequest',
    item: examples.cardExample,
  },
  {
    path: '/batches/transactions/cards/enrich/parse',
    name: 'De43',
    schema: 'De43BatchRequest',
    item: examples.de43Example,
  },
  {
    path: '/batches/transactions/transfers/enrich',
    name: 'Transfer',
    schema: 'TransferBatchRequest',
    item: examples.transferExample,
  },
  {
    path: '/batches/transactions/universal/enrich',
    name: 'Universal',
    schema: 'UniversalBatchRequest',
    item: examples.universalExample,
  },
];

const synchronousParameter: ParameterSpec = {
  name: 'synchronous',
  in: 'query',
  required: false,
  description: 'true: enrich inline (a microbatch of at most synchronousMax items) and answer the results.',
  schema: { type: 'boolean', default: false },
};

function batchOperations(spec: (typeof batchKinds)[number]): OperationSpec[] {
  return [
    {
      method: 'post',
      path: spec.path,
      operationId: `submit${spec.name}Batch`,
      summary: `Submit up to ${batchLimits.maxItems.toLocaleString('en-US')} transactions for asynchronous enrichment.`,
      tag: 'Batches',
      parameters: [synchronousParameter],
      request: {
        schema: spec.schema,
        example: { transactions: [spec.item], callbackUrl: 'https://example.com/hooks/batches' },
      },
      responses: {
        '200': {
          description: 'Accepted (status pending); with ?synchronous=true, `{results}` instead.',
          body: { schema: 'Batch', example: { ...examples.batchExample, batchSize: 1 } },
        },
        '400': fieldErrors({ transactions: [messages.duplicateTransactionId(17)] }),
        '403': forbidden,
        '413': tooLarge,
        '429': rateLimited,
      },
    },
    {
      method: 'options',
      path: spec.path,
      operationId: `describe${spec.name}Batch`,
      summary: 'Describe the endpoint, including its synchronousMax.',
      tag: 'Batches',
      responses: {
        '200': {
          description: 'The endpoint description.',
          body: { schema: 'BatchOptions', example: examples.batchOptionsExample },
        },
      },
    },
  ];
}

const batchIdParameter: ParameterSpec = {
  name: 'batchId',
  in: 'path',
  required: true,
  description: 'The id returned at submission.',
  schema: { type: 'string', format: 'uuid' },
};
const batchNotFound = details(
  'Unknown batch, malformed id, or another key’s batch.',
  errorDetails.batchNotFound,
);

const triggerScopes = [
  { name: 'Account', prefix: '', parameters: [] as string[] },
  { name: 'Program', prefix: '/programs/{programId}', parameters: ['programId'] },
  { name: 'User', prefix: '/users/{userId}', parameters: ['userId'] },
  { name: 'Card', prefix: '/users/{userId}/cards/{cardId}', parameters: ['userId', 'cardId'] },
];

/** What differs between the merchant and the category trigger operations of a scope. */
interface TriggerKindSpec {
  tag: string;
  list: string;
  operation: string;
  put: ComponentName;
  patch: ComponentName;
  status: ComponentName;
  statusExample: unknown;
  body: Record<string, unknown>;
  invalid: Record<string, string[]>;
  /** What the summary of `GET` adds. */
  note: string;
}

const triggerKindSpecs: Record<TriggerKind, TriggerKindSpec> = {
  merchant: {
    tag: 'Merchant action triggers',
    list: 'merchant-action-triggers',
    operation: 'Triggers',
    put: 'PutTriggersRequest',
    patch: 'PatchTriggersRequest',
    status: 'TriggerScopeStatus',
    statusExample: examples.triggerStatusExample,
    body: { merchantTriggers: [examples.triggerExample] },
    invalid: { 'merchantTriggers.0.website': [messages.triggerNeedsPlace] },
    note: '',
  },
  category: {
    tag: 'Category action triggers',
    list: 'category-action-triggers',
    operation: 'CategoryTriggers',
    put: 'PutCategoryTriggersRequest',
    patch: 'PatchCategoryTriggersRequest',
    status: 'CategoryTriggerScopeStatus',
    statusExample: examples.categoryTriggerStatusExample,
    body: { categoryTriggers: [examples.categoryTriggerExample] },
    invalid: { 'categoryTriggers.0.categoryId': [messages.unknownCategory] },
    note:
      ` An extension of the commercial service's API, in its shape: a trigger names a default or custom category` +
      ` (a user's and card's triggers also the user's own) and matches transactions whose category, as` +
      ` personalization decided it, is that one or a descendant; a match adds an action with type` +
      ` category_trigger and source category. At most ${categoryTriggerLimits.maxActivePerScope.toLocaleString('en-US')}` +
      ` per account or program scope and ${categoryTriggerLimits.maxActivePerUserOrCard} per user or card.`,
  },
};

function triggerOperations(scope: (typeof triggerScopes)[number], kind: TriggerKind): OperationSpec[] {
  const spec = triggerKindSpecs[kind];
  const path = `${scope.prefix}/${spec.list}`;
  const parameters = scope.parameters.map(
    (name): ParameterSpec => ({
      name,
      in: 'path',
      required: true,
      description: `The ${name} of the scope.`,
      schema: { type: 'string' },
    }),
  );
  const common = { tag: spec.tag, ...(parameters.length > 0 ? { parameters } : {}) };
  const registered = (status: 'succeeded' | 'pending', version: number): BodySpec => ({
    schema: 'TriggerRegistration',
    example: { status, version },
  });
  const inProgress = details(
    'Another registration of this scope is in progress.',
    errorDetails.registrationInProgress,
  );
  return [
    {
      ...common,
      method: 'get',
      path,
      operationId: `get${scope.name}${spec.operation}`,
      summary: `Read the registration status and active triggers of the scope.${spec.note}`,
      responses: {
        '200': {
          description: 'The scope’s registration.',
          body: { schema: spec.status, example: spec.statusExample },
        },
        '403': forbidden,
        '404': details('The scope never had triggers.', errorDetails.noTriggers),
      },
    },
    {
      ...common,
      method: 'put',
      path,
      operationId: `replace${scope.name}${spec.operation}`,
      summary: 'Replace every trigger of the scope.',
      request: { schema: spec.put, example: spec.body },
      responses: {
        '201': {
          description: 'Registered (in the background above 100 triggers).',
          body: registered('succeeded', 1),
        },
        '400': fieldErrors(spec.invalid),
        '403': forbidden,
        '409': inProgress,
      },
    },
    {
      ...common,
      method: 'patch',
      path,
      operationId: `update${scope.name}${spec.operation}`,
      summary: 'Add (upsert by id) or remove triggers.',
      request: { schema: spec.patch, example: { operation: 'add', ...spec.body } },
      responses: {
        '200': { description: 'Removed.', body: registered('succeeded', 3) },
        '201': { description: 'Added.', body: registered('succeeded', 2) },
        '400': fieldErrors({ operation: [messages.invalidChoice('replace')] }),
        '403': forbidden,
        '409': inProgress,
      },
    },
    {
      ...common,
      method: 'delete',
      path,
      operationId: `clear${scope.name}${spec.operation}`,
      summary: 'Clear the scope (a new version with no triggers).',
      responses: { '204': { description: 'Cleared.' }, '403': forbidden, '409': inProgress },
    },
  ];
}

const pathParameter = (name: string, description: string): ParameterSpec => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const userIdParameter = pathParameter('userId', 'The user.');
const categoryNotFound = details(
  'No custom category of this owner has this id (default categories cannot be deleted).',
  'Category not found.',
);
const categoryInUse: ResponseSpec = {
  description:
    'Personalizations, category rules or category action triggers name the category (or one of those deleted), or categories not deleted sit under it: nothing is deleted, and the body lists them.',
  body: { schema: 'CategoryInUse', example: examples.categoryInUseExample },
};
const limits = categoryLimits;

/** `/categories` and `/users/{userId}/categories`: custom categories of the integration, or of a user. */
function categoryOperations(level: 'integration' | 'user'): OperationSpec[] {
  const user = level === 'user';
  const prefix = user ? '/users/{userId}' : '';
  const name = user ? 'User' : '';
  const common = { tag: 'Categories', ...(user ? { parameters: [userIdParameter] } : {}) };
  const max = user ? limits.maxPerUser : limits.maxPerIntegration;
  return [
    user
      ? {
          ...common,
          method: 'get',
          path: `${prefix}/categories`,
          operationId: 'listUserCategories',
          summary: 'List the custom categories the user created, in creation order.',
          responses: {
            '200': {
              description: 'The user’s custom categories (none for a user that created none).',
              body: { schema: 'Categories', example: [examples.customCategoryExample] },
            },
            '403': forbidden,
          },
        }
      : {
          ...common,
          method: 'get',
          path: '/categories',
          operationId: 'listCategories',
          summary:
            'List the default taxonomy (the hierarchical industry ids results carry) first, then the integration’s custom categories.',
          parameters: [
            {
              name: 'include',
              in: 'query',
              required: false,
              description: `Which categories, comma-separated: ${categoryKinds.join(', ')} (both without it).`,
              schema: { type: 'string', examples: ['default', 'custom', 'default,custom'] },
            },
          ],
          responses: {
            '200': {
              description: 'The categories: default ones first, then custom ones in creation order.',
              body: {
                schema: 'Categories',
                example: [examples.defaultCategoryExample, examples.customCategoryExample],
              },
            },
            '400': fieldErrors({ include: [messages.invalidChoice('all')] }),
            '403': forbidden,
          },
        },
    {
      ...common,
      method: 'post',
      path: `${prefix}/categories`,
      operationId: `create${name}Category`,
      summary: `Create a custom ${user ? 'category of the user' : 'integration-level category'} under a default or custom parent (at most ${max.toLocaleString('en-US')}; the name unique ${user ? 'among the user’s' : 'in the integration'}, the icon the parent’s).`,
      request: { schema: 'NewCategory', example: examples.newCategoryExample },
      responses: {
        '201': {
          description: 'Created.',
          body: { schema: 'Category', example: examples.customCategoryExample },
        },
        '400': fieldErrors({
          name: ['A category with this name already exists.'],
          parentId: ['Unknown category id.'],
        }),
        '403': forbidden,
      },
    },
    {
      ...common,
      method: 'delete',
      path: `${prefix}/categories`,
      operationId: `deleteAll${name}Categories`,
      summary: `Delete every custom category of the ${user ? 'user' : 'integration'}.`,
      responses: { '204': { description: 'Deleted.' }, '403': forbidden, '409': categoryInUse },
    },
    {
      ...common,
      ...(user
        ? { parameters: [userIdParameter, pathParameter('id', 'The custom category.')] }
        : { parameters: [pathParameter('id', 'The custom category.')] }),
      method: 'delete',
      path: `${prefix}/categories/{id}`,
      operationId: `delete${name}Category`,
      summary: `Delete a custom category of the ${user ? 'user' : 'integration'}.`,
      responses: {
        '204': { description: 'Deleted.' },
        '403': forbidden,
        '404': categoryNotFound,
        '409': categoryInUse,
      },
    },
  ];
}

/** `/categories/rules`: the integration's category rules, an extension beyond the commercial service. */
const categoryRuleOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/categories/rules',
    operationId: 'listCategoryRules',
    tag: 'Categories',
    summary:
      'List the integration’s category rules, in creation order. An extension beyond the commercial service.',
    responses: {
      '200': {
        description: 'The rules.',
        body: { schema: 'CategoryRules', example: [examples.categoryRuleExample] },
      },
      '403': forbidden,
    },
  },
  {
    method: 'post',
    path: '/categories/rules',
    operationId: 'createCategoryRule',
    tag: 'Categories',
    summary: `File every transaction that matches under a default or custom category of the integration (at most ${limits.maxRules.toLocaleString('en-US')} rules). Every criterion given must hold: industryId (a default category, its descendants too), mcc {from, to}, namePattern (a glob over the displayed name: * any run, ? one character, \\ escapes; case aside), type, subType, direction, amount {min, max} (its magnitude), channel. The rule with the most criteria wins, then the deeper industryId, then the latest; a counterparty personalization outranks every rule. The category becomes the counterparty's last industry node and display.categoryName (without a counterparty, categoryName alone). The next enrichment applies it. An extension beyond the commercial service.`,
    request: { schema: 'NewCategoryRule', example: examples.newCategoryRuleExample },
    responses: {
      '201': {
        description: 'Created.',
        body: { schema: 'CategoryRule', example: examples.categoryRuleExample },
      },
      '400': fieldErrors({
        categoryId: ['Unknown category id.'],
        'match.namePattern': ['Invalid pattern: a "\\" at its end escapes nothing.'],
        'match.mcc.to': ['Ensure this range ends at or after its start.'],
      }),
      '403': forbidden,
    },
  },
  {
    method: 'delete',
    path: '/categories/rules/{id}',
    operationId: 'deleteCategoryRule',
    tag: 'Categories',
    parameters: [pathParameter('id', 'The rule.')],
    summary: 'Delete a category rule. An extension beyond the commercial service.',
    responses: {
      '204': { description: 'Deleted.' },
      '403': forbidden,
      '404': details('The integration has no rule with this id.', 'Category rule not found.'),
    },
  },
];

const personalizationLevels = [
  { level: 'integration', prefix: '', name: 'Integration', parameters: [] as ParameterSpec[] },
  { level: 'user', prefix: '/users/{userId}', name: 'User', parameters: [userIdParameter] },
  {
    level: 'organization',
    prefix: '/organizations/{organizationId}',
    name: 'Organization',
    parameters: [pathParameter('organizationId', 'The organization (multi-source feature).')],
  },
] as const;

/** Counterparty category personalizations at one level: the integration, a user, an organization. */
function personalizationOperations(spec: (typeof personalizationLevels)[number]): OperationSpec[] {
  const path = `${spec.prefix}/counterparty-category-personalizations`;
  const owner =
    spec.level === 'user'
      ? { userId: 'user-1234' }
      : spec.level === 'organization'
        ? { organizationId: 'bank-feed-1' }
        : {};
  const example = { ...examples.personalizationExample, ...owner };
  const extension =
    spec.level === 'organization'
      ? ' An extension beyond the commercial service, for keys with the multi-source feature: it applies to transactions carrying this organizationId.'
      : '';
  const max =
    spec.level === 'user' ? limits.maxPersonalizationsPerUser : limits.maxPersonalizationsPerIntegration;
  const common = {
    tag: 'Categories',
    ...(spec.parameters.length > 0 ? { parameters: [...spec.parameters] } : {}),
  };
  return [
    {
      ...common,
      method: 'get',
      path,
      operationId: `list${spec.name}Personalizations`,
      summary: `List the ${spec.level}’s counterparty category personalizations, in creation order.${extension}`,
      responses: {
        '200': {
          description: 'The personalizations.',
          body: { schema: 'Personalizations', example: [example] },
        },
        '403': forbidden,
      },
    },
    {
      ...common,
      method: 'put',
      path,
      operationId: `put${spec.name}Personalization`,
      summary: `File a counterparty (a catalog merchant, or an unverified one by its stable id) under a default or custom category for the ${spec.level} (at most ${max.toLocaleString('en-US')}). Precedence: user, organization, integration, the engine's category.${extension}`,
      request: { schema: 'Personalization', example: examples.personalizationExample },
      responses: {
        '200': { description: 'Updated.', body: { schema: 'PersonalizationView', example } },
        '201': { description: 'Created.', body: { schema: 'PersonalizationView', example } },
        '400': fieldErrors({ categoryId: ['Unknown category id.'] }),
        '403': forbidden,
      },
    },
    {
      ...common,
      method: 'delete',
      path,
      operationId: `deleteAll${spec.name}Personalizations`,
      summary: `Delete every counterparty category personalization of the ${spec.level}.`,
      responses: { '204': { description: 'Deleted.' }, '403': forbidden },
    },
    {
      ...common,
      parameters: [...spec.parameters, pathParameter('counterpartyId', 'The counterparty.')],
      method: 'delete',
      path: `${path}/{counterpartyId}`,
      operationId: `delete${spec.name}Personalization`,
      summary: `Delete the ${spec.level}’s personalization of a counterparty.`,
      responses: {
        '204': { description: 'Deleted.' },
        '403': forbidden,
        '404': details(
          'The owner has no personalization of this counterparty.',
          'Counterparty category personalization not found.',
        ),
      },
    },
  ];
}

/** Every operation of CONTRACT.md, with examples. */
const enrichmentIdParameter: ParameterSpec = {
  name: 'enrichmentId',
  in: 'path',
  required: true,
  description: 'The enrichmentId of an enrichment this key’s tenant and environment received.',
  schema: { type: 'string', format: 'uuid' },
};
const enrichmentNotFound = details(
  'No enrichment of this tenant and environment has this id (another tenant’s or environment’s included).',
  messages.enrichmentNotFound,
);
const reportedAt = '2024-11-21T20:09:02.417Z';
const fraudNote = `fraudType (${fraudTypes.join(', ')}) only with isFraud: true; notes at most ${outcomeNotesMax} characters.`;

/** The transaction outcome endpoints: one per kind, each echoing what it stored. */
const outcomeOperations: OperationSpec[] = [
  {
    method: 'post',
    path: '/enrichments/{enrichmentId}/chargeback',
    operationId: 'reportChargeback',
    summary: `Report a chargeback on an enrichment, or its new state (a later report replaces the earlier one). Lost chargebacks count in the counterparty's riskInsights. ${fraudNote}`,
    tag: 'Transaction outcomes',
    parameters: [enrichmentIdParameter],
    request: { schema: 'ChargebackOutcome', example: examples.chargebackExample },
    responses: {
      '200': {
        description: 'Stored, as echoed.',
        body: {
          schema: 'ChargebackRecorded',
          example: {
            enrichmentId: examples.enrichmentExample.enrichmentId,
            ...examples.chargebackExample,
            reportedAt,
          },
        },
      },
      '400': fieldErrors({ state: [messages.required], fraudType: [messages.fraudTypeNeedsFraud] }),
      '403': forbidden,
      '404': enrichmentNotFound,
    },
  },
  {
    method: 'post',
    path: '/enrichments/{enrichmentId}/decline',
    operationId: 'reportDecline',
    summary: `Report that the transaction was declined. Declines count in the counterparty's riskInsights. ${fraudNote}`,
    tag: 'Transaction outcomes',
    parameters: [enrichmentIdParameter],
    request: { schema: 'DeclineOutcome', example: examples.declineExample },
    responses: {
      '200': {
        description: 'Stored, as echoed.',
        body: {
          schema: 'DeclineRecorded',
          example: {
            enrichmentId: examples.enrichmentExample.enrichmentId,
            ...examples.declineExample,
            reportedAt,
          },
        },
      },
      '400': fieldErrors({ declineNotes: [messages.maxLength(outcomeNotesMax)] }),
      '403': forbidden,
      '404': enrichmentNotFound,
    },
  },
  {
    method: 'post',
    path: '/enrichments/{enrichmentId}/refund',
    operationId: 'reportRefund',
    summary: `Report that the transaction was refunded. Refunds count in the counterparty's riskInsights. ${fraudNote}`,
    tag: 'Transaction outcomes',
    parameters: [enrichmentIdParameter],
    request: { schema: 'RefundOutcome', example: examples.refundExample },
    responses: {
      '200': {
        description: 'Stored, as echoed.',
        body: {
          schema: 'RefundRecorded',
          example: {
            enrichmentId: examples.enrichmentExample.enrichmentId,
            ...examples.refundExample,
            reportedAt,
          },
        },
      },
      '400': fieldErrors({ refundNotes: [messages.maxLength(outcomeNotesMax)] }),
      '403': forbidden,
      '404': enrichmentNotFound,
    },
  },
  {
    method: 'post',
    path: '/enrichments/{enrichmentId}/fraud',
    operationId: 'reportFraud',
    summary: `Report the transaction as fraud (a body is optional; isFraud is true). Enrichments reported as fraud, by this or another outcome, count in the counterparty's riskInsights. Notes at most ${outcomeNotesMax} characters.`,
    tag: 'Transaction outcomes',
    parameters: [enrichmentIdParameter],
    request: { schema: 'FraudOutcome', example: examples.fraudExample },
    responses: {
      '200': {
        description: 'Stored, as echoed.',
        body: {
          schema: 'FraudRecorded',
          example: {
            enrichmentId: examples.enrichmentExample.enrichmentId,
            isFraud: true,
            ...examples.fraudExample,
            reportedAt,
          },
        },
      },
      '400': fieldErrors({ isFraud: [messages.fraudIsFraud] }),
      '403': forbidden,
      '404': enrichmentNotFound,
    },
  },
];

export const operations: readonly OperationSpec[] = [
  ...singleKinds.map((spec) => singleEnrichment(spec)),
  singleEnrichment(singleKinds[0]!, '/transactions/enrich', true),
  singleEnrichment(singleKinds[1]!, '/transactions/enrich/parse', true),
  ...batchKinds.flatMap(batchOperations),
  {
    method: 'get',
    path: '/batches/{batchId}',
    operationId: 'getBatch',
    summary: 'Read the status of a batch.',
    tag: 'Batches',
    parameters: [batchIdParameter],
    responses: {
      '200': {
        description: 'The batch.',
        body: { schema: 'Batch', example: { ...examples.batchExample, status: 'running' } },
      },
      '403': forbidden,
      '404': batchNotFound,
    },
  },
  {
    method: 'get',
    path: '/batches/{batchId}/results',
    operationId: 'getBatchResults',
    summary: 'Fetch the results of a completed batch: all of them, or a page with limit or cursor.',
    tag: 'Batches',
    parameters: [
      batchIdParameter,
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: `Answer a page of this many results (${resultsPageLimits.default.toLocaleString('en-US')} when only cursor is given), with the cursor of the next page.`,
        schema: { type: 'integer', minimum: 1, maximum: resultsPageLimits.max },
      },
      {
        name: 'cursor',
        in: 'query',
        required: false,
        description:
          'Where the page starts: the next cursor of the page before (opaque). The first page has none.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      '200': {
        description:
          'One result per submitted transaction, in input order (or status failed, without results). With limit or cursor, one page of them and next: the cursor of the next page, null after the last.',
        body: {
          schema: 'BatchResults',
          example: {
            batchId: examples.batchExample.batchId,
            results: [{ ...examples.enrichmentExample, statusCode: 200 }, examples.failedItemExample],
            next: encodeResultsCursor(examples.batchExample.batchId, 2),
          },
        },
      },
      '400': fieldErrors({ limit: [messages.maxValue(resultsPageLimits.max)] }),
      '202': {
        description: 'Not completed yet.',
        body: {
          schema: 'BatchResultsPending',
          example: { batchId: examples.batchExample.batchId, status: 'running' },
        },
      },
      '403': forbidden,
      '404': batchNotFound,
      '410': details(
        'The batch completed, and its results were deleted after the retention period (30 days after completion by default; the configuration sets it per environment). GET /batches/{batchId} still answers the batch.',
        batchResultsExpired(30, Date.UTC(2024, 10, 21, 20, 7, 31), Date.UTC(2024, 11, 21, 21, 0, 0)),
      ),
    },
  },
  {
    method: 'get',
    path: '/corporations',
    operationId: 'searchCorporations',
    summary: 'Search merchants by (partial) name, for autocomplete: at most 5, best first.',
    tag: 'Merchant search',
    parameters: [
      {
        name: 'name',
        in: 'query',
        required: true,
        description: 'A partial merchant name.',
        schema: { type: 'string', minLength: 1 },
      },
    ],
    responses: {
      '200': {
        description: 'The best matches.',
        body: { schema: 'Corporations', example: examples.corporationsExample },
      },
      '400': fieldErrors({ name: [messages.required] }),
      '403': forbidden,
      '429': rateLimited,
    },
  },
  {
    method: 'get',
    path: '/merchants',
    operationId: 'lookupMerchants',
    summary:
      "Merchant details for a name: up to 5 counterparties (the result's counterparty shape, with the MCCs the merchant is expected to use, its other catalog records and its parent, subsidiary and sibling brands) and up to 5 third parties, most similar first. Gated and rate-limited like /corporations.",
    tag: 'Merchant search',
    parameters: [
      {
        name: 'name',
        in: 'query',
        required: true,
        description: 'A merchant name, whole or partial.',
        schema: { type: 'string', minLength: 1 },
      },
    ],
    responses: {
      '200': {
        description: 'The merchants and third parties of that name; matchScore says how similar the name is.',
        body: { schema: 'Merchants', example: examples.merchantsExample },
      },
      '400': fieldErrors({ name: [messages.required] }),
      '403': forbidden,
      '429': rateLimited,
    },
  },
  {
    method: 'get',
    path: '/users/{userId}/recurring',
    operationId: 'listRecurringSeries',
    summary:
      "A user's recurring series (subscriptions and bills) in the key's environment, active ones first. An extension beyond the contract.",
    tag: 'Recurring series',
    parameters: [
      { name: 'userId', in: 'path', required: true, description: 'The user.', schema: { type: 'string' } },
      {
        name: 'status',
        in: 'query',
        required: false,
        description: 'Only active or only inactive series (activity is judged at the user’s latest payment).',
        schema: { type: 'string', enum: [...recurringStatuses] },
      },
    ],
    responses: {
      '200': {
        description: 'The recurring series; none for a user the environment has not seen.',
        body: { schema: 'UserRecurring', example: examples.userRecurringExample },
      },
      '400': fieldErrors({ status: [messages.invalidChoice('closed')] }),
      '403': forbidden,
    },
  },
  ...triggerScopes.flatMap((scope) => triggerOperations(scope, 'merchant')),
  ...triggerScopes.flatMap((scope) => triggerOperations(scope, 'category')),
  ...categoryOperations('integration'),
  ...categoryRuleOperations,
  ...categoryOperations('user'),
  ...personalizationLevels.flatMap(personalizationOperations),
  {
    method: 'post',
    path: '/transactions/report',
    operationId: 'reportEnrichment',
    summary: 'Report a suspected incorrect enrichment.',
    tag: 'Error reports',
    request: { schema: 'ErrorReport', example: examples.errorReportExample },
    responses: {
      '200': {
        description: 'Reported.',
        body: { schema: 'ReportAccepted', example: { details: reportAcceptedDetails } },
      },
      '400': fieldErrors({ enrichmentId: [messages.invalidUuid] }),
      '403': forbidden,
      '500': details('Unexpected failure; retry after a brief delay.', errorDetails.internal),
    },
  },
  ...outcomeOperations,
];

const adminForbidden = details('Missing or wrong admin key (X-Admin-Key).', errorDetails.forbidden);

const reportIdParameter: ParameterSpec = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The report id.',
  schema: { type: 'string', format: 'uuid' },
};
const reportNotFound = details('No report has this id.', 'Report not found.');
const reportClosed = details('The report is not open.', 'This report is already resolved.');

/**
 * The operator's routes beyond the contract: the admin API (error reports, usage, the callback outbox),
 * the metrics, and the probes.
 */
export const operatorOperations: readonly OperationSpec[] = [
  {
    method: 'get',
    path: '/admin/reports',
    operationId: 'listReports',
    summary: 'List the error reports of every tenant, oldest first.',
    tag: 'Admin',
    auth: 'admin',
    parameters: [
      {
        name: 'status',
        in: 'query',
        required: false,
        description: 'Only reports in this status (all without it).',
        schema: { type: 'string', enum: [...reportStatuses] },
      },
    ],
    responses: {
      '200': {
        description: 'The reports.',
        body: { schema: 'ReportViews', example: { reports: [examples.reportViewExample] } },
      },
      '400': fieldErrors({ status: [messages.invalidChoice('closed')] }),
      '403': adminForbidden,
    },
  },
  {
    method: 'post',
    path: '/admin/reports/{id}/reject',
    operationId: 'rejectReport',
    summary: 'Close an open report without a correction (nothing is sent to the tenant).',
    tag: 'Admin',
    auth: 'admin',
    parameters: [reportIdParameter],
    responses: {
      '200': {
        description: 'The report, rejected.',
        body: { schema: 'ReportView', example: { ...examples.reportViewExample, status: 'rejected' } },
      },
      '403': adminForbidden,
      '404': reportNotFound,
      '409': reportClosed,
    },
  },
  {
    method: 'post',
    path: '/admin/reports/{id}/resolve',
    operationId: 'resolveReport',
    summary:
      'Close an open report with a correction: the corrected enrichment is sent to the tenant’s returned-enrichment URL, and later transactions with the same descriptor come out corrected. With personalization (a report with incorrectCategory), the corrected counterparty is also filed under the category for the reporting user (or its organization, or the integration), as PUT .../counterparty-category-personalizations would.',
    tag: 'Admin',
    auth: 'admin',
    parameters: [reportIdParameter],
    request: { schema: 'ReportCorrection', example: examples.reportCorrectionExample },
    responses: {
      '200': {
        description: 'The corrected enrichment (same enrichmentId).',
        body: { schema: 'Enrichment', example: examples.enrichmentExample },
      },
      '400': fieldErrors({ channel: [messages.invalidChoice('online')] }),
      '403': adminForbidden,
      '404': reportNotFound,
      '409': reportClosed,
    },
  },
  {
    method: 'get',
    path: '/admin/usage',
    operationId: 'usage',
    summary:
      'Usage counters of every tenant: transactions per endpoint and UTC day, per billing profile and organization.',
    tag: 'Admin',
    auth: 'admin',
    responses: {
      '200': {
        description: 'The counters.',
        body: { schema: 'UsageViews', example: { usage: [examples.usageViewExample] } },
      },
      '403': adminForbidden,
    },
  },
  {
    method: 'get',
    path: '/admin/callbacks',
    operationId: 'listCallbacks',
    summary:
      'List callback deliveries of every tenant, the latest first: abandoned ones to replay, pending, delivered.',
    tag: 'Admin',
    auth: 'admin',
    parameters: [
      {
        name: 'state',
        in: 'query',
        required: false,
        description: 'Only deliveries in this state (all states without it).',
        schema: { type: 'string', enum: [...deliveryStates] },
      },
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'How many, the latest created first.',
        schema: {
          type: 'integer',
          minimum: 1,
          maximum: deliveryListLimits.max,
          default: deliveryListLimits.default,
        },
      },
    ],
    responses: {
      '200': {
        description: 'The deliveries.',
        body: { schema: 'CallbackDeliveries', example: { callbacks: [examples.callbackDeliveryExample] } },
      },
      '400': fieldErrors({ state: [messages.invalidChoice('lost')] }),
      '403': adminForbidden,
    },
  },
  {
    method: 'post',
    path: '/admin/callbacks/{id}/replay',
    operationId: 'replayCallback',
    summary: 'Send an abandoned callback again: pending, due now, with a fresh retry window.',
    tag: 'Admin',
    auth: 'admin',
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'The delivery id.',
        schema: { type: 'string', format: 'uuid' },
      },
    ],
    responses: {
      '200': {
        description: 'The delivery, pending again.',
        body: {
          schema: 'CallbackDelivery',
          example: {
            ...examples.callbackDeliveryExample,
            state: 'pending',
            attempts: 0,
            nextAttemptAt: '2024-11-25T09:00:00.000Z',
            abandonedAt: null,
            replayedAt: '2024-11-25T09:00:00.000Z',
          },
        },
      },
      '403': adminForbidden,
      '404': details('No delivery has this id.', 'Callback not found.'),
      '409': details(
        'The delivery is not abandoned.',
        'Only an abandoned callback can be replayed; this one is pending.',
      ),
    },
  },
  {
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary:
      'Prometheus metrics: requests by route and status, latency histograms, batch items, pool, callbacks, store errors.',
    tag: 'Admin',
    auth: 'scraper',
    responses: {
      '200': {
        description: 'The metrics, in the Prometheus text format.',
        text: { mediaType: 'text/plain; version=0.0.4; charset=utf-8', example: examples.metricsExample },
      },
      '403': adminForbidden,
    },
  },
  {
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    summary: 'Liveness: the process answers (it may not be ready: see /readyz).',
    tag: 'Health',
    auth: 'public',
    responses: {
      '200': { description: 'Alive.', body: { schema: 'Health', example: examples.healthExample } },
    },
  },
  {
    method: 'get',
    path: '/readyz',
    operationId: 'readiness',
    summary: 'Readiness: the store is usable (its database file the one opened) and the catalog loaded.',
    tag: 'Health',
    auth: 'public',
    responses: {
      '200': { description: 'Ready.', body: { schema: 'Readiness', example: examples.readinessExample } },
      '503': {
        description: 'Not ready: the failed check names why.',
        body: {
          schema: 'Readiness',
          example: { status: 'unavailable', checks: { store: 'STORE_UNAVAILABLE', catalog: 'ok' } },
        },
      },
    },
  },
];

/** The callbacks the service sends (OpenAPI 3.1 `webhooks`). */
export const webhooks = {
  batchStatus: {
    summary: 'A batch submitted with callbackUrl ended (completed or failed).',
    body: {
      schema: 'BatchCallback',
      example: { batchId: examples.batchExample.batchId, status: 'completed' },
    },
  },
  returnedEnrichment: {
    summary: 'A reported enrichment was corrected: the corrected enrichment, same schema and enrichmentId.',
    body: { schema: 'Enrichment', example: examples.enrichmentExample },
  },
} as const satisfies Record<string, { summary: string; body: BodySpec }>;

function jsonSchemaOf(name: ComponentName): Record<string, unknown> {
  const { schema, io } = componentSchemas[name];
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return jsonSchema;
}

const jsonContent = (body: BodySpec) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${body.schema}` }, example: body.example },
});

/** The `security` of an operation by who may call it (the document's default is the API key). */
const securityOf = {
  admin: [{ adminKey: [] }],
  scraper: [{ adminKey: [] }, { adminBearer: [] }],
  public: [],
} as const satisfies Record<NonNullable<OperationSpec['auth']>, unknown[]>;

const textContent = (body: TextBodySpec) => ({
  [body.mediaType]: { schema: { type: 'string' }, example: body.example },
});

export interface OpenApiOptions {
  /**
   * Base URL of the deployment, listed under `servers`; `/` by default: the origin that serves the
   * document, whatever host name or proxy a client reached it through.
   */
  serverUrl?: string;
  version?: string;
}

/** The OpenAPI 3.1 document of the whole interface, generated from the zod schemas. */
export function createOpenApiDocument(options: OpenApiOptions = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of [...operations, ...operatorOperations]) {
    const responses = Object.fromEntries(
      Object.entries(op.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          ...(response.body ? { content: jsonContent(response.body) } : {}),
          ...(response.text ? { content: textContent(response.text) } : {}),
        },
      ]),
    );
    if (!op.responses['400'] && op.request) responses['400'] = notJson;
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      ...(op.deprecated ? { deprecated: true } : {}),
      ...(op.auth ? { security: securityOf[op.auth] } : {}),
      ...(op.parameters ? { parameters: op.parameters } : {}),
      ...(op.request ? { requestBody: { required: true, content: jsonContent(op.request) } } : {}),
      responses,
    };
  }
  const schemas = Object.fromEntries(
    (Object.keys(componentSchemas) as ComponentName[]).map((name) => [name, jsonSchemaOf(name)]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'txenrich',
      version: options.version ?? '0.1.0',
      description:
        'Transaction enrichment: merchants, channels, transfers, recurrence and risk, self-hosted.',
      // The project's licence (LICENSE at the repository's root).
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      options.serverUrl
        ? { url: options.serverUrl }
        : { url: '/', description: 'This deployment: the origin serving this document.' },
    ],
    security: [{ apiKey: [] }],
    paths,
    webhooks: Object.fromEntries(
      Object.entries(webhooks).map(([name, hook]) => [
        name,
        {
          post: {
            summary: hook.summary,
            parameters: [
              {
                name: 'X-Webhook-Token',
                in: 'header',
                required: true,
                description: 'The shared callback secret.',
                schema: { type: 'string' },
              },
            ],
            requestBody: { required: true, content: jsonContent(hook.body) },
            responses: {
              '200': { description: 'Any 2xx acknowledges; anything else is retried with backoff.' },
            },
          },
        },
      ]),
    ),
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key' },
        adminBearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The admin key as a bearer token, as a metrics scraper sends it (GET /metrics only).',
        },
      },
    },
  };
}
