import { describe, expect, it } from 'vitest';
import { describeIssues } from '../validation-message.js';
import { QuestionDefinition, TestDefinition } from './test-definition.js';

const shortAnswer = {
  type: 'short_answer',
  text: 'What is the capital of France?',
  marks: 2,
  acceptedAnswers: [{ answer: 'Paris', match: 'text' }],
};
const freeText = {
  type: 'free_text',
  text: 'Explain your approach.',
  marks: 10,
  wordLimit: 300,
  rubric: [
    { criterion: 'Correctness', marks: 6 },
    { criterion: 'Clarity', marks: 4 },
  ],
};

/** The message the import answers with (400.2), as the envelope's result says it. */
const messageOf = (question: unknown): string => {
  const parsed = TestDefinition.safeParse({ testName: 'T', sections: [{ sectionName: 'S', sectionType: 'general', duration: 5, questions: [question] }] });
  expect(parsed.success).toBe(false);
  return describeIssues(parsed.error?.issues ?? []);
};

describe('short_answer', () => {
  it('parses with its defaults: match "text", reviewUnmatched false, no negative marks', () => {
    const parsed = QuestionDefinition.parse({ ...shortAnswer, acceptedAnswers: [{ answer: ' Paris ' }] });
    expect(parsed).toEqual({ ...shortAnswer, negativeMarks: 0, reviewUnmatched: false, acceptedAnswers: [{ answer: 'Paris', match: 'text' }] });
  });

  it('takes every match rule, a tolerance for numbers and reviewUnmatched', () => {
    const parsed = QuestionDefinition.parse({
      ...shortAnswer,
      reviewUnmatched: true,
      acceptedAnswers: [
        { answer: 'Paris', match: 'exact' },
        { answer: '-2.5', match: 'number', tolerance: 0.1 },
        { answer: '^Par(is)?$', match: 'pattern' },
      ],
    });
    expect(parsed.type === 'short_answer' && parsed.acceptedAnswers.map((accepted) => accepted.match)).toEqual(['exact', 'number', 'pattern']);
  });

  it.each([
    ['no accepted answers', { acceptedAnswers: [] }, 'sections.0.questions.0.acceptedAnswers: acceptedAnswers must list at least one answer'],
    ['accepted answers missing', { acceptedAnswers: undefined }, 'acceptedAnswers must be a list of { "answer": "...", "match": "text" }'],
    ['a blank answer', { acceptedAnswers: [{ answer: '  ' }] }, 'acceptedAnswers.0.answer: answer must not be empty'],
    ['an unknown match', { acceptedAnswers: [{ answer: 'x', match: 'fuzzy' }] }, 'match must be "exact", "text", "number" or "pattern"'],
    [
      'a tolerance on a text match',
      { acceptedAnswers: [{ answer: 'x', match: 'text', tolerance: 1 }] },
      'acceptedAnswers.0.tolerance: tolerance is only for match "number" (this answer\'s match is "text")',
    ],
    ['a negative tolerance', { acceptedAnswers: [{ answer: '1', match: 'number', tolerance: -1 }] }, 'tolerance must be 0 or more'],
    [
      'a number answer that is not a number',
      { acceptedAnswers: [{ answer: 'twelve', match: 'number' }] },
      'answer must be a decimal number such as "42", "-0.5" or "3.14" for match "number" (got "twelve")',
    ],
    ['a pattern that does not compile', { acceptedAnswers: [{ answer: '(a', match: 'pattern' }] }, 'answer is not a pattern Assay can run'],
    ['a backreference (not RE2)', { acceptedAnswers: [{ answer: '(a)\\1', match: 'pattern' }] }, 'no backreferences or lookaround'],
    ['reviewUnmatched not a boolean', { reviewUnmatched: 'yes' }, 'reviewUnmatched must be true or false'],
    ['a control character in an answer', { acceptedAnswers: [{ answer: 'a\u001bb' }] }, 'answer must not contain control characters (U+001B)'],
  ])('refuses %s, naming the field', (_, change, expected) => {
    expect(messageOf({ ...shortAnswer, ...change })).toContain(expected);
  });

  it('belongs in a general section, not a coding one', () => {
    const parsed = TestDefinition.safeParse({ testName: 'T', sections: [{ sectionName: 'S', sectionType: 'coding', duration: 5, questions: [shortAnswer] }] });
    expect(describeIssues(parsed.error?.issues ?? [])).toContain('a coding section holds only coding questions');
  });
});

describe('free_text', () => {
  it('parses with a word limit and a rubric whose marks add up to the question', () => {
    expect(QuestionDefinition.parse(freeText)).toEqual({ ...freeText, negativeMarks: 0 });
  });

  it('needs neither a word limit nor a rubric', () => {
    expect(QuestionDefinition.parse({ type: 'free_text', text: 'Describe a time…' })).toEqual({
      type: 'free_text',
      text: 'Describe a time…',
      marks: 1,
      negativeMarks: 0,
    });
  });

  it('compares decimal rubric marks with the question without float error', () => {
    const rubric = [
      { criterion: 'a', marks: 0.1 },
      { criterion: 'b', marks: 0.2 },
    ];
    expect(QuestionDefinition.safeParse({ ...freeText, marks: 0.3, rubric }).success).toBe(true);
  });

  it.each([
    ['rubric marks that do not add up', { marks: 12 }, "sections.0.questions.0.rubric: the rubric's marks add up to 10 but the question has 12 marks"],
    ['an empty rubric', { rubric: [] }, 'rubric must list at least one criterion (or be left out)'],
    [
      'a criterion named twice',
      {
        marks: 2,
        rubric: [
          { criterion: 'Clarity', marks: 1 },
          { criterion: 'clarity', marks: 1 },
        ],
      },
      'rubric: rubric criteria must have different names',
    ],
    ['a blank criterion', { marks: 1, rubric: [{ criterion: ' ', marks: 1 }] }, 'rubric.0.criterion: criterion must not be empty'],
    ['a word limit of 0', { wordLimit: 0 }, 'wordLimit: wordLimit must be at least 1'],
    ['a fractional word limit', { wordLimit: 2.5 }, 'wordLimit must be a whole number'],
    ['a word limit over the maximum', { wordLimit: 5001 }, 'wordLimit must be at most 5000'],
    ['negative marks', { negativeMarks: 1 }, 'negativeMarks must be 0 for a free_text question'],
  ])('refuses %s, naming the field', (_, change, expected) => {
    expect(messageOf({ ...freeText, ...change })).toContain(expected);
  });
});
