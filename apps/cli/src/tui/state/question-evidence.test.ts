import type { QuestionDetail } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import { durationText, questionLine, signalEventLines, signalsText, variantLines } from './question-evidence.js';

const signals = (over: Partial<NonNullable<QuestionDetail['signals']>> = {}): NonNullable<QuestionDetail['signals']> => ({
  firstViewedAt: '2026-11-25T10:00:00.000Z',
  secondsToFirstKeystroke: 35,
  pastes: 2,
  pastedChars: 1204,
  largeInsertions: 1,
  largeInsertionChars: 80,
  events: [
    { kind: 'paste', at: '2026-11-25T10:04:12.000Z', chars: 840, lines: 22 },
    { kind: 'insertion', at: '2026-11-25T10:05:00.000Z', chars: 300, lines: 1 },
    { kind: 'paste', at: '2026-11-25T10:06:00.000Z', chars: 364, lines: 9 },
  ],
  ...over,
});

const question = (over: Partial<QuestionDetail>): QuestionDetail =>
  ({
    number: 3,
    questionId: 12,
    sectionName: 'Code',
    type: 'coding',
    marks: 5,
    negativeMarks: 0,
    awarded: null,
    answered: true,
    timeSpentSeconds: 252,
    ...over,
  }) as QuestionDetail;

describe('question evidence in words', () => {
  it('says times in minutes and seconds, and when none was recorded', () => {
    expect(durationText(35)).toBe('35 s');
    expect(durationText(252)).toBe('4 min 12 s');
    expect(durationText(null)).toBe('time not recorded');
  });

  it('counts pastes by size, large insertions and the first keystroke', () => {
    expect(signalsText(signals())).toBe('2 pastes (1,204 chars) · 1 large insertion (300 chars listed) · first key after 35 s');
    expect(signalsText(signals({ pastes: 0, pastedChars: 0, largeInsertions: 0, events: [], secondsToFirstKeystroke: null }))).toBe('no pastes');
    expect(signalsText(undefined)).toBe('no paste or typing signals reported');
  });

  it('lists the events largest first', () => {
    expect(signalEventLines(signals())).toEqual([
      'paste 10:04:12, 840 chars in 22 lines',
      'paste 10:06:00, 364 chars in 9 lines',
      'large insertion 10:05:00, 300 chars in 1 line',
    ]);
    expect(signalEventLines(undefined)).toEqual([]);
  });

  it('puts a question on one line', () => {
    expect(questionLine(question({ signals: signals({ largeInsertions: 0, events: [] }) }))).toBe(
      'Q3 coding –/5 · 4 min 12 s · 2 pastes (1,204 chars) · first key after 35 s',
    );
    expect(questionLine(question({ type: 'single_choice', timeSpentSeconds: null, awarded: 4 }))).toBe(
      'Q3 choice 4/5 · time not recorded · no paste or typing signals reported',
    );
  });

  it('names the variant: what was drawn, what was shuffled, the order asked', () => {
    const questions = [question({ number: 1, questionId: 104 }), question({ number: 2, questionId: 101 })];
    expect(
      variantLines({
        questions,
        variant: {
          seed: 42,
          questionIds: [104, 101],
          sections: [
            { sectionName: 'Basics', asked: 2, poolSize: 6, shuffleQuestions: true, shuffleOptions: true },
            { sectionName: 'Code', asked: 1, poolSize: 1, shuffleQuestions: false, shuffleOptions: false },
          ],
        },
      }),
    ).toEqual(['Variant: Basics: 2 of 6 drawn, questions and options shuffled · Code: all 1 asked', 'Asked in this order: Q1 #104, Q2 #101 (seed 42)']);
    expect(variantLines({ questions })).toEqual(['Same questions, same order for every candidate (no pool or shuffling).']);
    expect(variantLines({ questions, variant: { seed: null, questionIds: [104], sections: [] } })[1]).toMatch(/no draw yet/);
  });
});
