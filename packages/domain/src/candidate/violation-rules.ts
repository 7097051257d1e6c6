import { z } from 'zod';

/** `violationRulesOf` of the test's settings: the limits (null = never ends the test), copy-paste, the warning popup. */
export const SessionViolationRules = z
  .object({
    windowViolationLimit: z.int().nonnegative().nullable(),
    imageViolationLimit: z.int().nonnegative().nullable(),
    copyPasteAllowed: z.boolean(),
    violationPopup: z.boolean(),
  })
  .meta({ id: 'SessionViolationRules' });
export type SessionViolationRules = z.infer<typeof SessionViolationRules>;
