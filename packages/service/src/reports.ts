/**
 * Error reports and returned enrichments (CONTRACT.md section 7): a tenant
 * reports an enrichment it received; the operator lists reports and rejects
 * one, or resolves it with a correction. A resolution re-enriches the stored
 * request with the correction (same `enrichmentId`), then in one store
 * transaction closes the report, stores the correction rule (later
 * enrichments of the same normalised descriptor come out corrected) and
 * enqueues the corrected enrichment for the tenant's returned-enrichment URL.
 */
import { randomUUID } from 'node:crypto';
import { type CorrectionRule, compileCorrections, descriptorKeyOf, type Engine } from '@txenrich/core';
import {
  type Enrichment,
  type ErrorReport,
  type FieldErrors,
  messages,
  type ReportCorrection,
  type ReportView,
  reportCorrectionSchema,
  transactionSchemas,
  validate,
} from '@txenrich/schema';
import type { Categories, PersonalizationOwner } from './categories.js';
import type { Config } from './config.js';
import { newDelivery } from './deliveries.js';
import { ServiceError } from './errors.js';
import { isUuid } from './ids.js';
import type { SeriesStates } from './series.js';
import type { NewDelivery, ReportRecord, ReportStatus, Scope, Store } from './store.js';
import type { TenantRulesCache } from './tenant-rules.js';

// The admin API's shapes live with the other wire shapes; the service's users find them here too.
export { type ReportCorrection, type ReportView, reportCorrectionSchema };

