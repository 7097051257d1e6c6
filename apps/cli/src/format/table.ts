import stringWidth from 'string-width';
import { terminalLine } from './terminal-text.js';

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - stringWidth(text)));

/**
 * Columns aligned by display width (names may hold wide characters); the last column is not padded. A cell is
 * one line: a newline or a control in a name shows as its picture, so it can neither forge a row nor act.
 */
export const table = (headers: readonly string[], rows: readonly (readonly string[])[]): string => {
  const all = [headers, ...rows].map((row) => row.map(terminalLine));
  const widths = headers.map((_, column) => Math.max(...all.map((row) => stringWidth(row[column] ?? ''))));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : pad(cell, widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

/** Label: value lines with the labels aligned; a value is one line, as a table's cell. */
export const fields = (entries: readonly (readonly [string, string])[]): string => {
  const width = Math.max(...entries.map(([label]) => stringWidth(label)));
  return entries.map(([label, value]) => `${pad(`${label}:`, width + 1)} ${terminalLine(value)}`).join('\n');
};
