/** The page grid, colours and drawing primitives of the report PDF (A4 portrait, points, standard fonts only). */
import { toWinAnsi } from './pdf-text.js';

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

export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const ITALIC = 'Helvetica-Oblique';

export const INK = '#111827';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const GRID = '#9ca3af';
export const HEAD_FILL = '#f3f4f6';
export const ACCENT = '#1d4ed8';
export const BAR = '#2563eb';
export const TRACK = '#e5e7eb';
export const NEGATIVE = '#b91c1c';

/** Helvetica's cap height is 0.718 em; pdfkit puts the top of the line box at `y` and the caps start there. */
export const CAP_HEIGHT = 0.718;

export type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Cuts text to fit `width`, ending it with an ellipsis when cut. Expects the font already set. */
export const fitToWidth = (doc: Doc, text: string, width: number): string => {
  const room = width - 1;
  if (doc.widthOfString(text) <= room) return text;
  const ellipsis = '\u2026';
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(text.slice(0, middle).trimEnd() + ellipsis) <= room) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : text.slice(0, low).trimEnd() + ellipsis;
};

/** One line of text at (x, y), never wrapped: cut with an ellipsis when wider than `width`. */
export const put = (doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle = {}): void => {
  doc
    .font(style.font ?? REGULAR)
    .fontSize(style.size ?? 10)
    .fillColor(style.color ?? INK);
  const fitted = fitToWidth(doc, toWinAnsi(text), width);
  if (fitted === '') return;
  doc.text(fitted, x, y, { width, align: style.align ?? 'left', lineBreak: false });
};

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
    this.doc.addPage();
    this.y = TOP;
    return true;
  }
}

export const heading = (doc: Doc, cursor: Cursor, text: string): void => {
  put(doc, text, LEFT, cursor.y, WIDTH, { font: BOLD, size: 12 });
  cursor.y += 20;
};
