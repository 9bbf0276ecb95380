/**
 * @txenrich/core: the pure enrichment engine. Parse a raw descriptor, match
 * the merchant against the catalog, classify the transaction and shape the
 * contract's result — in memory, with no I/O of its own.
 *
 *   const engine = createEngine();
 *   engine.enrichCard({ merchantName: 'SQ *BLUE BOTTLE COFFEE', categoryType: 'MCC' });
 */

export { type Anatomy, type AnatomyLexicon, readAnatomy } from './anatomy/anatomy.js';
export type { PendingEnrichment } from './context/apply-context.js';
export {
  type Category,
  type CategoryHierarchy,
  type CustomCategory,
  categoryOf,
  createCategoryHierarchy,
} from './context/categories.js';
export {
  type CategoryRule,
  type CompiledCategoryRules,
  compileCategoryRules,
  matchesNamePattern,
  type RuleFacts,
  ruledCategory,
} from './context/category-rules.js';
export { type EnrichmentContext, recurrenceSeries } from './context/context.js';
export {
  applyCorrection,
  type CompiledCorrections,
  type CorrectionResolver,
  type CorrectionRule,
  compileCorrections,
  customCounterpartyId,
  descriptorKey,
} from './context/corrections.js';
export { descriptorKeyOf } from './context/descriptor-key-of.js';
export {
  applyOutcomes,
  type CompiledOutcomes,
  compileOutcomes,
  countEnrichment,
  type OutcomeCounts,
  outcomeHistoryOf,
  type RiskThresholds,
  type TenantOutcomes,
} from './context/outcomes.js';
export {
  applyPersonalization,
  type CompiledCategories,
  type CompiledPersonalizations,
  type CounterpartyPersonalization,
  compileCategories,
  type PersonalizedCounterparties,
  personalizedCategory,
  showCategory,
  type TenantCategories,
} from './context/personalization.js';
export {
  createSeriesBook,
  type KeptPayment,
  lastPaymentDay,
  MAX_BANDS,
  type MemorySeriesBook,
  PAYMENTS_PER_BAND,
  type RecordedPayment,
  recordPayment,
  recurringView,
  type SeriesBand,
  type SeriesBook,
  type SeriesRef,
  type SeriesSchedule,
  type SeriesState,
  seriesRefKey,
} from './context/series.js';
export {
  createTextSeriesBook,
  type SeriesChange,
  seriesText,
  type TextSeriesBook,
} from './context/series-text.js';
export {
  ALLOW_ONLY_DEFAULT_ID,
  type CompiledTriggers,
  type CompileTriggersOptions,
  compileTriggers,
  createTriggerCompiler,
  matchTriggers,
  type TriggerCompiler,
  type TriggerRegistration,
  type TriggerSubject,
} from './context/triggers.js';
export { createEngine, DEFAULT_ASSET_BASE_URL, type Engine, type EngineOptions } from './engine.js';
export { type De43Fields, type De43Layout, parseDe43 } from './normalize/de43.js';
export {
  calendarDay,
  type DetectedRecurrence,
  detectRecurrence,
  detectWithConfidence,
  type RecurrenceTransaction,
} from './recurrence.js';
export { MIN_MATCH_SCORE } from './resolve/matcher.js';
export {
  beginResultItem,
  type EnrichableKind,
  enrichByKind,
  enrichResultItem,
  type PendingResultItem,
  type ResultItemOptions,
} from './result-item.js';
export type { EnrichOptions } from './shape/explanation.js';
