import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import type { KeyHint } from '../hints.js';

/** The keys' column of the help; keys wider than it take a line of their own. */
export const HELP_KEY_COLUMN = 12;
export const HELP_INDENT = 2;
/** The title and a blank line above the keys; a blank line and the closing line below them. */
const FRAME_LINES = 4;

/** One line of the help: a key (or nothing, on an explanation's later lines) and its text. */
export interface HelpLine {
  keys: string;
  text: string;
}

/**
 * Every key, its explanation wrapped under itself (a hanging indent): nothing is cut at 80 columns, where the longest
 * explanations once ended in "…" (issue 61).
 */
export const helpLines = (hints: readonly KeyHint[], columns: number): HelpLine[] => {
  const width = Math.max(20, columns - HELP_INDENT - HELP_KEY_COLUMN);
  return hints.flatMap((entry) => {
    const wrapped = wrapAnsi(entry.help ?? entry.label, width, { hard: true }).split('\n');
    const [first = '', ...rest] = stringWidth(entry.keys) < HELP_KEY_COLUMN ? wrapped : ['', ...wrapped];
    return [{ keys: entry.keys, text: first }, ...rest.map((text) => ({ keys: '', text }))];
  });
};

/** The help's lines, how many of them the body shows at once, and how far it scrolls (0: it fits). */
export interface HelpLayout {
  lines: HelpLine[];
  shown: number;
  overflow: number;
}

/**
 * What of the help fits `rows` lines: all of it, or a window one line shorter, for the line that says where the window
 * is (a screen with many keys overflowed 80×24 and its last keys and the closing line were lost, issue 61).
 */
export const helpLayout = (hints: readonly KeyHint[], columns: number, rows: number): HelpLayout => {
  const lines = helpLines(hints, columns);
  const room = Math.max(1, rows - FRAME_LINES);
  const shown = lines.length <= room ? lines.length : Math.max(1, room - 1);
  return { lines, shown, overflow: lines.length - shown };
};
