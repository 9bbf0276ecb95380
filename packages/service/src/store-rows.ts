/**
 * The rows of the store's tables as every SQL adapter reads and writes them,
 * and their mapping to and from the port's records: one schema of columns
 * (snake_case, times as epoch ms integers, JSON as text), so SQLite and
 * Postgres name, order and convert them in one place. Adapters read rows
 * with the `*Columns` lists, and write records with the `*Insert` mappings
 * (`insertStatement` makes their SQL with the driver's placeholders).
 */
import type {
  CategoryRule,
  CorrectionRule,
  CounterpartyPersonalization,
  CustomCategory,
} from '@txenrich/core';
import type { CategoryRuleMatch } from '@txenrich/schema';
import {
  type ActivityRow,
  type BatchRecord,
  type CategoryOwnerPath,
  type CategoryRuleRecord,
  type CounterpartyOutcomes,
  type CustomCategoryRecord,
  type Delivery,
  type DeliveryRecord,
  type DeliveryState,
  dayOf,
  type EnrichmentRecord,
  type Environment,
  type IdempotentBatch,
  type NewBatch,
  type NewCustomCategory,
  type NewDelivery,
  type PersonalizationRecord,
  type ReportRecord,
  type ReportStatus,
  type Scope,
  type SeriesRow,
  type UsageKey,
  type UsageRow,
} from './store.js';

/** A row's value as the drivers take it. */
export type ColumnValue = string | number | null;

/** How one kind of record is inserted: its table, the columns written, and a record's values in that order. */
export interface InsertMapping<Args extends unknown[]> {
  table: string;
  columns: readonly string[];
  values(...record: Args): ColumnValue[];
}

