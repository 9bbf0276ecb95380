import * as z from 'zod';
import { customAttributes, httpUrl, uuid } from './fields.js';
import { outcomeHistorySchema } from './outcomes.js';

/** Value sets of the enrichment result (CONTRACT.md section 2). */
export const transactionTypes = [
  'spending',
  'atm',
  'debt',
  'fee',
  'income',
  'account_verification',
  'other_money_movement',
  'reimbursement',
] as const;
export const transactionSubTypes = [
  'alimony_or_child_support',
  'atm',
  'bnpl',
  'business',
  'cash_advance',
  'deposit',
  'disbursements',
  'earned_income',
  'government_benefits',
  'insurance',
  'investment',
  'nsf',
  'other',
  'overdraft',
  'payment',
  'payout',
  'rental',
  'retirement',
  'tax_refund',
  'transfer',
  'withdrawal',
] as const;
export const graphicSources = ['counterparty', 'third_party', 'category'] as const;
export const thirdPartyTypes = [
  'payment_processor',
  'marketplace',
  'delivery_service',
  'bnpl',
  'platform',
] as const;
export const channels = ['physical', 'digital'] as const;
export const transferDirections = ['incoming', 'outgoing'] as const;
export const transferMethods = ['ach', 'cash', 'check', 'intrabank', 'rtp', 'wire', 'unknown'] as const;
export const transferKinds = ['external', 'internal', 'unknown'] as const;
export const intervalTypes = [
  'weekly',
  'biweekly',
  'semi_monthly',
  'monthly',
  'quarterly',
  'annually',
] as const;
export const cardAcceptanceHistories = [
  'extensive',
  'established',
  'stable',
  'limited',
  'very_limited',
] as const;
export const triggerScopes = ['account', 'program', 'user', 'card'] as const;
/** What matched: the counterparty or a third party (merchant triggers), or the category (category triggers). */
export const actionSources = ['counterparty', 'third_party', 'category'] as const;
/** Which kind of trigger added an action. */
export const actionTypes = ['merchant_trigger', 'category_trigger'] as const;

export type TransactionType = (typeof transactionTypes)[number];
export type TransactionSubType = (typeof transactionSubTypes)[number];
export type ThirdPartyType = (typeof thirdPartyTypes)[number];
export type Channel = (typeof channels)[number];
export type CardAcceptanceHistory = (typeof cardAcceptanceHistories)[number];
export type IntervalType = (typeof intervalTypes)[number];
export type TriggerScope = (typeof triggerScopes)[number];
export type ActionSource = (typeof actionSources)[number];

const nullableUrl = httpUrl.nullable();

/**
 * An industry node: ids are four dash-separated groups of three digits, broad to specific; the last node
 * of a counterparty a tenant personalized with a custom category has that category's UUID.
 */
