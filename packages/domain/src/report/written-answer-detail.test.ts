import { describe, expect, it } from 'vitest';
import type { Grade } from '../grading/grade.js';
import { QuestionDefinition } from '../schemas/test-definition.js';
import type { FreeTextQuestion, ShortAnswerQuestion } from '../schemas/written-questions.js';
import { writtenAnswerDetail } from './written-answer-detail.js';

const short = QuestionDefinition.parse({
  type: 'short_answer',
  text: 'Capital of France?',
  marks: 2,
  acceptedAnswers: [{ answer: 'Paris' }, { answer: '75', match: 'number', tolerance: 1 }],
  reviewUnmatched: true,
}) as ShortAnswerQuestion;
const essay = QuestionDefinition.parse({
  type: 'free_text',
  text: 'Explain.',
  marks: 5,
  wordLimit: 100,
  rubric: [
    { criterion: 'Correctness', marks: 3 },
    { criterion: 'Clarity', marks: 2 },
  ],
}) as FreeTextQuestion;
const grade: Grade = { marks: 4, criteria: [], comment: null, gradedBy: { keyId: 7, label: 'Panel A' }, gradedAt: '2026-12-01T10:00:00' };
const machine = { scored: true, awaiting: false, grade: undefined };

describe('a written answer in the report', () => {
  it('names the accepted answer a short answer matched, and how', () => {
    expect(writtenAnswerDetail(short, { text: ' 75.5 ' }, machine)).toEqual({
      answer: ' 75.5 ',
      words: 1,
      matched: { answer: '75', match: 'number' },
      marking: 'machine',
      grade: null,
    });
    expect(writtenAnswerDetail(short, { text: 'Lyon' }, { ...machine, awaiting: true })).toMatchObject({ matched: null, marking: 'awaiting_review' });
  });

  it('a blank or missing answer has no words and no match', () => {
    expect(writtenAnswerDetail(short, { text: '   ' }, machine)).toMatchObject({ answer: '   ', words: 0, matched: null });
    expect(writtenAnswerDetail(short, undefined, { scored: false, awaiting: false, grade: undefined })).toMatchObject({
      answer: null,
      words: 0,
      marking: 'not_scored',
    });
  });

  it('an essay carries its word limit and rubric, and once graded the grade (a grade outranks what awaited it)', () => {
    expect(writtenAnswerDetail(essay, { text: 'I would sort first.' }, { scored: true, awaiting: true, grade })).toEqual({
      answer: 'I would sort first.',
      words: 4,
      wordLimit: 100,
      rubric: essay.rubric,
      marking: 'graded',
      grade,
    });
  });
});
