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
  engine: Engine;
  rules: TenantRulesCache;
  /** The users' series states: a correction's enrichment reads its user's series (and writes none). */
  series: SeriesStates;
  now: () => number;
  /** Called after a returned enrichment was enqueued, so the dispatcher sends it at once. */
  onDelivery(): void;
}

const notFoundDetails = 'Report not found.';

/** The rule of a correction: everything but the descriptor key, which the reported request gives. */
function ruleOf(correction: ReportCorrection): Omit<CorrectionRule, 'descriptorKey'> {
  const { counterparty, industryId, channel, location } = correction;
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
      const rule: CorrectionRule = {
        descriptorKey: descriptorKeyOf(engine, record.kind, body.value),
        ...ruleOf(correction),
      };
      const [corrections, compiled] = await Promise.all([store.corrections(scope), rules.compiled(scope)]);
      // The user's series as it stands (payments dated after the reported one do not count), read only.
      const series = options.series.forRequest(scope);
      const pending = engine.begin(record.kind, body.value, {
        corrections: compileCorrections([...corrections.rules, rule]),
        ...(compiled.categories ? { categories: compiled.categories } : {}),
        ...(compiled.triggers ? { triggers: compiled.triggers } : {}),
        series,
      });
      if (pending.series) await series.load(pending.series);
      const enrichment: Enrichment = {
        ...pending.finish(),
        // The engine names every enrichment anew; the correction is of the reported one.
        enrichmentId: record.enrichmentId,
      };
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
