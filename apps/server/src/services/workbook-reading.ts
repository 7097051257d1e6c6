import { isFixedTest, percentileRank, poolRanking, reportPercentOf, scoreRanking, type ScoreStanding, type SectionRecord, verdictFor } from '@assay/domain';
import type { ScoreReading } from '@assay/reports/host';
import type { ReportWithSections, Store } from '@assay/store';

const UNREAD: ScoreReading = { percent: null, percentile: null, verdict: null };

/**
 * How the workbook reads each row's score (decision 820): the report's percent, percentile and verdict (the PDF's
 * `reportPercentOf`, `percentileRank`, `verdictFor`), with the test's standings read once per export rather than once a
 * row. Percentile and verdict are the final report's only; a provisional score has its percent alone.
 */
export const workbookReading = async (store: Store, orgId: number, testId: number): Promise<(row: ReportWithSections) => ScoreReading> => {
  const contentId = await store.tests.currentContentId(orgId, testId);
  const [record, sections] = await Promise.all([store.reports.testRecord(orgId, testId), store.tests.sections(contentId)]);
  const bands = record?.reportSettings.verdictBands ?? [];
  const standingOf = await rankingOf(store, testId, contentId, sections);
  return ({ shown, report, variantSeed }) => {
    if (shown.score === null) return UNREAD;
    // The maximum of the candidate's own draw for a test with pools (decision 576), as the report's.
    const percent = reportPercentOf(shown.score, Number(report.totalScore));
    if (shown.scoreStatus !== 'final') return { ...UNREAD, percent };
    const percentile = percentileRank(standingOf(shown.score, variantSeed))?.percentile ?? null;
    return { percent, percentile, verdict: verdictFor(percent, bands)?.label ?? null };
  };
};

/** The test's standings as the report ranks them: by raw score, or by share of each draw for a test with pools (decision 577). */
const rankingOf = async (
  store: Store,
  testId: number,
  contentId: number,
  sections: readonly SectionRecord[],
): Promise<(score: number, seed: number | null) => ScoreStanding> => {
  if (isFixedTest(sections)) {
    const rank = scoreRanking(await store.attemptLog.scoreCounts(testId));
    return (score) => rank(score);
  }
  const [scored, questions] = await Promise.all([store.attemptLog.drawnScores(testId), store.attempts.questions(contentId)]);
  const rank = poolRanking(scored, sections, questions);
  return (score, variantSeed) => rank({ score, variantSeed });
};
