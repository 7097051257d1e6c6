import { describe, expect, it } from 'vitest';
import {
  largeInsertionOf,
  noSignals,
  QUESTION_SIGNAL_LIMITS,
  type QuestionSignals,
  recordInsertion,
  recordKeystroke,
  secondsInView,
  viewQuestion,
} from './question-signals.js';

/** Replays views the way the store applies them: one row per question, the one in view updated in place. */
const replay = (views: readonly [number, number][]): Map<number, QuestionSignals> => {
  const rows = new Map<number, QuestionSignals>();
  let current: QuestionSignals | null = null;
  for (const [questionId, at] of views) {
    const { closed, opened } = viewQuestion(current, rows.get(questionId) ?? noSignals(questionId), at);
    if (closed) rows.set(closed.questionId, closed);
    rows.set(opened.questionId, opened);
    current = opened;
  }
  return rows;
};

describe('viewQuestion', () => {
  it('credits each question the time until the next came in front, and the last one until the end', () => {
    const rows = replay([
      [1, 0],
      [2, 30_000],
      [1, 90_000],
    ]);
    const end = 120_000;
    expect(secondsInView(rows.get(1)!, end)).toBe(60);
    expect(secondsInView(rows.get(2)!, end)).toBe(60);
    expect(rows.get(1)!.firstViewedAt).toBe(0);
    expect(rows.get(2)!.firstViewedAt).toBe(30_000);
  });

  it('changes nothing when the question in front is reported again', () => {
    const rows = replay([
      [1, 0],
      [1, 10_000],
      [1, 20_000],
    ]);
    expect(rows.get(1)!.inViewSince).toBe(0);
    expect(secondsInView(rows.get(1)!, 30_000)).toBe(30);
  });

  it('never overlaps intervals: a view older than the current one credits nothing, so times add up to at most the attempt', () => {
    const rows = replay([
      [1, 50_000],
      [2, 20_000],
      [3, 60_000],
    ]);
    expect(secondsInView(rows.get(1)!, 100_000)).toBe(0);
    expect(secondsInView(rows.get(2)!, 100_000)).toBe(10);
    expect(secondsInView(rows.get(3)!, 100_000)).toBe(40);
  });
});

describe('recordInsertion and recordKeystroke', () => {
  it('counts every paste and insertion, lists only the first ones', () => {
    let signals = noSignals(7);
    for (let index = 0; index < QUESTION_SIGNAL_LIMITS.eventsPerQuestion + 5; index++) {
      signals = recordInsertion(signals, { kind: index % 2 === 0 ? 'paste' : 'insertion', at: index, chars: 100, lines: 3 });
    }
    expect(signals.events).toHaveLength(QUESTION_SIGNAL_LIMITS.eventsPerQuestion);
    expect(signals.pastes).toBe(13);
    expect(signals.insertions).toBe(12);
    expect(signals.pastedChars).toBe(1_300);
  });

  it('keeps the first keystroke', () => {
    const signals = recordKeystroke(recordKeystroke(noSignals(1), 5_000), 9_000);
    expect(signals.firstKeystrokeAt).toBe(5_000);
    expect(recordKeystroke(signals, 1_000).firstKeystrokeAt).toBe(1_000);
  });
});

describe('largeInsertionOf', () => {
  it('finds a single change that adds at least the threshold, by its size only', () => {
    const block = 'x = 1\n'.repeat(20);
    expect(largeInsertionOf('def f():\n', `def f():\n${block}`)).toEqual({ chars: block.length, lines: 21 });
    expect(largeInsertionOf('abc', 'abcd')).toBeNull();
    expect(largeInsertionOf('a'.repeat(200), 'b'.repeat(QUESTION_SIGNAL_LIMITS.largeInsertionChars))).toEqual({
      chars: QUESTION_SIGNAL_LIMITS.largeInsertionChars,
      lines: 1,
    });
  });
});
