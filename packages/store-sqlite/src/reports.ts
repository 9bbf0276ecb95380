/** Error reports and the correction rules resolving them, in the SQLite store. */
import {
  insertStatement,
  type NewDelivery,
  type ReportMethods,
  type ReportOutcome,
  type ReportRecord,
  type ReportRow,
  type ReportStatus,
  reportColumns,
  reportInsert,
  ruleText,
  type Scope,
  type TenantCorrections,
  toReport,
  toRule,
} from '@txenrich/service';
import type { StoreContext } from './operations.js';
import type { Revisions } from './revisions.js';

export function createReports(
  { db, op, write }: StoreContext,
  revisions: Revisions,
  insertDelivery: (delivery: NewDelivery) => void,
): ReportMethods {
  const s = {
    insert: db.prepare(insertStatement(reportInsert, () => '?')),
    all: db.prepare<[], ReportRow>(`SELECT ${reportColumns} FROM reports ORDER BY created_at, seq`),
    byStatus: db.prepare<[status: ReportStatus], ReportRow>(
      `SELECT ${reportColumns} FROM reports WHERE status = ? ORDER BY created_at, seq`,
    ),
    one: db.prepare<[id: string], ReportRow>(`SELECT ${reportColumns} FROM reports WHERE id = ?`),
    close: db.prepare<[status: ReportStatus, at: number, id: string]>(
      `UPDATE reports SET status = ?, closed_at = ? WHERE id = ? AND status = 'open'`,
    ),
    insertCorrection: db.prepare<
      [tenant: string, environment: string, reportId: string, rule: string, createdAt: number]
    >('INSERT INTO corrections (tenant, environment, report_id, rule, created_at) VALUES (?, ?, ?, ?, ?)'),
    corrections: db
      .prepare<[tenant: string, environment: string], string>(
        'SELECT rule FROM corrections WHERE tenant = ? AND environment = ? ORDER BY seq',
      )
      .pluck(),
  };

  return {
    createReport: write('createReport', (report: ReportRecord) => {
      s.insert.run(...reportInsert.values(report));
    }),

    listReports: op('listReports', (status?: ReportStatus) =>
      (status === undefined ? s.all.all() : s.byStatus.all(status)).map(toReport),
    ),

    findReport: op('findReport', (id: string) => {
      const row = s.one.get(id);
      return row === undefined ? null : toReport(row);
    }),

    closeReport: write(
      'closeReport',
      db.transaction((id: string, outcome: ReportOutcome, at: number): boolean => {
        const report = s.one.get(id);
        if (report === undefined || s.close.run(outcome.status, at, id).changes === 0) return false;
        if (outcome.status === 'resolved') {
          const scope: Scope = { tenant: report.tenant, environment: report.environment };
          if (outcome.rule !== null) {
            s.insertCorrection.run(scope.tenant, scope.environment, id, ruleText(outcome.rule), at);
            revisions.bump(scope, 'corrections');
          }
          if (outcome.delivery !== null) insertDelivery(outcome.delivery);
        }
        return true;
      }).immediate,
    ),

    // The rules and their revision in one transaction (one snapshot).
    corrections: op(
      'corrections',
      db.transaction(
        (scope: Scope): TenantCorrections => ({
          revision: revisions.revision(scope, 'corrections'),
          rules: s.corrections.all(scope.tenant, scope.environment).map(toRule),
        }),
      ),
    ),
  };
}
