import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fontkit, type FontkitFont } from './fontkit.js';
import { woffToSfnt } from './woff-to-sfnt.js';

/**
 * The fonts the report embeds: Noto faces from the npm `@fontsource/*` packages, split by their publishers into
 * small per-script files, each with the Unicode ranges it claims (the `unicode-range` of their CSS). A file is
 * chosen for a grapheme only when its font really has a glyph for every character of it (a range claim is not
 * enough: a Chinese file claims Hangul it does not have). A report loads only the files its text needs, and pdfkit
 * embeds only the glyphs it draws.
 */
export type FontStyle = 'regular' | 'bold' | 'italic' | 'mono';

/** One file of a face and the code points it claims. */
export interface FontFile {
  readonly key: string;
  readonly path: string;
  readonly ranges: readonly (readonly [number, number])[];
  /** Noto Emoji: asked first for emoji graphemes, last for anything else. */
  readonly emoji: boolean;
}

type Family = { readonly pkg: string; readonly styles: Partial<Record<FontStyle, string>> };

const every = (css: string, bold = css): Partial<Record<FontStyle, string>> => ({ regular: css, bold, italic: css, mono: css });

/** The families, in the order a grapheme looks for a font: the first file that has all its glyphs wins. */
const FAMILIES: readonly Family[] = [
  { pkg: '@fontsource/noto-sans-mono', styles: { mono: '400.css' } },
  { pkg: '@fontsource/noto-sans', styles: { regular: '400.css', bold: '700.css', italic: '400-italic.css', mono: '400.css' } },
  { pkg: '@fontsource/noto-sans-devanagari', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-bengali', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-gurmukhi', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-tamil', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-telugu', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-thai', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-arabic', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-hebrew', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-georgian', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-armenian', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-ethiopic', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-sc', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-sans-kr', styles: every('400.css', '700.css') },
  { pkg: '@fontsource/noto-emoji', styles: every('400.css') },
];

const require = createRequire(import.meta.url);

/** `U+0600-06FF,U+200C` → [[0x600, 0x6ff], [0x200c, 0x200c]]. */
export const parseUnicodeRange = (range: string): [number, number][] =>
  range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [from = '0', to] = part.split('-');
      if (from.includes('?')) return [parseInt(from.replaceAll('?', '0'), 16), parseInt(from.replaceAll('?', 'f'), 16)];
      return [parseInt(from, 16), parseInt(to ?? from, 16)];
    });

/** The `.woff` file and ranges of every `@font-face` of one CSS file of a fontsource package. */
export const facesOfCss = (css: string, directory: string, emoji = false): FontFile[] =>
  [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, body = '']) => {
    const file = /url\(\.\/files\/([^)]+\.woff)\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!file) return [];
    const ranges = range ? parseUnicodeRange(range) : [[0, 0x10ffff] as [number, number]];
    return [{ key: file.replace(/\.woff$/, ''), path: join(directory, 'files', file), ranges, emoji }];
  });

const claims = (file: FontFile, codePoint: number): boolean => file.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

const IGNORABLE_RANGES: readonly (readonly [number, number])[] = [
  [0x200b, 0x200f],
  [0x2060, 0x2064],
  [0xfe00, 0xfe0f],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** Characters a font need not have: joiners, variation selectors, tag characters (they shape, they do not draw). */
const isIgnorable = (codePoint: number): boolean => IGNORABLE_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);

