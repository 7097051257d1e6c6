import { ascentOf, drawRun, selectFace } from './document-faces.js';
import { fontCatalogue, type FontStyle } from './font-catalogue.js';
import { graphemesOf, layoutLine, type TextPiece } from './script-text.js';

type Doc = PDFKit.PDFDocument;

/** The width of pieces in points (measured with each file's first embedding: every embedding has the same widths). */
export const widthOfPieces = (doc: Doc, pieces: readonly TextPiece[], size: number): number =>
  pieces.reduce((sum, piece) => sum + selectFace(doc, piece.file, size).widthOfString(piece.text), 0);

/**
 * Draws pieces left to right from (x, y), on one baseline: the Latin face's, whatever each piece's font
 * (otherwise an emoji or a CJK run sits a little higher and readers split the line there). A line whose
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
  const baseline = y + ascentOf(selectFace(doc, fontCatalogue.latin(style), size), size);
  if (actual !== undefined) doc.markContent('Span', { actual });
  let at = x;
  for (const piece of pieces) {
    const width = selectFace(doc, piece.file, size).widthOfString(piece.text);
    doc.fillColor(color);
    drawRun(doc, piece.file, size, piece.text, at, baseline - ascentOf(doc, size));
    at += width;
  }
  if (actual !== undefined) doc.endMarkedContent();
};

const ELLIPSIS = '\u2026';

/** A line cut to fit, and the logical text it shows. */
export interface FittedLine {
  readonly pieces: TextPiece[];
  readonly text: string;
}

const widthOfText = (doc: Doc, text: string, style: FontStyle, size: number): number => widthOfPieces(doc, layoutLine(text, style), size);

/** The line's pieces, cut (between graphemes, in logical order) with an ellipsis to fit `room`; none when nothing fits. */
export const fitPieces = (doc: Doc, text: string, style: FontStyle, size: number, room: number): FittedLine => {
  const whole = layoutLine(text, style);
  if (widthOfPieces(doc, whole, size) <= room) return { pieces: whole, text };
  const parts = graphemesOf(text);
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOfText(doc, parts.slice(0, middle).join('').trimEnd() + ELLIPSIS, style, size) <= room) low = middle;
    else high = middle - 1;
  }
  if (low === 0) return { pieces: [], text: '' };
  const cut = parts.slice(0, low).join('').trimEnd() + ELLIPSIS;
  return { pieces: layoutLine(cut, style), text: cut };
};

/** Scripts written without spaces between words: a line may break between any two of their characters. */
const UNSPACED = /[\u2E80-\u9FFF\uF900-\uFAFF\u3000-\u303F\uFF00-\uFFEF\u0E00-\u0E7F\u{20000}-\u{3FFFF}]/u;

/** The text's break units in logical order: words with the spaces after them, and single characters of unspaced scripts. */
const breakUnits = (text: string): string[] => {
  const units: string[] = [];
  for (const grapheme of graphemesOf(text)) {
    const last = units.at(-1);
    const joinsLast = last !== undefined && !UNSPACED.test(grapheme) && !UNSPACED.test(last) && (!/\s$/.test(last) || /^\s/.test(grapheme));
    if (joinsLast) units[units.length - 1] += grapheme;
    else units.push(grapheme);
  }
  return units;
};

/**
 * The lines `text` takes in `width`: paragraphs split at line breaks, lines broken between words (or between the
 * characters of scripts written without spaces), a word wider than the line broken between graphemes. Never cuts a
 * grapheme (a conjunct, an emoji sequence) in two.
 */
export const wrapLines = (doc: Doc, text: string, style: FontStyle, size: number, width: number): string[] => {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (widthOfText(doc, paragraph, style, size) <= width) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    const flush = (): void => {
      lines.push(line.trimEnd());
      line = '';
    };
    for (const unit of breakUnits(paragraph)) {
      if (widthOfText(doc, line + unit.trimEnd(), style, size) <= width) {
        line += unit;
        continue;
      }
      if (line.trim() !== '') flush();
      if (widthOfText(doc, unit.trimEnd(), style, size) <= width) {
        line = unit.trimStart();
        continue;
      }
      // A unit wider than the whole line: as many graphemes as fit on each line.
      for (const grapheme of graphemesOf(unit)) {
        if (line !== '' && widthOfText(doc, line + grapheme, style, size) > width) flush();
        line += grapheme;
      }
    }
    if (line.trim() !== '' || lines.length === 0) flush();
  }
  return lines;
};
