import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testOfBank } from '@assay/domain';
import { giftItems } from './gift.js';

const FIXTURE = readFileSync(new URL('../../test/fixtures/bank/gift-bank.gift', import.meta.url), 'utf8');
/** Every construct of Moodle's own GIFT fixture and format examples, in our words (the file's head says which). */
const MOODLE_SHAPES = readFileSync(new URL('../../test/fixtures/bank/moodle-shapes.gift', import.meta.url), 'utf8');

describe('giftItems', () => {
  it('carries choice, true/false, short answer, number and essay, and skips matching with why', () => {
    const items = giftItems(FIXTURE);
    if (items.err) throw new Error(items.err.message);
    const made = testOfBank(items.val);
    if (made.err) throw new Error(made.err.message);
    const test = made.val;
    expect(test.definition.testName).toBe('Git');
    const questions = test.definition.sections[0]?.questions ?? [];
    expect(questions.map((question) => question.type)).toEqual([
      'single_choice',
      'multiple_choice',
      'single_choice',
      'short_answer',
      'short_answer',
      'free_text',
    ]);
    expect(questions[0]).toMatchObject({
      text: 'Which command makes a new commit that undoes an earlier one?',
      options: [{ text: 'git revert', correct: true }, { correct: false }, { correct: false }],
    });
    expect(questions[1]).toMatchObject({ negativeMarks: 1, options: [{ correct: true }, { correct: true }, { text: 'git push', correct: false }] });
    expect(questions[2]).toMatchObject({
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
    });
    expect(questions[3]).toMatchObject({
      acceptedAnswers: [
        { answer: 'main', match: 'text' },
        { answer: 'master', match: 'text' },
      ],
    });
    expect(questions[4]).toMatchObject({ acceptedAnswers: [{ answer: '40', match: 'number' }] });
    expect(test.skipped).toEqual([{ index: 7, name: 'Match commands', type: 'Matching', why: 'matching questions have no Assay question type' }]);
    expect(test.notCarried.map((part) => `${part.index} ${part.what}`)).toEqual([
      '1 the general feedback',
      '1 the feedback of option 1 "git revert"',
      '1 the feedback of option 2 "git reset --hard"',
      '3 the feedback for the answer "true"',
      '4 the feedback of 1 answer',
    ]);
  });

  it("reads every shape Moodle's own GIFT importer is tested on, the matching question skipped", () => {
    const items = giftItems(MOODLE_SHAPES);
    if (items.err) throw new Error(items.err.message);
    const made = testOfBank(items.val);
    if (made.err) throw new Error(made.err.message);
    const questions = made.val.definition.sections[0]?.questions ?? [];
    expect(questions.map((question) => question.type)).toEqual([
      'free_text',
      'single_choice',
      'multiple_choice',
      'short_answer',
      'short_answer',
      'single_choice',
      'single_choice',
      'single_choice',
      'short_answer',
      'short_answer',
      'single_choice',
    ]);
    expect(made.val.skipped).toEqual([{ index: 2, name: 'Q-matching', type: 'Matching', why: 'matching questions have no Assay question type' }]);
    // `{#3:2~#Completely wrong}`: Moodle's bare first number before `~` (gift-pegjs alone refuses it).
    expect(questions[3]).toMatchObject({ text: 'Pick a whole number from 1 to 5.', acceptedAnswers: [{ answer: '3', match: 'number', tolerance: 2 }] });
    expect(questions[4]).toMatchObject({ acceptedAnswers: [{ answer: 'git log', match: 'text' }] });
    expect(questions[5]).toMatchObject({ options: [{ text: 'True', correct: true }, { correct: false }] });
    expect(questions[8]).toMatchObject({ text: 'How many bits are in a **byte**?', acceptedAnswers: [{ answer: '8', tolerance: 0.5 }] });
    expect(questions[10]).toMatchObject({ options: [{ text: '~', correct: true }, { correct: false }] });
    expect(made.val.notCarried.map((part) => `${part.name}: ${part.what}`)).toEqual(
      expect.arrayContaining([
        'Q-number: the feedback of 1 answer',
        'Q-short: the 50 % credit of answer "git show" (a short answer is right or wrong)',
        'Q-truth: the general feedback',
        'Q-weighted numbers: the 50 % credit of 1997 ± 2 (a number is right or wrong)',
      ]),
    );
  });

  it('reads a number range as a value with its tolerance', () => {
    const items = giftItems('::Pi:: Pi to two places? {#3.13..3.15}\n\n::E:: e? {#2.718:0.001}');
    const answers = items.val?.flatMap((item) => (item.kind === 'question' && item.body.shape === 'numeric' ? item.body.answers : []));
    expect(answers?.map(({ value, tolerance }) => [value, Math.round(tolerance * 1000) / 1000])).toEqual([
      ['3.14', 0.01],
      ['2.718', 0.001],
    ]);
  });

  it('refuses text the GIFT grammar cannot read (400.136), naming the line and column', () => {
    const refused = giftItems('::Q1:: Fine? {T}\n\n::Q2:: Broken {=yes ~no: because}');
    expect(refused.err?.kind).toBe('bank-unreadable');
    expect(refused.err?.message).toMatch(/^The GIFT text cannot be read at line 3, column \d+: Expected/);
  });
});
