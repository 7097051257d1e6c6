import { z } from 'zod';
import { Id } from '../ids.js';

/** An organisation, as stored. */
export const Org = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  timeZoneId: z.int(),
  /** Callbacks use the documented sample's keys with trailing spaces (decision 46). */
  callbackTrailingSpaces: z.boolean(),
  /** What its candidate pages say about it (schemas/candidate-page.ts); null: not chosen. */
  displayName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactUrl: z.string().nullable(),
  createdAt: z.number(),
});
export type Org = z.infer<typeof Org>;
