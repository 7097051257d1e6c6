import { match } from 'ts-pattern';
import { z } from 'zod';

/** Window violations, seconds away, and the current absence (see `applyProctoringEvent`). */
export const ProctoringCounters = z.object({
  wv: z.int().nonnegative(),
  tv: z.int().nonnegative(),
  /** Epoch milliseconds: when the current absence began. */
  leftAt: z.number().nullable(),
  /** The absence began with the page unloading and is not counted unless it lasts. */
  unloading: z.boolean().optional(),
});
export type ProctoringCounters = z.infer<typeof ProctoringCounters>;

/** `unload`: the page is going away (closed, reloaded, navigated), which is not yet leaving the test. */
export type ProctoringEvent = { readonly type: 'left' | 'returned' | 'unload'; readonly at: number };

/** A page back this soon after it unloaded was reloaded: no violation, no time away (decision 39, "Reloads"). */
export const RELOAD_GRACE_MS = 15_000;

type Presence = 'present' | 'away' | 'reloading';

const presenceOf = (counters: ProctoringCounters): Presence => (counters.leftAt === null ? 'present' : counters.unloading ? 'reloading' : 'away');

const secondsBetween = (from: number, to: number): number => Math.max(0, Math.round((to - from) / 1000));

/** Back from a counted departure: the time away accrues. */
const cameBack = (counters: ProctoringCounters, at: number): ProctoringCounters => ({
  wv: counters.wv,
  tv: counters.tv + secondsBetween(counters.leftAt as number, at),
  leftAt: null,
  unloading: false,
});

/**
 * One departure counts once however many 'left' events the page sends (blur and visibilitychange both
 * fire); time away accrues on return. A 'returned' without a departure changes nothing. An unload is a
 * departure only if the page does not come back within RELOAD_GRACE_MS (or comes back hidden).
 */
export const applyProctoringEvent = (counters: ProctoringCounters, event: ProctoringEvent): ProctoringCounters =>
  match([event.type, presenceOf(counters)] as const)
    .with(['left', 'present'], () => ({ wv: counters.wv + 1, tv: counters.tv, leftAt: event.at, unloading: false }))
    .with(['left', 'away'], ['unload', 'away'], ['unload', 'reloading'], ['returned', 'present'], () => counters)
    // Gone since the unload and still not back in view (the new page opened hidden): it was a departure.
    .with(['left', 'reloading'], () => ({ ...counters, wv: counters.wv + 1, unloading: false }))
    .with(['unload', 'present'], () => ({ ...counters, leftAt: event.at, unloading: true }))
    .with(['returned', 'away'], () => cameBack(counters, event.at))
    .with(['returned', 'reloading'], () =>
      event.at - (counters.leftAt as number) <= RELOAD_GRACE_MS
        ? { wv: counters.wv, tv: counters.tv, leftAt: null, unloading: false }
        : cameBack({ ...counters, wv: counters.wv + 1 }, event.at),
    )
    .exhaustive();

/** Still away when the attempt ends: the time until the end counts too. */
export const closeProctoring = (counters: ProctoringCounters, endedAt: number): ProctoringCounters =>
  counters.leftAt === null ? counters : applyProctoringEvent(counters, { type: 'returned', at: endedAt });