/** A grapheme that is an emoji: drawn from the emoji face first, as one glyph where the face has the sequence. */
export const isEmojiGrapheme = (grapheme: string): boolean =>
  /^\p{Emoji_Presentation}/u.test(grapheme) ||
  (/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(grapheme) &&
    /\ufe0f|\u200d|\u20e3|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{e0020}-\u{e007f}]/u.test(grapheme)) ||
  /^[0-9#*]\ufe0f?\u20e3$/u.test(grapheme);

/** How many graphemes' choices a catalogue remembers per style before it starts over (memory stays bounded). */
const CHOICE_CACHE = 20_000;

/**
 * Every face file of a style, in fallback order, read from the installed packages once per process (each render
 * worker thread has its own): the files, their parsed fonts and the file chosen for each grapheme are all kept, so a
 * render pays for parsing a font only the first time its thread meets it.
 */
export class FontCatalogue {
  private readonly files = new Map<FontStyle, FontFile[]>();
  private readonly parsedFonts = new Map<string, FontkitFont>();
  private readonly choices = new Map<FontStyle, Map<string, FontFile | null>>();

  filesOf(style: FontStyle): FontFile[] {
    let files = this.files.get(style);
    if (!files) {
      files = FAMILIES.flatMap(({ pkg, styles }) => {
        const css = styles[style];
        if (!css) return [];
        const directory = dirname(require.resolve(`${pkg}/package.json`));
        return facesOfCss(readFileSync(join(directory, css), 'utf8'), directory, pkg === '@fontsource/noto-emoji');
      });
      this.files.set(style, files);
    }
    return files;
  }

  /** Whether `file` is the Latin file of a style (the one printable ASCII is drawn with). */
  isLatin(file: FontFile): boolean {
    return (['regular', 'bold', 'italic', 'mono'] as const).some((style) => this.latin(style).key === file.key);
  }

  /** The Latin file of a style: the face every line's baseline is taken from. */
  latin(style: FontStyle): FontFile {
    return this.fileFor('A', style) ?? this.filesOf(style)[0]!;
  }

  /**
   * The file that draws `grapheme` (one user-perceived character, e.g. a letter with its marks or a whole emoji
   * sequence) in `style`: the first in fallback order that has a glyph for each of its characters — emoji graphemes
   * ask the emoji face first and take the file that shapes them without .notdef. Undefined when no file can.
   */
  fileFor(grapheme: string, style: FontStyle): FontFile | undefined {
    let choices = this.choices.get(style);
    if (!choices) {
      choices = new Map();
      this.choices.set(style, choices);
    }
    let choice = choices.get(grapheme);
    if (choice === undefined) {
      choice = this.choose(grapheme, style) ?? null;
      if (choices.size >= CHOICE_CACHE) choices.clear();
      choices.set(grapheme, choice);
    }
    return choice ?? undefined;
  }

  private choose(grapheme: string, style: FontStyle): FontFile | undefined {
    const needed = Array.from(grapheme, (char) => char.codePointAt(0)!).filter((codePoint) => !isIgnorable(codePoint));
    const first = needed[0] ?? grapheme.codePointAt(0) ?? 0;
    const files = this.filesOf(style).filter((file) => claims(file, first));
    const emojiFiles = files.filter((file) => file.emoji);
    const textFiles = files.filter((file) => !file.emoji);
    if (isEmojiGrapheme(grapheme)) {
      const drawn = emojiFiles.find((file) => this.shapesWithoutNotdef(file, grapheme));
      if (drawn) return drawn;
    }
    return [...textFiles, ...emojiFiles].find((file) => {
      const font = this.parsed(file);
      return needed.every((codePoint) => font.hasGlyphForCodePoint(codePoint));
    });
  }

  private shapesWithoutNotdef(file: FontFile, grapheme: string): boolean {
    const glyphs = this.parsed(file).layout(grapheme).glyphs;
    return glyphs.length > 0 && glyphs.every((glyph) => glyph.id !== 0);
  }

  /**
   * The file's font, parsed once per thread. Its glyphs carry the characters they were shaped from in this layout
   * (fontkit would otherwise keep the characters of the first layout that used the glyph, which maps Arabic
   * letters that share a dotless base to one letter in the PDF's text).
   */
  parsed(file: FontFile): FontkitFont {
    let font = this.parsedFonts.get(file.key);
    if (!font) {
      font = hardened(fontkit.create(woffToSfnt(this.readWoff(file))));
      this.parsedFonts.set(file.key, font);
    }
    return font;
  }

  /** The file as published. */
  readWoff(file: FontFile): Buffer {
    return readFileSync(file.path);
  }
}

type Glyph = ReturnType<FontkitFont['getGlyph']>;

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** A shaped run as fontkit returns it (a GlyphRun: pdfkit reads these three). */
interface Shaped {
  glyphs: Glyph[];
  positions: Position[];
  readonly advanceWidth: number;
}

/** How many shaped runs a font keeps per thread before it starts over (memory stays bounded). */
const SHAPED_RUNS = 5_000;

const copyOf = (run: Shaped): Shaped => {
  const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({ xAdvance, yAdvance, xOffset, yOffset }));
  return {
    glyphs: [...run.glyphs],
    positions,
    get advanceWidth() {
      return positions.reduce((sum, position) => sum + position.xAdvance, 0);
    },
  };
};

/**
 * The parsed font as the report uses it. fontkit caches one glyph object per glyph id, with the code points of whichever layout created it first; a layout
 * asks `getGlyph(id, codePoints)` with the code points it shaped. This answers each distinct (id, code points) with
 * its own view of the cached glyph, so pdfkit's text map gets the characters each glyph was drawn for.
 */
const hardened = (font: FontkitFont): FontkitFont => {
  const original = font.getGlyph.bind(font);
  const views = new Map<string, Glyph>();
  font.getGlyph = (id: number, codePoints: number[] = []): Glyph => {
    const glyph = original(id, codePoints);
    if (glyph.codePoints.length === codePoints.length && glyph.codePoints.every((codePoint, index) => codePoint === codePoints[index])) return glyph;
    const key = `${id}:${codePoints.join(',')}`;
    let view = views.get(key);
    if (!view) {
      view = Object.create(glyph, { codePoints: { value: codePoints } }) as Glyph;
      views.set(key, view);
    }
    return view;
  };
  // fontkit throws on some fonts' mark anchors (Noto Sans Gurmukhi's above- and below-base marks): such a run is
  // shaped again without those positioning features, its marks then sit at their default place.
  const shape = font.layout.bind(font);
  const safeShape = (text: string, features?: unknown): Shaped => {
    try {
      return shape(text, features) as Shaped;
    } catch {
      return shape(text, { abvm: false, blwm: false, mark: false, mkmk: false }) as Shaped;
    }
  };
  // Shaping is the dearest step of a render, and reports of one test repeat their texts: runs are kept per thread,
  // and each layout gets its own copy of the positions (pdfkit scales them in place).
  const runs = new Map<string, Shaped>();
  font.layout = (text: string, features?: unknown) => {
    if (features !== undefined) return safeShape(text, features);
    let run = runs.get(text);
    if (!run) {
      run = safeShape(text);
      if (runs.size >= SHAPED_RUNS) runs.clear();
      runs.set(text, run);
    }
    return copyOf(run);
  };
  return font;
};

/** One catalogue per process (each render worker thread has its own). */
export const fontCatalogue = new FontCatalogue();
