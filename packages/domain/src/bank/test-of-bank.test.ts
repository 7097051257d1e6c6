import { describe, expect, it } from 'vitest';
import type { BankBody, BankItem, BankQuestion } from './bank-item.js';
import { testOfBank } from './test-of-bank.js';

let next = 0;
const question = (body: BankBody, extra: Partial<BankQuestion> = {}): BankQuestion => {
  next += 1;
  return { kind: 'question', index: next, name: `Q${next}`, type: body.shape, text: 'What is it?', body, marks: undefined, tags: [], notCarried: [], ...extra };
};
const option = (text: string, fraction: number, hasFeedback = false) => ({ text, fraction, hasFeedback });

const imported = (items: BankItem[], options = {}) => {
  const result = testOfBank(items, options);
  if (result.err) throw new Error(result.err.message);
  return result.val;
};

describe('testOfBank', () => {
  it('makes a section per category, in the order they appear, named by the last step of the path', () => {
    const test = imported([
      { kind: 'category', path: '$course$/top/SQL' },
      question({ shape: 'essay' }),
      { kind: 'category', path: '$course$/top/Git' },
      question({ shape: 'true-false', answer: false }),
      { kind: 'category', path: '$course$/top/SQL' },
      question({ shape: 'essay' }),
    ]);
    expect(test.definition.testName).toBe('SQL');
    expect(test.definition.sections.map((section) => [section.sectionName, section.questions.length, section.duration])).toEqual([
      ['SQL', 2, 4],
      ['Git', 1, 2],
    ]);
    expect(test.definition.sections[1]?.questions[0]).toMatchObject({
      type: 'single_choice',
      options: [
        { text: 'True', correct: false },
        { text: 'False', correct: true },
      ],
    });
  });

  it("carries a single choice with its wrong options' one penalty and reports partial credit and feedback", () => {
    const test = imported(
      [
        question(
          { shape: 'choice', single: true, options: [option('right', 100, true), option('half', 50), option('wrong', -25), option('bad', -25)] },
          { marks: 4 },
        ),
      ],
      { testName: 'Bank', minutesPerQuestion: 0.5 },
    );
    const [section] = test.definition.sections;
    expect(section?.duration).toBe(1);
    expect(section?.questions[0]).toMatchObject({
      type: 'single_choice',
      marks: 4,
      negativeMarks: 1,
      options: [{ correct: true }, { correct: false }, { correct: false }, { correct: false }],
    });
    expect(test.notCarried.map((part) => part.what)).toEqual([
      'the feedback of option 1 "right"',
      'the 50 % credit of option "half" (a single choice is right or wrong)',
    ]);
  });

  it('reports wrong options that cost different amounts, and takes no negative marks', () => {
    const test = imported([question({ shape: 'choice', single: true, options: [option('a', 100), option('b', 0), option('c', -50)] })]);
    expect(test.definition.sections[0]?.questions[0]).toMatchObject({ negativeMarks: 0 });
    expect(test.notCarried.map((part) => part.what)).toEqual(["the wrong options' different penalties (0 %, -50 %): Assay takes none"]);
  });

  it('turns the same negative fraction of every wrong option into negative marks', () => {
    const test = imported([question({ shape: 'choice', single: undefined, options: [option('a', 50), option('b', 50), option('c', -50)] }, { marks: 2 })]);
    expect(test.definition.sections[0]?.questions[0]).toMatchObject({
      type: 'multiple_choice',
      negativeMarks: 1,
      options: [{ correct: true }, { correct: true }, { correct: false }],
    });
    expect(test.notCarried).toEqual([]);
  });

  it('carries short answers (wildcards as patterns, case as exact) and numbers with their tolerance', () => {
    const test = imported([
      question({ shape: 'short', caseSensitive: false, answers: [option('Paris', 100), option('par*s', 100), option('Lyon', 50), option('*', 0, true)] }),
      question({ shape: 'short', caseSensitive: true, answers: [option('SELECT', 100)] }),
      question({ shape: 'numeric', answers: [{ value: '3.14', tolerance: 0.01, fraction: 100, hasFeedback: false }] }),
    ]);
    const [short, exact, number] = test.definition.sections[0]?.questions ?? [];
    expect(short).toMatchObject({
      acceptedAnswers: [
        { answer: 'Paris', match: 'text' },
        { answer: '(?i)\\s*par.*s\\s*', match: 'pattern' },
      ],
    });
    expect(exact).toMatchObject({ acceptedAnswers: [{ answer: 'SELECT', match: 'exact' }] });
    expect(number).toMatchObject({ acceptedAnswers: [{ answer: '3.14', match: 'number', tolerance: 0.01 }] });
    expect(test.notCarried.map((part) => [part.index, part.what])).toEqual([
      [short === undefined ? 0 : test.notCarried[0]?.index, 'the 50 % credit of answer "Lyon" (a short answer is right or wrong)'],
      [test.notCarried[0]?.index, 'the feedback of 1 answer'],
    ]);
  });

  it('skips what Assay cannot ask, each with why, and imports the rest', () => {
    const matching = question({ shape: 'unsupported', why: 'matching questions have no Assay type' }, { type: 'matching' });
    const noRight = question({ shape: 'choice', single: true, options: [option('a', 50), option('b', 50)] });
    const blank = question({ shape: 'essay' }, { text: '   ' });
    const fine = question({ shape: 'essay' }, { tags: ['SQL', 'sql', 'x'.repeat(61)] });
    const test = imported([matching, noRight, blank, fine]);
    expect(test.importedCount).toBe(1);
    expect(test.skipped).toEqual([
      { index: matching.index, name: matching.name, type: 'matching', why: 'matching questions have no Assay type' },
      { index: noRight.index, name: noRight.name, type: 'choice', why: expect.stringContaining('no option is worth full marks (the best is worth 50 %)') },
      { index: blank.index, name: blank.name, type: 'essay', why: 'text must not be empty' },
    ]);
    expect(test.definition.sections[0]?.questions[0]?.skills).toEqual(['SQL']);
    expect(test.notCarried[0]?.what).toContain('a skill is at most 60 characters');
  });

  it('refuses a bank with no question it can import (400.137), saying why for the first ones', () => {
    expect(testOfBank([{ kind: 'category', path: 'top' }]).err).toEqual({
      kind: 'bank-has-no-question',
      message: 'The bank holds no question: nothing was imported.',
    });
    const refused = testOfBank([question({ shape: 'unsupported', why: 'calculated questions have no Assay type' }, { name: 'Area', type: 'calculated' })]).err;
    expect(refused?.kind).toBe('bank-has-no-question');
    expect(refused?.message).toMatch(
      /^None of the bank's 1 questions can be imported, so no test was made\. #\d+ "Area" \(calculated\): calculated questions have no Assay type\.$/,
    );
  });

  it('refuses a test that does not fit (400.138): more minutes than a test may last', () => {
    const items: BankItem[] = Array.from({ length: 5 }, (_, at) => [{ kind: 'category', path: `c${at}` } as const, question({ shape: 'essay' })]).flat();
    const refused = testOfBank(items, { minutesPerQuestion: 60 * 5 }).err;
    expect(refused?.kind).toBe('bank-does-not-fit');
    expect(refused?.message).toContain('the section durations add up to more than 1440 minutes');
  });

  it('splits a category of more than 500 questions into sections', () => {
    const items = Array.from({ length: 501 }, () => question({ shape: 'essay' }));
    const test = imported(items, { minutesPerQuestion: 0.25 });
    expect(test.definition.sections.map((section) => [section.sectionName, section.questions.length, section.duration])).toEqual([
      ['Imported questions', 500, 125],
      ['Imported questions (2)', 1, 1],
    ]);
  });
});
