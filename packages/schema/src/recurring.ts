/**
 * `GET /users/{userId}/recurring`: a user's recurring series (subscriptions
 * and bills), an extension beyond the contract. Core builds the view
 * (`recurringView`); this is its wire shape.
 */
import * as z from 'zod';
import { intervalTypes } from './enrichment.js';

export const recurringStatuses = ['active', 'inactive'] as const;
export type RecurringStatus = (typeof recurringStatuses)[number];

const date = z.iso.date();

/** One series that recurs: one amount band of the user's payments to one counterparty (or name). */
export const recurringSeriesSchema = z.object({
  /** `<series key>#<band>`: stable while the series is kept. */
  seriesId: z.string(),
  counterparty: z.object({ id: z.string().nullable(), name: z.string() }),
  firstDate: date,
  lastDate: date,
  count: z.number().int().positive(),
  /** Over the payments counted (absolute amounts); null when none had one. */
  averageAmount: z.number().nullable(),
  lastAmount: z.number().nullable(),
  periodicity: z.object({ days: z.number().int().positive(), label: z.enum(intervalTypes) }),
  nextExpected: z.object({ date, amount: z.number().nullable() }),
  /** 0 to 1. */
  confidence: z.number().min(0).max(1),
  /** Its next payment is not overdue by more than a quarter of its period (3 days at least) at `asOf`. */
  active: z.boolean(),
});

export const recurringViewSchema = z.object({
  /** The date activity is judged at: the user's latest payment in any series; null without any. */
  asOf: date.nullable(),
  series: z.array(recurringSeriesSchema),
});

export const userRecurringSchema = recurringViewSchema.extend({ userId: z.string() });

export type RecurringSeries = z.infer<typeof recurringSeriesSchema>;
export type RecurringView = z.infer<typeof recurringViewSchema>;
