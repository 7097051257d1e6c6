import { describe, expect, it } from 'vitest';
import { FreeTextQuestion, isWrittenQuestion, ShortAnswerQuestion } from '../schemas/written-questions.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';
import { checkGrade, checkInvitationGradable, decideGrade, gradeStateOf } from './check-grade.js';
import { GradeInput, MAX_GRADE_COMMENT_LENGTH } from './grade.js';

const essay = FreeTextQuestion.parse({
  type: 'free_text',
  text: 'Explain',
  marks: 10,
  rubric: [
    { criterion: 'Correctness', marks: 6 },
    { criterion: 'Clarity', marks: 4 },
  ],
});
const plainEssay = FreeTextQuestion.parse({ type: 'free_text', text: 'Explain', marks: 5 });
const short = ShortAnswerQuestion.parse({ type: 'short_answer', text: 'Capital?', marks: 2, acceptedAnswers: [{ answer: 'Paris' }], reviewUnmatched: true });
const choice: QuestionDefinition = {
  type: 'single_choice',
  text: 'Pick',
  marks: 1,
  negativeMarks: 0,
  options: [
    { text: 'a', correct: true },
    { text: 'b', correct: false },
  ],
} as QuestionDefinition;

const codeOf = (result: ReturnType<typeof checkGrade>) => result.err?.kind;

describe('checkGrade', () => {
  it('accepts marks within the question’s, and criteria that are the rubric’s, in the rubric’s order', () => {
    expect(checkGrade(short, { marks: 2 }, 'awaiting').val).toEqual({ marks: 2, criteria: [], comment: null });
    expect(checkGrade(plainEssay, { marks: 0, comment: 'Nothing relevant' }, 'graded').val).toEqual({ marks: 0, criteria: [], comment: 'Nothing relevant' });
    const graded = checkGrade(
      essay,
      {
        marks: 7.5,
        criteria: [
          { criterion: 'Clarity', marks: 2.5 },
          { criterion: 'Correctness', marks: 5 },
        ],
      },
      'awaiting',
    );
    expect(graded.val?.criteria).toEqual([
      { criterion: 'Correctness', marks: 5 },
      { criterion: 'Clarity', marks: 2.5 },
    ]);
  });

  it('refuses marks over the question’s (400.19), naming both', () => {
    const refused = checkGrade(essay, { marks: 10.5 }, 'awaiting');
    expect(refused.err).toEqual({ kind: 'grade-does-not-fit', message: "marks is 10.5, over this question's 10. Give 0 to 10." });
  });

  it('refuses criteria that are not exactly the rubric’s, over their own marks, or not adding up (400.19)', () => {
    expect(codeOf(checkGrade(plainEssay, { marks: 1, criteria: [{ criterion: 'Style', marks: 1 }] }, 'awaiting'))).toBe('grade-does-not-fit');
    expect(codeOf(checkGrade(short, { marks: 1, criteria: [{ criterion: 'Style', marks: 1 }] }, 'awaiting'))).toBe('grade-does-not-fit');
    expect(checkGrade(essay, { marks: 5, criteria: [{ criterion: 'Correctness', marks: 5 }] }, 'awaiting').err?.message).toBe(
      'criteria must name each of the rubric\'s criteria once: "Correctness", "Clarity".',
    );
    const twice = [
      { criterion: 'Correctness', marks: 1 },
      { criterion: 'Correctness', marks: 1 },
      { criterion: 'Clarity', marks: 1 },
    ];
    expect(codeOf(checkGrade(essay, { marks: 3, criteria: twice }, 'awaiting'))).toBe('grade-does-not-fit');
    const unknown = [
      { criterion: 'Correctness', marks: 1 },
      { criterion: 'Clarity', marks: 1 },
      { criterion: 'Style', marks: 1 },
    ];
    expect(codeOf(checkGrade(essay, { marks: 3, criteria: unknown }, 'awaiting'))).toBe('grade-does-not-fit');
    expect(
      checkGrade(
        essay,
        {
          marks: 9,
          criteria: [
            { criterion: 'Correctness', marks: 4 },
            { criterion: 'Clarity', marks: 5 },
          ],
        },
        'awaiting',
      ).err?.message,
    ).toBe('"Clarity" has 5 marks, over its 4. Give 0 to 4.');
    expect(
      checkGrade(
        essay,
        {
          marks: 8,
          criteria: [
            { criterion: 'Correctness', marks: 4 },
            { criterion: 'Clarity', marks: 3 },
          ],
        },
        'awaiting',
      ).err?.message,
    ).toBe('marks is 8 but the criteria add up to 7: they must agree.');
    // Decimals that add up within float error are equal.
    expect(
      checkGrade(
        essay,
        {
          marks: 0.3,
          criteria: [
            { criterion: 'Correctness', marks: 0.1 },
            { criterion: 'Clarity', marks: 0.2 },
          ],
        },
        'awaiting',
      ).val?.marks,
    ).toBe(0.3);
  });

  it('refuses an answer that needs no grade (409.3): a machine-scored question, or a written answer not awaiting one', () => {
    expect(checkGrade(choice, { marks: 1 }, 'awaiting').err).toMatchObject({ kind: 'grade-not-needed', message: expect.stringContaining('single_choice') });
    expect(codeOf(checkGrade(essay, { marks: 1 }, 'none'))).toBe('grade-not-needed');
  });

  it('takes a blank comment as none', () => {
    expect(checkGrade(short, { marks: 1, comment: '  \n' }, 'awaiting').val?.comment).toBeNull();
  });
});

