import {
  BAR,
  BOLD,
  BOTTOM,
  CAP_HEIGHT,
  GRID,
  HEAD_FILL,
  INK,
  ITALIC,
  LEFT,
  MUTED,
  TRACK,
  WIDTH,
  hline,
  linesOf,
  putCentred,
  putWrapped,
  type Cursor,
  type Doc,
  type TextStyle,
} from './pdf-layout.js';

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
/** A row of one-line cells; each more line a cell wraps to adds a `LINE`. */
const ROW = 16;
const LINE = 11.5;
const SIZE = 9;
const PAD = 6;
const BAR_WIDTH = 44;
const BAR_HEIGHT = 6;

/**
 * A table with a shaded header, horizontal rules, and the header repeated on every page it continues to. A cell
 * wider than its column wraps and its row grows (a section's name is never cut). Empty tables show `empty` in one row.
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
  const cellWidth = (cell: Cell, index: number): number => widths[index]! - 2 * PAD - (cell.bar === undefined ? 0 : BAR_WIDTH + 6);
  const styleOf = (cell: Cell, column: Column): TextStyle & { lineHeight: number } => ({
    size: SIZE,
    color: cell.color ?? INK,
    align: column.align ?? 'left',
    lineHeight: LINE,
    ...(cell.bold ? { font: BOLD } : {}),
  });
  for (const row of rows) {
    const lines = row.map((cell, index) => linesOf(doc, cell.text, cellWidth(cell, index), styleOf(cell, columns[index]!)).length);
    const height = ROW + (Math.max(1, ...lines) - 1) * LINE;
    if (cursor.y + height > BOTTOM) {
      cursor.newPage();
      header();
    }
    row.forEach((cell, index) => {
      let x = lefts[index]! + PAD;
      if (cell.bar !== undefined) {
        const top = cursor.y + (ROW - BAR_HEIGHT) / 2;
        doc.save().rect(x, top, BAR_WIDTH, BAR_HEIGHT).fill(TRACK).restore();
        const filled = BAR_WIDTH * Math.min(1, Math.max(0, cell.bar));
        if (filled > 0) doc.save().rect(x, top, filled, BAR_HEIGHT).fill(BAR).restore();
        x += BAR_WIDTH + 6;
      }
      // The first line where a one-line row centres it; the lines after it below.
      putWrapped(doc, cell.text, x, cursor.y + (ROW - CAP_HEIGHT * SIZE) / 2, cellWidth(cell, index), styleOf(cell, columns[index]!));
    });
    cursor.y += height;
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.3);
  }
};
