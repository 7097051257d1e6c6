import { describe, it, expect } from 'vitest';
import { type CodingQuestion, QuestionDefinition } from '../schemas/test-definition.js';
import { answerFits, isCodingAnswerGiven, scoreAttempt, scoreQuestion, type Answer, type CodingOutcome, type ScorableQuestion } from './scoring.js';

/** Normalises -0 to 0: a score of "nothing" is 0 either way. */
const plain = (value: number): number => value + 0;

/** Options A, B (right), C; 2 marks, 0.5 off when wrong. */
const single = QuestionDefinition.parse({
  type: 'single_choice',
  text: 'Which is prime?',
  marks: 2,
  negativeMarks: 0.5,
  options: [{ text: '4' }, { text: '5', correct: true }, { text: '6' }],
});

/** Options 0, 2 and 3 are right (K = 3), 1 is wrong; 2 marks, 0.5 off when wrong. */
const multiple = QuestionDefinition.parse({
  type: 'multiple_choice',
  text: 'Which are even?',
  marks: 2,
  negativeMarks: 0.5,
  options: [{ text: '2', correct: true }, { text: '3' }, { text: '4', correct: true }, { text: '6', correct: true }],
});

const STARTER = 'function add(a, b) {\n  // your code\n}\n';
const SOLUTION = 'function add(a, b) {\n  return a + b;\n}\n';
const coding = QuestionDefinition.parse({
  type: 'coding',
  text: 'Add two numbers',
  marks: 5,
  negativeMarks: 1,
  functionName: 'add',
  starterCode: STARTER,
  hiddenTests: [{ args: [1, 2], expected: 3 }],
});

function codingOnly(question: QuestionDefinition): CodingQuestion {
  if (question.type !== 'coding') throw new Error('not a coding question');
  return question;
}

describe('scoreQuestion: single choice', () => {
  it.each<[string, Answer | undefined, number]>([
    ['unanswered', undefined, 0],
    ['no optionIds', {}, 0],
    ['empty array', { optionIds: [] }, 0],
    ['the right option', { optionIds: [1] }, 2],
    ['the right option twice', { optionIds: [1, 1] }, 2],
    ['a wrong option', { optionIds: [0] }, -0.5],
    ['another wrong option', { optionIds: [2] }, -0.5],
    ['the right and a wrong option', { optionIds: [1, 0] }, -0.5],
    ['two wrong options', { optionIds: [0, 2] }, -0.5],
    ['an option that does not exist', { optionIds: [7] }, -0.5],
  ])('%s -> %s', (_label, answer, marks) => {
    expect(plain(scoreQuestion(single, answer))).toBe(marks);
  });

  it('defaults to 1 mark and no negative marks', () => {
    const plainQuestion = QuestionDefinition.parse({
      type: 'single_choice',
      text: 'Pick b',
      options: [{ text: 'a' }, { text: 'b', correct: true }],
    });
    expect(scoreQuestion(plainQuestion, { optionIds: [1] })).toBe(1);
    expect(plain(scoreQuestion(plainQuestion, { optionIds: [0] }))).toBe(0);
  });
});

describe('scoreQuestion: multiple choice', () => {
  it.each<[string, Answer | undefined, number]>([
    ['unanswered', undefined, 0],
    ['no optionIds', {}, 0],
    ['empty array', { optionIds: [] }, 0],
    ['exactly the right ones', { optionIds: [0, 2, 3] }, 2],
    ['exactly the right ones, shuffled', { optionIds: [3, 0, 2] }, 2],
    ['one of three right ones', { optionIds: [2] }, 0.67],
    ['two of three right ones', { optionIds: [0, 3] }, 1.33],
    ['one right one, repeated', { optionIds: [0, 0] }, 0.67],
    ['the wrong one only', { optionIds: [1] }, -0.5],
    ['a right one and the wrong one', { optionIds: [0, 1] }, -0.5],
    ['every option', { optionIds: [0, 1, 2, 3] }, -0.5],
    ['right ones and an option that does not exist', { optionIds: [0, 2, 3, 9] }, -0.5],
  ])('%s -> %s', (_label, answer, marks) => {
    expect(plain(scoreQuestion(multiple, answer))).toBe(marks);
  });

  it('partial credit is marks x k / K rounded to 2 decimals', () => {
    const letters = ['a', 'e', 'i', 'o', 'u', 'x', 'y'];
    const five = QuestionDefinition.parse({
      type: 'multiple_choice',
      text: 'Pick the vowels',
      marks: 3,
      options: letters.map((text) => ({ text, correct: 'aeiou'.includes(text) })),
    });
    expect(scoreQuestion(five, { optionIds: [0] })).toBe(0.6);
    expect(scoreQuestion(five, { optionIds: [0, 1, 2, 3] })).toBe(2.4);
    const seven = QuestionDefinition.parse({
      type: 'multiple_choice',
      text: 'Pick them all',
      options: letters.map((text) => ({ text, correct: true })),
    });
    expect(scoreQuestion(seven, { optionIds: [0] })).toBe(0.14);
    expect(scoreQuestion(seven, { optionIds: [0, 1, 2] })).toBe(0.43);
  });
});

