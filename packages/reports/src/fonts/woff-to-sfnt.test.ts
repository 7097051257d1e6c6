import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontCatalogue } from './font-catalogue.js';
import { woffToSfnt } from './woff-to-sfnt.js';

const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
  create(buffer: Buffer): {
    familyName: string;
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { advanceWidth: number };
  };
};

describe('woffToSfnt', () => {
  it.each(['A', 'अ', 'م', '王'])('gives the same font as the WOFF file it came from (%s)', (char) => {
    const file = fontCatalogue.fileFor(char, 'regular')!;
    const woff = fontkit.create(fontCatalogue.readWoff(file));
    const sfnt = fontkit.create(woffToSfnt(fontCatalogue.readWoff(file)));
    expect(sfnt.familyName).toBe(woff.familyName);
    expect(sfnt.numGlyphs).toBe(woff.numGlyphs);
    expect(sfnt.hasGlyphForCodePoint(char.codePointAt(0)!)).toBe(true);
    expect(sfnt.layout(`${char}${char}`).advanceWidth).toBe(woff.layout(`${char}${char}`).advanceWidth);
  });

  it('refuses what is not WOFF 1', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, not even close'))).toThrow(/WOFF/);
  });
});
