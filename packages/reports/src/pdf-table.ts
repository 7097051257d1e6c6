import { BAR, BOLD, BOTTOM, GRID, HEAD_FILL, INK, ITALIC, LEFT, MUTED, TRACK, WIDTH, hline, putCentred, type Cursor, type Doc } from './pdf-layout.js';

export interface Column {
  readonly header: string;
  /** Points; one column may leave it out to take the rest of the width. */
  readonly width?: number;
  readonly align?: 'left' | 'right' | 'center';
}

export interface Cell {
  readonly text: string;
  readonly color?: string;
  readonly bold?: boolean;
  /** A bar filled to this share (0..1) drawn before the text. */
  readonly bar?: number;
}

const HEAD = 18;
const ROW = 16;
const PAD = 6;
const BAR_WIDTH = 44;
const BAR_HEIGHT = 6;

/**
 * A table of one-line cells with a shaded header, horizontal rules, and the header repeated on every page it
 * continues to. Empty tables show `empty` in one row.
 */
export const drawTable = (doc: Doc, cursor: Cursor, columns: readonly Column[], rows: readonly (readonly Cell[])[], empty = 'None'): void => {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const flexible = columns.filter((column) => column.width === undefined).length;
  const widths = columns.map((column) => column.width ?? (WIDTH - fixed) / Math.max(1, flexible));
  const lefts = widths.map((_, index) => LEFT + widths.slice(0, index).reduce((sum, width) => sum + width, 0));

  const header = (): void => {
    doc.save().rect(LEFT, cursor.y, WIDTH, HEAD).fill(HEAD_FILL).restore();
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.5);
    columns.forEach((column, index) => {
      putCentred(doc, column.header, lefts[index]! + PAD, cursor.y, widths[index]! - 2 * PAD, HEAD, { font: BOLD, size: 8.5, align: column.align ?? 'left' });
    });
    cursor.y += HEAD;
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.5);
  };

  cursor.ensure(HEAD + ROW);
  header();
  if (rows.length === 0) {
    putCentred(doc, empty, LEFT + PAD, cursor.y, WIDTH - 2 * PAD, ROW, { font: ITALIC, size: 9, color: MUTED });
    cursor.y += ROW;
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.5);
    return;
  }
  for (const row of rows) {
    if (cursor.y + ROW > BOTTOM) {
      cursor.newPage();
      header();
    }
    row.forEach((cell, index) => {
      const column = columns[index]!;
      let x = lefts[index]! + PAD;
      let width = widths[index]! - 2 * PAD;
      if (cell.bar !== undefined) {
        const top = cursor.y + (ROW - BAR_HEIGHT) / 2;
        doc.save().rect(x, top, BAR_WIDTH, BAR_HEIGHT).fill(TRACK).restore();
        const filled = BAR_WIDTH * Math.min(1, Math.max(0, cell.bar));
        if (filled > 0) doc.save().rect(x, top, filled, BAR_HEIGHT).fill(BAR).restore();
        x += BAR_WIDTH + 6;
        width -= BAR_WIDTH + 6;
      }
      putCentred(doc, cell.text, x, cursor.y, width, ROW, {
        size: 9,
        color: cell.color ?? INK,
        align: column.align ?? 'left',
        ...(cell.bold ? { font: BOLD } : {}),
      });
    });
    cursor.y += ROW;
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.3);
  }
};
