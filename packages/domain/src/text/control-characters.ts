/**
 * The characters that let text move the reader's cursor or reverse what they read: C0 and C1 controls (ESC
 * starts a terminal's escape sequences, BEL, CR, DEL…) and the bidirectional embeddings, overrides and isolates
 * (U+202A–202E, U+2066–2069), which make "exe.txt" read as "txt.exe". Real right-to-left names need none of them:
 * the Unicode bidi algorithm orders Arabic and Hebrew by their letters' own direction.
 *
 * Two shapes of text: a single line (names, addresses, titles, URLs) holds none of these and no line break; lines
 * (a question's text, a test's description) keep the newline and the tab, and nothing else of them.
 */
export type TextShape = 'single-line' | 'lines';

const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
const LINE_SEPARATORS = '\\u2028\\u2029';
const CONTROLS_BUT_TAB_AND_NEWLINE = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f';

/** What a text field may not hold, as a character class body (JSON Schema patterns use the same syntax). */
export const FORBIDDEN_IN: Readonly<Record<TextShape, string>> = {
  'single-line': `\\u0000-\\u001f\\u007f-\\u009f${LINE_SEPARATORS}${BIDI_CONTROLS}`,
  lines: `${CONTROLS_BUT_TAB_AND_NEWLINE}${BIDI_CONTROLS}`,
};

const FORBIDDEN: Readonly<Record<TextShape, RegExp>> = {
  'single-line': new RegExp(`[${FORBIDDEN_IN['single-line']}]`),
  lines: new RegExp(`[${FORBIDDEN_IN.lines}]`),
};

/** The first character of `text` a field of that shape refuses: what it is called, and its code point (`U+001B`). */
export interface ForbiddenCharacter {
  readonly kind: 'control characters' | 'line breaks' | 'bidirectional control characters';
  readonly codePoint: string;
}

const kindOf = (code: number): ForbiddenCharacter['kind'] => {
  if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) return 'line breaks';
  if (code >= 0x202a) return 'bidirectional control characters';
  return 'control characters';
};

/** One regular-expression scan of the text (no allocation unless something is found). */
export const forbiddenCharacterIn = (text: string, shape: TextShape): ForbiddenCharacter | undefined => {
  const found = FORBIDDEN[shape].exec(text);
  if (!found) return undefined;
  const code = found[0].charCodeAt(0);
  return { kind: kindOf(code), codePoint: `U+${code.toString(16).toUpperCase().padStart(4, '0')}` };
};

/** A CRLF pair is one newline: text written on Windows keeps its line breaks, and a lone CR is still refused. */
export const normaliseNewlines = (text: string): string => (text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text);

const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROLS}]`, 'g');
const ANY_CONTROL_OR_SEPARATOR = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${LINE_SEPARATORS}]`, 'g');
const CONTROL_BUT_TAB_AND_NEWLINE = new RegExp(`[${CONTROLS_BUT_TAB_AND_NEWLINE}]`, 'g');
const NEEDS_CARE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${LINE_SEPARATORS}${BIDI_CONTROLS}]`);

/**
 * Text Assay did not write, made safe to show on one line (a PDF, a workbook cell, an email, a terminal): the
 * bidi controls are dropped, so stored text reads in the order it was typed, and every other control or line
 * break becomes a space, so nothing can start a line, an escape sequence or a header. For data stored before the
 * API refused these characters, and for fields that keep them (code).
 */
export const displayLine = (text: string): string => (NEEDS_CARE.test(text) ? text.replace(BIDI_CONTROL, '').replace(ANY_CONTROL_OR_SEPARATOR, ' ') : text);

/** `displayLine` for text of several lines: newlines (CRLF too) and tabs stay, the rest as there. */
export const displayLines = (text: string): string =>
  NEEDS_CARE.test(text) ? normaliseNewlines(text).replace(BIDI_CONTROL, '').replace(CONTROL_BUT_TAB_AND_NEWLINE, ' ') : text;
