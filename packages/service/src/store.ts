/**
 * The `Store` port: everything the service keeps. Adapters (`store-sqlite`,
 * `store-postgres`) implement it and pass the conformance suite of
 * `store-conformance.ts`. Every method is async so that a networked store
 * fits the same port; every record of a tenant is read through its `Scope`,
 * which is how one (tenant, environment) never sees another's data.
 *
 * Times are epoch milliseconds unless a name says otherwise; request and
 * result bodies are stored as JSON text, written and read without the store
 * parsing them.
 */
import type {
  CategoryRule,
  CorrectionRule,
  CounterpartyPersonalization,
  CustomCategory,
  OutcomeCounts,
  SeriesRef,
} from '@txenrich/core';

export type { SeriesRef } from '@txenrich/core';

import type {
  BatchStatus,
  CategoryRuleMatch,
  ChargebackState,
  DeliveryKind,
  DeliveryState,
  Environment,
  ErrorReport,
  OutcomeKind,
  RegistrationStatus,
  ReportStatus,
  TransactionKind,
} from '@txenrich/schema';

// The wire's names of environments, of the outbox's kinds and states and of report statuses, for the
// port's users.
export {
  type DeliveryKind,
  type DeliveryState,
  deliveryKinds,
  deliveryStates,
  type Environment,
  environments,
  type ReportStatus,
  reportStatuses,
} from '@txenrich/schema';

/** Whose data a record is. */
export interface Scope {
  tenant: string;
  environment: Environment;
}

// ---------------------------------------------------------------- batches

export interface BatchRecord {
  id: string;
  scope: Scope;
  kind: TransactionKind;
  status: BatchStatus;
  size: number;
  /** As answered to the client: `2024-11-21T20:07:20.213660Z`. */
  submittedAt: string;
  callbackUrl: string | null;
  /** Items per chunk; chunk `i` holds items `[i * chunkSize, (i + 1) * chunkSize)`. */
  chunkSize: number;
  /** Chunks whose results are stored: chunks `0 .. chunksDone - 1`. A resumed batch starts at `chunksDone`. */
  chunksDone: number;
  finishedAt: number | null;
  /** When retention deleted its results (`prune`, `batchResults`): from then on they are gone. */
  resultsExpiredAt: number | null;
}

export interface NewBatch {
  id: string;
  scope: Scope;
  kind: TransactionKind;
  size: number;
  submittedAt: string;
  callbackUrl: string | null;
  chunkSize: number;
  /** The submitted items, one JSON text per line (stores before version 4 kept one JSON array text). */
  items: string;
  /**
   * Set when the client sent an `Idempotency-Key`: the key, a hash of the request body, and `since`, the
   * start of the window in which an earlier batch with the same key answers instead.
   */
  idempotency?: { key: string; requestHash: string; createdAt: number; since: number };
}

/** A batch created earlier with the same idempotency key, and the hash of its request body. */
export interface IdempotentBatch {
  batch: BatchRecord;
  requestHash: string;
}

/** One enriched transaction, kept so a report can find (and re-enrich) it and an outcome can name it. */
export interface EnrichmentRecord {
  enrichmentId: string;
  kind: TransactionKind;
  /** The validated request body as JSON text. */
  request: string;
  createdAt: number;
  /** The id of its counterparty (the first), what its outcomes count against; null without one. */
  counterpartyId: string | null;
}

/** The day (UTC, days since 1970-01-01) a time falls on: what outcome counts are kept by. */
export const dayOf = (epochMs: number): number => Math.floor(epochMs / 86_400_000);

/** One user's series state (recurrence): core's `SeriesState` as JSON text. */
export interface SeriesRow extends SeriesRef {
  state: string;
  /** What tells this text from any other the row held or will hold (`series-revision.ts`). */
  revision: number;
  /** Its latest payment's calendar day (days since 1970-01-01). */
  lastDay: number;
  /** When an enrichment wrote it: what retention goes by. */
  seenAt: number;
}

/** A series state as `loadSeries` answers it: `state` is null when it is the revision the reader holds. */
export interface StoredSeries {
  revision: number;
  state: string | null;
}

/** What one inline enrichment request (single or microbatch) leaves in the store. */
export interface EnrichmentWrite {
  scope: Scope;
  enrichments: readonly EnrichmentRecord[];
  /** The series states it changed (the latest of each, when it changed one twice). */
  series: readonly SeriesRow[];
  /** Counts to add to the usage counters (each row names its own scope). */
  usage: readonly UsageRow[];
}

