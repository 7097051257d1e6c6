import bidiModule from 'bidi-js';
import { displayLine } from '@assay/domain';
import { graphemesOf } from '../graphemes.js';
import { ThreadCaches } from '../thread-cache.js';
import { fontCatalogue, type FontFile, type FontStyle } from './font-catalogue.js';

/**
 * One line of text in any script, as pieces to draw left to right: each piece is a run of one font file, in visual
 * order (the Unicode bidi algorithm, run by run), so right-to-left names read right and every grapheme gets a font
 * that has its glyphs. Shaping (Arabic joining, Devanagari conjuncts, emoji sequences) is fontkit's, inside pdfkit,
 * on each piece's logical text.
 */
export interface TextPiece {
  readonly text: string;
  readonly file: FontFile;
}

// bidi-js types an ES default export, but Node loads its CommonJS build, whose module.exports is the factory itself.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();

/** Scripts whose glyphs are reordered by shaping (vowel signs drawn before their consonant…): extractors need ActualText. */
const REORDERING_SCRIPT = /[\u0900-\u0DFF\u0E00-\u0E7F\u1000-\u109F\u1780-\u17FF]/u;

/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms). */
export const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * Whether a line must carry its text as ActualText: its glyph order differs from its logical order in a way
 * readers cannot undo. The whole line is marked (poppler places a marked span apart, so a span per word would
 * tear the line); never a right-to-left line, which poppler would then read backwards.
 */
export const needsActualText = (text: string): boolean => REORDERING_SCRIPT.test(text) && !RIGHT_TO_LEFT.test(text);

/** What is drawn for a grapheme no embedded face has. */
const MISSING = '\ufffd';

/** Splits text into runs of graphemes that one font file draws; a space is the text face's own (an emoji face's is an em wide). */
const fontRuns = (text: string, style: FontStyle): { text: string; file: FontFile }[] => {
  const runs: { text: string; file: FontFile }[] = [];
  for (let grapheme of graphemesOf(text)) {
    let file = fontCatalogue.fileFor(grapheme, style);
    if (!file) {
      grapheme = MISSING;
      file = fontCatalogue.fileFor(MISSING, style) ?? fontCatalogue.latin(style);
    }
    const previous = runs.at(-1);
    if (previous && previous.file.key === file.key) previous.text += grapheme;
    else runs.push({ text: grapheme, file });
  }
  return runs;
};

/** Runs of one embedding level, in logical order. */
const levelRuns = (text: string, levels: Uint8Array): { text: string; level: number }[] => {
  const runs: { text: string; level: number }[] = [];
  let index = 0;
  for (const char of text) {
    const level = levels[index] ?? 0;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, level });
    index += char.length;
  }
  return runs;
};

/** Unicode's rule L2, on runs: from the highest level down to the lowest odd one, reverse every sequence at that level or above. */
const visualOrder = <T extends { level: number }>(runs: T[]): T[] => {
  const ordered = [...runs];
  const highest = Math.max(0, ...ordered.map((run) => run.level));
  const lowestOdd = Math.min(...ordered.map((run) => run.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < ordered.length; ) {
      if (ordered[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < ordered.length && ordered[end + 1]!.level >= level) end += 1;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  return ordered;
};

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const lines = new ThreadCaches<FontStyle, string, TextPiece[]>(20_000);

/** The pieces of one line, left to right (kept per thread: reports repeat their texts, and the pieces never change). */
export const layoutLine = (text: string, style: FontStyle = 'regular'): TextPiece[] => lines.of(style).get(text, () => piecesOf(text, style));

/**
 * Every text the PDF draws passes here: controls become spaces and bidi embeddings, overrides and isolates are
 * dropped (`displayLine`), so a name stored before the API refused them reads in the order it was typed, and
 * the bidi algorithm orders each line by its letters alone.
 */
const piecesOf = (text: string, style: FontStyle): TextPiece[] => {
  const clean = displayLine(text);
  if (clean === '') return [];
  // Most lines (code, Latin names) need neither bidi nor a search for fonts.
  if (PRINTABLE_ASCII.test(clean)) return [{ text: clean, file: fontCatalogue.latin(style) }];
  if (!RIGHT_TO_LEFT.test(clean)) return fontRuns(clean, style);
  const { levels } = bidi.getEmbeddingLevels(clean);
  return visualOrder(levelRuns(clean, levels)).flatMap(({ text: run, level }) => {
    if (level % 2 === 0) return fontRuns(run, style);
    // Right to left: words in reverse order, each word's font runs reversed too; the font reverses the glyphs.
    // Words are drawn apart so that text extractors see the spaces between them.
    return run
      .split(/( )/)
      .reverse()
      .filter((word) => word !== '')
      .flatMap((word) => fontRuns(word, style).reverse());
  });
};
