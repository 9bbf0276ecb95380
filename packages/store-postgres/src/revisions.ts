/**
 * The revision counters of the Postgres store: one per (tenant, environment)
 * and subject, bumped whenever the triggers, corrections, categories or outcomes that apply change.
 */
import type { RevisionSubject, RulesRevisions, Scope, Store } from '@txenrich/service';
import { named, type Query, type StoreContext } from './operations.js';
import { perTurn } from './per-turn.js';

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

/** The revisions of the scopes asked in a turn (`$1` tenants, `$2` environments), by position asked. */
const readRevisionsSql = named(
  'read_revisions',
  `SELECT asked.position, r.subject, r.revision
   FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS asked (tenant, environment, position)
   JOIN revisions r ON r.tenant = asked.tenant AND r.environment = asked.environment`,
);

export function createRevisions({ op, query }: StoreContext): Pick<Store, 'rulesRevisions'> {
  // Every enrichment asks; the scopes asked in one turn are read in one statement.
  const read = perTurn(async (scopes: readonly Scope[]) => {
    const { rows } = await query<{ position: number; subject: RevisionSubject; revision: number }>(
      readRevisionsSql,
      [scopes.map((scope) => scope.tenant), scopes.map((scope) => scope.environment)],
    );
    const answers = scopes.map(
      (): RulesRevisions => ({ triggers: 0, corrections: 0, categories: 0, outcomes: 0 }),
    );
    for (const row of rows) answers[row.position - 1]![row.subject] = row.revision;
    return answers;
  });
  return {
    rulesRevisions: op('rulesRevisions', read),
  };
}