export interface BatchChunk {
  index: number;
  /**
   * The chunk's result items, each JSON text, in input order: as texts, or as the pool gives them, their
   * UTF-8 bytes joined by line breaks (a JSON text holds none), which a store thread decodes itself.
   */
  results: readonly string[] | Uint8Array;
  enrichments: readonly EnrichmentRecord[];
  series: readonly SeriesRow[];
}

// ---------------------------------------------------------------- outbox

export interface NewDelivery {
  id: string;
  kind: DeliveryKind;
  scope: Scope;
  url: string;
  /** The URL's host and port (`destinationOf`): concurrent deliveries are bounded per destination. */
  destination: string;
  /** JSON text of the POST body. */
  body: string;
  createdAt: number;
  /** The first attempt is due at this time. */
  nextAttemptAt: number;
}

export interface Delivery extends NewDelivery {
  attempts: number;
  lastError: string | null;
  /** When an operator last replayed it after it was abandoned (its retry window starts again then). */
  replayedAt: number | null;
}

/** A delivery in any state: what operators see. */
export interface DeliveryRecord extends Delivery {
  state: DeliveryState;
  deliveredAt: number | null;
  abandonedAt: number | null;
}

/** At most `max` deliveries under way per destination, counting the `inProgress` ones. */
export interface DestinationLimit {
  max: number;
  /** Deliveries already under way, by destination. */
  inProgress: ReadonlyMap<string, number>;
}

// ---------------------------------------------------------------- triggers

/**
 * A trigger scope within a tenant's environment: `account`, `program:<programId>`,
 * `user:<userId>` or `card:<userId>:<cardId>` (ids are encoded with `encodeURIComponent`).
 */
export type TriggerScopePath = string;

/**
 * A list of triggers as the store keeps it: the JSON texts of its pages, in order, each a JSON array
 * of triggers. A long list is written and read a page at a time, so that neither the store nor its
 * caller holds its thread, or its memory, for the whole list; the store never parses a page.
 */
export type TriggerPages = Iterable<string> | AsyncIterable<string>;

export interface TriggerScopeState {
  version: number;
  /** The status of the latest write (`version`). */
  status: RegistrationStatus;
  /** How many triggers apply: those of the last `succeeded` write. */
  activeCount: number;
}

export interface TriggerWrite {
  scope: Scope;
  path: TriggerScopePath;
  /** The scope's complete new list of triggers, taken a page at a time as the store writes them. */
  pages: TriggerPages;
  /** How many triggers the pages hold. */
  count: number;
  /** `succeeded` for a small write applied at once, `pending` for one processed in the background. */
  status: 'pending' | 'succeeded';
  at: number;
}

/** The scopes of one (tenant, environment) whose active lists are not empty, with a revision that changes on every change. */
export interface ActiveTriggerScopes {
  revision: number;
  paths: readonly TriggerScopePath[];
}

// ---------------------------------------------------------------- reports, corrections, usage

export interface ReportRecord {
  id: string;
  scope: Scope;
  enrichmentId: string;
  /** The report's fields as sent (`ErrorReport` minus `enrichmentId`). */
  fields: Omit<ErrorReport, 'enrichmentId'>;
  status: ReportStatus;
  createdAt: number;
}

export interface TenantCorrections {
  revision: number;
  rules: readonly CorrectionRule[];
}

export interface UsageKey {
  scope: Scope;
  billingProfile: string | null;
  organizationId: string | null;
  endpoint: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
}

export interface UsageRow extends UsageKey {
  count: number;
}

export interface RulesRevisions {
  triggers: number;
  corrections: number;
  /** Custom categories and counterparty personalizations. */
  categories: number;
  /** Transaction outcomes reported on enrichments. */
  outcomes: number;
}

// ---------------------------------------------------------------- transaction outcomes

/** A transaction outcome reported on an enrichment: one per enrichment and kind, a later one replacing it. */
export interface OutcomeRecord {
  enrichmentId: string;
  kind: OutcomeKind;
  /** The outcome as reported (the validated body) as JSON text. */
  body: string;
  /** A chargeback's state (lost ones count); null for the other kinds. */
  state: ChargebackState | null;
  /** Whether it reports fraud (every `fraud` outcome does). */
  isFraud: boolean;
  reportedAt: number;
}

