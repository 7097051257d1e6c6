import { inflateSync } from 'node:zlib';

/** WinAnsi (Windows-1252) is Latin-1 except at 0x80-0x9F; the placeholder and labels are plain ASCII. */
const decodeHex = (hex: string): string => Buffer.from(hex, 'hex').toString('latin1');

/** The page content streams of a PDF, inflated where they are FlateDecode. */
const contentStreams = (pdf: Buffer): string[] => {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    const raw = pdf.subarray(start, end);
    if (/\/Subtype\s*\/Image/.test(match[1] ?? '')) continue;
    if (!/\/FlateDecode/.test(match[1] ?? '')) {
      streams.push(raw.toString('latin1'));
      continue;
    }
    try {
      streams.push(inflateSync(raw, { finishFlush: 2 }).toString('latin1'));
    } catch {
      // Not a content stream (fonts are not compressed by pdfkit's standard fonts anyway).
    }
  }
  return streams;
};

/**
 * The lines of text a PDF shows. pdfkit writes standard-font text as `[<hex> kern <hex> ...] TJ`, one array per line;
 * joining the pieces gives the line.
 */
export const pdfLines = (pdf: Buffer): string[] =>
  contentStreams(pdf).flatMap((content) =>
    [...content.matchAll(/\[((?:\s*<[0-9a-f]*>\s*-?[0-9.]*)+)\s*\]\s*TJ/g)].map((match) =>
      decodeHex([...(match[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((piece) => piece[1]).join('')),
    ),
  );

/** How many images the PDF embeds. */
export const pdfImageCount = (pdf: Buffer): number => [...pdf.toString('latin1').matchAll(/\/Subtype \/Image/g)].length;

export const isPdf = (bytes: Buffer): boolean => bytes.subarray(0, 5).toString('latin1') === '%PDF-' && /%%EOF\s*$/.test(bytes.toString('latin1'));
