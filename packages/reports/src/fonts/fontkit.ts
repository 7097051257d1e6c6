import { createRequire } from 'node:module';

/** What the report uses of a fontkit glyph. */
export interface FontkitGlyph {
  readonly id: number;
  readonly codePoints: number[];
  readonly advanceWidth: number;
}

/** What the report uses of a fontkit font (fontkit ships no types; pdfkit depends on it and hands it these objects). */
export interface FontkitFont {
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): FontkitGlyph;
  getGlyph(id: number, codePoints?: number[]): FontkitGlyph;
  layout(text: string, ...rest: unknown[]): { glyphs: FontkitGlyph[] };
}

/**
 * fontkit as pdfkit loads it: the same module instance, so a font parsed here is one pdfkit can embed (pdfkit
 * depends on fontkit; this package does not name it a second time).
 */
export const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as { create(bytes: Uint8Array): FontkitFont };
