import { describe, expect, it } from 'vitest';
import { compareCandidates } from './candidate-comparison.js';
import { parseCompareIds } from './compare-ids.js';
import type { ReportDetails } from './report-details.js';

const questions = [
  { number: 1, questionId: 11, sectionName: 'SQL' },
  { number: 2, questionId: 12, sectionName: 'SQL' },
  { number: 3, questionId: 21, sectionName: 'Code' },
];

// Only the fields a comparison reads: the rest of a report does not change it.
const report = (id: number, over: Partial<ReportDetails>): ReportDetails =>
  ({
    testInvitationId: id,
    candidate: { fullName: `Candidate ${id}`, emailId: `c${id}@example.com` },
    status: { testStatus: 'Completed', reportStatus: 'Generated' },
    startedAt: '2026-11-01T10:00:00Z',
    completedAt: '2026-11-01T10:40:00Z',
    timeTakenMinutes: 40,
    score: { score: 7, maxScore: 10, percent: 70 },
    sections: [
      { sectionName: 'SQL', sectionType: 'MCQ', score: 3, maxScore: 4, timeSpentSeconds: 600, suggestedMinutes: 10 },
      { sectionName: 'Code', sectionType: 'Coding', score: 4, maxScore: 6, timeSpentSeconds: 1200, suggestedMinutes: 30 },
    ],
    skills: [{ skill: 'joins', points: 3, maxPoints: 4, percentage: 75, questions: 2, awaitingReview: 0 }],
    questions: [
      { questionId: 11, awarded: 2 },
      { questionId: 12, awarded: 1 },
      { questionId: 21, awarded: 4 },
    ],
    integrity: { summary: { level: 'unreviewed' } },
    ...over,
  }) as ReportDetails;

describe('compareCandidates', () => {
  it("lines each candidate's sections, skills and marks up on the test's, in the order asked", () => {
    const comparison = compareCandidates({ testId: 5, sections: ['SQL', 'Code'], questions }, [
      report(9, {
        recorded: { decision: 'shortlisted', decisionReason: 'strong SQL', tags: ['remote'], meanRating: 4.5, ratings: 2 },
      }),
      report(4, {
        skills: [{ skill: 'loops', points: 1, maxPoints: 2, percentage: 50, questions: 1, awaitingReview: 0 }],
        questions: [{ questionId: 21, awarded: 0 } as ReportDetails['questions'][number]],
      }),
    ]);
    expect(comparison.sections).toEqual(['SQL', 'Code']);
    expect(comparison.skills).toEqual(['joins', 'loops']);
    expect(comparison.candidates.map((candidate) => candidate.testInvitationId)).toEqual([9, 4]);
    const [first, second] = comparison.candidates;
    expect(first?.sections).toEqual([
      { score: 3, maxScore: 4, percent: 75 },
      { score: 4, maxScore: 6, percent: 66.7 },
    ]);
    expect(first?.skills).toEqual([{ score: 3, maxScore: 4, percent: 75 }, null]);
    expect(first?.marks).toEqual([2, 1, 4]);
    expect(first?.integrityLevel).toBe('unreviewed');
    expect(first?.recorded.decision).toBe('shortlisted');
    // Questions a pool did not draw for this candidate are null, not 0.
    expect(second?.marks).toEqual([null, null, 0]);
    expect(second?.skills).toEqual([null, { score: 1, maxScore: 2, percent: 50 }]);
    expect(second?.recorded).toEqual({ decision: null, decisionReason: null, tags: [], meanRating: null, ratings: 0 });
  });

  it('shows an unfinished candidate with nulls for every fact the attempt would give, and what was recorded', () => {
    const comparison = compareCandidates({ testId: 5, sections: ['SQL', 'Code'], questions }, [
      report(3, {}),
      report(8, {
        status: { testStatus: 'In progress', reportStatus: 'Pending' },
        completedAt: null,
        recorded: { decision: 'rejected', decisionReason: null, tags: [], meanRating: null, ratings: 0 },
      }),
    ]);
    const unfinished = comparison.candidates[1];
    expect(unfinished).toMatchObject({ finished: false, testStatus: 'In progress', score: null, timeTakenMinutes: null, integrityLevel: null });
    expect(unfinished?.sections).toEqual([null, null]);
    expect(unfinished?.marks).toEqual([null, null, null]);
    expect(unfinished?.recorded.decision).toBe('rejected');
    expect(comparison.candidates[0]?.finished).toBe(true);
  });
});

describe('parseCompareIds', () => {
  it('takes 2 to 5 distinct ids separated by commas', () => {
    expect(parseCompareIds('4, 7,9').val).toEqual([4, 7, 9]);
    expect(parseCompareIds('1,2,3,4,5').val).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses too few or too many (400.125)', () => {
    expect(parseCompareIds('4').err).toEqual({ kind: 'compare-count-out-of-bounds', message: 'Compare 2 to 5 candidates; ids names 1.' });
    expect(parseCompareIds('1,2,3,4,5,6').err?.kind).toBe('compare-count-out-of-bounds');
  });

  it('refuses what is not an id, and an id named twice, naming it (400.126)', () => {
    expect(parseCompareIds('4,abc').err).toEqual({
      kind: 'compare-ids-not-valid',
      message: 'ids must be invitation ids separated by commas; "abc" is not an id.',
    });
    expect(parseCompareIds('4,,5').err?.kind).toBe('compare-ids-not-valid');
    expect(parseCompareIds('4,-1').err?.kind).toBe('compare-ids-not-valid');
    expect(parseCompareIds('4,7,4').err).toEqual({ kind: 'compare-ids-not-valid', message: 'ids names invitation 4 twice; name each candidate once.' });
  });
});
