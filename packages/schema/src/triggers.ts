import * as z from 'zod';
import { customAttributes, identifier, text } from './fields.js';
import { messages } from './messages.js';

export const triggerLimits = {
  maxPerRequest: 100_000,
  maxActivePerScope: 300_000,
  maxActivePerUserOrCard: 100,
  /** Registrations larger than this are processed in the background. */
  synchronousMax: 100,
} as const;

export const registrationStatuses = ['pending', 'running', 'succeeded', 'failed'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/** `corporation` matches the merchant anywhere; `location` only at that place. */
export const triggerLevels = ['corporation', 'location'] as const;

/** A merchant action trigger (CONTRACT.md section 5); `website` is required unless `address` or `city` is given. */
export const merchantTriggerSchema = z
  .object({
    id: identifier(512, 1),
    merchantName: text(150, 1),
    action: z.record(z.string(), z.unknown()),
    website: text(2048).optional(),
    address: text(256).optional(),
    city: text(128).optional(),
    region: text(64).optional(),
    country: text(64).optional(),
    postalCode: text(16).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    level: z.enum(triggerLevels).default('location'),
    customAttributes: customAttributes.optional(),
  })
  .superRefine((trigger, ctx) => {
    if (!trigger.website && !trigger.address && !trigger.city) {
      ctx.addIssue({ code: 'custom', path: ['website'], message: messages.triggerNeedsPlace });
    }
  });

/** Trigger ids must be unique within one request. */
function uniqueTriggerIds(
  triggers: readonly { id: string }[],
  ctx: z.RefinementCtx,
  field: TriggerListField = 'merchantTriggers',
) {
  const seen = new Set<string>();
  for (const [index, trigger] of triggers.entries()) {
    if (seen.has(trigger.id)) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: messages.duplicateTriggerId(index),
      });
      return;
    }
    seen.add(trigger.id);
  }
}

const triggerList = z.array(merchantTriggerSchema).min(1).max(triggerLimits.maxPerRequest);

/** `PUT`: replaces every trigger of the scope. */
export const putTriggersSchema = z
  .object({ merchantTriggers: triggerList })
  .superRefine((body, ctx) => uniqueTriggerIds(body.merchantTriggers, ctx));

/** `PATCH`: upserts triggers by id, or removes ids (unknown ids are ignored). */
export const patchTriggersSchema = z.discriminatedUnion('operation', [
  z
    .object({ operation: z.literal('add'), merchantTriggers: triggerList })
    .superRefine((body, ctx) => uniqueTriggerIds(body.merchantTriggers, ctx)),
  z.object({
    operation: z.literal('remove'),
    triggerIds: z.array(identifier(512, 1)).min(1).max(triggerLimits.maxPerRequest),
  }),
]);

/** The answer to `PUT` and `PATCH`. */
export const triggerRegistrationSchema = z.object({
  status: z.enum(registrationStatuses),
  version: z.number().int().min(1),
});

/** The answer to `GET`: the active triggers of the scope. */
export const triggerScopeStatusSchema = triggerRegistrationSchema.extend({
  merchantTriggers: z.array(z.object({ id: z.string(), action: z.record(z.string(), z.unknown()) })),
  totalCount: z.number().int().min(0),
});

/**
 * Category action triggers (an extension of the commercial service's API, in its shape): the same four
 * scopes, versions and states as merchant triggers, with their own limits. The commercial service allows
 * 300 across scopes; this one 10,000 in the account scope and in each program, 100 per user and card.
 */
export const categoryTriggerLimits = {
  maxPerRequest: 10_000,
  maxActivePerScope: 10_000,
  maxActivePerUserOrCard: 100,
} as const;

/** The kinds of action triggers, each with its own scopes at the same four levels. */
export const triggerKinds = ['merchant', 'category'] as const;
export type TriggerKind = (typeof triggerKinds)[number];

/** The body field that lists a kind's triggers. */
export const triggerListFields = { merchant: 'merchantTriggers', category: 'categoryTriggers' } as const;
export type TriggerListField = (typeof triggerListFields)[TriggerKind];

/** A category action trigger: matches transactions whose category is `categoryId` or one of its descendants. */
export const categoryTriggerSchema = z.object({
  id: identifier(512, 1),
  /** A default category id (`011-000-000-000`) or a custom category's id, of the tenant and environment. */
  categoryId: identifier(64, 1),
  action: z.record(z.string(), z.unknown()),
});

const categoryTriggerList = z.array(categoryTriggerSchema).min(1).max(categoryTriggerLimits.maxPerRequest);

/** `PUT .../category-action-triggers`: replaces every category trigger of the scope. */
export const putCategoryTriggersSchema = z
  .object({ categoryTriggers: categoryTriggerList })
  .superRefine((body, ctx) => uniqueTriggerIds(body.categoryTriggers, ctx, 'categoryTriggers'));

/** `PATCH .../category-action-triggers`: upserts category triggers by id, or removes ids. */
export const patchCategoryTriggersSchema = z.discriminatedUnion('operation', [
  z
    .object({ operation: z.literal('add'), categoryTriggers: categoryTriggerList })
    .superRefine((body, ctx) => uniqueTriggerIds(body.categoryTriggers, ctx, 'categoryTriggers')),
  z.object({
    operation: z.literal('remove'),
    triggerIds: z.array(identifier(512, 1)).min(1).max(categoryTriggerLimits.maxPerRequest),
  }),
]);

/** The answer to `GET .../category-action-triggers`: the active category triggers of the scope. */
export const categoryTriggerScopeStatusSchema = triggerRegistrationSchema.extend({
  categoryTriggers: z.array(categoryTriggerSchema),
  totalCount: z.number().int().min(0),
});

export type CategoryTrigger = z.output<typeof categoryTriggerSchema>;
export type PutCategoryTriggers = z.output<typeof putCategoryTriggersSchema>;
export type PatchCategoryTriggers = z.output<typeof patchCategoryTriggersSchema>;
export type CategoryTriggerScopeStatus = z.infer<typeof categoryTriggerScopeStatusSchema>;
export type MerchantTrigger = z.output<typeof merchantTriggerSchema>;
export type MerchantTriggerInput = z.input<typeof merchantTriggerSchema>;
export type PutTriggers = z.output<typeof putTriggersSchema>;
export type PatchTriggers = z.output<typeof patchTriggersSchema>;
export type TriggerRegistration = z.infer<typeof triggerRegistrationSchema>;
export type TriggerScopeStatus = z.infer<typeof triggerScopeStatusSchema>;
