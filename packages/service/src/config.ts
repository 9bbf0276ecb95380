/**
 * The deployment's configuration: one JSON file, validated once with zod and
 * frozen. `PORT`, `TXENRICH_DATA_DIR` and `DATABASE_URL` override the file.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { createCallbackPolicy, parseAllowlistEntry } from './callback-policy.js';
import { ServiceError } from './errors.js';
import { isPostgresUrl, POSTGRES_URL_EXPECTED } from './postgres-url.js';
import { type Environment, environments } from './store.js';

export const featureNames = ['merchantSearch', 'triggers', 'multiSource'] as const;
export type Feature = (typeof featureNames)[number];

const secret = (what: string) => z.string().min(16, `${what} must be at least 16 characters.`);

/** A browser origin (`https://app.example.com`, a port if not the scheme's), or `*` for any. */
const corsOrigin = z
  .string()
  .refine((origin) => origin === '*' || (URL.canParse(origin) && new URL(origin).origin === origin), {
    message: 'Expected an origin such as https://app.example.com (no path, no trailing slash), or *.',
  });

const allowlistEntry = z.string().refine((entry) => parseAllowlistEntry(entry) !== null, {
  message: 'Expected a host name, host:port, an IP address, address:port, or a CIDR such as 10.0.0.0/8.',
});

/** How long each kind of record is kept, in days: the defaults of every environment. */
export const retentionDefaults = {
  /** Enrichments (their requests), kept so that an error report can name them. */
  enrichmentDays: 180,
  /** A batch's results and items, from when it finished; then GET /results answers 410. */
  batchResultDays: 30,
  /** Callbacks delivered (abandoned ones stay, for operators to replay). */
  deliveredCallbackDays: 30,
  /** A user's recurrence series, from when an enrichment last updated it. */
  seriesInactiveDays: 730,
} as const;
export type RetentionPeriods = { -readonly [K in keyof typeof retentionDefaults]: number };

// 100 years at most: a period that long keeps everything, and its milliseconds stay exact.
const days = z
  .number()
  .int('Expected a whole number of days.')
  .min(1, 'Expected at least 1 day.')
  .max(36_500, 'Expected at most 36500 days (100 years).');
const retentionPeriods = z
  .object({
    enrichmentDays: days.optional(),
    batchResultDays: days.optional(),
    deliveredCallbackDays: days.optional(),
    seriesInactiveDays: days.optional(),
  })
  .strict();

/**
 * `retention`: the periods of every environment, each overridable for one environment
 * (`environments.sandbox`, `environments.production`), and how often the pruning pass runs. Parsed, it
 * holds each environment's periods in full.
 */
const retentionSchema = retentionPeriods
  .extend({
    intervalMinutes: z
      .number()
      .int('Expected a whole number of minutes.')
      .min(1, 'Expected at least 1 minute.')
      .max(10_080, 'Expected at most 10080 minutes (a week).')
      .default(60),
    environments: z.partialRecord(z.enum(environments), retentionPeriods).default({}),
  })
  .strict()
  .prefault({})
  .transform(({ intervalMinutes, environments: overrides, ...defaults }) => ({
    intervalMinutes,
    environments: Object.fromEntries(
      environments.map((environment) => [environment, periodsOf(overrides[environment], defaults)]),
    ) as Record<Environment, RetentionPeriods>,
  }));

type PeriodsInput = { [K in keyof RetentionPeriods]?: number | undefined };

/** Each period from the first of `layers` that sets it, else its default. */
function periodsOf(...layers: ReadonlyArray<PeriodsInput | undefined>): RetentionPeriods {
  const periods: RetentionPeriods = { ...retentionDefaults };
  for (const key of Object.keys(periods) as Array<keyof RetentionPeriods>)
    periods[key] = layers.find((layer) => layer?.[key] !== undefined)?.[key] ?? periods[key];
  return periods;
}

/** A Postgres connection string, in any form node-postgres reads (`postgres-url.ts`). */
const postgresUrl = z.string().refine(isPostgresUrl, { message: POSTGRES_URL_EXPECTED });

