import type { QuestionDetail } from '@assay/domain/report';
import { match, P } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { type ScrollEvent, scrollKeys } from './scroll-keys.js';

/**
 * The answers screen (issues 34 and 50): a list of the questions with their marks, time and signals; Enter opens a
 * question with the candidate's answer (↑↓ PgUp/PgDn scroll it, ←→ the previous or next question); `p` on a coding
 * question steps through its playback (←→ one frame, Home/End the first and last, ↑↓ PgUp/PgDn scroll a long code);
 * Esc goes back to the list. Indices are clamped where they are drawn, so a reload that changes the lists never
 * points outside.
 */
export type AnswersState =
  | { mode: 'list'; selected: number }
  | { mode: 'answer'; selected: number; top: number }
  | { mode: 'playback'; selected: number; frame: number; top: number };

export type AnswersEvent =
  | { type: 'move'; delta: number; count: number }
  | { type: 'open'; frames: number }
  | { type: 'read' }
  | { type: 'turn'; delta: number; count: number }
  | { type: 'close' }
  | { type: 'step'; to: 'first' | 'last' | number; frames: number }
  | ScrollEvent
  | { type: 'reload' };

export const initialAnswers = (): AnswersState => ({ mode: 'list', selected: 0 });

const clamp = (value: number, last: number): number => Math.max(0, Math.min(last, value));

export const answersReducer = (state: AnswersState, event: AnswersEvent): AnswersState =>
  match<[AnswersState, AnswersEvent], AnswersState>([state, event])
    .with([{ mode: 'list' }, { type: 'move' }], ([current, { delta, count }]) => ({ ...current, selected: clamp(current.selected + delta, count - 1) }))
    // A playback opens on its last frame: the code as submitted, which the reviewer knows, then steps back from it.
    .with([{ mode: 'list' }, { type: 'read' }], ([current]) => ({ mode: 'answer', selected: current.selected, top: 0 }))
    .with([{ mode: 'answer' }, { type: 'turn' }], ([current, { delta, count }]) => ({
      ...current,
      selected: clamp(current.selected + delta, count - 1),
      top: 0,
    }))
    .with([{ mode: 'answer' }, { type: 'scroll' }], ([current, { delta }]) => ({ ...current, top: Math.max(0, current.top + delta) }))
    .with([{ mode: 'answer' }, { type: 'close' }], ([current]) => ({ mode: 'list', selected: current.selected }))
    .with([{ mode: P.union('list', 'answer') }, { type: 'open' }], ([current, { frames }]) => ({
      mode: 'playback',
      selected: current.selected,
      frame: Math.max(0, frames - 1),
      top: 0,
    }))
    .with([{ mode: 'playback' }, { type: 'close' }], ([current]) => ({ mode: 'list', selected: current.selected }))
    .with([{ mode: 'playback' }, { type: 'step' }], ([current, { to, frames }]) => {
      const frame = to === 'first' ? 0 : to === 'last' ? frames - 1 : clamp(current.frame + to, frames - 1);
      return { ...current, frame: Math.max(0, frame) };
    })
    .with([{ mode: 'playback' }, { type: 'scroll' }], ([current, { delta }]) => ({ ...current, top: Math.max(0, current.top + delta) }))
    .otherwise(([current]) => current);

/** `p` on a coding question opens its playback (one without a recorded history opens too, and says so). */
const playbackOf = (question: QuestionDetail | undefined): KeyDecision<AnswersEvent> =>
  question?.type === 'coding' ? taken({ type: 'open', frames: question.coding?.playback?.frames.length ?? 0 }) : taken();

/**
 * The keys, against the questions as of the key: in the list ↑↓ move, Enter opens the question's answer, `p` a
 * coding question's playback; `r` reloads. In an answer ↑↓ PgUp PgDn scroll, ←→ turn to the previous or next
 * question, `p` the playback. In a playback ←→ Home End step, ↑↓ PgUp PgDn scroll. Esc goes back to the list from
 * either (so Esc does not leave the screen from there).
 */
export const answersKeys = (state: AnswersState, questions: readonly QuestionDetail[], stroke: Keystroke): KeyDecision<AnswersEvent> => {
  const question = questions[clamp(state.selected, questions.length - 1)];
  if (state.mode === 'list') {
    return match<Keystroke, KeyDecision<AnswersEvent>>(stroke)
      .with(pressed('up'), () => taken({ type: 'move', delta: -1, count: questions.length }))
      .with(pressed('down'), () => taken({ type: 'move', delta: 1, count: questions.length }))
      .with(pressed('return'), () => (question ? taken({ type: 'read' }) : taken()))
      .with(typed('p'), () => playbackOf(question))
      .with(typed('r'), () => taken({ type: 'reload' }))
      .otherwise(() => passed());
  }
  if (state.mode === 'answer') {
    return match<Keystroke, KeyDecision<AnswersEvent>>(stroke)
      .with(pressed('left'), () => taken({ type: 'turn', delta: -1, count: questions.length }))
      .with(pressed('right'), () => taken({ type: 'turn', delta: 1, count: questions.length }))
      .with(pressed('escape'), () => taken({ type: 'close' }))
      .with(typed('p'), () => playbackOf(question))
      .with(typed('r'), () => taken({ type: 'reload' }))
      .otherwise(() => scrollKeys(stroke));
  }
  const frames = question?.coding?.playback?.frames.length ?? 0;
  return match<Keystroke, KeyDecision<AnswersEvent>>(stroke)
    .with(pressed('left'), () => taken({ type: 'step', to: -1, frames }))
    .with(pressed('right'), () => taken({ type: 'step', to: 1, frames }))
    .with(pressed('home'), () => taken({ type: 'step', to: 'first', frames }))
    .with(pressed('end'), () => taken({ type: 'step', to: 'last', frames }))
    .with(pressed('escape'), () => taken({ type: 'close' }))
    .otherwise(() => scrollKeys(stroke));
};
