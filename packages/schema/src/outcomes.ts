/**
 * Transaction outcomes reported on an enrichment (`POST /enrichments/{enrichmentId}/chargeback`,
 * `/decline`, `/refund`, `/fraud`): what became of the transaction, which the tenant's risk insights
 * count per counterparty (`riskInsights.outcomeHistory`).
 */
import * as z from 'zod';
import { occurredAt, text, uuid } from './fields.js';
import { messages } from './messages.js';

/** Notes of every kind are at most this long. */
export const outcomeNotesMax = 512;

export const outcomeKinds = ['chargeback', 'decline', 'refund', 'fraud'] as const;
export const chargebackStates = ['chargeback_pending', 'chargeback_won', 'chargeback_lost'] as const;
export const fraudTypes = [
  'card_not_present',
  'card_testing',
  'chargeback_fraud',
  'counterfeit_card',
  'merchant_fraud',
  'other',
  'phishing',
  'stolen_card',
  'unknown',
  'none',
] as const;

const notes = text(outcomeNotesMax);

/** The fraud fields chargebacks, declines and refunds take too: `fraudType` only with `isFraud: true`. */
const fraudShape = {
  isFraud: z.boolean().optional(),
  fraudType: z.enum(fraudTypes).optional(),
  fraudNotes: notes.optional(),
};

function fraudTypeOnlyWithFraud(
  value: { isFraud?: boolean | undefined; fraudType?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.fraudType !== undefined && value.isFraud !== true)
    ctx.addIssue({ code: 'custom', path: ['fraudType'], message: messages.fraudTypeNeedsFraud });
}

export const chargebackOutcomeSchema = z
  .object({
    state: z.enum(chargebackStates),
    chargebackNotes: notes.optional(),
    occurredAt: occurredAt.optional(),
    ...fraudShape,
  })
  .superRefine(fraudTypeOnlyWithFraud);

export const declineOutcomeSchema = z
  .object({
    declineCode: text(64).optional(),
    declineDescription: notes.optional(),
    declineNotes: notes.optional(),
    occurredAt: occurredAt.optional(),
    ...fraudShape,
  })
  .superRefine(fraudTypeOnlyWithFraud);

export const refundOutcomeSchema = z
  .object({
    refundNotes: notes.optional(),
    occurredAt: occurredAt.optional(),
    ...fraudShape,
  })
  .superRefine(fraudTypeOnlyWithFraud);

/** A fraud report is fraud: `isFraud` may be left out, or sent as true. */
export const fraudOutcomeSchema = z.object({
  isFraud: z
    .boolean()
    .optional()
    .check((ctx) => {
      if (ctx.value === false)
        ctx.issues.push({ code: 'custom', input: ctx.value, message: messages.fraudIsFraud });
    }),
  fraudType: z.enum(fraudTypes).optional(),
  fraudNotes: notes.optional(),
  occurredAt: occurredAt.optional(),
});

export const outcomeSchemas = {
  chargeback: chargebackOutcomeSchema,
  decline: declineOutcomeSchema,
  refund: refundOutcomeSchema,
  fraud: fraudOutcomeSchema,
} as const;

/** The rates `riskInsights.outcomeHistory` gives, each compared with its threshold. */
export const outcomeRates = ['chargebackRate', 'fraudRate', 'declineRate', 'refundRate'] as const;

/**
 * `riskInsights.outcomeHistory`, an extension: the outcomes the tenant reported for the counterparty over
 * the rolling window, beside its enrichments in that window. A rate is null until the counterparty has
 * the configured minimum of enrichments; `exceeded` names the rates at or over their thresholds, and
 * makes `highRiskEntity` true. Present only for a counterparty with at least one outcome reported.
 */
export const outcomeHistorySchema = z.object({
  windowDays: z.number().int().positive(),
  enrichments: z.number().int().nonnegative(),
  chargebacksLost: z.number().int().nonnegative(),
  fraudReports: z.number().int().nonnegative(),
  declines: z.number().int().nonnegative(),
  refunds: z.number().int().nonnegative(),
  chargebackRate: z.number().nullable(),
  fraudRate: z.number().nullable(),
  declineRate: z.number().nullable(),
  refundRate: z.number().nullable(),
  exceeded: z.array(z.enum(outcomeRates)),
});

/** What an outcome endpoint answers: the outcome as stored, with its enrichment and when it was last reported. */
const recorded = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ enrichmentId: uuid, ...shape, reportedAt: z.string() });

export const chargebackRecordedSchema = recorded({
  state: z.enum(chargebackStates),
  chargebackNotes: z.string().optional(),
  occurredAt: z.string().optional(),
  ...fraudShape,
});
export const declineRecordedSchema = recorded({
  declineCode: z.string().optional(),
  declineDescription: z.string().optional(),
  declineNotes: z.string().optional(),
  occurredAt: z.string().optional(),
  ...fraudShape,
});
export const refundRecordedSchema = recorded({
  refundNotes: z.string().optional(),
  occurredAt: z.string().optional(),
  ...fraudShape,
});
export const fraudRecordedSchema = recorded({
  isFraud: z.literal(true),
  fraudType: z.enum(fraudTypes).optional(),
  fraudNotes: z.string().optional(),
  occurredAt: z.string().optional(),
});

export type OutcomeRate = (typeof outcomeRates)[number];
export type OutcomeHistory = z.infer<typeof outcomeHistorySchema>;
export type OutcomeKind = (typeof outcomeKinds)[number];
export type ChargebackState = (typeof chargebackStates)[number];
export type FraudType = (typeof fraudTypes)[number];
export type ChargebackOutcome = z.infer<typeof chargebackOutcomeSchema>;
export type DeclineOutcome = z.infer<typeof declineOutcomeSchema>;
export type RefundOutcome = z.infer<typeof refundOutcomeSchema>;
export type FraudOutcome = z.infer<typeof fraudOutcomeSchema>;
export type OutcomeByKind = {
  chargeback: ChargebackOutcome;
  decline: DeclineOutcome;
  refund: RefundOutcome;
  fraud: FraudOutcome;
};
