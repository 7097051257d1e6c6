import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { batchContentWrites } from './pdf-content-writes.js';

const CREATED = new Date(Date.UTC(2026, 4, 1));

/** Two pages of drawing, the first written to again after the second was added (as the footers are). */
const draw = async (batched: boolean, compress: boolean): Promise<{ bytes: Buffer; chunksBeforeEnd: number }> => {
  const doc = new PDFDocument({ bufferPages: true, compress, info: { CreationDate: CREATED } });
  if (batched) batchContentWrites(doc);
  doc.rect(10, 10, 100, 50).fill('#2563eb');
  doc.moveTo(0, 0).lineTo(200, 200).stroke();
  doc.addPage();
  doc.circle(50, 50, 20).stroke('#b91c1c');
  doc.switchToPage(0);
  doc.save().lineWidth(0.75).moveTo(0, 700).lineTo(500, 700).stroke().restore();
  const pages = (doc as unknown as { _pageBuffer: { content: { buffer: unknown[] } }[] })._pageBuffer;
  const chunksBeforeEnd = pages.reduce((sum, page) => sum + page.content.buffer.length, 0);
  doc.end();
  return { bytes: Buffer.concat((await doc.toArray()) as Buffer[]), chunksBeforeEnd };
};

describe('batchContentWrites', () => {
  it('writes the bytes pdfkit writes, pages written out of order included, compressed or not', async () => {
    for (const compress of [false, true]) {
      const batched = await draw(true, compress);
      const plain = await draw(false, compress);
      expect(batched.bytes.equals(plain.bytes)).toBe(true);
    }
  });

  it("keeps a page's operators as text until the page is written out: no Buffer per operator", async () => {
    expect((await draw(false, false)).chunksBeforeEnd).toBeGreaterThan(10);
    // pdfkit's own first operator of each page (written before the page is announced) is all that is bytes yet.
    expect((await draw(true, false)).chunksBeforeEnd).toBeLessThanOrEqual(2);
  });
});
