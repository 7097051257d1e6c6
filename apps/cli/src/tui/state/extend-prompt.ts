import { match, P } from 'ts-pattern';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, type TextEdit } from '../input/text-edit.js';
import { readExtendInput } from './extend-input.js';
import type { MoveRequest } from './invitation-moves.js';

/**
 * The extend prompt (issue 50 item 4) of a row or a report: closed, or open on one invitation with what is typed and why
 * the last Enter was refused. Enter hands the read input on as the move to run; the move shows its own outcome.
 */
export type ExtendPromptState = { phase: 'closed' } | { phase: 'open'; request: MoveRequest; who: string; text: string; caret: number; error: string | null };

export type ExtendPromptEvent =
  | { type: 'open'; request: MoveRequest; who: string }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'refuse'; error: string }
  | { type: 'close' };

export const closedExtendPrompt = (): ExtendPromptState => ({ phase: 'closed' });

export const extendPromptReducer = (state: ExtendPromptState, event: ExtendPromptEvent): ExtendPromptState =>
  match<[ExtendPromptState, ExtendPromptEvent], ExtendPromptState>([state, event])
    .with([P._, { type: 'open' }], ([, { request, who }]) => ({ phase: 'open', request, who, text: '', caret: 0, error: null }))
    .with([{ phase: 'open' }, { type: 'edit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current.text, caret: current.caret }, edit);
      return { ...current, text: value, caret, error: null };
    })
    .with([{ phase: 'open' }, { type: 'refuse' }], ([current, { error }]) => ({ ...current, error }))
    .with([P._, { type: 'close' }], () => ({ phase: 'closed' }))
    .with([{ phase: 'closed' }, P._], ([current]) => current)
    .exhaustive();

const SAVE = P.union(pressed('return'), { type: 'ctrl', letter: 's' } as const);

/**
 * The prompt's keys, before the screen's: Esc closes it, Enter (or Ctrl+S) reads the text — a refusal under the prompt
 * with the text kept, or the extension to run — and every other key edits. Closed, nothing is taken.
 */
export const extendPromptKeys = (state: ExtendPromptState, stroke: Keystroke): KeyDecision<ExtendPromptEvent, { run: MoveRequest }> => {
  if (state.phase === 'closed') return passed();
  if (stroke.type === 'key' && stroke.name === 'escape') return taken({ type: 'close' });
  if (
    match(stroke)
      .with(SAVE, () => true)
      .otherwise(() => false)
  ) {
    const read = readExtendInput(state.text);
    return 'error' in read ? taken({ type: 'refuse', error: read.error }) : effect({ run: { ...state.request, extend: read.input } }, { type: 'close' });
  }
  const edit = textEditOf(stroke);
  return edit ? taken({ type: 'edit', edit }) : taken();
};
