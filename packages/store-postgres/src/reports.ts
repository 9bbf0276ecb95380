/** Error reports and the correction rules resolving them, in the Postgres store. */
import {
  type Environment,
  insertStatement,
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
import { insertDelivery } from './deliveries.js';
import { placeholder, type StoreContext } from './operations.js';
import { bumpRevision, revisionSql } from './revisions.js';

const insertReportSql = insertStatement(reportInsert, placeholder);

export function createReports({ op, query, transaction }: StoreContext): ReportMethods {
  return {
    createReport: op('createReport', async (report: ReportRecord) => {
      await query(insertReportSql, reportInsert.values(report));
    }),

    listReports: op('listReports', async (status?: ReportStatus) => {
      const { rows } =
        status === undefined
          ? await query<ReportRow>(`SELECT ${reportColumns} FROM reports ORDER BY created_at, seq`)
          : await query<ReportRow>(
              `SELECT ${reportColumns} FROM reports WHERE status = $1 ORDER BY created_at, seq`,
              [status],
            );
      return rows.map(toReport);
    }),

    findReport: op('findReport', async (id: string) => {
      const { rows } = await query<ReportRow>(`SELECT ${reportColumns} FROM reports WHERE id = $1`, [id]);
      return rows[0] ? toReport(rows[0]) : null;
    }),

    closeReport: op(
      'closeReport',
      (id: string, outcome: ReportOutcome, at: number): Promise<boolean> =>
        transaction(async (tx) => {
          // Closing only an open report, in one statement: of two processes closing it, one does.
          const { rows } = await tx<{ tenant: string; environment: Environment }>(
            `UPDATE reports SET status = $1, closed_at = $2 WHERE id = $3 AND status = 'open'
             RETURNING tenant, environment`,
            [outcome.status, at, id],
          );
          const closed = rows[0];
          if (closed === undefined) return false;
          if (outcome.status === 'resolved') {
            const scope: Scope = { tenant: closed.tenant, environment: closed.environment };
            if (outcome.rule !== null) {
              await tx(
                'INSERT INTO corrections (tenant, environment, report_id, rule, created_at) VALUES ($1, $2, $3, $4, $5)',
                [scope.tenant, scope.environment, id, ruleText(outcome.rule), at],
              );
              await bumpRevision(tx, scope, 'corrections');
            }
            if (outcome.delivery !== null) await insertDelivery(tx, outcome.delivery);
          }
          return true;
        }),
    ),

    // The rules and their revision in one statement: one snapshot.
    corrections: op('corrections', async (scope: Scope): Promise<TenantCorrections> => {
      const { rows } = await query<{ revision: number; rules: string[] }>(
        `SELECT (${revisionSql('corrections')}) AS revision,
           coalesce((SELECT array_agg(rule ORDER BY seq) FROM corrections
             WHERE tenant = $1 AND environment = $2), '{}') AS rules`,
        [scope.tenant, scope.environment],
      );
      const row = rows[0];
      return { revision: row?.revision ?? 0, rules: (row?.rules ?? []).map(toRule) };
    }),
  };
}
