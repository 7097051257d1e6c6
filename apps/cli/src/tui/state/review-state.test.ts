import type { ReviewItem, ReviewQueue } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import { char, named } from '../input/keystroke.js';
import { reviewKeys } from './review-keys.js';
import { gradeBody, initialReview, positionOf, reviewReducer, type ReviewEvent, type ReviewState } from './review-state.js';

const item = (invitation: number | null, rubric: { criterion: string; marks: number }[] = [], graded = false): ReviewItem => ({
  reference: `reference-of-answer-${invitation ?? 'hidden'}`.padEnd(22, '-').slice(0, 22),
  testInvitationId: invitation,
  questionId: 9,
  question: { type: 'free_text', text: 'Explain.', marks: 5, rubric },
  answer: { text: 'Because.', words: 1 },
  candidate: null,
  grade: graded ? { marks: 3, criteria: [], comment: 'ok', gradedBy: { keyId: 1, label: 'Panel' }, gradedAt: '2026-11-25T10:00:00' } : null,
});

const queue = (items: ReviewItem[], itemsCount = items.length, gradedCount = 0): ReviewQueue => ({
  by: 'question',
  blind: false,
  items,
  itemsCount,
  gradedCount,
});

const run = (state: ReviewState, ...events: ReviewEvent[]) => events.reduce(reviewReducer, state);
/** Presses keys as the screen does: each decided against the state as of that key. */
const press = (state: ReviewState, ...keys: Parameters<typeof reviewKeys>[1][]) =>
  keys.reduce((now, key) => run(now, ...reviewKeys(now, key, 0).events), state);

describe('the review screen’s state', () => {
  it('lands on the first answer awaiting a grade, with the draft of each answer’s grade', () => {
    const state = run(initialReview(), { type: 'loaded', queue: queue([item(1, [], true), item(2)], 2, 1) });
    expect(state).toMatchObject({ phase: 'ready', index: 1, draft: { marks: '' } });
    expect(press(state, char('p')).draft).toMatchObject({ marks: '3', comment: 'ok' });
  });

  it('types marks: the first digit replaces, the next extend; Backspace erases; a mark with three decimals is not typed', () => {
    const state = run(initialReview(), { type: 'loaded', queue: queue([item(1, [], true)]) });
    expect(press(state, char('1'), char('2')).draft.marks).toBe('12');
    expect(press(state, char('4'), char('.'), char('5'), char('5'), char('5')).draft.marks).toBe('4.55');
    expect(press(state, named('backspace')).draft.marks).toBe('');
  });

  it('moves between criteria and the comment with Tab; the comment takes n, q and digits as text; Esc leaves it', () => {
    const rubric = [
      { criterion: 'Correctness', marks: 3 },
      { criterion: 'Clarity', marks: 2 },
    ];
    let state = run(initialReview(), { type: 'loaded', queue: queue([item(1, rubric), item(2)]) });
    state = press(state, char('2'), named('tab'), char('1'), named('tab'), char('n'), char('o'), char(' '), char('2'));
    expect(state).toMatchObject({ index: 0, focus: 2, draft: { criteria: ['2', '1'], comment: 'no 2' } });
    expect(reviewKeys(state, char('q'), 0).passed).toBe(false);
    expect(gradeBody(state.queue!.items[0]!, state.draft)).toEqual({
      marks: 3,
      criteria: [
        { criterion: 'Correctness', marks: 2 },
        { criterion: 'Clarity', marks: 1 },
      ],
      comment: 'no 2',
    });
    state = press(state, named('escape'));
    expect(state.focus).toBe(0);
    expect(reviewKeys(state, char('q'), 0).passed).toBe(true);
  });

  it('refuses to send a grade with marks missing, saying so; saves, counts the progress once and goes to the next answer', () => {
    let state = run(initialReview(), { type: 'loaded', queue: queue([item(1), item(2)], 2, 0) });
    state = press(state, named('return'));
    expect(state).toMatchObject({ phase: 'ready', failure: { label: 'marks', message: 'type the marks first.' } });
    state = press(state, char('4'), named('return'));
    expect(state).toMatchObject({ phase: 'saving', saves: 1 });
    const grade = { marks: 4, criteria: [], comment: null, gradedBy: { keyId: 1, label: 'Panel' }, gradedAt: '2026-11-25T10:00:00' };
    state = run(state, { type: 'graded', grade });
    expect(state).toMatchObject({ phase: 'ready', index: 1, queue: { gradedCount: 1 }, saved: 'Saved 4 of 5 for invitation 1.' });
  });

  it('names no invitation in what a blind save says', () => {
    let state = run(initialReview(), { type: 'loaded', queue: { ...queue([item(null), item(null)]), blind: true } });
    state = press(state, char('4'), named('return'));
    const grade = { marks: 4, criteria: [], comment: null, gradedBy: { keyId: 1, label: 'Panel' }, gradedAt: '2026-11-25T10:00:00' };
    expect(run(state, { type: 'graded', grade }).saved).toBe('Saved 4 of 5.');
  });

  it('shows a refusal in place and keeps the draft', () => {
    let state = run(initialReview(), { type: 'loaded', queue: queue([item(1)]) });
    state = press(state, char('9'), named('return'));
    state = run(state, { type: 'failed', failure: { exitCode: 1, label: '400.19', message: 'marks is 9, over 5.' } });
    expect(state).toMatchObject({ phase: 'ready', index: 0, draft: { marks: '9' }, failure: { label: '400.19' } });
    // The next digit replaces the refused marks instead of making them 93.
    state = press(state, char('3'));
    expect(state.draft.marks).toBe('3');
  });

  it('goes to the next page after the last answer of a page, and back to the last of the previous one', () => {
    const page = queue(
      Array.from({ length: 20 }, (_, index) => item(index + 1)),
      25,
    );
    let state = run(initialReview(), { type: 'loaded', queue: page });
    state = press(state, ...Array.from({ length: 19 }, () => char('n')));
    expect(positionOf(state)).toBe(20);
    state = press(state, named('right'));
    expect(state).toMatchObject({ phase: 'loading', pageNo: 2, landing: 'first' });
    state = run(state, { type: 'loaded', queue: queue([item(21, [], true)], 25) });
    expect(positionOf(state)).toBe(21);
    state = press(state, named('left'));
    expect(state).toMatchObject({ phase: 'loading', pageNo: 1, landing: 'last' });
    expect(positionOf(run(state, { type: 'loaded', queue: page }))).toBe(20);
  });

  it('toggles blind and the order, reloading from the first page', () => {
    const state = press(run(initialReview(), { type: 'loaded', queue: queue([item(1)]) }), char('b'));
    expect(state).toMatchObject({ phase: 'loading', blind: true, pageNo: 1 });
    expect(press(run(state, { type: 'loaded', queue: queue([item(1)]) }), char('o'))).toMatchObject({ by: 'candidate', blind: true });
  });
});
