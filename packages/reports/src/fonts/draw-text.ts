import type { FontStyle } from './font-catalogue.js';
import { fontCatalogue, type FontFile } from './font-catalogue.js';
import { layoutLine, type TextPiece } from './script-text.js';

type Doc = PDFKit.PDFDocument;

const registered = new WeakMap<Doc, Set<string>>();

/** Selects a font file in the document, registering it the first time the document uses it. */
const useFile = (doc: Doc, file: FontFile, size: number): Doc => {
  let keys = registered.get(doc);
  if (!keys) {
    keys = new Set();
    registered.set(doc, keys);
  }
  if (!keys.has(file.key)) {
    doc.registerFont(file.key, fontCatalogue.read(file));
    keys.add(file.key);
  }
  return doc.font(file.key).fontSize(size);
};

export const widthOfPieces = (doc: Doc, pieces: readonly TextPiece[], size: number): number =>
  pieces.reduce((sum, piece) => sum + useFile(doc, piece.file, size).widthOfString(piece.text), 0);

/** The distance from the top of a line box to the baseline in the selected font (pdfkit measures in 1000ths of an em). */
const ascent = (doc: Doc, size: number): number => ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;

/**
 * Draws pieces left to right from (x, y), on one baseline: the Latin face's, whatever each piece's font
 * (otherwise an emoji or a CJK run sits a little higher and readers split the line there). A piece whose
 * glyphs a reader cannot read back is marked with its text.
 */
export const drawPieces = (
  doc: Doc,
  pieces: readonly TextPiece[],
  x: number,
  y: number,
  size: number,
  color: string,
  style: FontStyle = 'regular',
  actual?: string,
): void => {
  const baseline = y + ascent(useFile(doc, fontCatalogue.fileFor(0x41, style), size), size);
  if (actual !== undefined) doc.markContent('Span', { actual });
  let at = x;
  for (const piece of pieces) {
    useFile(doc, piece.file, size).fillColor(color);
    doc.text(piece.text, at, baseline - ascent(doc, size), { lineBreak: false });
    at += doc.widthOfString(piece.text);
  }
  if (actual !== undefined) doc.endMarkedContent();
};

const ELLIPSIS = '\u2026';

/** A line cut to fit, and the logical text it shows. */
export interface FittedLine {
  readonly pieces: TextPiece[];
  readonly text: string;
}

/** The line's pieces, cut (by code points, in logical order) with an ellipsis to fit `room`; none when nothing fits. */
export const fitPieces = (doc: Doc, text: string, style: FontStyle, size: number, room: number): FittedLine => {
  const whole = layoutLine(text, style);
  if (widthOfPieces(doc, whole, size) <= room) return { pieces: whole, text };
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = layoutLine(chars.slice(0, middle).join('').trimEnd() + ELLIPSIS, style);
    if (widthOfPieces(doc, candidate, size) <= room) low = middle;
    else high = middle - 1;
  }
  if (low === 0) return { pieces: [], text: '' };
  const cut = chars.slice(0, low).join('').trimEnd() + ELLIPSIS;
  return { pieces: layoutLine(cut, style), text: cut };
};