describe('scoreQuestion: coding', () => {
  const allPass: CodingOutcome = { passed: 4, total: 4 };

  it.each<[string, Answer | undefined]>([
    ['unanswered', undefined],
    ['no code', {}],
    ['empty code', { code: '' }],
    ['blank code', { code: '  \n\t ' }],
    ['the starter code unchanged', { code: STARTER }],
    ['the starter code with other surrounding whitespace', { code: `\n\n  ${STARTER.trim()}  \n` }],
  ])('%s scores 0 even when every hidden test passes', (_label, answer) => {
    expect(scoreQuestion(coding, answer, allPass)).toBe(0);
    expect(scoreQuestion(coding, answer, { passed: 0, total: 4 })).toBe(0);
  });

  it.each<[CodingOutcome, number]>([
    [{ passed: 4, total: 4 }, 5],
    [{ passed: 3, total: 4 }, 3.75],
    [{ passed: 1, total: 3 }, 1.67],
    [{ passed: 2, total: 3 }, 3.33],
    [{ passed: 1, total: 7 }, 0.71],
    [{ passed: 0, total: 4 }, -1],
  ])('real code with %o -> %s', (outcome, marks) => {
    expect(scoreQuestion(coding, { code: SOLUTION }, outcome)).toBe(marks);
  });

  it('real code without an outcome scores 0', () => {
    expect(scoreQuestion(coding, { code: SOLUTION })).toBe(0);
  });

  it('real code with no tests run scores 0', () => {
    expect(scoreQuestion(coding, { code: SOLUTION }, { passed: 0, total: 0 })).toBe(0);
  });

  it('without starter code any non-blank code is an answer', () => {
    const bare = QuestionDefinition.parse({ ...coding, starterCode: undefined });
    expect(bare.type === 'coding' && bare.starterCode).toEqual({ javascript: '' });
    expect(scoreQuestion(bare, { code: 'x' }, { passed: 1, total: 2 })).toBe(2.5);
  });
});

describe('isCodingAnswerGiven', () => {
  it.each<[string, Answer | undefined, boolean]>([
    ['no answer', undefined, false],
    ['blank', { code: '   ' }, false],
    ['the starter code', { code: STARTER }, false],
    ['edited code', { code: SOLUTION }, true],
  ])('%s -> %s', (_label, answer, given) => {
    expect(isCodingAnswerGiven(codingOnly(coding), answer)).toBe(given);
  });

  const PY_STARTER = 'def add(a, b):\n    pass\n';
  const twoLanguages = codingOnly(
    QuestionDefinition.parse({ ...coding, languages: ['python', 'javascript'], starterCode: { python: PY_STARTER, javascript: STARTER } }),
  );

  it.each<[string, Answer, boolean]>([
    ['the Python starter in Python', { code: PY_STARTER, language: 'python' }, false],
    ['the JavaScript starter in JavaScript', { code: STARTER, language: 'javascript' }, false],
    ['the JavaScript starter sent as Python', { code: STARTER, language: 'python' }, true],
    ['the Python starter with no language (the first, Python)', { code: PY_STARTER }, false],
  ])('compares with the starter of the answer language: %s -> %s', (_label, answer, given) => {
    expect(isCodingAnswerGiven(twoLanguages, answer)).toBe(given);
  });
});

