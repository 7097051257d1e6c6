import { z } from 'zod';

/**
 * Why an attempt ended (issue 52, migration 044): handed in (the candidate's submit, or the page's own at time-up),
 * time up with nobody submitting (the deadline's sweep: the candidate left), or terminated by a violation rule. v2
 * shows all three as `Completed`; v3 tells them apart (Complete / Test Left / Terminated, `v3StatusOf`).
 */
export const AttemptEndReason = z.enum(['submitted', 'time-up', 'terminated']);
export type AttemptEndReason = z.infer<typeof AttemptEndReason>;
