import type { Store } from '@assay/store';

/**
 * How long an announcement waits again while its attempt's answers await a person's review (issue 32): grading takes
 * hours or days, so it does not look every 2 seconds; the last grade releases it at once (`jobs.releaseWaiting`, which
 * a wait leaves eligible: waits count no attempt).
 */
export const REVIEW_WAIT_MS = 15 * 60 * 1000;

/** The wait of a callback or email whose report is not Generated: short while scoring runs, long while a person judges. */
export const reportWait = async (
  store: Store,
  invitationId: number,
  reportStatus: string,
  scoringWaitMs: number,
): Promise<{ kind: 'wait'; delayMs: number; reason: string }> => {
  const awaiting = await store.attempts.awaitingReview(invitationId);
  return awaiting.length === 0
    ? { kind: 'wait', delayMs: scoringWaitMs, reason: `report is ${reportStatus}` }
    : { kind: 'wait', delayMs: REVIEW_WAIT_MS, reason: `report is ${reportStatus}: ${awaiting.length} answer(s) await review` };
};
