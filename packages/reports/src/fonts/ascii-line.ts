import { ThreadCaches } from '../thread-cache.js';
import type { FontFile } from './font-catalogue.js';

type Doc = PDFKit.PDFDocument;

/** What drawing a line needs of pdfkit's embedded face (its class is not exported). */
export interface LineFace {
  readonly id: string;
  readonly ascender: number;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
  ref(): unknown;
}

interface LineDocument {
  page: { height: number; fonts: Record<string, unknown> };
  addContent(operators: string): void;
  _fontSize: number;
}

/** pdfkit's number format in content streams (PDFObject.number). */
const pdfNumber = (value: number): number => Math.round(value * 1e6) / 1e6;

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The `[<glyphs> kern …] TJ` operator pdfkit's `_fragment` writes for a line, or null when it cannot be reused: a
 * character outside printable ASCII, a glyph outside the ASCII glyphs every document's Latin face starts its subset
 * with (a ligature), or a glyph offset (pdfkit then moves the text position).
 */
const textOperator = (face: LineFace, asciiGlyphs: number, text: string): string | null => {
  if (!PRINTABLE_ASCII.test(text)) return null;
  const [hexes, positions] = face.encode(text);
  if (hexes.some((hex) => Number.parseInt(hex, 16) >= asciiGlyphs)) return null;
  if (positions.some((position) => position.xOffset || position.yOffset)) return null;
  const commands: string[] = [];
  let last = 0;
  const segmentTo = (end: number): void => {
    if (last < end) {
      const position = positions[end - 1]!;
      commands.push(`<${hexes.slice(last, end).join('')}> ${pdfNumber(-(position.xAdvance - position.advanceWidth))}`);
    }
    last = end;
  };
  positions.forEach((position, index) => {
    if (position.xAdvance - position.advanceWidth !== 0) segmentTo(index + 1);
  });
  segmentTo(positions.length);
  return commands.length === 0 ? null : `[${commands.join(' ')}] TJ`;
};

/**
 * Operators per Latin file and thread, by text: the glyph ids of printable ASCII are the same in every document (the
 * face's first embedding starts its subset with them, document-faces.ts), and kerning is in 1000ths of an em, so a
 * line's operator does not depend on the document or the size.
 */
const operators = new ThreadCaches<FontFile, string, string | null>(5_000);

/**
 * Draws `text` at (x, y) in the selected face and size exactly as pdfkit's `_fragment(text, x, y, {})` does, with
 * the line's text operator reused from an earlier report; false, drawing nothing, when it has none.
 */
export const drawAsciiLine = (doc: Doc, face: LineFace, file: FontFile, asciiGlyphs: number, text: string, x: number, y: number): boolean => {
  const operator = operators.of(file).get(text, () => textOperator(face, asciiGlyphs, text));
  if (operator === null) return false;
  const internals = doc as unknown as LineDocument;
  const size = internals._fontSize;
  doc.save();
  doc.transform(1, 0, 0, -1, 0, internals.page.height);
  const baseline = internals.page.height - y - (face.ascender / 1000) * size;
  if (internals.page.fonts[face.id] == null) internals.page.fonts[face.id] = face.ref();
  internals.addContent('BT');
  internals.addContent(`1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm`);
  internals.addContent(`/${face.id} ${pdfNumber(size)} Tf`);
  internals.addContent(operator);
  internals.addContent('ET');
  doc.restore();
  return true;
};
