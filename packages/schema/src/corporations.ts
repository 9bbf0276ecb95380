import * as z from 'zod';
import { httpUrl, text } from './fields.js';

export const corporationSearchLimit = 5;

/** Query of `GET /corporations`: a partial merchant name. */
export const corporationQuerySchema = z.object({ name: text(256, 1) });

export const corporationSchema = z.object({
  name: z.string(),
  logo: httpUrl.nullable(),
  website: httpUrl.nullable(),
});

/** At most five merchants, best first. */
export const corporationsSchema = z.object({
  corporations: z.array(corporationSchema).max(corporationSearchLimit),
});

export type CorporationQuery = z.infer<typeof corporationQuerySchema>;
export type Corporation = z.infer<typeof corporationSchema>;
export type Corporations = z.infer<typeof corporationsSchema>;
