/** The page grid, colours and drawing primitives of the report PDF (A4 portrait, points, embedded Noto fonts). */
import type { FontStyle } from './fonts/font-catalogue.js';
import { drawPieces, fitPieces, widthOfPieces, wrapLines } from './fonts/draw-text.js';
import { layoutLine, needsActualText } from './fonts/script-text.js';
import { LINE_CHARS, TEXT_BUDGETS, cutAfter, withinBudget, type TextBudget } from './pdf-text-budget.js';

// Layout (points; A4 portrait). The document has zero margins so pdfkit never breaks pages on its own.

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 48;
export const LEFT = MARGIN;
export const WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const TOP = MARGIN;
/** Content stops here; the footer sits below. */
export const BOTTOM = PAGE_HEIGHT - 56;
export const FOOTER_Y = PAGE_HEIGHT - 36;

export const REGULAR: FontStyle = 'regular';
export const BOLD: FontStyle = 'bold';
export const ITALIC: FontStyle = 'italic';
export const MONO: FontStyle = 'mono';

export const INK = '#111827';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const GRID = '#9ca3af';
export const HEAD_FILL = '#f3f4f6';
export const ACCENT = '#1d4ed8';
export const BAR = '#2563eb';
export const TRACK = '#e5e7eb';
export const NEGATIVE = '#b91c1c';
export const POSITIVE = '#15803d';
export const WARNING = '#b45309';

/** Noto Sans' cap height is 0.714 em; pdfkit puts the top of the line box at `y` and the caps start there. */
export const CAP_HEIGHT = 0.714;

export type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  font?: FontStyle;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** One line of text at (x, y) in any script, never wrapped: cut with an ellipsis when wider than `width`. */
export const put = (doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle = {}): void => {
  const size = style.size ?? 10;
  // What lies past the budget could never show on one line: it is not measured either (decision 639).
  const line = fitPieces(doc, cutAfter(text, LINE_CHARS).kept, style.font ?? REGULAR, size, width - 1);
  if (line.pieces.length === 0) return;
  const used = line.width;
  const start = style.align === 'right' ? x + width - used : style.align === 'center' ? x + (width - used) / 2 : x;
  drawPieces(doc, line.pieces, start, y, size, style.color ?? INK, style.font ?? REGULAR, needsActualText(line.text) ? line.text : undefined);
};

/** A wrapped text's style, with the budget of its kind (default `TEXT_BUDGETS.wrapped`; decision 639). */
export interface WrappedStyle extends TextStyle {
  budget?: TextBudget;
}

/**
 * Text wrapped to `width` from (x, y), `lineHeight` apart (default 1.35 × size), each line drawn like `put`.
 * Returns the height it took.
 */
export const putWrapped = (doc: Doc, text: string, x: number, y: number, width: number, style: WrappedStyle & { lineHeight?: number } = {}): number => {
  const size = style.size ?? 10;
  const step = style.lineHeight ?? size * 1.35;
  const lines = linesOf(doc, text, width, style);
  lines.forEach((line, index) => put(doc, line, x, y + index * step, width, style));
  return lines.length * step;
};

/** The lines `text` takes wrapped to `width` in `style`, within the budget of its kind. */
export const linesOf = (doc: Doc, text: string, width: number, style: WrappedStyle = {}): string[] =>
  wrapLines(doc, withinBudget(text, style.budget ?? TEXT_BUDGETS.wrapped), style.font ?? REGULAR, style.size ?? 10, width - 1);

/** The width a line of text takes in `style`. */
export const widthOf = (doc: Doc, text: string, style: TextStyle = {}): number => widthOfPieces(doc, layoutLine(text, style.font ?? REGULAR), style.size ?? 10);

/** Text vertically centred in a band of height `height` starting at `top`. */
export const putCentred = (doc: Doc, text: string, x: number, top: number, width: number, height: number, style: TextStyle = {}): void =>
  put(doc, text, x, top + (height - CAP_HEIGHT * (style.size ?? 10)) / 2, width, style);

export const hline = (doc: Doc, x1: number, x2: number, y: number, color = RULE, width = 0.75): void => {
  doc.save().lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore();
};

export const vline = (doc: Doc, x: number, y1: number, y2: number, color = GRID, width = 0.5): void => {
  doc.save().lineWidth(width).strokeColor(color).moveTo(x, y1).lineTo(x, y2).stroke().restore();
};

/** Where the next block starts, and page breaks when it does not fit. */
export class Cursor {
  y = TOP;
  constructor(private readonly doc: Doc) {}

  /** True when a new page was started to make room for `height`. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = TOP;
  }
}

export const heading = (doc: Doc, cursor: Cursor, text: string): void => {
  put(doc, text, LEFT, cursor.y, WIDTH, { font: BOLD, size: 12 });
  cursor.y += 20;
};
