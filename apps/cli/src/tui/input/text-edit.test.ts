import { describe, expect, it } from 'vitest';
import { char, named, type Keystroke } from './keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit, type TextInput } from './text-edit.js';

/** The field after each keystroke of the burst in turn (what a screen's reducer does). */
const type = (start: TextInput, ...strokes: Keystroke[]): TextInput =>
  strokes.reduce((input, stroke) => {
    const edit = textEditOf(stroke);
    return edit ? editText(input, edit) : input;
  }, start);

describe('editText: every edit', () => {
  const field: TextInput = { value: 'abc', caret: 1 };
  it.each<[string, TextEdit, TextInput]>([
    ['insert', { type: 'insert', text: 'XY' }, { value: 'aXYbc', caret: 3 }],
    ['deleteBack', { type: 'deleteBack' }, { value: 'bc', caret: 0 }],
    ['caret left', { type: 'caret', to: 'left' }, { value: 'abc', caret: 0 }],
    ['caret right', { type: 'caret', to: 'right' }, { value: 'abc', caret: 2 }],
    ['caret home', { type: 'caret', to: 'home' }, { value: 'abc', caret: 0 }],
    ['caret end', { type: 'caret', to: 'end' }, { value: 'abc', caret: 3 }],
    ['clear', { type: 'clear' }, { value: '', caret: 0 }],
  ])('%s', (_name, edit, after) => expect(editText(field, edit)).toEqual(after));

  it('stops at both ends', () => {
    expect(editText({ value: 'ab', caret: 0 }, { type: 'deleteBack' })).toEqual({ value: 'ab', caret: 0 });
    expect(editText({ value: 'ab', caret: 0 }, { type: 'caret', to: 'left' })).toEqual({ value: 'ab', caret: 0 });
    expect(editText({ value: 'ab', caret: 2 }, { type: 'caret', to: 'right' })).toEqual({ value: 'ab', caret: 2 });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(editText(textInputOf('a😀'), { type: 'deleteBack' })).toEqual({ value: 'a', caret: 1 });
  });
});

describe('textEditOf: which keys edit a field', () => {
  it('types characters, erases with Backspace and moves with ←→ Home End; leaves the rest to the screen', () => {
    expect(textEditOf(char('q'))).toEqual({ type: 'insert', text: 'q' });
    expect(textEditOf(named('backspace'))).toEqual({ type: 'deleteBack' });
    expect(textEditOf(named('home'))).toEqual({ type: 'caret', to: 'home' });
    for (const name of ['up', 'down', 'return', 'escape', 'tab', 'backTab', 'pageUp', 'pageDown'] as const) expect(textEditOf(named(name))).toBeUndefined();
    expect(textEditOf({ type: 'ctrl', letter: 's' })).toBeUndefined();
  });

  it('empties the field on Ctrl+U, as a shell does', () => {
    expect(type({ value: 'growth python', caret: 6 }, { type: 'ctrl', letter: 'u' })).toEqual({ value: '', caret: 0 });
  });

  it('composes a burst: five characters give five, two Backspaces erase two', () => {
    const hello = type(textInputOf(''), ...[...'hello'].map(char));
    expect(hello).toEqual({ value: 'hello', caret: 5 });
    expect(type(hello, named('backspace'), named('backspace'))).toEqual({ value: 'hel', caret: 3 });
    expect(type(hello, named('left'), named('left'), char('X'), named('end'), char('!'))).toEqual({ value: 'helXlo!', caret: 7 });
  });
});
