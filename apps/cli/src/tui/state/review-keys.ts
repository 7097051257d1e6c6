import { match, P } from 'ts-pattern';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { textEditOf } from '../input/text-edit.js';
import { currentItem, inComment, type ReviewEvent, type ReviewState } from './review-state.js';
import type { Route } from './app-state.js';

const DIGIT = { type: 'char', char: P.string.regex(/^[0-9.]$/) } as const;
const SAVE = P.union(pressed('return'), { type: 'ctrl', letter: 's' } as const);

/**
 * The review screen's keys, decided against the state as of the key. In the marks (or a criterion's marks):
 * digits and `.` type them, Backspace erases, Tab and Shift+Tab change field, Enter or Ctrl+S saves, `n`/→ and
 * `p`/← go to the next and previous answer, `u` to the next awaiting a grade, ↑↓ scroll the answer, `b` blind, `o` order, `r` refresh; q, Esc and `?`
 * go on to the frame. In the comment every key is typed, except Tab, Enter, Ctrl+S, ↑↓ and Esc (back to the marks).
 * While a page loads or a grade saves, only the frame's keys work. `maxScroll` is the answer's last first line.
 */
export const reviewKeys = (state: ReviewState, stroke: Keystroke, maxScroll: number): KeyDecision<ReviewEvent> => {
  if (state.phase !== 'ready') return stroke.type === 'char' && stroke.char !== 'q' && stroke.char !== '?' ? taken() : passed();
  const common = match<Keystroke, KeyDecision<ReviewEvent> | undefined>(stroke)
    .with(pressed('tab'), () => taken({ type: 'focus', delta: 1 }))
    .with(pressed('backTab'), () => taken({ type: 'focus', delta: -1 }))
    .with(SAVE, () => taken({ type: 'save' }))
    .with(pressed('up'), () => taken({ type: 'scroll', delta: -1, max: maxScroll }))
    .with(pressed('down'), () => taken({ type: 'scroll', delta: 1, max: maxScroll }))
    .with(pressed('pageUp'), () => taken({ type: 'scroll', delta: -10, max: maxScroll }))
    .with(pressed('pageDown'), () => taken({ type: 'scroll', delta: 10, max: maxScroll }))
    .otherwise(() => undefined);
  if (common) return common;
  if (inComment(state)) {
    if (stroke.type === 'key' && stroke.name === 'escape') return taken({ type: 'leaveComment' });
    const edit = textEditOf(stroke);
    return edit ? taken({ type: 'edit', edit }) : taken();
  }
  return match<Keystroke, KeyDecision<ReviewEvent>>(stroke)
    .with(DIGIT, ({ char }) => taken({ type: 'digit', char }))
    .with(pressed('backspace'), () => taken({ type: 'eraseMark' }))
    .with(P.union(typed('n'), pressed('right')), () => taken({ type: 'move', delta: 1 }))
    .with(P.union(typed('p'), pressed('left')), () => taken({ type: 'move', delta: -1 }))
    .with(typed('b'), () => taken({ type: 'toggleBlind' }))
    .with(typed('o'), () => taken({ type: 'toggleOrder' }))
    .with(typed('r'), () => taken({ type: 'reload' }))
    .with(typed('u'), () => taken({ type: 'nextUngraded' }))
    .otherwise(() => passed());
};

/**
 * `t` in the marks opens the AI assistant's transcript of the answer on screen, by its review reference: the screen
 * that opens never holds the invitation, so a blind review stays blind (decision 1264).
 */
export const reviewTranscriptKeys = (state: ReviewState, stroke: Keystroke): KeyDecision<never, { open: Route }> => {
  const item = state.phase === 'ready' ? currentItem(state) : undefined;
  if (!item || inComment(state) || !(stroke.type === 'char' && stroke.char === 't')) return passed();
  return effect({ open: { screen: 'transcript', source: { reference: item.reference } } });
};

/**
 * `f` opens the test's authorship follow-ups to mark (decision 1360), blind if the review is: outside the comment,
 * whether or not a written answer awaits a grade (a coding-only test's queue is empty, its follow-ups are not).
 */
export const reviewFollowUpKeys = (state: ReviewState, stroke: Keystroke, test: { testId: number; testName: string }): KeyDecision<never, { open: Route }> => {
  if (state.phase === 'saving' || (currentItem(state) && inComment(state)) || !(stroke.type === 'char' && stroke.char === 'f')) return passed();
  return effect({ open: { screen: 'followUps', ...test, blind: state.queue?.blind ?? state.blind } });
};