/**
 * `risk`: the rolling window of the outcome counts per counterparty, the minimum of enrichments in it
 * before a rate counts, and the rates (outcomes per enrichment) at or over which the counterparty is a
 * high-risk entity. `refreshSeconds`: how old a process's compiled counts may grow before they are read
 * again whole, for the enrichments other processes counted (an outcome reported is read by the next
 * enrichment at once, and a process counts its own enrichments as it makes them).
 */
export const riskDefaults = {
  windowDays: 90,
  minEnrichments: 20,
  chargebackRate: 0.01,
  fraudRate: 0.01,
  declineRate: 0.25,
  refundRate: 0.2,
  refreshSeconds: 600,
} as const;

const rate = z.number().min(0).max(1);
const riskSchema = z
  .object({
    windowDays: z.number().int().positive().max(3650).default(riskDefaults.windowDays),
    minEnrichments: z.number().int().min(1).default(riskDefaults.minEnrichments),
    chargebackRate: rate.default(riskDefaults.chargebackRate),
    fraudRate: rate.default(riskDefaults.fraudRate),
    declineRate: rate.default(riskDefaults.declineRate),
    refundRate: rate.default(riskDefaults.refundRate),
    refreshSeconds: z.number().positive().max(86_400).default(riskDefaults.refreshSeconds),
  })
  .strict()
  .prefault({});

/**
 * `store`: where the service keeps its data. SQLite (the default): one file in `dataDir`, for one process.
 * Postgres: one database shared by any number of processes.
 */
const storeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('sqlite') }).strict(),
    z
      .object({
        kind: z.literal('postgres'),
        url: postgresUrl,
        /** Connections each process keeps open at most. */
        maxConnections: z.number().int().positive().max(1000).default(10),
        /** Prepare the per-request statements; off behind a pooler in transaction mode without their support. */
        preparedStatements: z.boolean().default(true),
      })
      .strict(),
  ])
  .default({ kind: 'sqlite' });

export const configSchema = z
  .object({
    /** The region this deployment serves (informational: one deployment per region). */
    region: z.string().min(1).default('local'),
    port: z.number().int().min(0).max(65_535).default(8080),
    /** The interface to listen on. */
    host: z.string().min(1).default('127.0.0.1'),
    /** Where the SQLite file lives. */
    dataDir: z.string().min(1).default('./.txenrich'),
    store: storeSchema,
    keys: z
      .array(
        z
          .object({
            key: secret('An API key'),
            tenant: z.string().min(1).max(128),
            environment: z.enum(environments),
            features: z.array(z.enum(featureNames)).default([]),
          })
          .strict(),
      )
      .min(1, 'At least one API key is required.'),
    /** Sent as `X-Webhook-Token` with every callback; callbacks are not sent without it. */
    webhookToken: secret('webhookToken').optional(),
    /** The operator's key for the admin API (`X-Admin-Key`); the admin API is off without it. */
    adminKey: secret('adminKey').optional(),
    tenants: z
      .record(
        z.string(),
        z.object({ returnedEnrichmentUrl: z.url({ protocol: /^https?$/ }).optional() }).strict(),
      )
      .default({}),
    /** Worker threads for batches; all cores by default. */
    threads: z.number().int().positive().optional(),
    /** Most items of a `?synchronous=true` microbatch. */
    synchronousMax: z.number().int().positive().max(1000).default(100),
    rateLimits: z
      .object({
        batchPerSecond: z.number().int().positive().default(10),
        searchPerSecond: z.number().int().positive().default(20),
      })
      .strict()
      .default({ batchPerSecond: 10, searchPerSecond: 20 }),
    callbacks: z
      .object({
        /** Failed deliveries are retried on the schedule of `callback-schedule.ts` for this long. */
        retryHours: z.number().positive().default(72),
        timeoutMs: z.number().int().positive().default(10_000),
        /** Deliveries under way at once, in all and to one destination (host and port). */
        maxConcurrent: z.number().int().positive().max(1000).default(32),
        maxConcurrentPerHost: z.number().int().positive().max(100).default(4),
        /**
         * Destinations callbacks may reach although they are internal (loopback, private...): host names
         * (any port), `host:port`, IP addresses, `address:port` and CIDRs. Empty by default.
         */
        allowlist: z.array(allowlistEntry).default([]),
      })
      .strict()
      .prefault({}),
    /** Responses compressed (gzip, deflate, brotli) when the client accepts it and they are large enough. */
    compression: z
      .object({
        enabled: z.boolean().default(false),
        /** Smaller bodies are sent as they are: compressing them costs more than it saves. */
        thresholdBytes: z.number().int().min(0).default(1024),
      })
      .strict()
      .prefault({}),
    /** Cross-origin requests from browsers: answered with CORS headers only for these origins (none by default). */
    cors: z
      .object({
        origins: z.array(corsOrigin).default([]),
        /** How long a browser may keep a preflight's answer. */
        maxAgeSeconds: z.number().int().min(0).max(86_400).default(600),
      })
      .strict()
      .prefault({}),
    /** Base URL of the industry icons in results; `http://localhost:<port>/icons/` by default. */
    assetBaseUrl: z.url().optional(),
    /** How long records are kept, per environment (`retention.ts` prunes them). */
    retention: retentionSchema,
    /** When reported transaction outcomes make a counterparty a high-risk entity (`outcomes.ts`). */
    risk: riskSchema,
  })
  .strict()
  .superRefine((config, ctx) => {
    // A returned-enrichment URL the callback policy refuses whatever DNS says is a configuration mistake.
    const allowlist = config.callbacks.allowlist.filter((entry) => parseAllowlistEntry(entry) !== null);
    const policy = createCallbackPolicy({ allowlist });
    for (const [tenant, settings] of Object.entries(config.tenants)) {
      const refused =
        settings.returnedEnrichmentUrl && policy.checkWithoutDns(settings.returnedEnrichmentUrl);
      if (refused)
        ctx.addIssue({
          code: 'custom',
          path: ['tenants', tenant, 'returnedEnrichmentUrl'],
          message: `${refused} Add its host to callbacks.allowlist to allow it.`,
        });
    }
  });

