import { attemptEndedAt } from './attempt-ended-at.js';
import { cameraDetailOf } from './camera-detail.js';
import type { ReportFacts } from './build-report-details.js';
import { departureDetails, snapshotDetails } from './integrity-evidence-detail.js';
import { integritySummaryOfDetails } from './integrity-summary-of-details.js';
import type { IntegritySummary } from './integrity-summary.js';
import { questionSignalsDetail } from './question-signals-detail.js';
import { similarityDetails } from './similarity-detail.js';
import { aiUseDetails } from '../ai-use/ai-use-detail.js';

/** What the summary of one attempt is counted from: the evidence its report lists, and the reviews. */
export type AttemptEvidenceFacts = Pick<
  ReportFacts,
  'invitation' | 'log' | 'snapshots' | 'similarity' | 'omittedSimilarPairs' | 'evidenceReviews' | 'questionSignals' | 'aiUse'
>;

/**
 * An attempt's integrity summary from its evidence facts, without building the rest of its report: what the workbook
 * counts for an attempt with reviews (decision 647). The same pieces and reviews as `/details` lists, so the same summary.
 */
export const attemptIntegritySummary = (facts: AttemptEvidenceFacts): IntegritySummary => {
  const { invitation, evidenceReviews } = facts;
  return integritySummaryOfDetails(
    {
      wv: invitation.proctoring.wv,
      iv: invitation.imageViolations,
      departures: invitation.startedAt === null ? [] : departureDetails(facts.log.presence, attemptEndedAt(invitation), evidenceReviews),
      snapshots: snapshotDetails(facts.snapshots, evidenceReviews),
      similarity: similarityDetails(facts.similarity ?? [], () => null, evidenceReviews),
      omittedSimilarPairs: facts.omittedSimilarPairs ?? 0,
      camera: cameraDetailOf(invitation),
      aiUse: aiUseDetails(facts.aiUse ?? [], () => null, evidenceReviews),
    },
    [...(facts.questionSignals?.values() ?? [])].map((signals) => questionSignalsDetail(signals, evidenceReviews)),
  );
};
