import { describe, expect, it } from 'vitest';
import type { ShownScore } from '../report/shown-score.js';
import type { CandidateReport } from './report.js';
import { CandidateReportWithScore, reportScoreFields, reportWithScore } from './report-score.js';

const report: CandidateReport = {
  emailId: 'ada@example.com',
  fullName: 'Ada Lovelace',
  timeTaken: 1200,
  testName: 'Backend screening',
  duration: 60,
  questions: 24,
  attemptedOn: '2026-11-29T08:00:00',
  totalScore: '40',
  score: '0',
  wv: 1,
  tv: 0,
  testStatus: 'Completed',
  reportStatus: 'In progress',
};
const provisional: ShownScore = { scoreStatus: 'provisional', score: 12.5 };

describe('reportWithScore (decision 1404)', () => {
  it('answers the fields the spread of the report and its score fields answered, in the schema’s order', () => {
    for (const [one, shown] of [
      [report, provisional],
      [{ ...report, endReason: 'terminated' as const }, { scoreStatus: 'final', score: 40 } as ShownScore],
      [{ ...report, attemptedOn: null }, { scoreStatus: 'unscored', score: null } as ShownScore],
    ] as const) {
      const built = reportWithScore(one, shown, 3);
      expect(JSON.stringify(built)).toBe(JSON.stringify({ ...one, ...reportScoreFields(shown, 3) }));
      expect(CandidateReportWithScore.parse(built)).toEqual({ ...one, ...reportScoreFields(shown, 3) });
    }
  });

  it('writes endReason only for a terminated attempt, and awaitingReview only while provisional', () => {
    expect(JSON.parse(JSON.stringify(reportWithScore(report, provisional, 3)))).not.toHaveProperty('endReason');
    expect(reportWithScore({ ...report, endReason: 'terminated' }, provisional, 3).endReason).toBe('terminated');
    expect(reportWithScore(report, provisional, 3)).toMatchObject({ scoreStatus: 'provisional', scoreSoFar: '12.5', awaitingReview: 3 });
    expect(reportWithScore(report, { scoreStatus: 'final', score: 40 }, 3)).toMatchObject({ scoreSoFar: '40', awaitingReview: 0 });
  });
});
