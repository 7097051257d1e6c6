import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { appendingLayout } from './face-layout.js';
import { fontCatalogue } from './font-catalogue.js';

type Face = Parameters<typeof appendingLayout>[0] & { layoutCache?: Record<string, unknown> };

/** pdfkit's embedded face for the Latin regular file, as a document registers it. */
const embeddedFace = (): Face => {
  const doc = new PDFDocument({ autoFirstPage: false }) as unknown as { font(source: Buffer): void; _font: Face };
  doc.font(Buffer.from(fontCatalogue.readWoff(fontCatalogue.latin('regular'))));
  return doc._font;
};

const TEXTS = ['', ' ', 'a', 'word', 'two words', 'trailing space ', ' leading', 'tab\tseparated\t', 'many  spaces   here', 'fi ffl AV To'];

describe('appendingLayout', () => {
  it("lays out every text exactly as pdfkit's own layout does, and measures it the same", () => {
    const original = embeddedFace();
    const appending = embeddedFace();
    appendingLayout(appending);
    expect(appending.layout).not.toBe(original.layout);
    for (const text of TEXTS) {
      const mine = appending.layout(text);
      const theirs = original.layout(text);
      expect(mine.glyphs?.map((glyph) => glyph.id)).toEqual(theirs.glyphs?.map((glyph) => glyph.id));
      expect(mine.positions).toEqual(theirs.positions);
      expect(mine.advanceWidth).toBe(theirs.advanceWidth);
      expect(appending.layout(text, undefined, true)).toEqual(original.layout(text, undefined, true));
    }
  });
});
