import * as z from 'zod';
import {
  amount,
  billingFields,
  categoryCode,
  categoryType,
  currencyCode,
  customAttributes,
  digits,
  direction,
  identifier,
  occurredAt,
  requireOrganizationForResell,
  text,
} from './fields.js';
import { messages } from './messages.js';

/** Location of a card transaction (interface.md 2.2). Region and country are resolved by the engine. */
export const locationSchema = z.object({
  address: text(256).optional(),
  city: text(128).optional(),
  region: text(64).optional(),
  country: text(64).optional(),
  postalCode: text(16).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

/** Fields common to card requests: single, batch item and DE43 forms. */
const cardShape = {
  transactionId: identifier(512, 1).optional(),
  userId: identifier(512).optional(),
  cardId: identifier(512).optional(),
  programId: identifier(512).optional(),
  merchantName: text(1024, 1),
  acquirerId: identifier(512).optional(),
  amount: amount.optional(),
  currencyCode: currencyCode.optional(),
  occurredAt: occurredAt.optional(),
  categoryCode: categoryCode.optional(),
  categoryType: categoryType.default('MCC'),
  location: locationSchema.optional(),
  city: text(128).optional(),
  state: text(64).optional(),
  country: text(64).optional(),
  cardFirstSix: digits(6).optional(),
  cardLastFour: digits(4).optional(),
  customAttributes: customAttributes.optional(),
  ...billingFields,
};

/** A card transaction sent to `POST /transactions/cards/enrich` (CONTRACT.md 1.1). */
export const cardTransactionSchema = z.object(cardShape).superRefine(requireOrganizationForResell);

/** A card transaction inside a batch: `transactionId` is required. */
export const cardBatchItemSchema = z
  .object({ ...cardShape, transactionId: identifier(512, 1) })
  .superRefine(requireOrganizationForResell);

/** Without a parsable `de43`, a DE43 request still needs the merchant's name. */
function requireNameOrDe43(
  value: { merchantName?: string | undefined; de43?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!value.de43?.trim() && !value.merchantName) {
    ctx.addIssue({ code: 'custom', path: ['merchantName'], message: messages.required });
  }
}

const de43Shape = (de43MaxLength: number) => ({
  ...cardShape,
  merchantName: text(1024).optional(),
  de43: text(de43MaxLength).optional(),
});

/** A card transaction carrying the raw ISO 8583 field 43 (single DE43 request). */
export const de43TransactionSchema = z
  .object(de43Shape(100))
  .superRefine(requireOrganizationForResell)
  .superRefine(requireNameOrDe43);

/** A DE43 card transaction inside a batch. */
export const de43BatchItemSchema = z
  .object({ ...de43Shape(512), transactionId: identifier(512, 1) })
  .superRefine(requireOrganizationForResell)
  .superRefine(requireNameOrDe43);

/** Transfer kinds the engine knows; other strings are accepted and treated as unknown. */
export const knownTransferTypes = [
  'ACH_DEPOSIT',
  'ACH_RETURN',
  'ACH_WITHDRAWAL',
  'ATM',
  'CHECK_DEPOSIT',
  'CHECK_PAYMENT',
  'INTERNATIONAL_WIRE_INCOMING',
  'INTERNATIONAL_WIRE_OUTGOING',
  'RTP_DEPOSIT',
  'RTP_WITHDRAWAL',
  'US_WIRE_INCOMING',
  'US_WIRE_OUTGOING',
  'OTHER_INCOMING',
  'OTHER_OUTGOING',
] as const;
export type KnownTransferType = (typeof knownTransferTypes)[number];

/** Fields common to transfer and universal transactions. */
const accountLineShape = {
  userId: identifier(512, 1),
  accountId: identifier(512).optional(),
  transactionId: identifier(512, 1).optional(),
  description: text(1024, 1),
  amount: amount.optional(),
  currencyCode: currencyCode.optional(),
  occurredAt: occurredAt.optional(),
  direction: direction.optional(),
  customAttributes: customAttributes.optional(),
  ...billingFields,
};

const transferShape = {
  ...accountLineShape,
  transactionType: text(64, 1),
  transactionTypeDescription: text(64).optional(),
  alternateDescription: text(1024).optional(),
  memo: text(1024).optional(),
};

/** A bank transfer (CONTRACT.md 1.2). */
export const transferTransactionSchema = z.object(transferShape).superRefine(requireOrganizationForResell);

/** A transfer inside a batch: `transactionId` is required. */
export const transferBatchItemSchema = z
  .object({ ...transferShape, transactionId: identifier(512, 1) })
  .superRefine(requireOrganizationForResell);

const universalShape = {
  ...accountLineShape,
  merchantName: text(1024).optional(),
  categoryCode: categoryCode.optional(),
  categoryType: categoryType.default('MCC'),
  location: locationSchema.optional(),
};

/** A transaction from any source; the engine decides what it is (CONTRACT.md 1.3). */
export const universalTransactionSchema = z.object(universalShape).superRefine(requireOrganizationForResell);

/** A universal transaction inside a batch: `transactionId` is required. */
export const universalBatchItemSchema = z
  .object({ ...universalShape, transactionId: identifier(512, 1) })
  .superRefine(requireOrganizationForResell);

export type Location = z.output<typeof locationSchema>;
export type CardTransaction = z.output<typeof cardTransactionSchema>;
export type De43Transaction = z.output<typeof de43TransactionSchema>;
export type TransferTransaction = z.output<typeof transferTransactionSchema>;
export type UniversalTransaction = z.output<typeof universalTransactionSchema>;
/** What a caller may send, before defaults and normalisation. */
export type CardTransactionInput = z.input<typeof cardTransactionSchema>;
export type De43TransactionInput = z.input<typeof de43TransactionSchema>;
export type TransferTransactionInput = z.input<typeof transferTransactionSchema>;
export type UniversalTransactionInput = z.input<typeof universalTransactionSchema>;

/** The four kinds of transaction, as the batch endpoints and the engine name them. */
export const transactionKinds = ['card', 'de43', 'transfer', 'universal'] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/** The validated body of each kind. */
export interface TransactionByKind {
  card: CardTransaction;
  de43: De43Transaction;
  transfer: TransferTransaction;
  universal: UniversalTransaction;
}

/** Schemas of a single request of each kind. */
export const transactionSchemas = {
  card: cardTransactionSchema,
  de43: de43TransactionSchema,
  transfer: transferTransactionSchema,
  universal: universalTransactionSchema,
} as const;

/** Schemas of a batch item of each kind (`transactionId` required). */
export const batchItemSchemas = {
  card: cardBatchItemSchema,
  de43: de43BatchItemSchema,
  transfer: transferBatchItemSchema,
  universal: universalBatchItemSchema,
} as const;
