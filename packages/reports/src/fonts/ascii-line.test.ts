import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { drawRun, selectFace } from './document-faces.js';
import { fontCatalogue } from './font-catalogue.js';

const CREATED = new Date(Date.UTC(2026, 4, 1));
// Kerning pairs, a ligature candidate, punctuation, and lines pdfkit must draw itself (outside printable ASCII).
const TEXTS = ['Marks: 1 for a right answer, no negative marking', 'AV To Wa Yo', 'office ffl fi', '{ return a + b; }', 'naïve café', 'Q12 · −0.25 / 1'];

const render = async (draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> => {
  const doc = new PDFDocument({ font: null as unknown as string, compress: false, info: { CreationDate: CREATED } });
  draw(doc);
  doc.end();
  return Buffer.concat((await doc.toArray()) as Buffer[]);
};

describe('a line drawn with its operator kept per thread', () => {
  it("is the bytes pdfkit's own text drawing writes, in a report and in the next one", async () => {
    const latin = fontCatalogue.latin('regular');
    const theirs = await render((doc) =>
      TEXTS.forEach((text, index) => {
        const selected = selectFace(doc, latin, 10) as unknown as { _fragment(text: string, x: number, y: number, options: object): void };
        selected._fragment(text, 50.5, 40 + 20 * index, {});
      }),
    );
    for (const _report of [1, 2, 3]) {
      const ours = await render((doc) => TEXTS.forEach((text, index) => drawRun(doc, latin, 10, text, 50.5, 40 + 20 * index)));
      expect(ours.toString('latin1')).toBe(theirs.toString('latin1'));
    }
  });
});
