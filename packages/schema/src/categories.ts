/**
 * Categories and counterparty category personalization: the default
 * taxonomy (`GET /categories`), a tenant's custom categories (integration
 * and user level) and its counterparty personalizations (integration,
 * organization and user level), in the shapes of the commercial service's
 * category personalization API.
 */
import * as z from 'zod';
import {
  channels,
  industrySchema,
  transactionSubTypes,
  transactionTypes,
  transferDirections,
  triggerScopes,
} from './enrichment.js';
import { identifier } from './fields.js';
import { messages } from './messages.js';
import { namePatternError, namePatternLimits } from './name-pattern.js';

export const categoryLimits = {
  /** Custom categories of an integration (a tenant's environment), not counting its users'. */
  maxPerIntegration: 1_000,
  /** Custom categories of one user. */
  maxPerUser: 100,
  /** Counterparty personalizations at integration level, and of one organization. */
  maxPersonalizationsPerIntegration: 100_000,
  /** Counterparty personalizations of one user. */
  maxPersonalizationsPerUser: 1_000,
  /** Characters of a category's name (the commercial service's hierarchy nodes hold 64). */
  maxNameLength: 64,
  /** Category rules of an integration (a tenant's environment). */
  maxRules: 10_000,
} as const;

/** Whose counterparty personalizations: the integration's, an organization's (multi-source) or a user's. */
export const personalizationLevels = ['integration', 'organization', 'user'] as const;
export type PersonalizationLevel = (typeof personalizationLevels)[number];

/** What `GET /categories?include=` may list: the default taxonomy, the custom categories, or both. */
export const categoryKinds = ['default', 'custom'] as const;
export type CategoryKind = (typeof categoryKinds)[number];

/** A category: `fullCategoryHierarchy` broad to specific, itself last; a custom one's icon is its parent's. */
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  fullCategoryHierarchy: z.array(industrySchema),
});

export const categoriesSchema = z.array(categorySchema);

/** `POST /categories` and `POST /users/{userId}/categories`. */
export const newCategorySchema = z.object({
  // No U+0000 (`identifier`): Postgres's text cannot hold it, and a name is kept as given.
  name: identifier(categoryLimits.maxNameLength, 1).refine((name) => name.trim() !== '', messages.blank),
  /** A default category id (`011-000-000-000`) or a custom category's id. */
  parentId: identifier(64, 1),
});

/** `PUT .../counterparty-category-personalizations`, and what `GET` lists (a user's also carry `userId`). */
export const personalizationSchema = z.object({
  /** A counterparty id results carry: a catalog merchant's, or an unverified merchant's stable id. */
  counterpartyId: identifier(512, 1),
  /** A default or custom category id. */
  categoryId: identifier(64, 1),
});

export const personalizationViewSchema = personalizationSchema.extend({
  userId: z.string().optional(),
  organizationId: z.string().optional(),
});

export const personalizationsSchema = z.array(personalizationViewSchema);

/** A merchant category code as a rule's range bound: 0 to 9999. */
const mccBound = z.number().int().min(0).max(9999);

/**
 * What a category rule matches (an extension the commercial service lacks): every criterion given must
 * hold, and at least one is given. README "Category rules" says what each reads of the transaction.
 */
export const categoryRuleMatchSchema = z
  .object({
    /** A default category id: the transaction's category is it or one of its descendants. */
    industryId: identifier(64, 1).optional(),
    /** The transaction's MCC lies within, both ends included. */
    mcc: z
      .object({ from: mccBound, to: mccBound })
      .refine((range) => range.from <= range.to, {
        message: 'Ensure this range ends at or after its start.',
        path: ['to'],
      })
      .optional(),
    /** A glob over the displayed name (`name-pattern.ts`): `*`, `?`, `\` escapes; case aside. */
    namePattern: z
      .string()
      .min(1)
      .max(namePatternLimits.maxLength)
      .check((ctx) => {
        const error = namePatternError(ctx.value);
        if (error !== null) ctx.issues.push({ code: 'custom', input: ctx.value, message: error });
      })
      .optional(),
    type: z.enum(transactionTypes).optional(),
    subType: z.enum(transactionSubTypes).optional(),
    direction: z.enum(transferDirections).optional(),
    /** The amount's magnitude (its sign aside) lies within, both ends included; either end may be left out. */
    amount: z
      .object({ min: z.number().min(0).optional(), max: z.number().min(0).optional() })
      .refine((range) => range.min !== undefined || range.max !== undefined, {
        message: 'Ensure this range has a min, a max or both.',
      })
      .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
        message: 'Ensure this range ends at or after its start.',
        path: ['max'],
      })
      .optional(),
    channel: z.enum(channels).optional(),
  })
  .refine((match) => Object.values(match).some((value) => value !== undefined), {
    message: 'Ensure this rule matches on at least one criterion.',
  });

/** `POST /categories/rules`: the category a transaction the rule matches is filed under. */
export const newCategoryRuleSchema = z.object({
  /** A default category id or a custom category of the integration. */
  categoryId: identifier(64, 1),
  match: categoryRuleMatchSchema,
});

/** A rule as `GET /categories/rules` lists it: with its id and when it was created (ties go to the latest). */
export const categoryRuleSchema = newCategoryRuleSchema.extend({
  id: z.string(),
  createdAt: z.string(),
});

export const categoryRulesSchema = z.array(categoryRuleSchema);

/**
 * The CLI's personalization file (`txenrich enrich --personalization`): custom categories (with ids of the
 * file's own; `userId` for a user's), counterparty personalizations (the integration's, a user's or an
 * organization's) and category rules in creation order, each part optional.
 */
export const personalizationFileSchema = z.object({
  categories: z
    .array(newCategorySchema.extend({ id: identifier(64, 1), userId: identifier(512, 1).optional() }))
    .optional(),
  personalizations: z
    .array(
      personalizationSchema.extend({
        userId: identifier(512, 1).optional(),
        organizationId: identifier(512, 1).optional(),
      }),
    )
    .optional(),
  rules: z.array(newCategoryRuleSchema).optional(),
});

/** A category action trigger that names a category, with the scope holding it (the 409 of a category in use). */
export const categoryTriggerUseSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  scope: z.enum(triggerScopes),
  programId: z.string().optional(),
  userId: z.string().optional(),
  cardId: z.string().optional(),
});

/** The 409 of a category still in use: what uses it. */
export const categoryInUseSchema = z.object({
  details: z.string(),
  personalizations: personalizationsSchema,
  /** The category rules that file transactions under it. */
  rules: categoryRulesSchema,
  categoryTriggers: z.array(categoryTriggerUseSchema),
  categories: z.array(
    z.object({ id: z.string(), name: z.string(), parentId: z.string(), userId: z.string().optional() }),
  ),
});

export type Category = z.infer<typeof categorySchema>;
export type NewCategory = z.output<typeof newCategorySchema>;
export type Personalization = z.output<typeof personalizationSchema>;
export type PersonalizationView = z.infer<typeof personalizationViewSchema>;
export type CategoryInUse = z.infer<typeof categoryInUseSchema>;
export type CategoryRuleMatch = z.output<typeof categoryRuleMatchSchema>;
export type NewCategoryRule = z.output<typeof newCategoryRuleSchema>;
export type PersonalizationFile = z.output<typeof personalizationFileSchema>;
export type CategoryRuleView = z.infer<typeof categoryRuleSchema>;
export type CategoryTriggerUse = z.infer<typeof categoryTriggerUseSchema>;