/** A counterparty's enrichments of one day, to add to its count: what outcome rates divide by. */
export type ActivityRow = [
  tenant: string,
  environment: string,
  counterpartyId: string,
  day: number,
  count: number,
];

/** A counterparty's counts over a window: `OutcomeCounts` with its id. */
export interface CounterpartyOutcomes extends OutcomeCounts {
  counterpartyId: string;
}

// ---------------------------------------------------------------- categories and personalization

/**
 * Whose custom categories or counterparty personalizations: `integration` (the tenant's environment),
 * `organization:<organizationId>` (personalizations only) or `user:<userId>` (ids encoded with
 * `encodeURIComponent`; see `categoryOwnerPath`).
 */
export type CategoryOwnerPath = string;

/** A custom category as stored: core's `CustomCategory` with its owner and creation time. */
export interface CustomCategoryRecord {
  id: string;
  name: string;
  parentId: string;
  /** The user whose category it is; null at integration level. */
  userId: string | null;
  createdAt: number;
}

export interface NewCustomCategory extends CustomCategoryRecord {
  /** The name as compared for uniqueness within its owner (`categoryNameKey`). */
  nameKey: string;
  /** Whether `parentId` names a custom category (which must then exist and be visible to the owner). */
  customParent: boolean;
}

/** A counterparty personalization as stored: at most one per owner and counterparty. */
export interface PersonalizationRecord {
  counterpartyId: string;
  categoryId: string;
  /** A user's personalization; null otherwise. */
  userId: string | null;
  /** An organization's personalization; null otherwise. */
  organizationId: string | null;
}

/** A category rule as stored: per (tenant, environment), in creation order. */
export interface CategoryRuleRecord {
  /** A UUID. */
  id: string;
  categoryId: string;
  /** What it matches, as validated (`categoryRuleMatchSchema`). */
  match: CategoryRuleMatch;
  createdAt: number;
}

/**
 * What stands in the way of deleting custom categories: the personalizations, categories and category
 * rules using them.
 */
export interface CategoryUse {
  personalizations: PersonalizationRecord[];
  categories: CustomCategoryRecord[];
  rules: CategoryRuleRecord[];
}

/** A tenant's categories, personalizations and category rules, all owners, as one snapshot with its revision. */
export interface TenantCategoryState {
  revision: number;
  categories: CustomCategory[];
  personalizations: CounterpartyPersonalization[];
  /** In creation order. */
  rules: CategoryRule[];
}

// ---------------------------------------------------------------- retention

/**
 * What retention prunes: `enrichments` (kept for error reports), `batchResults` (a finished batch's
 * results and items; the batch stays, its results expired), `idempotencyKeys` (cleared from their
 * batches), `deliveredCallbacks` (deliveries in state `delivered`), `recurrenceSeries` (by when an
 * enrichment last wrote one), and the outcome counts kept per day: `counterpartyActivity` (enrichments per
 * counterparty and day) and `enrichmentOutcomes` (by their enrichment's day).
 */
export const prunableRecords = [
  'enrichments',
  'batchResults',
  'idempotencyKeys',
  'deliveredCallbacks',
  'recurrenceSeries',
  'counterpartyActivity',
  'enrichmentOutcomes',
] as const;
export type PrunableRecords = (typeof prunableRecords)[number];

/** One step of a retention pass: one kind of record, one environment, one short transaction. */
export interface PruneStep {
  records: PrunableRecords;
  environment: Environment;
  /** Records older than this (epoch ms) are pruned: created, finished, delivered or last seen before it. */
  before: number;
  /** At most this many rows are deleted (or, for idempotency keys, cleared). */
  limit: number;
  /** Now: when a batch's results expire. */
  at: number;
}

export interface PruneStepResult {
  /**
   * Records pruned: enrichments, deliveries and series deleted, idempotency keys cleared, batches whose
   * results expired.
   */
  pruned: number;
  /** True when the step stopped at its limit: another step may find more. */
  more: boolean;
}

// ---------------------------------------------------------------- rate limits

/** A key's requests in its current window of rate limiting. */
export interface RateWindow {
  /** Requests counted in the window, this one included. */
  count: number;
  /** When the window ends (epoch ms): the count starts again from 0 then. */
  endsAt: number;
}

// ---------------------------------------------------------------- the port

