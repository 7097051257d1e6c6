import { match, P } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, type TextEdit } from '../input/text-edit.js';

/**
 * The reminders screen's prompt (issue 50 item 4): what `assay reminders set TEST` takes, typed: hours as `48,4`, `off`
 * for none, `default` for the service's. Undefined: not one of those (the server checks the bounds: 400.21).
 */
export const readReminderHours = (text: string): { hours: number[] | null } | { error: string } => {
  const trimmed = text.trim().replace(/\s+/gu, '');
  if (trimmed === 'off') return { hours: [] };
  if (trimmed === 'default') return { hours: null };
  if (/^[0-9]{1,4}(,[0-9]{1,4})*$/u.test(trimmed)) return { hours: trimmed.split(',').map(Number) };
  return { error: 'type whole hours separated by commas (48,4), off, or default' };
};

export type RemindersPrompt =
  | { phase: 'closed'; saves: number }
  | { phase: 'open'; saves: number; text: string; caret: number; error: string | null }
  | { phase: 'saving'; saves: number; hours: number[] | null };

export type RemindersPromptEvent =
  | { type: 'open' }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'refuse'; error: string }
  | { type: 'submit'; hours: number[] | null }
  | { type: 'close' };

export const closedRemindersPrompt = (): RemindersPrompt => ({ phase: 'closed', saves: 0 });

export const remindersPromptReducer = (state: RemindersPrompt, event: RemindersPromptEvent): RemindersPrompt =>
  match<[RemindersPrompt, RemindersPromptEvent], RemindersPrompt>([state, event])
    .with([{ phase: 'closed' }, { type: 'open' }], ([{ saves }]) => ({ phase: 'open', saves, text: '', caret: 0, error: null }))
    .with([{ phase: 'open' }, { type: 'edit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current.text, caret: current.caret }, edit);
      return { ...current, text: value, caret, error: null };
    })
    .with([{ phase: 'open' }, { type: 'refuse' }], ([current, { error }]) => ({ ...current, error }))
    .with([{ phase: 'open' }, { type: 'submit' }], ([{ saves }, { hours }]) => ({ phase: 'saving', saves: saves + 1, hours }))
    // Closed after a save (its outcome is the screen's), or by Esc.
    .with([{ phase: 'open' }, { type: 'close' }], [{ phase: 'saving' }, { type: 'close' }], ([{ saves }]) => ({ phase: 'closed', saves }))
    .with([P._, P._], ([current]) => current)
    .exhaustive();

export const remindersSaveKey = (state: RemindersPrompt): string | null => (state.phase === 'saving' ? `reminders#${state.saves}` : null);

/** `s` opens the prompt (for a role that may set them); in it Enter saves, Esc closes, the rest edits. */
export const remindersKeys = (state: RemindersPrompt, maySet: boolean, stroke: Keystroke): KeyDecision<RemindersPromptEvent> => {
  if (state.phase === 'saving') return taken();
  if (state.phase === 'closed') return maySet && stroke.type === 'char' && stroke.char === 's' ? taken({ type: 'open' }) : passed();
  return match<Keystroke, KeyDecision<RemindersPromptEvent>>(stroke)
    .with(pressed('escape'), () => taken({ type: 'close' }))
    .with(pressed('return'), () => {
      const read = readReminderHours(state.text);
      return 'error' in read ? taken({ type: 'refuse', error: read.error }) : taken({ type: 'submit', hours: read.hours });
    })
    .otherwise(() => {
      const edit = textEditOf(stroke);
      return edit ? taken({ type: 'edit', edit }) : taken();
    });
};
