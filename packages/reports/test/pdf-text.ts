import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bidi embedding marks that pdftotext wraps right-to-left and reordered text in. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text a reader gets out of a PDF: Debian's `pdftotext` (poppler-utils), as a person's PDF viewer would
 * copy it, with the bidi control marks it adds removed. `raw` keeps the content-stream order instead of the
 * reading order; `layout` keeps columns apart.
 */
export const pdfText = (pdf: Buffer, mode: 'reading' | 'raw' | 'layout' = 'reading'): string => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-pdftext-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const flags = mode === 'raw' ? ['-raw'] : mode === 'layout' ? ['-layout'] : [];
    return execFileSync('pdftotext', [...flags, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(BIDI_CONTROLS, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The first page rendered to a PNG (poppler's `pdftoppm`), for golden-image comparisons. */
export const firstPagePng = (pdf: Buffer, dpi = 72): Buffer => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-pdfpng-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    return execFileSync('cat', [join(dir, 'page.png')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** A word a reader finds on a page, and its box in points from the top left (poppler's `pdftotext -bbox`). */
export interface PdfWord {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

const unescapeXml = (text: string): string =>
  text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] ?? '');

/** The words of page `page` (1-based) with their boxes. */
export const pdfWords = (pdf: Buffer, page = 1): PdfWord[] => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-pdfwords-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
      ([, xMin = '', yMin = '', xMax = '', yMax = '', text = '']) => ({ text: unescapeXml(text), xMin: +xMin, yMin: +yMin, xMax: +xMax, yMax: +yMax }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
