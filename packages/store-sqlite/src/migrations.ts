/**
 * The schema, as an append-only list of migrations. A migration once
 * released is never edited: a change is a new entry. `migrate` applies the
 * missing ones at start, all in one transaction, and records each in
 * `schema_migrations`, so opening an existing file again applies nothing.
 */

import { StoreError } from '@txenrich/service';
import type Database from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
      CREATE TABLE batches (
        seq INTEGER PRIMARY KEY, -- creation order
        id TEXT NOT NULL UNIQUE,
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
        kind TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
        size INTEGER NOT NULL,
        submitted_at TEXT NOT NULL,
        callback_url TEXT,
        chunk_size INTEGER NOT NULL CHECK (chunk_size > 0),
        chunks_done INTEGER NOT NULL DEFAULT 0,
        finished_at INTEGER,
        idempotency_key TEXT,
        request_hash TEXT,
        idempotency_created_at INTEGER
      );
      CREATE INDEX batches_unfinished ON batches (seq) WHERE status IN ('pending', 'running');
      CREATE INDEX batches_idempotency ON batches (tenant, environment, idempotency_key, idempotency_created_at)
        WHERE idempotency_key IS NOT NULL;

      -- The submitted items as one JSON array text per batch.
      CREATE TABLE batch_items (
        batch_id TEXT PRIMARY KEY REFERENCES batches (id) ON DELETE CASCADE,
        items TEXT NOT NULL
      );

      -- One row per stored chunk: its result texts joined as a JSON array text, and each text's
      -- length (UTF-16 code units, little-endian uint32) to cut them out again without parsing.
      CREATE TABLE batch_chunks (
        batch_id TEXT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
        chunk_index INTEGER NOT NULL,
        results TEXT NOT NULL,
        lengths BLOB NOT NULL,
        PRIMARY KEY (batch_id, chunk_index)
      );

      CREATE TABLE enrichments (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        enrichment_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        request TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, enrichment_id)
      );

      CREATE TABLE history (
        seq INTEGER PRIMARY KEY, -- recording order
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        user_id TEXT NOT NULL,
        enrichment_id TEXT NOT NULL,
        transaction_id TEXT,
        counterparty_id TEXT,
        descriptor_key TEXT NOT NULL,
        amount REAL,
        occurred_at TEXT NOT NULL
      );
      CREATE INDEX history_by_user ON history (tenant, environment, user_id, seq);

      CREATE TABLE deliveries (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('batch_callback', 'returned_enrichment')),
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        url TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        next_attempt_at INTEGER NOT NULL, -- also the lease's end while a dispatcher holds it
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'abandoned')),
        delivered_at INTEGER
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state = 'pending';

      -- One row per trigger scope: the active list and the list of a write still in progress.
      CREATE TABLE trigger_scopes (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        path TEXT NOT NULL,
        version INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'succeeded', 'failed')),
        active TEXT NOT NULL,
        pending TEXT,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, path)
      );
      CREATE INDEX trigger_scopes_unfinished ON trigger_scopes (updated_at) WHERE status IN ('pending', 'running');

      -- A counter per (tenant, environment) and subject, bumped whenever what applies changes.
      CREATE TABLE revisions (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        subject TEXT NOT NULL CHECK (subject IN ('triggers', 'corrections')),
        revision INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, subject)
      ) WITHOUT ROWID;

      CREATE TABLE reports (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        enrichment_id TEXT NOT NULL,
        fields TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'resolved', 'rejected')),
        created_at INTEGER NOT NULL,
        closed_at INTEGER
      );
      CREATE INDEX reports_by_status ON reports (status, created_at);

      CREATE TABLE corrections (
        seq INTEGER PRIMARY KEY, -- rules apply in this order
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        report_id TEXT NOT NULL REFERENCES reports (id),
        rule TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX corrections_by_scope ON corrections (tenant, environment, seq);

      -- billing_profile and organization_id may be null, so rows are found with IS, not a unique key.
      CREATE TABLE usage (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        billing_profile TEXT,
        organization_id TEXT,
        endpoint TEXT NOT NULL,
        day TEXT NOT NULL,
        count INTEGER NOT NULL
      );
      CREATE INDEX usage_key ON usage (tenant, environment, endpoint, day, billing_profile, organization_id);
    `,
  },
  {
    version: 2,
    name: 'delivery destinations, abandonment and replay',
    sql: `
      -- The URL's host and port, to bound concurrent deliveries per destination. Deliveries stored
      -- before this migration share the destination '' (a bound on them together, no more).
      ALTER TABLE deliveries ADD COLUMN destination TEXT NOT NULL DEFAULT '';
      ALTER TABLE deliveries ADD COLUMN abandoned_at INTEGER;
      -- When an operator last replayed an abandoned delivery: its retry window starts again then.
      ALTER TABLE deliveries ADD COLUMN replayed_at INTEGER;
      -- The admin API lists deliveries by state, the latest first.
      CREATE INDEX deliveries_by_state ON deliveries (state, created_at);
    `,
  },
  {
    version: 3,
    name: 'trigger lists in pages',
    sql: `
      -- A trigger list is written and read a page at a time (a JSON array of a few hundred triggers),
      -- so that no statement holds the thread for a list of 100,000.
      CREATE TABLE trigger_pages (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        path TEXT NOT NULL,
        version INTEGER NOT NULL,
        page INTEGER NOT NULL,
        triggers TEXT NOT NULL,
        PRIMARY KEY (tenant, environment, path, version, page)
      );
      -- The lists stored before, one page each. An active list's version was not kept: it is version 0.
      INSERT INTO trigger_pages (tenant, environment, path, version, page, triggers)
        SELECT tenant, environment, path, 0, 0, active FROM trigger_scopes WHERE active <> '[]';
      INSERT INTO trigger_pages (tenant, environment, path, version, page, triggers)
        SELECT tenant, environment, path, version, 0, pending FROM trigger_scopes WHERE pending IS NOT NULL;
      -- The version whose pages apply (null: none), how many triggers they hold, and how many the
      -- latest version holds.
      ALTER TABLE trigger_scopes ADD COLUMN active_version INTEGER;
      ALTER TABLE trigger_scopes ADD COLUMN active_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE trigger_scopes ADD COLUMN version_count INTEGER NOT NULL DEFAULT 0;
      UPDATE trigger_scopes SET
        active_version = CASE WHEN active <> '[]' THEN 0 END,
        active_count = json_array_length(active),
        version_count = coalesce(json_array_length(pending), json_array_length(active));
      ALTER TABLE trigger_scopes DROP COLUMN active;
      ALTER TABLE trigger_scopes DROP COLUMN pending;
    `,
  },
  {
    version: 4,
    name: 'recurrence series and retention',
    sql: `
      -- One row per (user, series): the series' recurrence state as JSON (core's SeriesState), read and
      -- written whole by each enrichment of it. last_day: its latest payment's calendar day (days since
      -- 1970-01-01); seen_at: when an enrichment last wrote it (what retention goes by).
      CREATE TABLE recurrence_series (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        user_id TEXT NOT NULL,
        series_key TEXT NOT NULL,
        state TEXT NOT NULL,
        last_day INTEGER NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, user_id, series_key)
      );
      CREATE INDEX recurrence_series_by_age ON recurrence_series (seen_at);

      -- What the retention pass deletes by age.
      CREATE INDEX enrichments_by_age ON enrichments (created_at);
      CREATE INDEX batches_finished ON batches (finished_at) WHERE finished_at IS NOT NULL;
      CREATE INDEX deliveries_delivered ON deliveries (delivered_at) WHERE state = 'delivered';
    `,
  },
  {
    version: 5,
    name: 'retention',
    sql: `
      -- When a finished batch's results expired (its GET /results answers 410 from then on), and when
      -- the last of its chunks and items rows was deleted: between the two, retention deletes them a
      -- few rows at a time.
      ALTER TABLE batches ADD COLUMN results_expired_at INTEGER;
      ALTER TABLE batches ADD COLUMN results_purged_at INTEGER;

      -- Retention periods are set per environment, so each age index leads with the environment: a
      -- step of one environment never walks over the rows another keeps longer. They replace the
      -- age indexes of migration 4.
      DROP INDEX enrichments_by_age;
      DROP INDEX batches_finished;
      DROP INDEX deliveries_delivered;
      DROP INDEX recurrence_series_by_age;
      CREATE INDEX enrichments_by_age ON enrichments (environment, created_at);
      CREATE INDEX recurrence_series_by_age ON recurrence_series (environment, seen_at);
      CREATE INDEX deliveries_delivered ON deliveries (environment, delivered_at) WHERE state = 'delivered';
      -- Finished batches whose results are still kept, and those whose rows are being deleted.
      CREATE INDEX batches_results_kept ON batches (environment, finished_at)
        WHERE finished_at IS NOT NULL AND results_expired_at IS NULL;
      CREATE INDEX batches_results_purging ON batches (environment, seq)
        WHERE results_expired_at IS NOT NULL AND results_purged_at IS NULL;
      -- Idempotency keys still held; cleared once their window is over.
      CREATE INDEX batches_idempotency_by_age ON batches (environment, idempotency_created_at)
        WHERE idempotency_key IS NOT NULL;
      -- An enrichment an open report names is kept until the report is closed.
      CREATE INDEX reports_open_by_enrichment ON reports (tenant, environment, enrichment_id)
        WHERE status = 'open';
    `,
  },
  {
    version: 6,
    name: 'series replace history',
    sql: `
      -- Recurrence reads and writes one series state per user and counterparty (recurrence_series);
      -- the users' last 400 transactions it used to read are no longer read, nor kept. Series start
      -- again from their next payment.
      DROP TABLE history;
    `,
  },
  {
    version: 7,
    name: 'custom categories and counterparty personalization',
    sql: `
      -- A tenant's custom categories, of its integration (owner 'integration') or of one of its users
      -- ('user:<userId>'): a name (unique within its owner, compared by name_key) under a parent, a
      -- default category id or another custom category's id.
      CREATE TABLE custom_categories (
        seq INTEGER PRIMARY KEY, -- creation order
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        owner TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        parent_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (tenant, environment, id)
      );
      CREATE UNIQUE INDEX custom_categories_names ON custom_categories (tenant, environment, owner, name_key);
      CREATE INDEX custom_categories_by_owner ON custom_categories (tenant, environment, owner, seq);
      CREATE INDEX custom_categories_by_parent ON custom_categories (tenant, environment, parent_id);

      -- Counterparties filed under a category: by the integration, an organization
      -- ('organization:<organizationId>') or a user; one category per owner and counterparty.
      CREATE TABLE personalizations (
        seq INTEGER PRIMARY KEY, -- creation order
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        owner TEXT NOT NULL,
        counterparty_id TEXT NOT NULL,
        category_id TEXT NOT NULL,
        UNIQUE (tenant, environment, owner, counterparty_id)
      );
      CREATE INDEX personalizations_by_owner ON personalizations (tenant, environment, owner, seq);
      CREATE INDEX personalizations_by_category ON personalizations (tenant, environment, category_id);

      -- Revisions count a third subject: the categories. A CHECK cannot be altered: the table is rebuilt.
      CREATE TABLE revisions_new (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        subject TEXT NOT NULL CHECK (subject IN ('triggers', 'corrections', 'categories')),
        revision INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, subject)
      ) WITHOUT ROWID;
      INSERT INTO revisions_new SELECT tenant, environment, subject, revision FROM revisions;
      DROP TABLE revisions;
      ALTER TABLE revisions_new RENAME TO revisions;
    `,
  },
  {
    version: 8,
    name: 'transaction outcomes',
    sql: `
      -- The counterparty an enrichment found (its first): what outcomes on it count against.
      ALTER TABLE enrichments ADD COLUMN counterparty_id TEXT;

      -- Enrichments per counterparty and day (days since 1970-01-01, UTC), added to in the transaction
      -- that records them: the denominators of the outcome rates over a rolling window.
      CREATE TABLE counterparty_activity (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        counterparty_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        enrichments INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, counterparty_id, day)
      ) WITHOUT ROWID;

      -- One outcome per enrichment and kind (a later report replaces it), with its enrichment's
      -- counterparty and day.
      CREATE TABLE enrichment_outcomes (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        enrichment_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('chargeback', 'decline', 'refund', 'fraud')),
        counterparty_id TEXT,
        day INTEGER NOT NULL,
        state TEXT,
        is_fraud INTEGER NOT NULL,
        body TEXT NOT NULL,
        reported_at INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, enrichment_id, kind)
      ) WITHOUT ROWID;
      CREATE INDEX enrichment_outcomes_by_day ON enrichment_outcomes (tenant, environment, day);

      -- Revisions count a fourth subject: the outcomes. A CHECK cannot be altered: the table is rebuilt.
      CREATE TABLE revisions_new (
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        subject TEXT NOT NULL CHECK (subject IN ('triggers', 'corrections', 'categories', 'outcomes')),
        revision INTEGER NOT NULL,
        PRIMARY KEY (tenant, environment, subject)
      ) WITHOUT ROWID;
      INSERT INTO revisions_new SELECT tenant, environment, subject, revision FROM revisions;
      DROP TABLE revisions;
      ALTER TABLE revisions_new RENAME TO revisions;
    `,
  },
  {
    version: 9,
    name: 'category rules',
    sql: `
      -- A tenant's category rules (per environment): the category, and what a transaction must be to
      -- fall under it (JSON); the latest wins ties, so creation order is kept.
      CREATE TABLE category_rules (
        seq INTEGER PRIMARY KEY, -- creation order
        tenant TEXT NOT NULL,
        environment TEXT NOT NULL,
        id TEXT NOT NULL,
        category_id TEXT NOT NULL,
        match TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (tenant, environment, id)
      );
      CREATE INDEX category_rules_by_scope ON category_rules (tenant, environment, seq);
      CREATE INDEX category_rules_by_category ON category_rules (tenant, environment, category_id);
    `,
  },
  {
    version: 10,
    name: 'outcome revisions',
    sql: `
      -- The outcomes revision each outcome was stored at: a process reads only what changed since the
      -- revision it compiled.
      ALTER TABLE enrichment_outcomes ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX enrichment_outcomes_by_revision ON enrichment_outcomes (tenant, environment, revision);
    `,
  },
  {
    version: 11,
    name: 'outcome retention',
    sql: `
      -- Retention deletes the outcome counts of days older than the enrichments kept, oldest first.
      CREATE INDEX counterparty_activity_by_age ON counterparty_activity (environment, day);
      CREATE INDEX enrichment_outcomes_by_age ON enrichment_outcomes (environment, day);
    `,
  },
  {
    version: 12,
    name: 'series revisions',
    sql: `
      -- The revision each series state is stored at, drawn anew by each write (never 0): a process that
      -- holds a state parsed reads the row's text only when it is at another revision.
      ALTER TABLE recurrence_series ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
    `,
  },
];

/** Applies the migrations `db` lacks, in one transaction; refuses a file migrated by a newer version. */
export function migrate(db: Database.Database, now: number): void {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at INTEGER NOT NULL
    )`);
    const applied =
      db.prepare<[], number | null>('SELECT max(version) FROM schema_migrations').pluck().get() ?? 0;
    const latest = migrations.at(-1)?.version ?? 0;
    if (applied > latest) {
      throw new StoreError(
        'STORE_INCOMPATIBLE',
        `the database is at schema version ${applied}, newer than this version of txenrich knows (${latest})`,
        { details: { applied, latest } },
      );
    }
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const migration of migrations) {
      if (migration.version <= applied) continue;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, now);
    }
  }).immediate();
}
