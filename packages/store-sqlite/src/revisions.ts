/**
 * The revision counters of the SQLite store: one per (tenant, environment)
 * and subject, bumped whenever the triggers, corrections, categories or outcomes that apply change.
 */
import type { RevisionSubject, RulesRevisions, Scope, Store } from '@txenrich/service';
import type { StoreContext } from './operations.js';

export interface Revisions {
  /** Bumps a subject's revision, inside the caller's transaction. */
  bump(scope: Scope, subject: RevisionSubject): void;
  /** A subject's revision now (0 before its first change). */
  revision(scope: Scope, subject: RevisionSubject): number;
  methods: Pick<Store, 'rulesRevisions'>;
}

export function createRevisions({ db, op }: StoreContext): Revisions {
  const s = {
    revision: db
      .prepare<[tenant: string, environment: string, subject: RevisionSubject], number>(
        'SELECT revision FROM revisions WHERE tenant = ? AND environment = ? AND subject = ?',
      )
      .pluck(),
    revisions: db.prepare<
      [tenant: string, environment: string],
      { subject: RevisionSubject; revision: number }
    >('SELECT subject, revision FROM revisions WHERE tenant = ? AND environment = ?'),
    bump: db.prepare<[tenant: string, environment: string, subject: RevisionSubject]>(
      `INSERT INTO revisions (tenant, environment, subject, revision) VALUES (?, ?, ?, 1)
       ON CONFLICT (tenant, environment, subject) DO UPDATE SET revision = revision + 1`,
    ),
  };

  return {
    bump: (scope, subject) => void s.bump.run(scope.tenant, scope.environment, subject),
    revision: (scope, subject) => s.revision.get(scope.tenant, scope.environment, subject) ?? 0,
    methods: {
      rulesRevisions: op('rulesRevisions', (scope: Scope) => {
        const revisions: RulesRevisions = { triggers: 0, corrections: 0, categories: 0, outcomes: 0 };
        for (const row of s.revisions.all(scope.tenant, scope.environment))
          revisions[row.subject] = row.revision;
        return revisions;
      }),
    },
  };
}