export interface Store {
  // Batches. The methods below that take a batch id alone reject for an unknown id, except the results'.
  /**
   * Stores the batch `pending` with its items in one transaction, and answers null. With an idempotency
   * key that `scope` used for a batch created at or after `idempotency.since`, it stores nothing and
   * answers that batch (the latest, if several). The check and the insert are one transaction, so two
   * submissions racing with one key create one batch.
   */
  createBatch(batch: NewBatch): Promise<IdempotentBatch | null>;
  /** The batch if it belongs to `scope`, else null. */
  findBatch(scope: Scope, id: string): Promise<BatchRecord | null>;
  /** The submitted items' text, as `NewBatch.items`. */
  batchItems(id: string): Promise<string>;
  /** `pending` -> `running`; a no-op on a batch already running or finished. */
  startBatch(id: string): Promise<void>;
  /**
   * Stores one chunk's results, enrichments and series states, and advances `chunksDone`, atomically.
   * A chunk already stored is left as it was (a resumed batch may redo one); `chunksDone` counts the
   * chunks stored from chunk 0 without a gap, so chunks may be saved out of order.
   */
  saveBatchChunk(id: string, chunk: BatchChunk): Promise<void>;
  /**
   * Ends the batch (`completed` or `failed`), enqueueing its callback in the same transaction.
   * A no-op, enqueueing nothing, on a batch already finished.
   */
  finishBatch(
    id: string,
    status: 'completed' | 'failed',
    finishedAt: number,
    callback: NewDelivery | null,
  ): Promise<void>;
  /** The result items' JSON texts in input order (empty unless completed, or once its results expired). */
  batchResults(id: string): Promise<string[]>;
  /**
   * Up to `limit` of the result items' JSON texts from item `offset` on, in input order (empty unless
   * completed, once its results expired, or past the last item): only the chunks that hold them are read.
   */
  batchResultsPage(id: string, offset: number, limit: number): Promise<string[]>;
  /** Batches left `pending` or `running` (by a stopped process), oldest first. */
  unfinishedBatches(): Promise<BatchRecord[]>;

  // Enrichments and the users' series (recurrence).
  /**
   * Records the writes of inline enrichment requests (their enrichments, series states and usage)
   * all in one transaction. An enrichment id already recorded in its scope rejects the whole call
   * (in `saveBatchChunk` too). A series state replaces the one stored for its user and key.
   */
  recordEnrichments(writes: readonly EnrichmentWrite[]): Promise<void>;
  findEnrichment(scope: Scope, enrichmentId: string): Promise<EnrichmentRecord | null>;
  /**
   * The states of these series, in order; null for a series not stored. One read per series. `held`
   * (in the same order) names the revision a reader holds parsed already: a state stored at that very
   * revision is answered without its text.
   */
  loadSeries(
    scope: Scope,
    refs: readonly SeriesRef[],
    held?: readonly (number | null)[],
  ): Promise<(StoredSeries | null)[]>;
  /** Every series state of a user, as JSON text, by key. */
  userSeries(scope: Scope, userId: string): Promise<Array<{ key: string; state: string; revision: number }>>;

  // Transaction outcomes.
  /**
   * Adds enrichments to the counts per counterparty and day, in one transaction. The service counts its
   * inline enrichments in memory and adds them every second (a count per row, not a write per request);
   * `saveBatchChunk` counts a chunk's in its own transaction.
   */
  countActivity(rows: readonly ActivityRow[]): Promise<void>;
  /**
   * Stores an outcome of an enrichment of `scope` (replacing the one of the same kind reported before)
   * and bumps the `outcomes` revision, in one transaction. Answers false, storing nothing, when the
   * scope has no such enrichment.
   */
  recordOutcome(scope: Scope, outcome: OutcomeRecord): Promise<boolean>;
  /**
   * The counts of every counterparty with an outcome reported on an enrichment of `sinceDay` or later:
   * lost chargebacks, enrichments reported as fraud (by any kind), declines, refunds, and its
   * enrichments of those days (`countActivity`, `saveBatchChunk`). Ordered by id.
   * With `changedAfter` (an `outcomes` revision), only the counterparties with an outcome stored after
   * it: what changed since counts read at that revision.
   */
  counterpartyOutcomes(
    scope: Scope,
    sinceDay: number,
    changedAfter?: number,
  ): Promise<CounterpartyOutcomes[]>;

