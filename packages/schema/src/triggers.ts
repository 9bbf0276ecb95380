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
function uniqueTriggerIds(triggers: readonly { id: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const [index, trigger] of triggers.entries()) {
    if (seen.has(trigger.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['merchantTriggers'],
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

export type MerchantTrigger = z.output<typeof merchantTriggerSchema>;
export type MerchantTriggerInput = z.input<typeof merchantTriggerSchema>;
export type PutTriggers = z.output<typeof putTriggersSchema>;
export type PatchTriggers = z.output<typeof patchTriggersSchema>;
export type TriggerRegistration = z.infer<typeof triggerRegistrationSchema>;
export type TriggerScopeStatus = z.infer<typeof triggerScopeStatusSchema>;
