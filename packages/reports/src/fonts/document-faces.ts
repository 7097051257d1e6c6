import PDFDocument from 'pdfkit';
import { ThreadCaches } from '../thread-cache.js';
import { appendingLayout, type LaidOut } from './face-layout.js';
import { drawAsciiLine } from './ascii-line.js';
import { fontCatalogue, type FontFile } from './font-catalogue.js';
import type { FontkitFont, FontkitGlyph } from './fontkit.js';

type Doc = PDFKit.PDFDocument;

/** pdfkit's font object for one embedded face in one document (its class is not exported). */
interface EmbeddedFace {
  readonly id: string;
  readonly ascender: number;
  layout(text: string): { glyphs: FontkitGlyph[] };
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
  ref(): unknown;
}

/** pdfkit's document internals this module relies on (pinned by its tests). */
interface DocumentFonts {
  page: { height: number; fonts: Record<string, unknown> };
  addContent(operators: string): void;
  _fontFamilies: Record<string, EmbeddedFace>;
  _fontCount: number;
  _font: EmbeddedFace;
  /** Draws one line of text at (x, y) in the selected font, as `text()` does after working out its options. */
  _fragment(text: string, x: number, y: number, options: object): void;
}

const NO_OPTIONS = Object.freeze({});

/** One line of text in the selected face, as `doc.text(text, x, y, { lineBreak: false })` draws it, without its option handling. */
const fragment = (doc: Doc, text: string, x: number, y: number): void => (doc as unknown as DocumentFonts)._fragment(text, x, y, NO_OPTIONS);

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
  /** Texts whose every glyph this embedding's map already gives right: drawn again without a look (maps only grow). */
  readonly settled: Set<string>;
  /** The subset ids below this are printable ASCII in code point order, the same in every document (0: none). */
  asciiGlyphs: number;
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

/** Runs laid out by pdfkit (positions in 1000ths of an em), per file and thread: they do not depend on the document. */
const layoutCaches = new Map<string, { runs: Record<string, unknown>; uses: number }>();
const LAYOUT_CACHE = 20_000;

/** The shared cache of `file`, started over when it has grown past LAYOUT_CACHE runs (counted every 64th use: counting is not free). */
const layoutCacheOf = (file: FontFile): Record<string, unknown> => {
  let cache = layoutCaches.get(file.key);
  if (cache) cache.uses += 1;
  if (!cache || (cache.uses % 64 === 0 && Object.keys(cache.runs).length > LAYOUT_CACHE)) {
    cache = { runs: Object.create(null) as Record<string, unknown>, uses: 0 };
    layoutCaches.set(file.key, cache);
  }
  return cache.runs;
};

/** Whole lines laid out, per file and thread (face-layout.ts): a report draws a few hundred, each a few hundred bytes. */
const laidOutLines = new ThreadCaches<FontFile, string, LaidOut>(5_000);

const addSlot = (doc: Doc, file: FontFile, slots: Slot[]): Slot => {
  const internals = doc as unknown as DocumentFonts;
  const key = slots.length === 0 ? file.key : `${file.key}~${slots.length}`;
  const Face = EmbeddedFont();
  const face = new Face(doc, fontCatalogue.parsed(file), `F${++internals._fontCount}`);
  // pdfkit keeps the runs it lays out per embedding; every embedding of a file on this thread shares one cache, so a
  // render does not shape again what an earlier render shaped (pdfkit never changes a run it cached).
  (face as unknown as { layoutCache: Record<string, unknown> }).layoutCache = layoutCacheOf(file);
  appendingLayout(face as unknown as Parameters<typeof appendingLayout>[0], laidOutLines.of(file));
  internals._fontFamilies[key] = face;
  const slot: Slot = { key, face, text: new Map<number, string>(), settled: new Set<string>(), asciiGlyphs: 0 };
  slots.push(slot);
  if (slots.length === 1 && fontCatalogue.isLatin(file)) {
    includeAscii(slot, fontCatalogue.parsed(file));
    slot.asciiGlyphs = (face as unknown as SubsetFace).subset.glyphs.length;
  }
  reuseSubsets(face as unknown as SubsetFace, file);
  return slot;
};

/** pdfkit's view of a face's subset: the glyphs it embeds, in order, and the widths and characters it records for them. */
interface SubsetFace {
  readonly subset: { readonly glyphs: number[]; includeGlyph(id: number): number; encode(): Uint8Array };
  readonly widths: number[];
  readonly unicode: number[][];
  readonly scale: number;
}

/**
 * The printable ASCII glyphs, first in the subset of a Latin face's first embedding, in code point order: the subsets
 * of most reports' Latin faces are then the same glyphs in the same order, which `reuseSubsets` encodes once.
 */
