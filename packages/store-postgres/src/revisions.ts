/**
 * The revision counters of the Postgres store: one per (tenant, environment)
 * and subject, bumped whenever the triggers or corrections that apply change.
 */
import type { RevisionSubject, RulesRevisions, Scope, Store } from '@txenrich/service';
import type { Query, StoreContext } from './operations.js';

/** Bumps a subject's revision (in the caller's transaction when `query` is one's). */
export async function bumpRevision(query: Query, scope: Scope, subject: RevisionSubject): Promise<void> {
  await query(
    `INSERT INTO revisions (tenant, environment, subject, revision) VALUES ($1, $2, $3, 1)
     ON CONFLICT (tenant, environment, subject) DO UPDATE SET revision = revisions.revision + 1`,
    [scope.tenant, scope.environment, subject],
  );
}

/** The SQL of a subject's revision now (0 before its first change): `$1` tenant, `$2` environment. */
export const revisionSql = (subject: RevisionSubject) =>
  `SELECT coalesce((SELECT revision FROM revisions
     WHERE tenant = $1 AND environment = $2 AND subject = '${subject}'), 0) AS revision`;

export async function revision(query: Query, scope: Scope, subject: RevisionSubject): Promise<number> {
  const { rows } = await query<{ revision: number }>(revisionSql(subject), [scope.tenant, scope.environment]);
  return rows[0]?.revision ?? 0;
}

export function createRevisions({ op, query }: StoreContext): Pick<Store, 'rulesRevisions'> {
  return {
    rulesRevisions: op('rulesRevisions', async (scope: Scope) => {
      const { rows } = await query<{ subject: RevisionSubject; revision: number }>(
        'SELECT subject, revision FROM revisions WHERE tenant = $1 AND environment = $2',
        [scope.tenant, scope.environment],
      );
      const revisions: RulesRevisions = { triggers: 0, corrections: 0 };
      for (const row of rows) revisions[row.subject] = row.revision;
      return revisions;
    }),
  };
}
