import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** How many pages the PDF has, as poppler's `pdfinfo` counts them. */
export const pdfPageCount = (pdf: Buffer): number => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-pdfinfo-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const pages = /^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
    if (pages === undefined) throw new Error('pdfinfo did not count the pages');
    return Number(pages);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
