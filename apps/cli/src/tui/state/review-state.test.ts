import type { ReviewItem, ReviewQueue } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import { char, named } from '../input/keystroke.js';
import { reviewKeys } from './review-keys.js';
import { gradeBody, initialReview, positionOf, reviewLoadFrom, reviewReducer, type ReviewEvent, type ReviewState } from './review-state.js';

const item = (invitation: number | null, rubric: { criterion: string; marks: number }[] = [], graded = false): ReviewItem => ({
  reference: `reference-of-answer-${invitation ?? 'hidden'}`.padEnd(22, '-').slice(0, 22),
  testInvitationId: invitation,
  questionId: 9,
  question: { type: 'free_text', text: 'Explain.', marks: 5, rubric },
  answer: { text: 'Because.', words: 1 },
  candidate: null,
  grade: graded ? { marks: 3, criteria: [], comment: 'ok', gradedBy: { keyId: 1, label: 'Panel' }, gradedAt: '2026-11-25T10:00:00' } : null,
});

/** A page of the queue; by default the next answer awaiting a grade is the page's first such (a first page's place). */
const queue = (items: ReviewItem[], itemsCount = items.length, gradedCount = 0, nextUngraded?: number | null): ReviewQueue => {
  const waiting = items.findIndex((each) => each.grade === null);
  return {
    by: 'question',
    blind: false,
    items,
    itemsCount,
    gradedCount,
    nextUngraded: nextUngraded === undefined ? (waiting === -1 ? null : waiting + 1) : nextUngraded,
  };
};
const gradedPage = (first: number, count = 20) => Array.from({ length: count }, (_, index) => item(first + index, [], true));

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

  it('opens on the page of the first answer awaiting a grade when the first page has none (issue 61)', () => {
    expect(reviewLoadFrom(initialReview())).toBe(1);
    let state = run(initialReview(), { type: 'loaded', queue: queue(gradedPage(1), 45, 22, 23) });
    expect(state).toMatchObject({ phase: 'loading', pageNo: 2, landing: { at: 23 } });
    state = run(state, { type: 'loaded', queue: queue([...gradedPage(21, 2), item(23), item(24)], 45, 22, 23) });
    expect(state.phase).toBe('ready');
    expect(positionOf(state)).toBe(23);
    expect(state.queue?.items[state.index]?.grade).toBeNull();
  });

  it('u goes to the next answer awaiting a grade after this one: on this page, a later one, or says there is none', () => {
    const page = queue([item(1), item(2, [], true), item(3), ...gradedPage(4, 17)], 60, 40, 1);
    const onFirst = run(initialReview(), { type: 'loaded', queue: page });
    expect(positionOf(onFirst)).toBe(1);
    const seeking = press(onFirst, char('u'));
    expect(seeking).toMatchObject({ phase: 'loading', pageNo: 1, landing: { after: 1 } });
    expect(reviewLoadFrom(seeking)).toBe(2);
    // On this page: the third answer (the second is graded).
    expect(positionOf(run(seeking, { type: 'loaded', queue: { ...page, nextUngraded: 3 } }))).toBe(3);
    // On a later page: that page loads, landing on it.
    const later = run(seeking, { type: 'loaded', queue: { ...page, nextUngraded: 47 } });
    expect(later).toMatchObject({ phase: 'loading', pageNo: 3, landing: { at: 47 } });
    expect(positionOf(run(later, { type: 'loaded', queue: queue(gradedPage(41), 60, 40, 47) }))).toBe(47);
    // None after it: the grader stays where they were, told so.
    const none = run(seeking, { type: 'loaded', queue: { ...page, nextUngraded: null } });
    expect(none).toMatchObject({ phase: 'ready', saved: 'No answer after number 1 awaits a grade.' });
    expect(positionOf(none)).toBe(1);
    // In the comment, u is typed.
    const inComment = press(onFirst, named('tab'), char('u'));
    expect(inComment).toMatchObject({ phase: 'ready', draft: { comment: 'u' } });
  });

  it('toggles blind and the order, reloading from the first page', () => {
    const state = press(run(initialReview(), { type: 'loaded', queue: queue([item(1)]) }), char('b'));
    expect(state).toMatchObject({ phase: 'loading', blind: true, pageNo: 1 });
    expect(press(run(state, { type: 'loaded', queue: queue([item(1)]) }), char('o'))).toMatchObject({ by: 'candidate', blind: true });
  });
});
