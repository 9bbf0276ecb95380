/**
 * @txenrich/service: the txenrich use cases, independent of HTTP: API keys
 * and environments, single enrichments and microbatches, durable batches on
 * the worker pool, the callback outbox, merchant action triggers, categories
 * and counterparty personalization, error reports with their corrections,
 * usage counters. It owns the `Store` port,
 * and its errors (`StoreError`), which the store adapters implement (see
 * `test/store-conformance.ts`).
 */

export { type BatchBody, type ReadBatch, refusedItemErrors } from './batch-intake.js';
export { STORE_FAULT_RETRIES } from './batches.js';
export { type DeliveryView, deliveryListLimits } from './callback-admin.js';
export {
  type AllowlistEntry,
  type CallbackPolicy,
  type CallbackPolicyOptions,
  CallbackRefusedError,
  callbackUrlMessages,
  createCallbackPolicy,
  internalRange,
  parseAllowlistEntry,
  type ResolvedAddress,
  type ResolveHost,
  redactUrl,
  resolveHost,
} from './callback-policy.js';
export { JITTER, nextAttemptAt, type RetryTiming, retrySchedule } from './callback-schedule.js';
export { type CallbackSender, type CallbackSenderOptions, createCallbackSender } from './callback-sender.js';
export { createDispatcher, type Dispatcher, type DispatcherOptions } from './callbacks.js';
export {
  type Categories,
  categoryMessages,
  categoryNameKey,
  categoryRuleView,
  type PersonalizationOwner,
  personalizationView,
} from './categories.js';
export type { ChunkJob, ChunkQueue, ClaimedChunk, WorkHandle } from './chunk-queue.js';
export { type ChunkJobOutcome, chunkJobOutcomes, TURN_PATIENCE_MS } from './chunk-worker.js';
export {
  type Config,
  type ConfigInput,
  configSchema,
  type Feature,
  featureNames,
  loadConfig,
  parseConfig,
  type RetentionPeriods,
  retentionDefaults,
  riskDefaults,
} from './config.js';
export { destinationOf, newDelivery } from './deliveries.js';
export { isServiceError, ServiceError, type ServiceErrorCode, serviceErrorCodes } from './errors.js';
export { createGroupCommit, type GroupCommit } from './group-commit.js';
export { createKeyring, type Keyring, type Principal } from './keys.js';
export { type Logger, silentLogger } from './logger.js';
export { createOutcomeStates, type OutcomeStates } from './outcome-states.js';
export type { Outcomes, RecordedOutcome } from './outcomes.js';
export type { Readiness } from './readiness.js';
export {
  type ReportCorrection,
  type ReportView,
  reportCorrectionSchema,
} from './reports.js';
export {
  createRetention,
  FIRST_PASS_DELAY_MS,
  PRUNE_STEP_ROWS,
  type PruneCounts,
  type Retention,
  type RetentionOptions,
  type RetentionPass,
} from './retention.js';
export {
  type BatchSubmission,
  createService,
  IDEMPOTENCY_WINDOW_MS,
  type Service,
  type ServiceOptions,
  submittedAtOf,
} from './service.js';
export {
  type CallbackOutcome,
  callbackOutcomes,
  type ServiceRole,
  type ServiceStats,
  serviceRoles,
} from './stats.js';
export * from './store.js';
// For store adapters: the rows of the SQL schema and their records, how results and trigger lists are kept,
// and what a retention step answers; the logic every SQL adapter shares.
export { chunksOfPage, type PackedChunk, packChunk, pageOfChunks, unpackChunk } from './store-chunks.js';
export {
  batchNotFound,
  isStoreError,
  isTransientStoreError,
  StoreError,
  type StoreErrorCode,
  type StoreErrorOptions,
  storeErrorCodes,
} from './store-errors.js';
export {
  type BatchMethods,
  type CategoryMethods,
  createStoreOperations,
  type DeliveryMethods,
  type EnrichmentMethods,
  type OutcomeMethods,
  type ReportMethods,
  type ReportOutcome,
  type StoreOperation,
  type TriggerMethods,
  type TriggerWriteStatus,
} from './store-methods.js';
export { agePruned, batchResultsPruned, pruneNothing } from './store-retention.js';
export * from './store-rows.js';
export {
  createTriggerVersions,
  type ListRead,
  listUnusedAfter,
  startDecision,
  type TriggerListKey,
  type TriggerScopeRow,
  type TriggerVersionMethods,
  type TriggerVersionStatements,
  triggerScopeColumns,
  triggerWriteInProgress,
} from './store-trigger-versions.js';
export {
  applyTriggerChange,
  parseTriggerBody,
  TRIGGER_PAGE_CHARS,
  type TriggerChange,
  triggerPages,
  type UnparsedTriggerChange,
} from './trigger-lists.js';
export {
  type TriggerScopeRef,
  triggerKindOf,
  triggerRegistration,
  triggerScopePath,
  triggerScopeRef,
} from './trigger-scopes.js';
export {
  MAIN_THREAD_TRIGGERS,
  maxActiveTriggers,
  type TriggerListing,
  type TriggerWritten,
  tooManyTriggers,
} from './triggers.js';
export { countByBilling, type UsageMode, type UsageView } from './usage.js';
