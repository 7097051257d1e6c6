import { z } from 'zod';
import type { ReportDetails } from '../report/report-details.js';

/** How one question of a practice attempt went, in the candidate's words; never the right answer itself. */
export const PracticeOutcome = z.enum(['right', 'partly right', 'wrong', 'not answered', 'awaiting review']);
export type PracticeOutcome = z.infer<typeof PracticeOutcome>;

/**
 * What the end of a practice test shows its candidate (decision 961): their score and whether each question earned its
 * marks, once the attempt is scored (`scored` false until then: the page offers to look again; `provisional` while a
 * person has written answers to grade). Which option or answer was right is never sent, so practising on a test does
 * not hand out its answers.
 */
export const PracticeResult = z
  .object({
    scored: z.boolean(),
    provisional: z.boolean(),
    score: z.number(),
    maxScore: z.number(),
    percent: z.number(),
    questions: z.array(z.object({ number: z.int().positive(), sectionName: z.string(), outcome: PracticeOutcome })),
  })
  .meta({ id: 'PracticeResult' });
export type PracticeResult = z.infer<typeof PracticeResult>;

type ReportQuestion = ReportDetails['questions'][number];

const outcomeOf = (question: ReportQuestion): PracticeOutcome => {
  if (question.written?.marking === 'awaiting_review' || question.awarded === null) return 'awaiting review';
  if (!question.answered) return 'not answered';
  if (question.awarded >= question.marks) return 'right';
  return question.awarded > 0 ? 'partly right' : 'wrong';
};

/** The practice result of an ended attempt, from its report's details (the one source of its scores). */
export const practiceResultOf = (details: ReportDetails): PracticeResult => {
  const scored = details.status.reportStatus !== 'Pending';
  return {
    scored,
    provisional: details.status.reportStatus === 'In progress',
    score: scored ? details.score.score : 0,
    maxScore: details.score.maxScore,
    percent: scored ? details.score.percent : 0,
    questions: scored
      ? details.questions.map((question) => ({ number: question.number, sectionName: question.sectionName, outcome: outcomeOf(question) }))
      : [],
  };
};
