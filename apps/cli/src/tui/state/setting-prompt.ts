import { match, P } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, type TextEdit } from '../input/text-edit.js';

/**
 * A settings screen's one-line prompt (reminder hours, retention periods): `s` opens it for a key that may set the
 * setting, the text typed is read into a value by the setting's own reader, Enter saves it, Esc closes. `saves`
 * counts the saves so each one is a new call.
 */
export type SettingPrompt<V> =
  | { phase: 'closed'; saves: number }
  | { phase: 'open'; saves: number; text: string; caret: number; error: string | null }
  | { phase: 'saving'; saves: number; value: V };

export type SettingPromptEvent<V> =
  | { type: 'open' }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'refuse'; error: string }
  | { type: 'submit'; value: V }
  | { type: 'close' };

/** What a setting's reader answers for the text typed: the value to save, or why the text is not one. */
export type SettingReading<V> = { value: V } | { error: string };

export const closedSettingPrompt = <V>(): SettingPrompt<V> => ({ phase: 'closed', saves: 0 });

export const settingPromptReducer = <V>(state: SettingPrompt<V>, event: SettingPromptEvent<V>): SettingPrompt<V> =>
  match<[SettingPrompt<V>, SettingPromptEvent<V>], SettingPrompt<V>>([state, event])
    .with([{ phase: 'closed' }, { type: 'open' }], ([{ saves }]) => ({ phase: 'open', saves, text: '', caret: 0, error: null }))
    .with([{ phase: 'open' }, { type: 'edit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current.text, caret: current.caret }, edit);
      return { ...current, text: value, caret, error: null };
    })
    .with([{ phase: 'open' }, { type: 'refuse' }], ([current, { error }]) => ({ ...current, error }))
    .with([{ phase: 'open' }, { type: 'submit' }], ([{ saves }, { value }]) => ({ phase: 'saving', saves: saves + 1, value }) as SettingPrompt<V>)
    // Closed after a save (its outcome is the screen's), or by Esc.
    .with([{ phase: 'open' }, { type: 'close' }], [{ phase: 'saving' }, { type: 'close' }], ([{ saves }]) => ({ phase: 'closed', saves }))
    .with([P._, P._], ([current]) => current)
    .exhaustive();

/** The save call's key: a new one per save, null while nothing is being saved. */
export const settingSaveKey = <V>(name: string, state: SettingPrompt<V>): string | null => (state.phase === 'saving' ? `${name}#${state.saves}` : null);

/** `s` opens the prompt (for a key that may set it); in it Enter saves what `read` makes of the text, Esc closes, the rest edits. */
export const settingKeys = <V>(
  read: (text: string) => SettingReading<V>,
  state: SettingPrompt<V>,
  maySet: boolean,
  stroke: Keystroke,
): KeyDecision<SettingPromptEvent<V>> => {
  if (state.phase === 'saving') return taken();
  if (state.phase === 'closed') return maySet && stroke.type === 'char' && stroke.char === 's' ? taken({ type: 'open' }) : passed();
  return match<Keystroke, KeyDecision<SettingPromptEvent<V>>>(stroke)
    .with(pressed('escape'), () => taken({ type: 'close' }))
    .with(pressed('return'), () => {
      const reading = read(state.text);
      return 'error' in reading ? taken({ type: 'refuse', error: reading.error }) : taken({ type: 'submit', value: reading.value });
    })
    .otherwise(() => {
      const edit = textEditOf(stroke);
      return edit ? taken({ type: 'edit', edit }) : taken();
    });
};
