import type { ReportStatus } from '../schemas/report.js';

/** How long a completion callback or stakeholder email waits again while its attempt is being scored. */
export const SCORING_WAIT_MS = 2_000;

/**
 * How long it waits again while the attempt's answers await a person's grade (issue 32): grading takes hours or days,
 * so it does not look every 2 seconds; the last grade releases it at once (the store's `releaseWaiting`, which a wait
 * leaves eligible: waits count no delivery attempt).
 */
export const REVIEW_WAIT_MS = 15 * 60 * 1000;

/** Where the attempt of a held announcement stands: its report not Generated yet, and how many answers await a grade. */
export interface AnnouncementAttempt {
  readonly reportStatus: Exclude<ReportStatus, 'Generated'>;
  readonly awaitingReview: number;
}

/** How long the announcement waits before it looks at the report again, and why (kept as the job's last error). */
export interface AnnouncementWait {
  readonly delayMs: number;
  readonly reason: string;
}

/**
 * The wait of an announcement whose report is not Generated (it carries the final score, so it never goes before):
 * short while scoring runs (`scoringWaitMs`, a setting of the worker's), long while a person grades. Only the
 * attempt's state decides: the worker adds the wait to its own clock when it writes the job back, so no instant is
 * needed here.
 */
export const announcementWait = (attempt: AnnouncementAttempt, scoringWaitMs: number = SCORING_WAIT_MS): AnnouncementWait =>
  attempt.awaitingReview === 0
    ? { delayMs: scoringWaitMs, reason: `report is ${attempt.reportStatus}` }
    : { delayMs: REVIEW_WAIT_MS, reason: `report is ${attempt.reportStatus}: ${attempt.awaitingReview} answer(s) await review` };
