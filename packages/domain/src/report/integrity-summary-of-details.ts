import type { QuestionSignalsDetail } from './question-signals-detail.js';
import type { ReportDetails } from './report-details.js';
import { integritySummary, type IntegritySummary } from './integrity-summary.js';
import { cameraGapOfDetail } from './camera-detail.js';

type Reviewed = { readonly review?: { readonly outcome: 'confirmed' | 'dismissed' } | null };

const outcomesOf = (pieces: readonly Reviewed[]) => pieces.map((piece) => piece.review?.outcome ?? null);

/** The parts of `/details` the summary is counted from (the shell passes the same for the workbook's reviewed attempts). */
export type SummaryEvidence = Pick<
  ReportDetails['integrity'],
  'wv' | 'iv' | 'departures' | 'snapshots' | 'similarity' | 'omittedSimilarPairs' | 'camera' | 'aiUse'
>;

/**
 * The summary of what a report lists, each listed piece with its review: departures count every one `wv` counts
 * (the log may keep fewer), pastes and insertions every one the page reported (the report lists the first few per
 * question), similar answers every pair (listed and `omittedSimilarPairs`), the AI-use findings every one listed.
 * Those not listed cannot be reviewed, so they count as not reviewed. The image violations are `iv`'s, a stretch
 * without photos the `camera`'s (decision 1143).
 */
export const integritySummaryOfDetails = (integrity: SummaryEvidence, signals: readonly (QuestionSignalsDetail | undefined)[]): IntegritySummary => {
  const reported = signals.filter((signal) => signal !== undefined);
  const similarity = integrity.similarity ?? [];
  return integritySummary(
    {
      departures: { total: integrity.wv, outcomes: outcomesOf(integrity.departures) },
      pastes: {
        total: reported.reduce((sum, signal) => sum + signal.pastes + signal.largeInsertions, 0),
        outcomes: outcomesOf(reported.flatMap((signal) => signal.events)),
      },
      similarAnswers: { total: similarity.length + (integrity.omittedSimilarPairs ?? 0), outcomes: outcomesOf(similarity) },
      snapshots: { total: integrity.snapshots.length, outcomes: outcomesOf(integrity.snapshots) },
      aiUse: { total: integrity.aiUse?.length ?? 0, outcomes: outcomesOf(integrity.aiUse ?? []) },
    },
    integrity.iv ?? 0,
    cameraGapOfDetail(integrity.camera),
  );
};

/**
 * A report's summary as its server sent it, or counted from what it lists (an older server's details). A server
 * before decision 989 sent a summary without the image violations its `iv` counts: they are added from there.
 */
export const integritySummaryOfReport = (details: Pick<ReportDetails, 'integrity' | 'questions'>): IntegritySummary => {
  const { summary, iv } = details.integrity;
  if (!summary) {
    return integritySummaryOfDetails(
      details.integrity,
      details.questions.map((question) => question.signals),
    );
  }
  return summary.imageViolations === undefined && iv !== undefined ? { ...summary, imageViolations: iv } : summary;
};