describe('scoreAttempt', () => {
  const questions: ScorableQuestion[] = [
    { questionId: 11, sectionId: 1, definition: single },
    { questionId: 12, sectionId: 1, definition: multiple },
    { questionId: 21, sectionId: 2, definition: coding },
  ];

  it('sums per section and overall', () => {
    const answers = new Map<number, Answer>([
      [11, { optionIds: [1] }],
      [12, { optionIds: [0, 2] }],
      [21, { code: SOLUTION }],
    ]);
    const score = scoreAttempt(questions, answers, new Map([[21, { passed: 3, total: 4 }]]));
    expect(score.bySection).toEqual(
      new Map([
        [1, 3.33],
        [2, 3.75],
      ]),
    );
    expect(score.total).toBe(7.08);
  });

  it('can be negative, in a section and overall', () => {
    const answers = new Map<number, Answer>([
      [11, { optionIds: [0] }],
      [12, { optionIds: [1] }],
      [21, { code: SOLUTION }],
    ]);
    const score = scoreAttempt(questions, answers, new Map([[21, { passed: 0, total: 4 }]]));
    expect(score.bySection).toEqual(
      new Map([
        [1, -1],
        [2, -1],
      ]),
    );
    expect(score.total).toBe(-2);
  });

  it('lists a section with nothing answered at 0', () => {
    const score = scoreAttempt(questions, new Map([[11, { optionIds: [1] }]]), new Map());
    expect(score.bySection.get(1)).toBe(2);
    expect(plain(score.bySection.get(2) ?? Number.NaN)).toBe(0);
    expect(score.total).toBe(2);
  });

  it('sums without floating-point dust', () => {
    const tenth = QuestionDefinition.parse({ ...single, marks: 0.1 });
    const fifth = QuestionDefinition.parse({ ...single, marks: 0.2 });
    const score = scoreAttempt(
      [
        { questionId: 1, sectionId: 5, definition: tenth },
        { questionId: 2, sectionId: 5, definition: fifth },
      ],
      new Map([
        [1, { optionIds: [1] }],
        [2, { optionIds: [1] }],
      ]),
      new Map(),
    );
    expect(score.bySection.get(5)).toBe(0.3);
    expect(score.total).toBe(0.3);
  });

  it('scores an empty attempt 0', () => {
    const score = scoreAttempt([], new Map(), new Map());
    expect(score.total).toBe(0);
    expect(score.bySection.size).toBe(0);
  });
});

describe('answerFits', () => {
  it.each<[string, Answer, boolean]>([
    ['one existing id', { optionIds: [0] }, true],
    ['the last id', { optionIds: [2] }, true],
    ['no ids (cleared)', { optionIds: [] }, true],
    ['two ids', { optionIds: [0, 1] }, false],
    ['an id past the options', { optionIds: [3] }, false],
    ['a negative id', { optionIds: [-1] }, false],
    ['a fractional id', { optionIds: [0.5] }, false],
    ['code', { code: 'x' }, false],
    ['ids and code', { optionIds: [1], code: 'x' }, false],
    ['nothing', {}, false],
  ])('single choice, %s -> %s', (_label, answer, fits) => {
    expect(answerFits(single, answer)).toBe(fits);
  });

  it.each<[string, Answer, boolean]>([
    ['one id', { optionIds: [1] }, true],
    ['every id', { optionIds: [0, 1, 2, 3] }, true],
    ['no ids (cleared)', { optionIds: [] }, true],
    ['an id past the options', { optionIds: [0, 4] }, false],
    ['a negative id', { optionIds: [-1, 0] }, false],
    ['code', { code: 'x' }, false],
    ['ids and code', { optionIds: [0], code: '' }, false],
    ['nothing', {}, false],
  ])('multiple choice, %s -> %s', (_label, answer, fits) => {
    expect(answerFits(multiple, answer)).toBe(fits);
  });

  it.each<[string, Answer, boolean]>([
    ['code', { code: SOLUTION }, true],
    ['empty code', { code: '' }, true],
    ['option ids', { optionIds: [0] }, false],
    ['code and option ids', { code: SOLUTION, optionIds: [] }, false],
    ['nothing', {}, false],
  ])('coding, %s -> %s', (_label, answer, fits) => {
    expect(answerFits(coding, answer)).toBe(fits);
  });
});
