/**
 * Text `assay` did not write itself — a candidate's name, a test's, a link's, a server's message — made safe to
 * show on a terminal. A terminal takes ESC, BEL and the other C0 controls, DEL and the C1 controls (U+0080–U+009F:
 * U+009B is CSI without an ESC) as commands: clear the screen, set the window title, plant an OSC 8 hyperlink, write
 * the clipboard (OSC 52). The bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder what
 * is shown without changing a byte. Each becomes something visible, so a reader sees that something was there:
 * a C0 control its Unicode control picture (ESC is `␛`, BEL `␇`), DEL `␡`, the others U+FFFD `�`. Every picture
 * is one cell wide, so columns stay aligned. Nothing else changes: real right-to-left text needs none of these.
 *
 * No library does this: strip-ansi and Node's stripVTControlCharacters remove whole escape sequences (silently)
 * and keep a lone BEL, C1 controls and the bidi overrides. The classes are Unicode's own (`\p{Cc}`).
 */
const UNSAFE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const UNSAFE_BUT_LINES = /[^\P{Cc}\n\t]|[\u202A-\u202E\u2066-\u2069]/gu;

const DEL = 0x7f;
const CONTROL_PICTURES = 0x2400;

const visible = (character: string): string => {
  const code = character.codePointAt(0)!;
  if (code < 0x20) return String.fromCodePoint(CONTROL_PICTURES + code);
  if (code === DEL) return '\u2421';
  return '\uFFFD';
};

/** One line of a table, a field or a TUI text: newline and tab are neutralised too (a name cannot forge a row). */
export const terminalLine = (text: string): string => text.replace(UNSAFE, visible);

/** A block of lines (a command's whole output, an error message): newline and tab stay, as they belong there. */
export const terminalText = (text: string): string => text.replace(UNSAFE_BUT_LINES, visible);

/** The characters `JSON.stringify` leaves as they are (DEL, C1, bidi), written as `\uXXXX`: the same JSON value. */
const RAW_IN_JSON = /[\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * JSON for a terminal or a pipe: exactly the value (it parses back equal), with no character a terminal would
 * act on. `JSON.stringify` escapes C0 controls itself; outside strings JSON text is ASCII, so escaping inside
 * strings is all there is to do.
 */
export const terminalJson = (value: unknown, indent?: number): string =>
  (JSON.stringify(value, null, indent) ?? 'null').replace(RAW_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
