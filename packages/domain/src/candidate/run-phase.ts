import { z } from 'zod';

/**
 * Which step a running run is at, for the page to say while it waits (decision 1106): a shared build or a warm
 * compiler starting (`preparing`, `what` names it: "the C++ compiler"), compiling the candidate's program, or running
 * its cases (`case` of `of`, absent when one process answers every case). Native runs tell each step as it begins; a
 * run whose engine says nothing has no phase, and the page says how long it has run instead.
 */
export const RunPhase = z
  .discriminatedUnion('step', [
    z.object({ step: z.literal('preparing'), what: z.string().min(1).max(200) }),
    z.object({ step: z.literal('compiling') }),
    z.object({ step: z.literal('running'), of: z.int().positive(), case: z.int().positive().optional() }),
  ])
  .meta({ id: 'RunPhase' });
export type RunPhase = z.infer<typeof RunPhase>;