export const industrySchema = z.object({
  id: z
    .string()
    .regex(/^(\d{3}-\d{3}-\d{3}-\d{3}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/),
  name: z.string(),
  icon: nullableUrl,
});

export const counterpartyLocationSchema = z.object({
  id: z.string().nullable(),
  address: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  matchScore: z.number().min(0).max(100).nullable(),
});

export const counterpartySchema = z.object({
  id: uuid,
  name: z.string(),
  legalName: z.string().nullable(),
  industry: z.array(industrySchema),
  location: z.array(counterpartyLocationSchema),
  matchScore: z.number().min(50).max(100),
  logo: nullableUrl,
  medianSpendPerTransaction: z.number().nullable(),
  phoneNumber: z.string().nullable(),
  website: nullableUrl,
  possibleCounterpartyAlternate: z.object({ id: uuid, similarity: z.number() }).nullable(),
  /**
   * True when the catalog knows the merchant. False for an unverified counterparty: a merchant read
   * from the line that no catalog entry names (its clean name, the place on the line, the MCC's
   * industry; no logo, no website, the lowest matchScore).
   */
  verified: z.boolean(),
});

export const thirdPartySchema = z.object({
  id: uuid,
  name: z.string(),
  type: z.enum(thirdPartyTypes),
  logo: nullableUrl,
  website: nullableUrl,
});

export const transferInfoSchema = z.object({
  direction: z.enum(transferDirections),
  transferMethod: z.enum(transferMethods),
  transferType: z.enum(transferKinds),
  isAdjustmentOrRefund: z.boolean(),
});

export const atmInfoSchema = z.object({
  sponsorName: z.string().nullable(),
  ownerName: z.string().nullable(),
});

export const recurrenceInfoSchema = z.object({
  intervalType: z.enum(intervalTypes),
  intervalDays: z.number().int().positive(),
  nextPaymentExpected: z.iso.date(),
  recentRecurrences: z.array(
    z.object({
      amount: z.number().nullable(),
      enrichmentId: uuid,
      occurredAt: z.string(),
      transactionId: z.string().nullable(),
    }),
  ),
});

export const riskInsightsSchema = z.object({
  irregularWebPresenceDetected: z.boolean().nullable(),
  negativeOnlineSentiment: z.boolean().nullable(),
  highRiskEntity: z.boolean().nullable(),
  riskyIndustry: z.boolean().nullable(),
  cardAcceptanceHistory: z.enum(cardAcceptanceHistories).nullable(),
  /** The tenant's reported outcomes for the counterparty (an extension; `outcomes.ts`). */
  outcomeHistory: outcomeHistorySchema.optional(),
});

/**
 * A merchant action trigger (CONTRACT.md section 5) or a category action trigger that matched this
 * transaction: `type` `category_trigger` and `source` `category` for the latter.
 */
export const actionSchema = z.object({
  id: z.string(),
  type: z.enum(actionTypes),
  action: z.record(z.string(), z.unknown()),
  scope: z.enum(triggerScopes),
  source: z.enum(actionSources).nullable(),
  authRecommendation: z.enum(['BLOCK', 'ALLOW']).optional(),
});

export const transactionInfoSchema = z.object({
  transactionId: z.string().nullable(),
  type: z.enum(transactionTypes),
  subType: z.enum(transactionSubTypes).nullable(),
  display: z.object({
    name: z.string(),
    categoryName: z.string().nullable(),
    graphic: nullableUrl,
    graphicSource: z.enum(graphicSources).nullable(),
  }),
  thirdParties: z.array(thirdPartySchema),
  spendingInfo: z.object({ channel: z.object({ value: z.enum(channels).nullable() }) }).nullable(),
  transferInfo: transferInfoSchema.nullable(),
  atmInfo: atmInfoSchema.nullable(),
  isAccountVerification: z.boolean().nullable(),
  isPeerToPeer: z.boolean().nullable(),
  isDigitalWallet: z.boolean().nullable(),
  recurrenceInfo: recurrenceInfoSchema.nullable(),
  riskInsights: riskInsightsSchema,
});

/** The enrichment of one transaction: single response, batch result item body, returned enrichment. */
export const enrichmentSchema = z.object({
  enrichmentId: uuid,
  transactionInfo: transactionInfoSchema,
  counterparty: z.array(counterpartySchema),
  actions: z.array(actionSchema).nullable(),
  customAttributes: customAttributes.optional(),
  /** Only when asked for (`explain`): how the engine read the line and chose the counterparty. */
  explanation: z.record(z.string(), z.unknown()).optional(),
});

/** A batch result item that enriched. */
export const enrichedResultItemSchema = enrichmentSchema.extend({ statusCode: z.literal(200) });

/** A batch result item that failed validation: only the errors and the echoed ids. */
export const failedResultItemSchema = z.object({
  statusCode: z.literal(400),
  errors: z.record(z.string(), z.array(z.string())),
  transactionInfo: z.object({ transactionId: z.string().nullable() }),
  /** The caller's, when they pass their limits (else the errors name them). */
  customAttributes: customAttributes.optional(),
});

/**
 * A batch result item the engine could not enrich through no fault of the
 * caller's (its worker failed twice): the same shape as a 400 item, status 500.
 */
export const internalErrorResultItemSchema = failedResultItemSchema.extend({ statusCode: z.literal(500) });

export const resultItemSchema = z.discriminatedUnion('statusCode', [
  enrichedResultItemSchema,
  failedResultItemSchema,
  internalErrorResultItemSchema,
]);

export type Industry = z.infer<typeof industrySchema>;
export type CounterpartyLocation = z.infer<typeof counterpartyLocationSchema>;
export type Counterparty = z.infer<typeof counterpartySchema>;
export type ThirdParty = z.infer<typeof thirdPartySchema>;
export type TransferInfo = z.infer<typeof transferInfoSchema>;
export type AtmInfo = z.infer<typeof atmInfoSchema>;
export type RecurrenceInfo = z.infer<typeof recurrenceInfoSchema>;
export type RiskInsights = z.infer<typeof riskInsightsSchema>;
export type Action = z.infer<typeof actionSchema>;
export type TransactionInfo = z.infer<typeof transactionInfoSchema>;
export type Enrichment = z.infer<typeof enrichmentSchema>;
export type EnrichedResultItem = z.infer<typeof enrichedResultItemSchema>;
export type FailedResultItem = z.infer<typeof failedResultItemSchema>;
export type ResultItem = z.infer<typeof resultItemSchema>;
