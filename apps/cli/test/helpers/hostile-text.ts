/**
 * A candidate's name as hostile as names came before the API refused them (issue 27): it clears the screen
 * (ESC[2J), sets the window title (OSC 0), plants a disguised hyperlink (OSC 8), writes the clipboard (OSC 52),
 * rings the bell, opens a CSI with the C1 control U+009B, and reverses what follows (U+202E).
 */
export const HOSTILE_NAME =
  'Eve\u001B[2J\u001B]0;pwned\u0007\u001B]8;;https://evil.example\u001B\\click\u001B]8;;\u001B\\\u001B]52;c;ZXZpbA==\u0007\u0007\u009B31m\u202Eevil';

/** The same name as the terminal must show it: every control visible, nothing obeyed. */
export const HOSTILE_NAME_SHOWN = 'Eve␛[2J␛]0;pwned␇␛]8;;https://evil.example␛\\click␛]8;;␛\\␛]52;c;ZXZpbA==␇␇�31m�evil';

/** What no output for people may hold: one of the sequences of the hostile name, raw. */
export const RAW_SEQUENCES = ['\u001B[2J', '\u001B]0;', '\u001B]8;', '\u001B]52;', '\u0007', '\u009B', '\u202E'] as const;
