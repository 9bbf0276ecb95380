/**
 * What the service answers its operator, beyond the wire contract: the
 * callback outbox as the admin API shows it (`GET /admin/callbacks`,
 * `POST /admin/callbacks/{id}/replay`) and the readiness probe (`/readyz`).
 */
import * as z from 'zod';
import { uuid } from './fields.js';

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
export type ReadinessBody = z.infer<typeof readinessSchema>;
