import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { woffToSfnt } from './woff-to-sfnt.js';

/**
 * The fonts the report embeds: Noto faces from the npm `@fontsource/*` packages, split by their publishers into
 * small per-script files, each with the Unicode ranges it covers (the `unicode-range` of their CSS). A report
 * loads only the files its text needs, and pdfkit embeds only the glyphs it draws.
 */
export type FontStyle = 'regular' | 'bold' | 'italic' | 'mono';

/** One file of a face and the code points it covers. */
export interface FontFile {
  readonly key: string;
  readonly path: string;
  readonly ranges: readonly (readonly [number, number])[];
}

/** The families, in the order a character looks for a font: the first that covers it wins. */
const FAMILIES: readonly { readonly pkg: string; readonly styles: Partial<Record<FontStyle, string>> }[] = [
  { pkg: '@fontsource/noto-sans-mono', styles: { mono: '400.css' } },
  { pkg: '@fontsource/noto-sans', styles: { regular: '400.css', bold: '700.css', italic: '400-italic.css', mono: '400.css' } },
  { pkg: '@fontsource/noto-sans-devanagari', styles: { regular: '400.css', bold: '700.css', italic: '400.css', mono: '400.css' } },
  { pkg: '@fontsource/noto-sans-arabic', styles: { regular: '400.css', bold: '700.css', italic: '400.css', mono: '400.css' } },
  { pkg: '@fontsource/noto-sans-sc', styles: { regular: '400.css', bold: '700.css', italic: '400.css', mono: '400.css' } },
  { pkg: '@fontsource/noto-emoji', styles: { regular: '400.css', bold: '400.css', italic: '400.css', mono: '400.css' } },
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
export const facesOfCss = (css: string, directory: string): FontFile[] =>
  [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, body = '']) => {
    const file = /url\(\.\/files\/([^)]+\.woff)\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!file) return [];
    return [{ key: file.replace(/\.woff$/, ''), path: join(directory, 'files', file), ranges: range ? parseUnicodeRange(range) : [[0, 0x10ffff]] }];
  });

const covers = (file: FontFile, codePoint: number): boolean => file.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/** Every face file of a style, in fallback order; read from the installed packages once per process. */
export class FontCatalogue {
  private readonly files = new Map<FontStyle, FontFile[]>();
  private readonly bytes = new Map<string, Buffer>();

  filesOf(style: FontStyle): FontFile[] {
    let files = this.files.get(style);
    if (!files) {
      files = FAMILIES.flatMap(({ pkg, styles }) => {
        const css = styles[style];
        if (!css) return [];
        const directory = dirname(require.resolve(`${pkg}/package.json`));
        return facesOfCss(readFileSync(join(directory, css), 'utf8'), directory);
      });
      this.files.set(style, files);
    }
    return files;
  }

  /** The file that draws `codePoint` in `style`; the first regular file when none covers it (it draws .notdef). */
  fileFor(codePoint: number, style: FontStyle): FontFile {
    const files = this.filesOf(style);
    return files.find((file) => covers(file, codePoint)) ?? files[0]!;
  }

  /** The file as a plain TrueType/OpenType font, converted once (what pdfkit is given). */
  read(file: FontFile): Buffer {
    let bytes = this.bytes.get(file.key);
    if (!bytes) {
      bytes = woffToSfnt(this.readWoff(file));
      this.bytes.set(file.key, bytes);
    }
    return bytes;
  }

  /** The file as published. */
  readWoff(file: FontFile): Buffer {
    return readFileSync(file.path);
  }
}

/** One catalogue per process (each render worker thread has its own). */
export const fontCatalogue = new FontCatalogue();