export type Config = Readonly<z.output<typeof configSchema>>;
export type ConfigInput = z.input<typeof configSchema>;

/** A configuration error; `source` names where the configuration came from (its file). */
function invalidConfig(problems: string, source: string | undefined): ServiceError {
  return new ServiceError(
    'INVALID_CONFIG',
    `Invalid configuration${source ? ` in ${source}` : ''}: ${problems}`,
  );
}

/** `$PORT` as a number: digits only, so that `PORT=abc` is named as the mistake rather than `port`. */
function portOfEnv(value: string, source: string | undefined): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw invalidConfig(`PORT must be a port number from 0 to 65535, not ${JSON.stringify(value)}.`, source);
  return port;
}

/**
 * `DATABASE_URL`'s store: Postgres at that URL, with the file's other Postgres settings if it has them. A
 * URL of another form is named as `DATABASE_URL`, not as the file's `store.url`.
 */
function postgresOfEnv(input: object, url: string, source: string | undefined): object {
  if (!isPostgresUrl(url)) throw invalidConfig(`DATABASE_URL: ${POSTGRES_URL_EXPECTED}`, source);
  const store = (input as { store?: unknown }).store;
  const fromFile =
    typeof store === 'object' && store !== null && 'kind' in store && store.kind === 'postgres';
  return { ...(fromFile ? store : {}), kind: 'postgres', url };
}

/**
 * Validates a configuration object, applying the environment's overrides; `source` (the file it was
 * read from) is named in the error.
 */
export function parseConfig(input: unknown, env: NodeJS.ProcessEnv = {}, source?: string): Config {
  const overridden =
    typeof input === 'object' && input !== null
      ? {
          ...input,
          ...(env.PORT ? { port: portOfEnv(env.PORT, source) } : {}),
          ...(env.TXENRICH_DATA_DIR ? { dataDir: env.TXENRICH_DATA_DIR } : {}),
          ...(env.DATABASE_URL ? { store: postgresOfEnv(input, env.DATABASE_URL, source) } : {}),
        }
      : input;
  const parsed = configSchema.safeParse(overridden);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw invalidConfig(problems.join('; '), source);
  }
  return Object.freeze(parsed.data);
}

/** Reads and validates a configuration file. */
export function loadConfig(path: string, env: NodeJS.ProcessEnv = process.env): Config {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ServiceError('INVALID_CONFIG', `Cannot read the configuration file ${path}.`, { cause: error });
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new ServiceError(
      'INVALID_CONFIG',
      `The configuration file ${path} is not JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return parseConfig(input, env, path);
}
