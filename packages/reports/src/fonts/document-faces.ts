import PDFDocument from 'pdfkit';
import { fontCatalogue, type FontFile } from './font-catalogue.js';
import type { FontkitFont, FontkitGlyph } from './fontkit.js';

type Doc = PDFKit.PDFDocument;

/** pdfkit's font object for one embedded face in one document (its class is not exported). */
interface EmbeddedFace {
  readonly ascender: number;
  layout(text: string): { glyphs: FontkitGlyph[] };
}

/** pdfkit's document internals this module relies on (pinned by its tests). */
interface DocumentFonts {
  _fontFamilies: Record<string, EmbeddedFace>;
  _fontCount: number;
  _font: EmbeddedFace;
}

type EmbeddedFaceClass = new (doc: Doc, font: FontkitFont, id: string) => EmbeddedFace;

let embeddedFaceClass: EmbeddedFaceClass | undefined;

/** pdfkit's EmbeddedFont class, found once per thread by opening one font in a throwaway document. */
const EmbeddedFont = (): EmbeddedFaceClass => {
  if (!embeddedFaceClass) {
    const probe = new PDFDocument({ autoFirstPage: false }) as unknown as Doc & DocumentFonts;
    const latin = fontCatalogue.latin('regular');
    probe.font(Buffer.from(fontCatalogue.readWoff(latin)));
    embeddedFaceClass = probe._font.constructor as EmbeddedFaceClass;
  }
  return embeddedFaceClass;
};

/** One embedding of a file in a document, and the characters each of its glyphs stands for in the PDF's text map. */
interface Slot {
  readonly key: string;
  readonly face: EmbeddedFace;
  readonly text: Map<number, string>;
}

const documents = new WeakMap<Doc, Map<string, Slot[]>>();

const slotsOf = (doc: Doc, file: FontFile): Slot[] => {
  let files = documents.get(doc);
  if (!files) {
    files = new Map();
    documents.set(doc, files);
  }
  let slots = files.get(file.key);
  if (!slots) {
    slots = [];
    files.set(file.key, slots);
  }
  return slots;
};

const addSlot = (doc: Doc, file: FontFile, slots: Slot[]): Slot => {
  const internals = doc as unknown as DocumentFonts;
  const key = slots.length === 0 ? file.key : `${file.key}~${slots.length}`;
  const Face = EmbeddedFont();
  const face = new Face(doc, fontCatalogue.parsed(file), `F${++internals._fontCount}`);
  internals._fontFamilies[key] = face;
  const slot = { key, face, text: new Map<number, string>() };
  slots.push(slot);
  return slot;
};

/** Selects the first embedding of `file` (for measuring: every embedding of a file has the same widths). */
export const selectFace = (doc: Doc, file: FontFile, size: number): Doc => {
  const slots = slotsOf(doc, file);
  return doc.font((slots[0] ?? addSlot(doc, file, slots)).key).fontSize(size);
};

/** A glyph's place in a shaped run, as pdfkit lays it out (in 1000ths of an em). */
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** A shaped run as pdfkit's per-document layout cache holds it. */
interface Run {
  glyphs: FontkitGlyph[];
  positions: Position[];
}

const charactersOf = (glyph: FontkitGlyph): string => String.fromCodePoint(...glyph.codePoints);

let drawn = 0;
/** A key no text has (private-use characters, no space): pdfkit looks a run up by its text and draws what it finds. */
const runKey = (): string => `\uf8ff${[...String((drawn += 1))].map((digit) => String.fromCharCode(0xe000 + Number(digit))).join('')}`;

/**
 * Draws `text` with `file` at (x, y) (pdfkit's text position: the top of the line box). A PDF font maps each glyph
 * to one string of characters, but a shaped glyph can stand for different characters in different places (Noto Sans
 * Arabic draws ت and ي, ر and ز on one dotless base glyph, the dots being marks), even within one word. So each glyph
 * goes to the first embedding of the file whose text map agrees with it, a new embedding (the file registered again
 * under a second key) when none does; the text is shaped once, and a run whose glyphs need several embeddings is
 * drawn as one partial run per embedding, each glyph exactly where the whole run puts it. Readers then extract the
 * letters that were written. The parsed font is shared; only pdfkit's per-document subset is new.
 */
export const drawRun = (doc: Doc, file: FontFile, size: number, text: string, x: number, y: number): void => {
  const slots = slotsOf(doc, file);
  const first = slots[0] ?? addSlot(doc, file, slots);
  const run = first.face.layout(text) as Run;
  const owners = run.glyphs.map((glyph) => {
    const characters = charactersOf(glyph);
    let slot = slots.find((candidate) => {
      const known = candidate.text.get(glyph.id);
      return known === undefined || known === characters;
    });
    slot ??= addSlot(doc, file, slots);
    slot.text.set(glyph.id, characters);
    return slot;
  });
  if (owners.every((owner) => owner === first)) {
    doc.font(first.key).fontSize(size).text(text, x, y, { lineBreak: false });
    return;
  }
  const scale = size / 1000;
  for (const slot of new Set(owners)) {
    const indexes = owners.flatMap((owner, index) => (owner === slot ? [index] : []));
    const advanceBefore = (end: number): number => run.positions.slice(0, end).reduce((sum, position) => sum + position.xAdvance, 0);
    const positions = indexes.map((index, order) => {
      const next = indexes[order + 1] ?? run.positions.length;
      const position = run.positions[index]!;
      return { ...position, xAdvance: advanceBefore(next) - advanceBefore(index) };
    });
    const key = runKey();
    const cache = (slot.face as unknown as { layoutCache: Record<string, Run> }).layoutCache;
    cache[key] = { glyphs: indexes.map((index) => run.glyphs[index]!), positions };
    doc
      .font(slot.key)
      .fontSize(size)
      .text(key, x + advanceBefore(indexes[0]!) * scale, y, { lineBreak: false });
    delete cache[key];
  }
};

/** The distance from the top of a line box to the baseline in the selected face (pdfkit measures in 1000ths of an em). */
export const ascentOf = (doc: Doc, size: number): number => ((doc as unknown as DocumentFonts)._font.ascender / 1000) * size;
