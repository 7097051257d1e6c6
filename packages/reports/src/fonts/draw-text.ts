import { ascentOf, drawRun, selectFace } from './document-faces.js';
import { fontCatalogue, type FontFile, type FontStyle } from './font-catalogue.js';
import { graphemesOf } from '../graphemes.js';
import { ThreadCaches } from '../thread-cache.js';
import { layoutLine, type TextPiece } from './script-text.js';

type Doc = PDFKit.PDFDocument;

/** Widths at 1 pt per file and text, per thread: they depend on neither the document nor the size. */
const widths = new ThreadCaches<FontFile, string, number>(50_000);

const widthOfPiece = (doc: Doc, piece: TextPiece, size: number): number =>
  widths.of(piece.file).get(piece.text, () => selectFace(doc, piece.file, 1).widthOfString(piece.text)) * size;

/** The width of pieces in points (every embedding of a file has the same widths). */
export const widthOfPieces = (doc: Doc, pieces: readonly TextPiece[], size: number): number =>
  pieces.reduce((sum, piece) => sum + widthOfPiece(doc, piece, size), 0);

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
  const baseline = y + ascentOf(doc, fontCatalogue.latin(style), size);
  if (actual !== undefined) doc.markContent('Span', { actual });
  doc.fillColor(color);
  let at = x;
  for (const [index, piece] of pieces.entries()) {
    const width = index === pieces.length - 1 ? 0 : widthOfPiece(doc, piece, size);
    drawRun(doc, piece.file, size, piece.text, at, baseline - ascentOf(doc, piece.file, size));
    at += width;
  }
  if (actual !== undefined) doc.endMarkedContent();
};

const ELLIPSIS = '\u2026';

/** A line cut to fit, and the logical text it shows. */
export interface FittedLine {
  readonly pieces: TextPiece[];
  readonly text: string;
  readonly width: number;
}

const widthOfText = (doc: Doc, text: string, style: FontStyle, size: number): number => widthOfPieces(doc, layoutLine(text, style), size);

/** The line's pieces, cut (between graphemes, in logical order) with an ellipsis to fit `room`; none when nothing fits. */
export const fitPieces = (doc: Doc, text: string, style: FontStyle, size: number, room: number): FittedLine => {
  const whole = layoutLine(text, style);
  const width = widthOfPieces(doc, whole, size);
  if (width <= room) return { pieces: whole, text, width };
  const parts = graphemesOf(text);
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOfText(doc, parts.slice(0, middle).join('').trimEnd() + ELLIPSIS, style, size) <= room) low = middle;
    else high = middle - 1;
  }
  if (low === 0) return { pieces: [], text: '', width: 0 };
  const cut = parts.slice(0, low).join('').trimEnd() + ELLIPSIS;
  const pieces = layoutLine(cut, style);
  return { pieces, text: cut, width: widthOfPieces(doc, pieces, size) };
};

/** Scripts written without spaces between words: a line may break between any two of their characters. */
const UNSPACED = /[\u2E80-\u9FFF\uF900-\uFAFF\u3000-\u303F\uFF00-\uFFEF\u0E00-\u0E7F\u{20000}-\u{3FFFF}]/u;

/** The text's break units in logical order: words with the spaces after them, and single characters of unspaced scripts. */
const breakUnits = (text: string): string[] => {
  if (/^[\x20-\x7e]*$/.test(text)) return text.match(/[^ ]+ *| +/g) ?? [];
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
    // Units are measured alone and added up (a break unit ends at a space or between unspaced characters, where
    // nothing kerns), so a paragraph is measured once, not once per line prefix.
    let used = 0;
    const flush = (): void => {
      lines.push(line.trimEnd());
      line = '';
      used = 0;
    };
    for (const unit of breakUnits(paragraph)) {
      const bare = widthOfText(doc, unit.trimEnd(), style, size);
      const full = unit.trimEnd() === unit ? bare : widthOfText(doc, unit, style, size);
      if (used + bare <= width) {
        line += unit;
        used += full;
        continue;
      }
      if (line.trim() !== '') flush();
      if (bare <= width) {
        line = unit.trimStart();
        used = widthOfText(doc, line, style, size);
        continue;
      }
      // A unit wider than the whole line: as many graphemes as fit on each line.
      for (const grapheme of graphemesOf(unit)) {
        const next = widthOfText(doc, grapheme, style, size);
        if (line !== '' && used + next > width) flush();
        line += grapheme;
        used += next;
      }
    }
    if (line.trim() !== '' || lines.length === 0) flush();
  }
  return lines;
};
