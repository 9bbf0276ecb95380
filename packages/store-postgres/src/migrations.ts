/**
 * The Postgres schema, as an append-only list of migrations (the same tables
 * and columns as SQLite's, in Postgres's types). A migration once released is
 * never edited: a change is a new entry. `migrate` applies the missing ones at
 * start, in one transaction holding an advisory lock, and records each in
 * `schema_migrations`: processes starting at once apply them once, the others
 * wait and find them applied.
 */
import { StoreError } from '@txenrich/service';
import type { StoreContext } from './operations.js';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The advisory lock key of migrations (any constant; other locks hash their keys). */
const MIGRATION_LOCK = 7_164_825_002_201;

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
      CREATE TABLE batches (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- creation order
        id text NOT NULL UNIQUE,
        tenant text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
        kind text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
        size integer NOT NULL,
        submitted_at text NOT NULL,
        callback_url text,
        chunk_size integer NOT NULL CHECK (chunk_size > 0),
        chunks_done integer NOT NULL DEFAULT 0,
        finished_at bigint,
        idempotency_key text,
        request_hash text,
        idempotency_created_at bigint,
        -- When a finished batch's results expired (GET /results answers 410 from then on), and when the
        -- last of its chunks and items rows was deleted: between the two, retention deletes them in steps.
        results_expired_at bigint,
        results_purged_at bigint
      );
      CREATE INDEX batches_unfinished ON batches (seq) WHERE status IN ('pending', 'running');
      CREATE INDEX batches_idempotency ON batches (tenant, environment, idempotency_key, idempotency_created_at)
        WHERE idempotency_key IS NOT NULL;
      -- Retention periods are per environment, so each age index leads with the environment.
      CREATE INDEX batches_results_kept ON batches (environment, finished_at)
        WHERE finished_at IS NOT NULL AND results_expired_at IS NULL;
      CREATE INDEX batches_results_purging ON batches (environment, seq)
        WHERE results_expired_at IS NOT NULL AND results_purged_at IS NULL;
      CREATE INDEX batches_idempotency_by_age ON batches (environment, idempotency_created_at)
        WHERE idempotency_key IS NOT NULL;

      -- The submitted items, one JSON text per line.
      CREATE TABLE batch_items (
        batch_id text PRIMARY KEY REFERENCES batches (id) ON DELETE CASCADE,
        items text NOT NULL
      );

      -- One row per stored chunk: its result texts joined as a JSON array text, and each text's length
      -- (UTF-16 code units, little-endian uint32) to cut them out again without parsing.
      CREATE TABLE batch_chunks (
        batch_id text NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
        chunk_index integer NOT NULL,
        results text NOT NULL,
        lengths bytea NOT NULL,
        PRIMARY KEY (batch_id, chunk_index)
      );

      CREATE TABLE enrichments (
        tenant text NOT NULL,
        environment text NOT NULL,
        enrichment_id text NOT NULL,
        kind text NOT NULL,
        request text NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (tenant, environment, enrichment_id)
      );
      CREATE INDEX enrichments_by_age ON enrichments (environment, created_at);

      -- One row per (user, series): core's SeriesState as JSON. last_day: its latest payment's calendar day
      -- (days since 1970-01-01); seen_at: when an enrichment last wrote it (what retention goes by).
      CREATE TABLE recurrence_series (
        tenant text NOT NULL,
        environment text NOT NULL,
        user_id text NOT NULL,
        series_key text COLLATE "C" NOT NULL, -- ordered as SQLite orders: by code point
        state text NOT NULL,
        last_day integer NOT NULL,
        seen_at bigint NOT NULL,
        PRIMARY KEY (tenant, environment, user_id, series_key)
      );
      CREATE INDEX recurrence_series_by_age ON recurrence_series (environment, seen_at);

      CREATE TABLE deliveries (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('batch_callback', 'returned_enrichment')),
        tenant text NOT NULL,
        environment text NOT NULL,
        url text NOT NULL,
        -- The URL's host and port, to bound concurrent deliveries per destination.
        destination text NOT NULL,
        body text NOT NULL,
        created_at bigint NOT NULL,
        next_attempt_at bigint NOT NULL, -- also the lease's end while a dispatcher holds it
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'abandoned')),
        delivered_at bigint,
        abandoned_at bigint,
        -- When an operator last replayed an abandoned delivery: its retry window starts again then.
        replayed_at bigint
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state = 'pending';
      CREATE INDEX deliveries_by_state ON deliveries (state, created_at);
      CREATE INDEX deliveries_delivered ON deliveries (environment, delivered_at) WHERE state = 'delivered';

      -- One row per trigger scope: its latest version and status, the list whose pages apply (null: none)
      -- and how many triggers it holds, the latest version's list and how many it holds. A list's key is
      -- new for each write (no two writers, in any processes, write pages under one key).
      CREATE TABLE trigger_scopes (
        tenant text NOT NULL,
        environment text NOT NULL,
        path text COLLATE "C" NOT NULL,
        version integer NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'running', 'succeeded', 'failed')),
        active_list text,
        active_count integer NOT NULL DEFAULT 0,
        latest_list text NOT NULL,
        version_count integer NOT NULL DEFAULT 0,
        updated_at bigint NOT NULL,
        PRIMARY KEY (tenant, environment, path)
      );
      CREATE INDEX trigger_scopes_unfinished ON trigger_scopes (updated_at) WHERE status IN ('pending', 'running');

      -- Each list, a page (a JSON array of a few hundred triggers) a row; written_at: when its writer
      -- wrote the page (pages of a list no scope names, older than a writer takes, are left-overs).
      CREATE TABLE trigger_pages (
        list text NOT NULL,
        page integer NOT NULL,
        triggers text NOT NULL,
        written_at bigint NOT NULL,
        PRIMARY KEY (list, page)
      );

      -- A counter per (tenant, environment) and subject, bumped whenever what applies changes.
      CREATE TABLE revisions (
        tenant text NOT NULL,
        environment text NOT NULL,
        subject text NOT NULL CHECK (subject IN ('triggers', 'corrections')),
        revision integer NOT NULL,
        PRIMARY KEY (tenant, environment, subject)
      );

      CREATE TABLE reports (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        tenant text NOT NULL,
        environment text NOT NULL,
        enrichment_id text NOT NULL,
        fields text NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'resolved', 'rejected')),
        created_at bigint NOT NULL,
        closed_at bigint
      );
      CREATE INDEX reports_by_status ON reports (status, created_at);
      -- An enrichment an open report names is kept until the report is closed.
      CREATE INDEX reports_open_by_enrichment ON reports (tenant, environment, enrichment_id)
        WHERE status = 'open';

      CREATE TABLE corrections (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- rules apply in this order
        tenant text NOT NULL,
        environment text NOT NULL,
        report_id text NOT NULL REFERENCES reports (id),
        rule text NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE INDEX corrections_by_scope ON corrections (tenant, environment, seq);

      -- One counter per key; billing_profile and organization_id may be null, and a null is one key
      -- (NULLS NOT DISTINCT: Postgres 15 or newer), so concurrent counts add up with ON CONFLICT.
      CREATE TABLE usage (
        tenant text NOT NULL,
        environment text NOT NULL,
        billing_profile text,
        organization_id text,
        endpoint text NOT NULL,
        day text NOT NULL,
        count bigint NOT NULL,
        CONSTRAINT usage_key UNIQUE NULLS NOT DISTINCT
          (tenant, environment, endpoint, day, billing_profile, organization_id)
      );
    `,
  },
  {
    version: 2,
    name: 'rate windows',
    sql: `
      -- Rate limits across API processes: a key's (route and API key) current window and its count.
      CREATE TABLE rate_windows (
        key text PRIMARY KEY,
        started_at bigint NOT NULL,
        count integer NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'custom categories and counterparty personalization',
    sql: `
      -- A tenant's custom categories, of its integration (owner 'integration') or of one of its users
      -- ('user:<userId>'): a name (unique within its owner, compared by name_key) under a parent, a
      -- default category id or another custom category's id.
      CREATE TABLE custom_categories (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- creation order
        tenant text NOT NULL,
        environment text NOT NULL,
        owner text NOT NULL,
        id text NOT NULL,
        name text NOT NULL,
        name_key text NOT NULL,
        parent_id text NOT NULL,
        created_at bigint NOT NULL,
        UNIQUE (tenant, environment, id)
      );
      CREATE UNIQUE INDEX custom_categories_names ON custom_categories (tenant, environment, owner, name_key);
      CREATE INDEX custom_categories_by_owner ON custom_categories (tenant, environment, owner, seq);
      CREATE INDEX custom_categories_by_parent ON custom_categories (tenant, environment, parent_id);

      -- Counterparties filed under a category: by the integration, an organization
      -- ('organization:<organizationId>') or a user; one category per owner and counterparty.
      CREATE TABLE personalizations (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- creation order
        tenant text NOT NULL,
        environment text NOT NULL,
        owner text NOT NULL,
        counterparty_id text NOT NULL,
        category_id text NOT NULL,
        UNIQUE (tenant, environment, owner, counterparty_id)
      );
      CREATE INDEX personalizations_by_owner ON personalizations (tenant, environment, owner, seq);
      CREATE INDEX personalizations_by_category ON personalizations (tenant, environment, category_id);

      -- Revisions count a third subject: the categories.
      ALTER TABLE revisions DROP CONSTRAINT revisions_subject_check;
      ALTER TABLE revisions ADD CONSTRAINT revisions_subject_check
        CHECK (subject IN ('triggers', 'corrections', 'categories'));
    `,
  },
  {
    version: 4,
    name: 'transaction outcomes',
    sql: `
      -- The counterparty an enrichment found (its first): what outcomes on it count against.
      ALTER TABLE enrichments ADD COLUMN counterparty_id text;

      -- Enrichments per counterparty and day (days since 1970-01-01, UTC), added to in the transaction
      -- that records them: the denominators of the outcome rates over a rolling window.
      CREATE TABLE counterparty_activity (
        tenant text NOT NULL,
        environment text NOT NULL,
        counterparty_id text NOT NULL,
        day integer NOT NULL,
        enrichments bigint NOT NULL,
        PRIMARY KEY (tenant, environment, counterparty_id, day)
      );

      -- One outcome per enrichment and kind (a later report replaces it), with its enrichment's
      -- counterparty and day.
      CREATE TABLE enrichment_outcomes (
        tenant text NOT NULL,
        environment text NOT NULL,
        enrichment_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('chargeback', 'decline', 'refund', 'fraud')),
        counterparty_id text,
        day integer NOT NULL,
        state text,
        is_fraud boolean NOT NULL,
        body text NOT NULL,
        reported_at bigint NOT NULL,
        PRIMARY KEY (tenant, environment, enrichment_id, kind)
      );
      CREATE INDEX enrichment_outcomes_by_day ON enrichment_outcomes (tenant, environment, day);

      ALTER TABLE revisions DROP CONSTRAINT revisions_subject_check;
      ALTER TABLE revisions ADD CONSTRAINT revisions_subject_check
        CHECK (subject IN ('triggers', 'corrections', 'categories', 'outcomes'));
    `,
  },
  {
    version: 5,
    name: 'category rules',
    sql: `
      -- A tenant's category rules (per environment): the category, and what a transaction must be to
      -- fall under it (JSON text, as the port keeps it); the latest wins ties, so creation order is kept.
      CREATE TABLE category_rules (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- creation order
        tenant text NOT NULL,
        environment text NOT NULL,
        id text NOT NULL,
        category_id text NOT NULL,
        match text NOT NULL,
        created_at bigint NOT NULL,
        UNIQUE (tenant, environment, id)
      );
      CREATE INDEX category_rules_by_scope ON category_rules (tenant, environment, seq);
      CREATE INDEX category_rules_by_category ON category_rules (tenant, environment, category_id);
    `,
  },
  {
    version: 6,
    name: 'outcome revisions',
    sql: `
      -- The outcomes revision each outcome was stored at: a process reads only what changed since the
      -- revision it compiled.
      ALTER TABLE enrichment_outcomes ADD COLUMN revision integer NOT NULL DEFAULT 0;
      CREATE INDEX enrichment_outcomes_by_revision ON enrichment_outcomes (tenant, environment, revision);
    `,
  },
  {
    version: 7,
    name: 'outcome retention',
    sql: `
      -- Retention deletes the outcome counts of days older than the enrichments kept, oldest first.
      CREATE INDEX counterparty_activity_by_age ON counterparty_activity (environment, day);
      CREATE INDEX enrichment_outcomes_by_age ON enrichment_outcomes (environment, day);
    `,
  },
  {
    version: 8,
    name: 'series revisions',
    sql: `
      -- The revision each series state is stored at, drawn anew by each write (never 0): a process that
      -- holds a state parsed reads the row's text only when it is at another revision.
      ALTER TABLE recurrence_series ADD COLUMN revision bigint NOT NULL DEFAULT 0;
    `,
  },
];

/** Applies the migrations the database lacks, once across processes; refuses a database migrated by a newer version. */
export async function migrate(
  { transaction }: Pick<StoreContext, 'transaction'>,
  now: number,
): Promise<void> {
  await transaction(async (query) => {
    // First: two processes creating schema_migrations at once would collide.
    await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at bigint NOT NULL
    )`);
    const { rows } = await query<{ applied: number | null }>(
      'SELECT max(version) AS applied FROM schema_migrations',
    );
    const applied = rows[0]?.applied ?? 0;
    const latest = migrations.at(-1)?.version ?? 0;
    if (applied > latest) {
      throw new StoreError(
        'STORE_INCOMPATIBLE',
        `the database is at schema version ${applied}, newer than this version of txenrich knows (${latest})`,
        { details: { applied, latest } },
      );
    }
    for (const migration of migrations) {
      if (migration.version <= applied) continue;
      await query(migration.sql);
      await query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        now,
      ]);
    }
  });
}