/** `INSERT INTO table (columns) VALUES (...)` with the driver's placeholder for the column at each index. */
export function insertStatement(
  mapping: InsertMapping<never>,
  placeholder: (index: number) => string,
): string {
  const { table, columns } = mapping;
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, index) => placeholder(index)).join(', ')})`;
}

// ---------------------------------------------------------------- batches

export interface BatchRow {
  id: string;
  tenant: string;
  environment: Environment;
  kind: BatchRecord['kind'];
  status: BatchRecord['status'];
  size: number;
  submitted_at: string;
  callback_url: string | null;
  chunk_size: number;
  chunks_done: number;
  finished_at: number | null;
  results_expired_at: number | null;
}

export const batchColumns =
  'id, tenant, environment, kind, status, size, submitted_at, callback_url, chunk_size, chunks_done, finished_at, results_expired_at';

const scopeOf = (row: { tenant: string; environment: Environment }): Scope => ({
  tenant: row.tenant,
  environment: row.environment,
});

export const toBatch = (row: BatchRow): BatchRecord => ({
  id: row.id,
  scope: scopeOf(row),
  kind: row.kind,
  status: row.status,
  size: row.size,
  submittedAt: row.submitted_at,
  callbackUrl: row.callback_url,
  chunkSize: row.chunk_size,
  chunksDone: row.chunks_done,
  finishedAt: row.finished_at,
  resultsExpiredAt: row.results_expired_at,
});

/** A new batch's row in `batches`, `pending` (its items go to `batch_items`). */
export const batchInsert: InsertMapping<[NewBatch]> = {
  table: 'batches',
  columns: [
    'id',
    'tenant',
    'environment',
    'kind',
    'status',
    'size',
    'submitted_at',
    'callback_url',
    'chunk_size',
    'idempotency_key',
    'request_hash',
    'idempotency_created_at',
  ],
  values: (batch) => [
    batch.id,
    batch.scope.tenant,
    batch.scope.environment,
    batch.kind,
    'pending',
    batch.size,
    batch.submittedAt,
    batch.callbackUrl,
    batch.chunkSize,
    batch.idempotency?.key ?? null,
    batch.idempotency?.requestHash ?? null,
    batch.idempotency?.createdAt ?? null,
  ],
};

/** What `createBatch` answers for the batch an idempotency key found (`batchColumns` and `request_hash`). */
export const toIdempotentBatch = (row: BatchRow & { request_hash: string }): IdempotentBatch => ({
  batch: toBatch(row),
  requestHash: row.request_hash,
});

/** Finished batches are left as they are by `startBatch` and `finishBatch`. */
export const isFinished = (status: BatchRecord['status']): boolean =>
  status === 'completed' || status === 'failed';

/** Whether a batch's results can be read: completed, and not expired by retention. */
export const resultsReadable = (row: BatchRow | undefined): row is BatchRow =>
  row?.status === 'completed' && row.results_expired_at === null;

// ---------------------------------------------------------------- enrichments and series

export interface EnrichmentRow {
  enrichment_id: string;
  kind: EnrichmentRecord['kind'];
  request: string;
  created_at: number;
  counterparty_id: string | null;
}

export const enrichmentColumns = 'enrichment_id, kind, request, created_at, counterparty_id';

export const toEnrichment = (row: EnrichmentRow): EnrichmentRecord => ({
  enrichmentId: row.enrichment_id,
  kind: row.kind,
  request: row.request,
  createdAt: row.created_at,
  counterpartyId: row.counterparty_id,
});

export const enrichmentInsert: InsertMapping<[Scope, EnrichmentRecord]> = {
  table: 'enrichments',
  columns: ['tenant', 'environment', 'enrichment_id', 'kind', 'request', 'created_at', 'counterparty_id'],
  values: (scope, record) => [
    scope.tenant,
    scope.environment,
    record.enrichmentId,
    record.kind,
    record.request,
    record.createdAt,
    record.counterpartyId,
  ],
};

/**
 * The enrichments of some writes counted per scope, counterparty and day, one row each, in key order
 * (a Postgres transaction that takes its rows in that order never deadlocks with another), so a request
 * or a chunk of many enrichments of one merchant adds to one row.
 */
export function activityRows(
  writes: ReadonlyArray<{ scope: Scope; enrichments: readonly EnrichmentRecord[] }>,
): ActivityRow[] {
  const counts = new Map<string, ActivityRow>();
  for (const { scope, enrichments } of writes)
    for (const { counterpartyId, createdAt } of enrichments) {
      if (counterpartyId === null) continue;
      const day = dayOf(createdAt);
      const key = `${scope.tenant}\u0000${scope.environment}\u0000${counterpartyId}\u0000${day}`;
      const row = counts.get(key);
      if (row) row[4]++;
      else counts.set(key, [scope.tenant, scope.environment, counterpartyId, day, 1]);
    }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

export const activityInsert: InsertMapping<ActivityRow> = {
  table: 'counterparty_activity',
  columns: ['tenant', 'environment', 'counterparty_id', 'day', 'enrichments'],
  values: (...row) => row,
};

/** What makes `activityInsert` add to the day's count: the same SQL on SQLite and Postgres. */
export const activityAdd = `ON CONFLICT (tenant, environment, counterparty_id, day)
  DO UPDATE SET enrichments = counterparty_activity.enrichments + excluded.enrichments`;

/** An outcome's row in `enrichment_outcomes` (its counterparty and day are its enrichment's). */
export interface OutcomeRow {
  counterparty_id: string;
  chargebacks_lost: number;
  fraud_reports: number;
  declines: number;
  refunds: number;
  enrichments: number;
}

/**
 * The counts of `counterpartyOutcomes`, on both stores. Its values, by placeholder (`placeholder(i)` names
 * the i-th; the drivers' differ): 0 tenant, 1 environment, 2 the first day, and with `changed`, 3 the
 * revision after which a counterparty's outcomes must have changed.
 */
export const counterpartyOutcomesSql = (placeholder: (index: number) => string, changed: boolean) => {
  const [tenant, environment, since] = [placeholder(0), placeholder(1), placeholder(2)];
  const changedOnly = changed
    ? `AND counterparty_id IN (SELECT counterparty_id FROM enrichment_outcomes
         WHERE tenant = ${tenant} AND environment = ${environment} AND revision > ${placeholder(3)})`
    : '';
  return `SELECT o.counterparty_id, o.chargebacks_lost, o.fraud_reports, o.declines, o.refunds,
      coalesce((SELECT sum(a.enrichments) FROM counterparty_activity a
        WHERE a.tenant = ${tenant} AND a.environment = ${environment} AND a.counterparty_id = o.counterparty_id
          AND a.day >= ${since}), 0) AS enrichments
    FROM (
      SELECT counterparty_id,
        sum(CASE WHEN kind = 'chargeback' AND state = 'chargeback_lost' THEN 1 ELSE 0 END) AS chargebacks_lost,
        count(DISTINCT CASE WHEN is_fraud THEN enrichment_id END) AS fraud_reports,
        sum(CASE WHEN kind = 'decline' THEN 1 ELSE 0 END) AS declines,
        sum(CASE WHEN kind = 'refund' THEN 1 ELSE 0 END) AS refunds
      FROM enrichment_outcomes
      WHERE tenant = ${tenant} AND environment = ${environment} AND day >= ${since}
        AND counterparty_id IS NOT NULL ${changedOnly}
      GROUP BY counterparty_id
    ) o
    ORDER BY o.counterparty_id`;
};

export const toCounterpartyOutcomes = (row: OutcomeRow): CounterpartyOutcomes => ({
  counterpartyId: row.counterparty_id,
  enrichments: Number(row.enrichments),
  chargebacksLost: Number(row.chargebacks_lost),
  fraudReports: Number(row.fraud_reports),
  declines: Number(row.declines),
  refunds: Number(row.refunds),
});

/**
 * Stores an outcome (its enrichment's counterparty and day given, and the outcomes revision it makes),
 * replacing the same kind's: both stores.
 */
export const outcomeUpsert = (placeholder: (index: number) => string) =>
  `INSERT INTO enrichment_outcomes
     (tenant, environment, enrichment_id, kind, counterparty_id, day, state, is_fraud, body, reported_at, revision)
   VALUES (${Array.from({ length: 11 }, (_, index) => placeholder(index)).join(', ')})
   ON CONFLICT (tenant, environment, enrichment_id, kind) DO UPDATE SET
     state = excluded.state, is_fraud = excluded.is_fraud, body = excluded.body,
     reported_at = excluded.reported_at, revision = excluded.revision`;

/** A series state; a later write of the same (tenant, environment, user, key) replaces it (`seriesUpsert`). */
export const seriesInsert: InsertMapping<[Scope, SeriesRow]> = {
  table: 'recurrence_series',
  columns: ['tenant', 'environment', 'user_id', 'series_key', 'state', 'revision', 'last_day', 'seen_at'],
  values: (scope, row) => [
    scope.tenant,
    scope.environment,
    row.userId,
    row.key,
    row.state,
    row.revision,
    row.lastDay,
    row.seenAt,
  ],
};

/** What makes `seriesInsert` replace the stored state: the same SQL on SQLite and Postgres. */
export const seriesUpsert = `ON CONFLICT (tenant, environment, user_id, series_key)
  DO UPDATE SET state = excluded.state, revision = excluded.revision, last_day = excluded.last_day,
    seen_at = excluded.seen_at`;

// ---------------------------------------------------------------- deliveries

export interface DeliveryRow {
  id: string;
  kind: Delivery['kind'];
  tenant: string;
  environment: Environment;
  url: string;
  destination: string;
  body: string;
  created_at: number;
  next_attempt_at: number;
  attempts: number;
  last_error: string | null;
  replayed_at: number | null;
}

export const deliveryColumns =
  'id, kind, tenant, environment, url, destination, body, created_at, next_attempt_at, attempts, last_error, replayed_at';

export interface DeliveryRecordRow extends DeliveryRow {
  state: DeliveryState;
  delivered_at: number | null;
  abandoned_at: number | null;
}

export const deliveryRecordColumns = `${deliveryColumns}, state, delivered_at, abandoned_at`;

/** The delivery columns of the table aliased `d`, where a joined one has columns of the same names. */
export const deliveryColumnsOfD = deliveryColumns
  .split(', ')
  .map((column) => `d.${column}`)
  .join(', ');

export const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  kind: row.kind,
  scope: scopeOf(row),
  url: row.url,
  destination: row.destination,
  body: row.body,
  createdAt: row.created_at,
  nextAttemptAt: row.next_attempt_at,
  attempts: row.attempts,
  lastError: row.last_error,
  replayedAt: row.replayed_at,
});

export const toDeliveryRecord = (row: DeliveryRecordRow): DeliveryRecord => ({
  ...toDelivery(row),
  state: row.state,
  deliveredAt: row.delivered_at,
  abandonedAt: row.abandoned_at,
});

export const deliveryInsert: InsertMapping<[NewDelivery]> = {
  table: 'deliveries',
  columns: [
    'id',
    'kind',
    'tenant',
    'environment',
    'url',
    'destination',
    'body',
    'created_at',
    'next_attempt_at',
  ],
  values: (delivery) => [
    delivery.id,
    delivery.kind,
    delivery.scope.tenant,
    delivery.scope.environment,
    delivery.url,
    delivery.destination,
    delivery.body,
    delivery.createdAt,
    delivery.nextAttemptAt,
  ],
};

/** Claimed deliveries, oldest due first: the order both the claim and the pending list answer in. */
export const deliveryDueOrder = 'next_attempt_at, created_at, id';

/** The per-destination claim's deliveries in progress, as the JSON object (destination -> count) its SQL reads. */
export const inProgressJson = (inProgress: ReadonlyMap<string, number>): string =>
  JSON.stringify(Object.fromEntries(inProgress));

// ---------------------------------------------------------------- reports and corrections

export interface ReportRow {
  id: string;
  tenant: string;
  environment: Environment;
  enrichment_id: string;
  fields: string;
  status: ReportStatus;
  created_at: number;
}

export const reportColumns = 'id, tenant, environment, enrichment_id, fields, status, created_at';

export const toReport = (row: ReportRow): ReportRecord => ({
  id: row.id,
  scope: scopeOf(row),
  enrichmentId: row.enrichment_id,
  fields: JSON.parse(row.fields) as ReportRecord['fields'],
  status: row.status,
  createdAt: row.created_at,
});

export const reportInsert: InsertMapping<[ReportRecord]> = {
  table: 'reports',
  columns: ['id', 'tenant', 'environment', 'enrichment_id', 'fields', 'status', 'created_at'],
  values: (report) => [
    report.id,
    report.scope.tenant,
    report.scope.environment,
    report.enrichmentId,
    JSON.stringify(report.fields),
    report.status,
    report.createdAt,
  ],
};

/** A correction rule as stored (`corrections.rule`), and back. */
export const ruleText = (rule: CorrectionRule): string => JSON.stringify(rule);
export const toRule = (text: string): CorrectionRule => JSON.parse(text) as CorrectionRule;

/** What a revision counts the changes of, per (tenant, environment). */
export type RevisionSubject = 'triggers' | 'corrections' | 'categories' | 'outcomes';

// ---------------------------------------------------------------- categories and personalization

/** Who owns a row of `custom_categories` or `personalizations`, decoded (see `CategoryOwnerPath`). */
export interface CategoryOwner {
  userId: string | null;
  organizationId: string | null;
}

/** The owner path of a user, an organization, or (neither) the integration. */
export function categoryOwnerPath(owner: Partial<CategoryOwner>): CategoryOwnerPath {
  if (owner.userId != null) return `user:${encodeURIComponent(owner.userId)}`;
  if (owner.organizationId != null) return `organization:${encodeURIComponent(owner.organizationId)}`;
  return 'integration';
}

export function categoryOwnerOf(path: CategoryOwnerPath): CategoryOwner {
  const [kind, id] = path.split(':') as [string, string | undefined];
  const decoded = id === undefined ? null : decodeURIComponent(id);
  return {
    userId: kind === 'user' ? decoded : null,
    organizationId: kind === 'organization' ? decoded : null,
  };
}

/** The owner path of a user's categories' parents and personalizations' categories besides its own. */
export const INTEGRATION_OWNER: CategoryOwnerPath = 'integration';

export interface CustomCategoryRow {
  owner: string;
  id: string;
  name: string;
  parent_id: string;
  created_at: number;
}

export const customCategoryColumns = 'owner, id, name, parent_id, created_at';

export const toCustomCategory = (row: CustomCategoryRow): CustomCategoryRecord => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
  userId: categoryOwnerOf(row.owner).userId,
  createdAt: row.created_at,
});

export const customCategoryInsert: InsertMapping<[Scope, CategoryOwnerPath, NewCustomCategory]> = {
  table: 'custom_categories',
  columns: ['tenant', 'environment', 'owner', 'id', 'name', 'name_key', 'parent_id', 'created_at'],
  values: (scope, owner, category) => [
    scope.tenant,
    scope.environment,
    owner,
    category.id,
    category.name,
    category.nameKey,
    category.parentId,
    category.createdAt,
  ],
};

export interface PersonalizationRow {
  owner: string;
  counterparty_id: string;
  category_id: string;
}

export const personalizationColumns = 'owner, counterparty_id, category_id';

export const toPersonalization = (row: PersonalizationRow): PersonalizationRecord => ({
  counterpartyId: row.counterparty_id,
  categoryId: row.category_id,
  ...categoryOwnerOf(row.owner),
});

export interface CategoryRuleRow {
  id: string;
  category_id: string;
  /** The match as JSON text. */
  match: string;
  created_at: number;
}

export const categoryRuleColumns = 'id, category_id, match, created_at';

export const toCategoryRule = (row: CategoryRuleRow): CategoryRuleRecord => ({
  id: row.id,
  categoryId: row.category_id,
  match: JSON.parse(row.match) as CategoryRuleMatch,
  createdAt: Number(row.created_at),
});

export const categoryRuleInsert: InsertMapping<[Scope, CategoryRuleRecord]> = {
  table: 'category_rules',
  columns: ['tenant', 'environment', 'id', 'category_id', 'match', 'created_at'],
  values: (scope, rule) => [
    scope.tenant,
    scope.environment,
    rule.id,
    rule.categoryId,
    JSON.stringify(rule.match),
    rule.createdAt,
  ],
};

/** Core's forms of the records, for the compile (`TenantCategoryState`). */
export const coreCategory = (record: CustomCategoryRecord): CustomCategory => ({
  id: record.id,
  name: record.name,
  parentId: record.parentId,
  ...(record.userId === null ? {} : { userId: record.userId }),
});

export const coreCategoryRule = (record: CategoryRuleRecord): CategoryRule => ({
  id: record.id,
  categoryId: record.categoryId,
  match: record.match,
});

export const corePersonalization = (record: PersonalizationRecord): CounterpartyPersonalization => ({
  counterpartyId: record.counterpartyId,
  categoryId: record.categoryId,
  ...(record.userId === null ? {} : { userId: record.userId }),
  ...(record.organizationId === null ? {} : { organizationId: record.organizationId }),
});

// ---------------------------------------------------------------- usage

export interface UsageCounterRow {
  tenant: string;
  environment: Environment;
  billing_profile: string | null;
  organization_id: string | null;
  endpoint: string;
  day: string;
  count: number;
}

export const usageColumns = 'tenant, environment, billing_profile, organization_id, endpoint, day, count';

/** The order `usage()` lists counters in. */
export const usageOrder = 'day, tenant, environment, endpoint, billing_profile, organization_id';

export const toUsage = (row: UsageCounterRow): UsageRow => ({
  scope: scopeOf(row),
  billingProfile: row.billing_profile,
  organizationId: row.organization_id,
  endpoint: row.endpoint,
  day: row.day,
  count: row.count,
});

export const usageInsert: InsertMapping<[UsageKey, number]> = {
  table: 'usage',
  columns: ['tenant', 'environment', 'billing_profile', 'organization_id', 'endpoint', 'day', 'count'],
  values: (key, count) => [
    key.scope.tenant,
    key.scope.environment,
    key.billingProfile,
    key.organizationId,
    key.endpoint,
    key.day,
    count,
  ],
};
