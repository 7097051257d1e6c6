import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testOfBank } from '@assay/domain';
import { giftItems } from './gift.js';

const FIXTURE = readFileSync(new URL('../../test/fixtures/bank/gift-bank.gift', import.meta.url), 'utf8');

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
