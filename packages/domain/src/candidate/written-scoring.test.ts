import { describe, expect, it } from 'vitest';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { isScoreFinal, reportStatusAfterScoring } from './review-status.js';
import { answerFits, awaitsReview, scoreAttempt, scoreQuestion, type Answer, type ScorableQuestion } from './scoring.js';

const shortAnswer = QuestionDefinition.parse({
  type: 'short_answer',
  text: 'Capital of France?',
  marks: 2,
  negativeMarks: 0.5,
  acceptedAnswers: [{ answer: 'Paris' }, { answer: '75', match: 'number' }],
});
const reviewed = QuestionDefinition.parse({ ...shortAnswer, reviewUnmatched: true });
const essay = QuestionDefinition.parse({ type: 'free_text', text: 'Explain.', marks: 10 });
const choice = QuestionDefinition.parse({ type: 'single_choice', text: 'Pick', options: [{ text: 'a', correct: true }, { text: 'b' }] });

describe('scoring a short answer', () => {
  it.each<[string, Answer | undefined, number, boolean]>([
    ['a match', { text: ' paris ' }, 2, false],
    ['a match by another accepted answer', { text: '75.0' }, 2, false],
    ['no match: a wrong answer, costing its negative marks', { text: 'Lyon' }, -0.5, false],
    ['a blank answer', { text: '   ' }, 0, false],
    ['no answer', undefined, 0, false],
  ])('%s scores %s, awaiting review: %s', (_, answer, marks, review) => {
    expect(scoreQuestion(shortAnswer, answer)).toBe(marks);
    expect(awaitsReview(shortAnswer, answer)).toBe(review);
  });

  it('with reviewUnmatched, an unmatched answer scores 0 and waits for a person; a match or a blank does not', () => {
    expect(scoreQuestion(reviewed, { text: 'Lyon' })).toBe(0);
    expect(awaitsReview(reviewed, { text: 'Lyon' })).toBe(true);
    expect(awaitsReview(reviewed, { text: 'Paris' })).toBe(false);
    expect(scoreQuestion(reviewed, { text: 'Paris' })).toBe(2);
    expect(awaitsReview(reviewed, { text: '' })).toBe(false);
  });
});

describe('scoring a free_text answer', () => {
  it('waits for a person when written, scoring 0 meanwhile', () => {
    expect(scoreQuestion(essay, { text: 'My approach…' })).toBe(0);
    expect(awaitsReview(essay, { text: 'My approach…' })).toBe(true);
  });

  it('a blank or missing answer scores 0 at once, with nothing to review', () => {
    expect(awaitsReview(essay, { text: ' \n' })).toBe(false);
    expect(awaitsReview(essay, undefined)).toBe(false);
  });
});

describe('an attempt with written answers', () => {
  const questions: ScorableQuestion[] = [
    { questionId: 1, sectionId: 9, definition: choice },
    { questionId: 2, sectionId: 9, definition: shortAnswer },
    { questionId: 3, sectionId: 9, definition: essay },
    { questionId: 4, sectionId: 9, definition: reviewed },
  ];

  it('lists what awaits review, in order, and the report stays "In progress"', () => {
    const answers = new Map<number, Answer>([
      [1, { optionIds: [0] }],
      [2, { text: 'Paris' }],
      [3, { text: 'Because…' }],
      [4, { text: 'Marseille' }],
    ]);
    const score = scoreAttempt(questions, answers, new Map());
    expect(score.total).toBe(3);
    expect(score.awaitingReview).toEqual([3, 4]);
    expect(reportStatusAfterScoring(score)).toBe('In progress');
    expect(isScoreFinal(score)).toBe(false);
  });

  it('with nothing to review, is final and Generated', () => {
    const score = scoreAttempt(questions, new Map<number, Answer>([[2, { text: 'Lyon' }]]), new Map());
    expect(score.total).toBe(-0.5);
    expect(score.awaitingReview).toEqual([]);
    expect(reportStatusAfterScoring(score)).toBe('Generated');
    expect(isScoreFinal(score)).toBe(true);
  });

  it('a test of choices and code has nothing to review (as before issue 32)', () => {
    const score = scoreAttempt([{ questionId: 1, sectionId: 9, definition: choice }], new Map([[1, { optionIds: [1] }]]), new Map());
    expect(score.awaitingReview).toEqual([]);
    expect(reportStatusAfterScoring(score)).toBe('Generated');
  });
});

describe('answerFits a written question', () => {
  it.each<[Answer, boolean]>([
    [{ text: 'x' }, true],
    [{ text: '' }, true],
    [{ optionIds: [0] }, false],
    [{ code: 'x' }, false],
  ])('%j: %s', (answer, fits) => {
    expect(answerFits(shortAnswer, answer)).toBe(fits);
    expect(answerFits(essay, answer)).toBe(fits);
  });

  it('text does not fit a choice or coding question', () => {
    expect(answerFits(choice, { text: 'a' })).toBe(false);
  });
});
