import { z } from 'zod';
import { Id } from '../ids.js';

/** A candidate of one test (one per org, test and address), as stored. */
export const Candidate = z.object({
  id: Id,
  orgId: Id,
  testId: Id,
  email: z.string(),
  fullName: z.string(),
  callbackUrl: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  /** v3's `hideInstruction` (decision 986): the landing leaves out the rules list and the practice question. */
  hideInstructions: z.boolean(),
});
export type Candidate = z.infer<typeof Candidate>;
