import type { Key } from 'ink';

/** The named keys the screens tell apart. */
export type KeyName = 'up' | 'down' | 'left' | 'right' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return' | 'escape' | 'tab' | 'backTab' | 'backspace';

/** One keystroke: a character typed, a named key, or Ctrl with a letter. Nothing else reaches a screen. */
export type Keystroke = { type: 'char'; char: string } | { type: 'key'; name: KeyName } | { type: 'ctrl'; letter: string };

export const char = (value: string): Keystroke => ({ type: 'char', char: value });
export const named = (name: KeyName): Keystroke => ({ type: 'key', name });

const FLAGS: readonly (readonly [keyof Key, KeyName])[] = [
  ['upArrow', 'up'],
  ['downArrow', 'down'],
  ['leftArrow', 'left'],
  ['rightArrow', 'right'],
  ['pageUp', 'pageUp'],
  ['pageDown', 'pageDown'],
  ['home', 'home'],
  ['end', 'end'],
  ['return', 'return'],
];

/** C0 and C1 control characters and DEL: never typed into a field. */
const isControl = (value: string): boolean => {
  const code = value.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

/** Ctrl+A … Ctrl+Z as the terminal sends them (0x01–0x1A), other than the four that are keys of their own. */
const ctrlLetterOf = (value: string): string | undefined => {
  const code = value.codePointAt(0) ?? 0;
  return code >= 0x01 && code <= 0x1a && !'\b\t\n\r'.includes(value) ? String.fromCodePoint(code + 0x60) : undefined;
};

/**
 * One chunk of plain input, character by character. A terminal (or tmux `send-keys` with several keys)
 * may deliver many keys in one read: each DEL or BS in it is a Backspace, CR or LF an Enter, TAB a Tab and a
 * Ctrl+letter (`Ada` then Ctrl+S, typed fast) that Ctrl+letter, as they would be alone; every other control
 * character is dropped, so nothing unprintable lands in a field.
 */
const charsOf = (chunk: string): Keystroke[] =>
  [...chunk].flatMap((value): Keystroke[] => {
    if (value === '\u007F' || value === '\b') return [named('backspace')];
    // LF too: Enter typed before the UI switched the terminal to raw mode was turned into LF by the line discipline.
    if (value === '\r' || value === '\n') return [named('return')];
    if (value === '\t') return [named('tab')];
    const letter = ctrlLetterOf(value);
    if (letter) return [{ type: 'ctrl', letter }];
    return isControl(value) ? [] : [char(value)];
  });

/**
 * What Ink's `useInput` reports, as keystrokes in order. Ink already splits escape sequences (arrows, Home…)
 * into events of their own; what it hands over as one `input` string is plain text that may hold several keys.
 * Backspace and Delete both erase to the left: terminals send DEL for Backspace and Ink names it `delete`.
 */
export const keystrokesOf = (input: string, key: Key): Keystroke[] => {
  if (key.tab) return [named(key.shift ? 'backTab' : 'tab')];
  if (key.backspace || key.delete) return [named('backspace')];
  for (const [flag, name] of FLAGS) if (key[flag]) return [named(name)];
  if (key.escape) return [named('escape')];
  if (key.ctrl) return /^[a-z]$/.test(input) ? [{ type: 'ctrl', letter: input }] : [];
  // Alt/Meta with a key: nothing here takes it.
  if (key.meta) return [];
  return charsOf(input);
};

/** Patterns for `match`: a named key, a typed character. */
export const pressed = <N extends KeyName>(name: N) => ({ type: 'key', name }) as const;
export const typed = <C extends string>(value: C) => ({ type: 'char', char: value }) as const;
