import type { QuestionDetail } from '@assay/domain/report';
import { match } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { type ScrollEvent, scrollKeys } from './scroll-keys.js';

/**
 * The answers screen (issue 34): a list of the questions with their time and signals; Enter on a coding question
 * steps through its playback (←→ one frame, Home/End the first and last, ↑↓ PgUp/PgDn scroll a long code), Esc back
 * to the list. Indices are clamped where they are drawn, so a reload that changes the lists never points outside.
 */
export type AnswersState = { mode: 'list'; selected: number } | { mode: 'playback'; selected: number; frame: number; top: number };

export type AnswersEvent =
  | { type: 'move'; delta: number; count: number }
  | { type: 'open'; frames: number }
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
    .with([{ mode: 'list' }, { type: 'open' }], ([current, { frames }]) => ({
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

/**
 * The keys, against the questions as of the key: in the list ↑↓ move and Enter opens a coding question's playback
 * (one without a recorded history opens too, and says so); `r` reloads. In a playback ←→ Home End step, ↑↓ PgUp PgDn
 * scroll, Esc goes back to the list (so Esc does not leave the screen from there).
 */
export const answersKeys = (state: AnswersState, questions: readonly QuestionDetail[], stroke: Keystroke): KeyDecision<AnswersEvent> => {
  if (state.mode === 'list') {
    const question = questions[clamp(state.selected, questions.length - 1)];
    return match<Keystroke, KeyDecision<AnswersEvent>>(stroke)
      .with(pressed('up'), () => taken({ type: 'move', delta: -1, count: questions.length }))
      .with(pressed('down'), () => taken({ type: 'move', delta: 1, count: questions.length }))
      .with(pressed('return'), () => (question?.type === 'coding' ? taken({ type: 'open', frames: question.coding?.playback?.frames.length ?? 0 }) : taken()))
      .with(typed('r'), () => taken({ type: 'reload' }))
      .otherwise(() => passed());
  }
  const frames = questions[clamp(state.selected, questions.length - 1)]?.coding?.playback?.frames.length ?? 0;
  return match<Keystroke, KeyDecision<AnswersEvent>>(stroke)
    .with(pressed('left'), () => taken({ type: 'step', to: -1, frames }))
    .with(pressed('right'), () => taken({ type: 'step', to: 1, frames }))
    .with(pressed('home'), () => taken({ type: 'step', to: 'first', frames }))
    .with(pressed('end'), () => taken({ type: 'step', to: 'last', frames }))
    .with(pressed('escape'), () => taken({ type: 'close' }))
    .otherwise(() => scrollKeys(stroke));
};
