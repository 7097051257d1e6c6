import bidiModule from 'bidi-js';
import { fontCatalogue, type FontFile, type FontStyle } from './font-catalogue.js';

/**
 * One line of text in any script, as pieces to draw left to right: each piece is a run of one font file,
 * in visual order (the Unicode bidi algorithm, run by run), so right-to-left names read right and every
 * script gets a font that has its glyphs. Shaping (Arabic joining, Devanagari conjuncts) is fontkit's, inside
 * pdfkit, on each piece's logical text.
 */
export interface TextPiece {
  readonly text: string;
  readonly file: FontFile;
}

// bidi-js types an ES default export, but Node loads its CommonJS build, whose module.exports is the factory itself.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();

/** Scripts whose glyphs are reordered by shaping (vowel signs drawn before their consonant…): extractors need ActualText. */
const REORDERING_SCRIPT = /[\u0900-\u0DFF\u1000-\u109F\u1780-\u17FF]/u;

/**
 * Whether a line must carry its text as ActualText: its glyph order differs from its logical order in a way
 * bidi-aware readers cannot undo. The whole line is marked (poppler places a marked span apart, so a span per
 * word would tear the line).
 */
export const needsActualText = (text: string): boolean => REORDERING_SCRIPT.test(text);

/** Splits text into runs of code points that one font file draws. */
const fontRuns = (text: string, style: FontStyle): { text: string; file: FontFile }[] => {
  const runs: { text: string; file: FontFile }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    // Joiners and variation selectors stay with the run they sit in; a space is the text face's own (an
    // emoji face's space is an em wide, and readers take a gap that wide for a column break).
    const previous = runs.at(-1);
    const joiner = codePoint === 0x200c || codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);
    const file = joiner && previous ? previous.file : fontCatalogue.fileFor(codePoint, style);
    if (previous && previous.file.key === file.key) runs[runs.length - 1] = { text: previous.text + char, file };
    else runs.push({ text: char, file });
  }
  return runs;
};

const piece = (text: string, file: FontFile): TextPiece => ({ text, file });

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

/** The pieces of one line, left to right. */
export const layoutLine = (text: string, style: FontStyle = 'regular'): TextPiece[] => {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  if (clean === '') return [];
  const { levels } = bidi.getEmbeddingLevels(clean);
  return visualOrder(levelRuns(clean, levels)).flatMap(({ text: run, level }) => {
    if (level % 2 === 0) return fontRuns(run, style).map(({ text: part, file }) => piece(part, file));
    // Right to left: words in reverse order, each word's font runs reversed too; the font reverses the glyphs.
    // Words are drawn apart so that text extractors see the spaces between them.
    return run
      .split(/( )/)
      .reverse()
      .filter((word) => word !== '')
      .flatMap((word) =>
        fontRuns(word, style)
          .reverse()
          .map(({ text: part, file }) => piece(part, file)),
      );
  });
};