  // The callback outbox.
  enqueueDelivery(delivery: NewDelivery): Promise<void>;
  /**
   * Up to `limit` deliveries due at `now` (oldest due first), leased until
   * `now + leaseMs` so that no other dispatcher takes them meanwhile: their
   * `nextAttemptAt` becomes the lease's end, when they are due again unless
   * marked delivered, rescheduled or abandoned first. With `perDestination`,
   * a destination's deliveries past its limit are left for a later claim,
   * and the next due ones of other destinations are taken instead.
   */
  claimDueDeliveries(
    now: number,
    limit: number,
    leaseMs: number,
    perDestination?: DestinationLimit,
  ): Promise<Delivery[]>;
  /** Records the attempt that succeeded (the `attempts`-th); ignored unless the delivery is pending. */
  markDelivered(id: string, attempts: number, at: number): Promise<void>;
  /** Records a failed attempt and when to try next; ignored once the delivery was delivered or abandoned. */
  rescheduleDelivery(id: string, attempts: number, nextAttemptAt: number, lastError: string): Promise<void>;
  /** Gives a delivery up after its retry window; it stays readable for operators. */
  abandonDelivery(id: string, attempts: number, lastError: string, at: number): Promise<void>;
  /** Deliveries not yet delivered nor abandoned (operators' view and tests). */
  pendingDeliveries(): Promise<Delivery[]>;
  /** Up to `limit` deliveries of every tenant, in `state` (any without it), the latest created first. */
  listDeliveries(state: DeliveryState | undefined, limit: number): Promise<DeliveryRecord[]>;
  findDelivery(id: string): Promise<DeliveryRecord | null>;
  /**
   * Makes an abandoned delivery pending again, due at `at`, its attempts counted from 0 and its retry
   * window starting at `at` (`replayedAt`). Answers false when it is not abandoned (or unknown).
   */
  replayDelivery(id: string, at: number): Promise<boolean>;

  // Merchant action triggers.
  findTriggerScope(scope: Scope, path: TriggerScopePath): Promise<TriggerScopeState | null>;
  /**
   * The pages of the scope's active list, or of its write in progress (`pending`: none when there is
   * none), one at a time: all of the version that was current when the first was asked for, which the
   * store keeps until the last is read (or the reader stops), even when a write ends meanwhile.
   */
  readTriggers(scope: Scope, path: TriggerScopePath, list: 'active' | 'pending'): AsyncIterable<string>;
  /**
   * Starts a new version of the scope's triggers: version + 1 (1 for a new scope), its pages written a
   * few at a time. Answers `conflict` when the latest write is still `pending` or `running`, or another
   * write of the scope is under way. A `succeeded` write applies at once.
   */
  writeTriggers(write: TriggerWrite): Promise<{ version: number } | 'conflict'>;
  /**
   * Moves a background write on; `succeeded` makes its triggers the active ones. Ignored unless
   * `version` is the scope's latest write and that write is still `pending` or `running`.
   */
  setTriggerWriteStatus(
    scope: Scope,
    path: TriggerScopePath,
    version: number,
    status: 'running' | 'succeeded' | 'failed',
    at: number,
  ): Promise<void>;
  /** Background writes left `pending` or `running` by a stopped process. */
  unfinishedTriggerWrites(): Promise<Array<{ scope: Scope; path: TriggerScopePath; version: number }>>;
  /**
   * The tenant's scopes with active triggers, in path order. The revision is read first: a list read
   * afterwards (`readTriggers`) may be newer than it, never older.
   */
  activeTriggerScopes(scope: Scope): Promise<ActiveTriggerScopes>;
  /**
   * The revisions `activeTriggerScopes`, `corrections` and `tenantCategories` would answer now, and nothing else: a cheap
   * read for callers that check on every enrichment whether what they compiled is still current.
   */
  rulesRevisions(scope: Scope): Promise<RulesRevisions>;