export function reportView(record: ReportRecord): ReportView {
  return {
    id: record.id,
    tenant: record.scope.tenant,
    environment: record.scope.environment,
    enrichmentId: record.enrichmentId,
    ...record.fields,
    status: record.status,
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

export interface Reports {
  /** Records a report of an enrichment of `scope`; `INVALID_INPUT` when the scope never received it. */
  report(scope: Scope, report: ErrorReport): Promise<void>;
  list(status?: ReportStatus): Promise<ReportView[]>;
  reject(id: string): Promise<ReportView>;
  /** The corrected enrichment, also stored as a rule and sent to the tenant's returned-enrichment URL. */
  resolve(id: string, correction: ReportCorrection): Promise<Enrichment>;
}

export interface ReportsOptions {
  config: Config;
  store: Store;
  /** Where a resolution's personalization goes (`ReportCorrection.personalization`). */
  categories: Categories;
  engine: Engine;
  rules: TenantRulesCache;
  /** The users' series states: a correction's enrichment reads its user's series (and writes none). */
  series: SeriesStates;
  now: () => number;
  /** Called after a returned enrichment was enqueued, so the dispatcher sends it at once. */
  onDelivery(): void;
}

const notFoundDetails = 'Report not found.';

/**
 * The rule of a correction: everything but the descriptor key, which the reported request gives; null
 * when it corrects nothing of the enrichment itself (a personalization alone).
 */
function ruleOf(correction: ReportCorrection): Omit<CorrectionRule, 'descriptorKey'> | null {
  const { counterparty, industryId, channel, location } = correction;
  if ([counterparty, industryId, channel, location].every((field) => field === undefined)) return null;
  return {
    ...(counterparty?.id !== undefined
      ? { counterparty: { id: counterparty.id } }
      : counterparty?.name !== undefined
        ? {
            counterparty: {
              name: counterparty.name,
              ...(counterparty.website !== undefined ? { website: counterparty.website } : {}),
              ...(counterparty.logo !== undefined ? { logo: counterparty.logo } : {}),
            },
          }
        : {}),
    ...(industryId !== undefined ? { industryId } : {}),
    ...(channel !== undefined ? { channel } : {}),
    ...(location !== undefined ? { location: definedFields(location) } : {}),
  };
}

function definedFields<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

/** The field errors of a personalization made by a resolution, named under `personalization`. */
function personalizationErrors(error: unknown): never {
  if (error instanceof ServiceError && error.code === 'INVALID_INPUT' && error.body) {
    const fields: FieldErrors = {};
    for (const [field, errors] of Object.entries(error.body as FieldErrors))
      fields[field === 'non_field_errors' ? 'personalization' : `personalization.${field}`] = errors;
    throw new ServiceError('INVALID_INPUT', error.message, { body: fields });
  }
  throw error;
}

const invalidPersonalization = (field: string, message: string) =>
  new ServiceError('INVALID_INPUT', 'Invalid input.', { body: { [field]: [message] } });

export const personalizationMessages = {
  notCategory: 'The report does not say the category is incorrect (incorrectCategory).',
  noCounterparty: 'The reported enrichment has no counterparty to personalize.',
  noUser: 'The reported request has no userId.',
  noOrganization: 'The reported request has no organizationId.',
} as const;

export function createReports(options: ReportsOptions): Reports {
  const { config, store, engine, rules, now } = options;
  let catalogIds: { counterparties: Set<string>; industries: Set<string> } | null = null;

  /** Field errors for catalog ids the catalog does not have, or null. */
  function unknownIds(correction: ReportCorrection): FieldErrors | null {
    catalogIds ??= {
      counterparties: new Set(engine.catalog.merchants.map((merchant) => merchant.id)),
      industries: new Set(engine.catalog.industries.map((industry) => industry.id)),
    };
    const errors: FieldErrors = {};
    const counterpartyId = correction.counterparty?.id;
    if (counterpartyId !== undefined && !catalogIds.counterparties.has(counterpartyId))
      errors['counterparty.id'] = ['Unknown counterparty id.'];
    if (correction.industryId !== undefined && !catalogIds.industries.has(correction.industryId))
      errors.industryId = ['Unknown industry id.'];
    return Object.keys(errors).length > 0 ? errors : null;
  }

  async function openReport(id: string): Promise<ReportRecord> {
    const report = isUuid(id) ? await store.findReport(id) : null;
    if (!report) throw new ServiceError('NOT_FOUND', notFoundDetails);
    if (report.status !== 'open') throw notOpen(report.status);
    return report;
  }

  function notOpen(status: ReportStatus): ServiceError {
    return new ServiceError('CONFLICT', `This report is already ${status}.`);
  }

  return {
    async report(scope, report) {
      const { enrichmentId, ...fields } = report;
      if (!(await store.findEnrichment(scope, enrichmentId))) {
        throw new ServiceError('INVALID_INPUT', messages.enrichmentNotFound, {
          body: { enrichmentId: [messages.enrichmentNotFound] },
        });
      }
      await store.createReport({
        id: randomUUID(),
        scope,
        enrichmentId,
        fields,
        status: 'open',
        createdAt: now(),
      });
    },

    async list(status) {
      return (await store.listReports(status)).map(reportView);
    },

    async reject(id) {
      const report = await openReport(id);
      if (!(await store.closeReport(id, { status: 'rejected' }, now()))) {
        throw notOpen((await store.findReport(id))?.status ?? 'resolved');
      }
      return reportView({ ...report, status: 'rejected' });
    },

    async resolve(id, correction) {
      const report = await openReport(id);
      const unknown = unknownIds(correction);
      if (unknown) throw new ServiceError('INVALID_INPUT', 'Unknown catalog id.', { body: unknown });
      const { scope } = report;
      const record = await store.findEnrichment(scope, report.enrichmentId);
      if (!record) throw new Error(`The enrichment ${report.enrichmentId} of report ${id} is gone.`);
      const body = validate(transactionSchemas[record.kind], JSON.parse(record.request));
      if (!body.ok) throw new Error(`The stored request of ${record.enrichmentId} no longer validates.`);
      const fix = ruleOf(correction);
      const descriptor = descriptorKeyOf(engine, record.kind, body.value);
      const rule: CorrectionRule | null = fix ? { descriptorKey: descriptor, ...fix } : null;
      const { personalization } = correction;
      if (personalization && report.fields.incorrectCategory !== true)
        throw invalidPersonalization('personalization', personalizationMessages.notCategory);
      const corrections = await store.corrections(scope);
      const compiledCorrections = compileCorrections(rule ? [...corrections.rules, rule] : corrections.rules);
      /** The stored request enriched with the correction and the tenant's rules as they are now. */
      const corrected = async (): Promise<Enrichment> => {
        const compiled = await rules.compiled(scope);
        // The user's series as it stands (payments dated after the reported one do not count), read only.
        const series = options.series.forRequest(scope);
        const pending = engine.begin(record.kind, body.value, {
          corrections: compiledCorrections,
          ...(compiled.categories ? { categories: compiled.categories } : {}),
          ...(compiled.triggers ? { triggers: compiled.triggers } : {}),
          ...(compiled.outcomes ? { outcomes: compiled.outcomes } : {}),
          series,
        });
        if (pending.series) await series.load(pending.series);
        // The engine names every enrichment anew; the correction is of the reported one.
        return { ...pending.finish(), enrichmentId: record.enrichmentId };
      };
      let enrichment = await corrected();
      if (personalization) {
        const counterpartyId = enrichment.counterparty[0]?.id;
        if (counterpartyId === undefined)
          throw invalidPersonalization('personalization', personalizationMessages.noCounterparty);
        const request = body.value as { userId?: string; organizationId?: string };
        const level = personalization.level ?? (request.userId !== undefined ? 'user' : 'integration');
        let owner: PersonalizationOwner = {};
        if (level === 'user') {
          if (request.userId === undefined)
            throw invalidPersonalization('personalization.level', personalizationMessages.noUser);
          owner = { userId: request.userId };
        } else if (level === 'organization') {
          if (request.organizationId === undefined)
            throw invalidPersonalization('personalization.level', personalizationMessages.noOrganization);
          owner = { organizationId: request.organizationId };
        }
        await options.categories
          .putPersonalization(scope, owner, { counterpartyId, categoryId: personalization.categoryId })
          .catch(personalizationErrors);
        // With the personalization now in the tenant's rules (a new revision).
        enrichment = await corrected();
      }
      const url = config.tenants[scope.tenant]?.returnedEnrichmentUrl;
      const delivery: NewDelivery | null =
        url && config.webhookToken ? newDelivery('returned_enrichment', scope, url, enrichment, now()) : null;
      if (!(await store.closeReport(id, { status: 'resolved', rule, delivery }, now()))) {
        throw notOpen((await store.findReport(id))?.status ?? 'resolved');
      }
      if (delivery) options.onDelivery();
      return enrichment;
    },
  };
}
