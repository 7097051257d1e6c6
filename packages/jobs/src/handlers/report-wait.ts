import { announcementWait, type ReportStatus } from '@assay/domain';
import type { Store } from '@assay/store';

/**
 * The wait of a callback or email whose report is not Generated: the domain's `announcementWait` (short while scoring
 * runs, long while a person grades), on how many of the attempt's answers await a grade, read here.
 */
export const reportWait = async (
  store: Store,
  invitationId: number,
  reportStatus: Exclude<ReportStatus, 'Generated'>,
  scoringWaitMs: number | undefined,
): Promise<{ kind: 'wait'; delayMs: number; reason: string }> => {
  const awaiting = await store.attempts.awaitingReview(invitationId);
  return { kind: 'wait', ...announcementWait({ reportStatus, awaitingReview: awaiting.length }, scoringWaitMs) };
};