  // Custom categories, counterparty personalizations and category rules. Every write is one transaction,
  // bumps the `categories` revision when it changes anything, and is serialised with the tenant's other
  // writes of them (across processes), so the limits and checks below hold under concurrent writes.
  /** The custom categories of `owner` (the integration, or a user), in creation order. */
  listCategories(scope: Scope, owner: CategoryOwnerPath): Promise<CustomCategoryRecord[]>;
  /**
   * Creates a custom category of `owner`, unless the owner holds `limit` categories already (`limit`), has
   * one with the same `nameKey` (`duplicate`), or its custom parent is not one the owner sees: the
   * integration's, or the user's own for a user's category (`unknownParent`).
   */
  createCategory(
    scope: Scope,
    owner: CategoryOwnerPath,
    category: NewCustomCategory,
    limit: number,
  ): Promise<'created' | 'duplicate' | 'unknownParent' | 'limit'>;
  /**
   * Deletes the custom category `id` of `owner`, or all of the owner's with `id` null, unless
   * personalizations (of any owner) or category rules name one of them, or categories not deleted with
   * them sit under one:
   * then deletes nothing and answers what uses them. `notFound` for an `id` the owner has not.
   */
  deleteCategories(
    scope: Scope,
    owner: CategoryOwnerPath,
    id: string | null,
  ): Promise<{ deleted: number } | { inUse: CategoryUse } | 'notFound'>;
  /** The counterparty personalizations of `owner`, in creation order. */
  listPersonalizations(scope: Scope, owner: CategoryOwnerPath): Promise<PersonalizationRecord[]>;
  /**
   * Files the counterparty under the category for `owner` (a new one, or replacing its category), unless
   * the owner holds `limit` personalizations already and this one is new (`limit`), or, with
   * `customCategory`, the category is not one the owner sees (`unknownCategory`; see `createCategory`).
   */
  putPersonalization(
    scope: Scope,
    owner: CategoryOwnerPath,
    personalization: PersonalizationRecord,
    options: { limit: number; customCategory: boolean },
  ): Promise<'created' | 'updated' | 'unknownCategory' | 'limit'>;
  /** Deletes the owner's personalization of `counterpartyId`, or all of them with null; answers how many. */
  deletePersonalizations(
    scope: Scope,
    owner: CategoryOwnerPath,
    counterpartyId: string | null,
  ): Promise<number>;
  /** The category rules of the tenant, in creation order. */
  listCategoryRules(scope: Scope): Promise<CategoryRuleRecord[]>;
  /**
   * Adds a category rule, unless the tenant holds `limit` rules already (`limit`) or, with
   * `customCategory`, its category is not one of the integration's custom categories (`unknownCategory`).
   */
  createCategoryRule(
    scope: Scope,
    rule: CategoryRuleRecord,
    options: { limit: number; customCategory: boolean },
  ): Promise<'created' | 'unknownCategory' | 'limit'>;
  /** Deletes the category rule `id`; answers whether there was one. */
  deleteCategoryRule(scope: Scope, id: string): Promise<boolean>;
  /**
   * Every custom category, personalization and category rule of the tenant (all owners), with their
   * revision: one snapshot.
   */
  tenantCategories(scope: Scope): Promise<TenantCategoryState>;

  // Error reports and correction rules.
  createReport(report: ReportRecord): Promise<void>;
  listReports(status?: ReportStatus): Promise<ReportRecord[]>;
  findReport(id: string): Promise<ReportRecord | null>;
  /**
   * Closes an open report. Resolving also stores the correction rule (when
   * the resolution makes one: a personalization alone does not) and enqueues
   * the returned enrichment, in the same transaction. Answers false
   * when the report is not open (already closed, or unknown).
   */
  closeReport(
    id: string,
    outcome:
      | { status: 'rejected' }
      | { status: 'resolved'; rule: CorrectionRule | null; delivery: NewDelivery | null },
    at: number,
  ): Promise<boolean>;
  corrections(scope: Scope): Promise<TenantCorrections>;

  // Usage counters (multi-source).
  countUsage(key: UsageKey, count: number): Promise<void>;
  usage(): Promise<UsageRow[]>;

  // Rate limits.
  /**
   * Counts one request of `key` in its fixed window of `windowMs` (a window starts at the key's first
   * request after the last one ended), atomically across processes. A store shared by several processes
   * has it, so that a limit holds across API processes; without it, each process counts its own, which
   * is exact for one process (SQLite).
   */
  countRequest?(key: string, windowMs: number, now: number): Promise<RateWindow>;

  // Retention.
  /**
   * One short step of retention: prunes at most `limit` rows of `records` of `environment` older than
   * `before`. It never deletes an enrichment an open report names, a delivery not delivered, nor
   * results of a batch not finished. A batch's results expire (`resultsExpiredAt`: its results read
   * empty) in the step that picks it, before any of its rows is deleted, so no reader ever sees part of
   * them; its rows go in the steps after, the batch itself stays.
   */
  prune(step: PruneStep): Promise<PruneStepResult>;

  /**
   * Resolves when the store can be used now; else rejects with a `StoreError` (`STORE_UNAVAILABLE`: it
   * cannot be reached, or, for a file, the file at its path is no longer the one it opened).
   */
  check(): Promise<void>;
  /** Closing twice is harmless; any other call after `close` rejects. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}