describe('GradeInput', () => {
  it('is the issue’s shape, refusing negative marks, a long comment and control characters', () => {
    expect(GradeInput.parse({ marks: 3, criteria: [{ criterion: 'Clarity', marks: 3 }], comment: 'Line one\nline two' })).toEqual({
      marks: 3,
      criteria: [{ criterion: 'Clarity', marks: 3 }],
      comment: 'Line one\nline two',
    });
    expect(GradeInput.safeParse({ marks: -1 }).success).toBe(false);
    expect(GradeInput.safeParse({}).success).toBe(false);
    expect(GradeInput.safeParse({ marks: 1, comment: 'x'.repeat(MAX_GRADE_COMMENT_LENGTH + 1) }).success).toBe(false);
    const controls = GradeInput.safeParse({ marks: 1, comment: 'a\u001bb' });
    expect(controls.error?.issues[0]?.message).toBe('comment must not contain control characters (U+001B)');
    expect(GradeInput.safeParse({ marks: 1, criteria: [{ criterion: 'A\u202eB', marks: 1 }] }).success).toBe(false);
  });
});

describe('checkInvitationGradable', () => {
  it('takes only a Completed invitation (409.4 otherwise)', () => {
    expect(checkInvitationGradable('Completed').val).toBe(true);
    for (const status of ['Pending', 'In progress', 'Reset', 'Cancelled'] as const) {
      expect(checkInvitationGradable(status).err).toEqual({
        kind: 'invitation-not-completed',
        message: `This invitation is ${status}: only a Completed invitation's answers are graded.`,
      });
    }
  });
});

describe('decideGrade', () => {
  it('refuses a question of no test of the invitation (404.8), then a not Completed invitation (409.4), then checks the grade', () => {
    expect(decideGrade({ status: 'Completed', questionId: 9, question: undefined, state: 'none' }, { marks: 1 }).err).toEqual({
      kind: 'question-not-found',
      message: "Question 9 is not a question of this invitation's test.",
    });
    expect(decideGrade({ status: 'In progress', questionId: 9, question: essay, state: 'awaiting' }, { marks: 1 }).err?.kind).toBe('invitation-not-completed');
    expect(decideGrade({ status: 'Completed', questionId: 9, question: essay, state: 'awaiting' }, { marks: 11 }).err?.kind).toBe('grade-does-not-fit');
    expect(decideGrade({ status: 'Completed', questionId: 9, question: essay, state: 'awaiting' }, { marks: 1 }).val?.marks).toBe(1);
  });
});

describe('gradeStateOf', () => {
  it('is graded with a current grade, else awaiting with a review item, else none', () => {
    expect(gradeStateOf({ graded: true, awaiting: false })).toBe('graded');
    // A grade takes its answer out of the review items; were both held, the grade counts (a new one regrades).
    expect(gradeStateOf({ graded: true, awaiting: true })).toBe('graded');
    expect(gradeStateOf({ graded: false, awaiting: true })).toBe('awaiting');
    expect(gradeStateOf({ graded: false, awaiting: false })).toBe('none');
  });
});

describe('isWrittenQuestion', () => {
  it('is true of the types a person grades only', () => {
    expect([essay, plainEssay, short, choice].map(isWrittenQuestion)).toEqual([true, true, true, false]);
    expect(isWrittenQuestion({ type: 'coding' })).toBe(false);
  });
});
