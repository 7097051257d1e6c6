import { match } from 'ts-pattern';
import type { Keystroke } from './keystroke.js';

/** A one-line text being typed: its value and the caret, in characters (code points) from the start. */
export interface TextInput {
  value: string;
  caret: number;
}

export type TextEdit =
  | { type: 'insert'; text: string }
  | { type: 'deleteBack' }
  | { type: 'caret'; to: 'left' | 'right' | 'home' | 'end' }
  /** Ctrl+U, as in a shell: the whole field emptied. */
  | { type: 'clear' };

/** A field entered with the caret after its text. */
export const textInputOf = (value: string): TextInput => ({ value, caret: [...value].length });

/** The edit a keystroke makes in a text field; undefined for keys a field does not take (Tab, Enter, ↑↓…). */
export const textEditOf = (stroke: Keystroke): TextEdit | undefined =>
  match<Keystroke, TextEdit | undefined>(stroke)
    .with({ type: 'char' }, ({ char }) => ({ type: 'insert', text: char }))
    .with({ type: 'key', name: 'backspace' }, () => ({ type: 'deleteBack' }))
    .with({ type: 'key', name: 'left' }, () => ({ type: 'caret', to: 'left' }))
    .with({ type: 'key', name: 'right' }, () => ({ type: 'caret', to: 'right' }))
    .with({ type: 'key', name: 'home' }, () => ({ type: 'caret', to: 'home' }))
    .with({ type: 'key', name: 'end' }, () => ({ type: 'caret', to: 'end' }))
    .with({ type: 'ctrl', letter: 'u' }, () => ({ type: 'clear' }))
    .with({ type: 'key' }, { type: 'ctrl' }, () => undefined)
    .exhaustive();

/** Applies one edit; consecutive edits compose, so a burst of keys types exactly what was sent. */
export const editText = (input: TextInput, edit: TextEdit): TextInput => {
  const chars = [...input.value];
  const caret = Math.max(0, Math.min(input.caret, chars.length));
  return match<TextEdit, TextInput>(edit)
    .with({ type: 'insert' }, ({ text }) => {
      const typed = [...text];
      return { value: [...chars.slice(0, caret), ...typed, ...chars.slice(caret)].join(''), caret: caret + typed.length };
    })
    .with({ type: 'deleteBack' }, () =>
      caret === 0 ? { value: input.value, caret } : { value: [...chars.slice(0, caret - 1), ...chars.slice(caret)].join(''), caret: caret - 1 },
    )
    .with({ type: 'caret', to: 'left' }, () => ({ value: input.value, caret: Math.max(0, caret - 1) }))
    .with({ type: 'caret', to: 'right' }, () => ({ value: input.value, caret: Math.min(chars.length, caret + 1) }))
    .with({ type: 'caret', to: 'home' }, () => ({ value: input.value, caret: 0 }))
    .with({ type: 'caret', to: 'end' }, () => ({ value: input.value, caret: chars.length }))
    .with({ type: 'clear' }, () => ({ value: '', caret: 0 }))
    .exhaustive();
};
