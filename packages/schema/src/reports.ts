import * as z from 'zod';
import { enrichmentSchema } from './enrichment.js';
import { text, uuid } from './fields.js';

const description = text(1024);

/** `POST /transactions/report`: a suspected incorrect enrichment (interface.md 2.6). */
export const errorReportSchema = z.object({
  enrichmentId: uuid,
  errorDescription: text(1024, 1),
  incorrectCounterparty: z.boolean().optional(),
  incorrectCounterpartyDescription: description.optional(),
  incorrectLocation: z.boolean().optional(),
  incorrectLocationDescription: description.optional(),
  incorrectCategory: z.boolean().optional(),
  incorrectCategoryDescription: description.optional(),
  incorrectChannel: z.boolean().optional(),
  incorrectChannelDescription: description.optional(),
});

export const reportAcceptedDetails = 'Enrichment reported successfully.';
export const reportAcceptedSchema = z.object({ details: z.string() });

/** The returned-enrichment callback carries a corrected enrichment, same schema and `enrichmentId`. */
export const returnedEnrichmentCallbackSchema = enrichmentSchema;

export type ErrorReport = z.infer<typeof errorReportSchema>;
