import { pdfText } from '../../../../packages/reports/test/pdf-text.js';

export { pdfText };

/** The lines of text a reader extracts from a PDF (poppler's pdftotext), empty ones dropped. */
export const pdfLines = (pdf: Buffer): string[] =>
  pdfText(pdf)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** How many images the PDF embeds. */
export const pdfImageCount = (pdf: Buffer): number => [...pdf.toString('latin1').matchAll(/\/Subtype \/Image/g)].length;

export const isPdf = (bytes: Buffer): boolean => bytes.subarray(0, 5).toString('latin1') === '%PDF-' && /%%EOF\s*$/.test(bytes.toString('latin1'));
