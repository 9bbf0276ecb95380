/**
 * What the service answers its operator, beyond the wire contract: the admin
 * API's error reports and their corrections (`/admin/reports`), usage
 * counters (`/admin/usage`) and callback outbox (`/admin/callbacks`), and the
 * probes (`/healthz`, `/readyz`).
 */
import * as z from 'zod';
import { personalizationLevels } from './categories.js';
import { channels } from './enrichment.js';
import { identifier, text, uuid } from './fields.js';
import { errorReportSchema } from './reports.js';

/** The environments an API key belongs to (CONTRACT.md section 6). */
export const environments = ['sandbox', 'production'] as const;
export type Environment = (typeof environments)[number];

/** What the outbox sends: batch status callbacks and returned enrichments. */
export const deliveryKinds = ['batch_callback', 'returned_enrichment'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/** `pending` until a 2xx answer (`delivered`) or the end of its retry window (`abandoned`). */
export const deliveryStates = ['pending', 'delivered', 'abandoned'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** How many deliveries one list answers (`limit`): by default, and at most. */
export const deliveryListLimits = { default: 100, max: 1000 } as const;

const instant = z.iso.datetime();

/** One delivery of the outbox. */
export const callbackDeliverySchema = z.object({
  id: uuid,
  kind: z.enum(deliveryKinds),
  tenant: z.string(),
  environment: z.enum(environments),
  /** The destination without credentials, query string or fragment, as log lines show it. */
  url: z.string(),
  state: z.enum(deliveryStates),
  /** Attempts made (since the last replay). */
  attempts: z.number().int().min(0),
  /** The last failure: `HTTP 500`, a network error, a refusal of the callback policy. */
  lastError: z.string().nullable(),
  createdAt: instant,
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: instant.nullable(),
  deliveredAt: instant.nullable(),
  abandonedAt: instant.nullable(),
  /** When an operator last replayed it: its retry window started again then. */
  replayedAt: instant.nullable(),
  /** What is POSTed: `{batchId, status}`, or the corrected enrichment. */
  body: z.unknown(),
});

export const callbackDeliveriesSchema = z.object({ callbacks: z.array(callbackDeliverySchema) });

/** An error report is `open` until the operator rejects it or resolves it with a correction. */
export const reportStatuses = ['open', 'resolved', 'rejected'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** A report as the admin API shows it: the tenant's report, whose it is, and where it stands. */
export const reportViewSchema = errorReportSchema.extend({
  id: uuid,
  tenant: z.string(),
  environment: z.enum(environments),
  status: z.enum(reportStatuses),
  createdAt: instant,
});

export const reportViewsSchema = z.object({ reports: z.array(reportViewSchema) });

/** The operator's correction of a reported enrichment (`POST /admin/reports/{id}/resolve`). */
export const reportCorrectionSchema = z
  .object({
    /** A catalog counterparty by `id`, or one described by `name` (and `website`, `logo`). */
    counterparty: z
      .object({
        id: text(64, 1).optional(),
        name: text(256, 1).optional(),
        website: text(2048).optional(),
        logo: text(2048).optional(),
      })
      .superRefine((value, ctx) => {
        if ((value.id === undefined) === (value.name === undefined))
          ctx.addIssue({ code: 'custom', message: 'Give either id (a catalog counterparty) or name.' });
      })
      .optional(),
    industryId: text(64, 1).optional(),
    channel: z.enum(channels).optional(),
    location: z
      .object({
        city: text(128).optional(),
        region: text(64).optional(),
        postalCode: text(16).optional(),
        country: text(64).optional(),
      })
      .optional(),
    /**
     * A report with `incorrectCategory` made a counterparty category personalization in the same call: the
     * reported enrichment's counterparty (as corrected) filed under `categoryId` (default or custom) for
     * the reporting user (`user`, the default when the request had a `userId`), its organization, or the
     * integration (the default otherwise).
     */
    personalization: z
      .object({
        categoryId: identifier(64, 1),
        level: z.enum(personalizationLevels).optional(),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (Object.values(value).every((field) => field === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'Give at least one of counterparty, industryId, channel, location and personalization.',
      });
  });

/** One usage counter: the transactions of one endpoint on one UTC day, per tenant and billing source. */
export const usageViewSchema = z.object({
  tenant: z.string(),
  environment: z.enum(environments),
  billingProfile: z.string().nullable(),
  organizationId: z.string().nullable(),
  /** `<mode>.<kind>`: `single.card`, `batch.transfer`, `microbatch.de43`... */
  endpoint: z.string(),
  day: z.iso.date(),
  count: z.number().int().min(0),
});

export const usageViewsSchema = z.object({ usage: z.array(usageViewSchema) });

/** `/healthz`: the process answers (liveness; `/readyz` says whether it can serve). */
export const healthSchema = z.object({ status: z.literal('ok'), region: z.string() });

/** `/readyz`: 200 when every check is `ok`, else 503. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    /** `ok`, or the store's error code (`STORE_UNAVAILABLE`: unreachable, or its file deleted or replaced). */
    store: z.string(),
    /** `ok`, `loading` (a worker is still loading it) or `failed`. */
    catalog: z.enum(['ok', 'loading', 'failed']),
  }),
});

export type CallbackDelivery = z.infer<typeof callbackDeliverySchema>;
export type ReportView = z.infer<typeof reportViewSchema>;
export type ReportCorrection = z.output<typeof reportCorrectionSchema>;
export type UsageView = z.infer<typeof usageViewSchema>;
export type HealthBody = z.infer<typeof healthSchema>;
export type ReadinessBody = z.infer<typeof readinessSchema>;
