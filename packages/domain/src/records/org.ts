import { z } from 'zod';
import { Id } from '../ids.js';

/** An organisation, as stored. */
export const Org = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  timeZoneId: z.int(),
  /** Callbacks use the documented sample's keys with trailing spaces (docs/decisions.md). */
  callbackTrailingSpaces: z.boolean(),
  createdAt: z.number(),
});
export type Org = z.infer<typeof Org>;
