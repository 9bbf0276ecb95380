import * as z from 'zod';
import { counterpartySchema, thirdPartySchema } from './enrichment.js';
import { httpUrl, uuid } from './fields.js';

/** At most this many counterparties, and as many third parties, per `GET /merchants`. */
export const merchantLookupLimit = 5;

/** Another catalog merchant named beside a counterparty. */
export const relatedMerchantSchema = z.object({
  id: uuid,
  name: z.string(),
  website: httpUrl.nullable(),
});

/**
 * How an affiliate relates to the counterparty, as the catalog knows it from their websites: the brand
 * whose site the counterparty's sits under (`parent`), a brand under the counterparty's site
 * (`subsidiary`), or another brand on the same company site (`sibling`).
 */
export const affiliateRelations = ['parent', 'subsidiary', 'sibling'] as const;

/** A counterparty of `GET /merchants`: the result's counterparty shape plus what the catalog knows around it. */
export const merchantCounterpartySchema = counterpartySchema.extend({
  /** The MCCs a card transaction of this merchant is expected to carry, ascending. */
  expectedMerchantCategoryCodes: z.array(z.string().regex(/^\d{4}$/)),
  /** Other catalog records of the same brand (another country's entry, another line of business). */
  alternates: z.array(relatedMerchantSchema),
  /** Parent, subsidiary and sibling brands. */
  affiliates: z.array(relatedMerchantSchema.extend({ relation: z.enum(affiliateRelations) })),
});

/** `GET /merchants?name=`: the merchants and the third parties of that name, most similar first. */
export const merchantsSchema = z.object({
  counterparties: z.array(merchantCounterpartySchema).max(merchantLookupLimit),
  thirdParties: z.array(thirdPartySchema).max(merchantLookupLimit),
});

export type AffiliateRelation = (typeof affiliateRelations)[number];
export type RelatedMerchant = z.infer<typeof relatedMerchantSchema>;
export type MerchantCounterparty = z.infer<typeof merchantCounterpartySchema>;
export type Merchants = z.infer<typeof merchantsSchema>;