const includeAscii = (slot: Slot, font: FontkitFont): void => {
  const face = slot.face as unknown as SubsetFace;
  for (let codePoint = 0x20; codePoint <= 0x7e; codePoint++) {
    if (!font.hasGlyphForCodePoint(codePoint)) continue;
    const glyph = font.glyphForCodePoint(codePoint);
    const id = face.subset.includeGlyph(glyph.id);
    face.widths[id] = glyph.advanceWidth * face.scale;
    face.unicode[id] = [codePoint];
    slot.text.set(glyph.id, String.fromCodePoint(codePoint));
  }
};

const SUBSETS = 200;
const subsets = new Map<string, Uint8Array>();

/** Encoding a subset (the font file the PDF embeds) is a large share of a render: the same glyphs of the same file are encoded once per thread. */
const reuseSubsets = (face: SubsetFace, file: FontFile): void => {
  const { subset } = face;
  const encode = subset.encode.bind(subset);
  subset.encode = () => {
    const key = `${file.key}:${subset.glyphs.join(',')}`;
    let bytes = subsets.get(key);
    if (!bytes) {
      bytes = encode();
      if (subsets.size >= SUBSETS) subsets.clear();
      subsets.set(key, bytes);
    }
    return bytes;
  };
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

/** Draws a text whose every glyph the file's first embedding maps right: a printable ASCII line with its operator kept per thread. */
const drawInFirst = (doc: Doc, first: Slot, file: FontFile, size: number, text: string, x: number, y: number): void => {
  doc.font(first.key).fontSize(size);
  if (first.asciiGlyphs === 0 || !drawAsciiLine(doc, first.face, file, first.asciiGlyphs, text, x, y)) fragment(doc, text, x, y);
};

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
  if (first.settled.has(text)) {
    drawInFirst(doc, first, file, size, text, x, y);
    return;
  }
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
    first.settled.add(text);
    drawInFirst(doc, first, file, size, text, x, y);
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

/** The distance from the top of a line box to the baseline in `file`'s face (pdfkit measures in 1000ths of an em). */
export const ascentOf = (doc: Doc, file: FontFile, size: number): number => {
  const slots = slotsOf(doc, file);
  return ((slots[0] ?? addSlot(doc, file, slots)).face.ascender / 1000) * size;
};

const number = (value: number): string => String(Math.round(value * 1e4) / 1e4);

/**
 * Printable ASCII runs of one face on one line, each in its colour and where it says or after the last, as one text
 * object (a highlighted line of code with its number): one object instead of one per token. Glyphs go through the face's text map like every other text; false,
 * drawing nothing, when a run needs what this path does not do (another character, a glyph offset), so the caller
 * draws it run by run.
 */
export const drawColouredRuns = (
  doc: Doc,
  file: FontFile,
  size: number,
  x: number,
  y: number,
  runs: readonly { text: string; color: string /** Where this run starts; by default where the last one ended. */; x?: number }[],
): boolean => {
  if (!runs.every((run) => /^[\x20-\x7e]*$/.test(run.text))) return false;
  const slots = slotsOf(doc, file);
  const first = slots[0] ?? addSlot(doc, file, slots);
  const encoded = runs.map((run) => first.face.encode(run.text));
  if (encoded.some(([, positions]) => positions.some((position) => position.xOffset !== 0 || position.yOffset !== 0))) return false;
  const internals = doc as unknown as DocumentFonts;
  doc.font(first.key).fontSize(size);
  internals.page.fonts[first.face.id] ??= first.face.ref();
  const baseline = internals.page.height - y - (first.face.ascender / 1000) * size;
  doc.save();
  internals.addContent(`1 0 0 -1 0 ${number(internals.page.height)} cm`);
  internals.addContent('BT');
  internals.addContent(`1 0 0 1 ${number(x)} ${number(baseline)} Tm`);
  internals.addContent(`/${first.face.id} ${number(size)} Tf`);
  runs.forEach((run, index) => {
    const [hex, positions] = encoded[index]!;
    if (run.x !== undefined && run.x !== x) internals.addContent(`1 0 0 1 ${number(run.x)} ${number(baseline)} Tm`);
    if (hex.length === 0) return;
    doc.fillColor(run.color);
    const parts: string[] = [];
    let from = 0;
    positions.forEach((position, glyph) => {
      const kern = position.xAdvance - position.advanceWidth;
      if (kern === 0 && glyph < positions.length - 1) return;
      parts.push(`<${hex.slice(from, glyph + 1).join('')}> ${number(-kern)}`);
      from = glyph + 1;
    });
    internals.addContent(`[${parts.join(' ')}] TJ`);
  });
  internals.addContent('ET');
  doc.restore();
  return true;
};
