import { describe, expect, it } from 'vitest';
import type { ReportDetails } from '../report/report-details.js';
import { practiceResultOf } from './practice-result.js';

type Question = ReportDetails['questions'][number];
const question = (number: number, awarded: number | null, answered: boolean, extra: Partial<Question> = {}): Question =>
  ({
    number,
    questionId: number,
    sectionName: 'Basics',
    type: 'single_choice',
    text: 'Q',
    marks: 2,
    negativeMarks: 0,
    awarded,
    answered,
    timeSpentSeconds: null,
    ...extra,
  }) as Question;

const detailsOf = (reportStatus: ReportDetails['status']['reportStatus'], questions: Question[]): ReportDetails =>
  ({
    status: { testStatus: 'Completed', reportStatus },
    score: { score: 3, maxScore: 10, percent: 30 },
    questions,
  }) as unknown as ReportDetails;

describe('practiceResultOf', () => {
  it('tells each question right, partly right, wrong, not answered or awaiting review, and the score', () => {
    const result = practiceResultOf(
      detailsOf('Generated', [
        question(1, 2, true),
        question(2, 1, true),
        question(3, 0, true),
        question(4, -0.5, true),
        question(5, 0, false),
        question(6, null, true, { type: 'free_text' }),
      ]),
    );
    expect(result).toMatchObject({ scored: true, provisional: false, score: 3, maxScore: 10, percent: 30 });
    expect(result.questions.map((entry) => entry.outcome)).toEqual(['right', 'partly right', 'wrong', 'wrong', 'not answered', 'awaiting review']);
  });

  it('says nothing of the questions before the attempt is scored, and calls a score awaiting a person provisional', () => {
    expect(practiceResultOf(detailsOf('Pending', [question(1, null, true)]))).toEqual({
      scored: false,
      provisional: false,
      score: 0,
      maxScore: 10,
      percent: 0,
      questions: [],
    });
    const reviewing = practiceResultOf(
      detailsOf('In progress', [question(1, 0, true, { type: 'free_text', written: { marking: 'awaiting_review' } as Question['written'] })]),
    );
    expect(reviewing).toMatchObject({ scored: true, provisional: true });
    expect(reviewing.questions[0]?.outcome).toBe('awaiting review');
  });
});
