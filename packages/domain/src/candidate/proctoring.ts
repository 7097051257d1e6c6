import { match } from 'ts-pattern';

/** Window violations (`wv`), seconds away (`tv`) and when the candidate left, if they are away now. */
export interface ProctoringCounters {
  readonly wv: number;
  readonly tv: number;
  readonly leftAt: number | null;
}

export type ProctoringEvent = { readonly type: 'left' | 'returned'; readonly at: number };

/**
 * One departure counts once however many 'left' events the page sends (blur and visibilitychange both
 * fire); time away accrues on return. A 'returned' without a departure changes nothing.
 */
export const applyProctoringEvent = (counters: ProctoringCounters, event: ProctoringEvent): ProctoringCounters =>
  match([event.type, counters.leftAt === null] as const)
    .with(['left', true], () => ({ ...counters, wv: counters.wv + 1, leftAt: event.at }))
    .with(['left', false], () => counters)
    .with(['returned', false], () => ({
      wv: counters.wv,
      tv: counters.tv + Math.max(0, Math.round((event.at - (counters.leftAt as number)) / 1000)),
      leftAt: null,
    }))
    .with(['returned', true], () => counters)
    .exhaustive();

/** Still away when the attempt ends: the time until the end counts too. */
export const closeProctoring = (counters: ProctoringCounters, endedAt: number): ProctoringCounters =>
  counters.leftAt === null ? counters : applyProctoringEvent(counters, { type: 'returned', at: endedAt });
