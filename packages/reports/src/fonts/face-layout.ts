import type { ThreadCache } from '../thread-cache.js';
import type { FontkitGlyph } from './fontkit.js';

/** A run as pdfkit's embedded face lays it out and caches it (positions in 1000ths of an em). */
export interface LaidOut {
  glyphs: FontkitGlyph[];
  positions: object[];
  advanceWidth: number;
}

/** The part of pdfkit's EmbeddedFont (its class is not exported) that `layout` uses. */
interface LayoutFace {
  layout(text: string, features?: unknown, onlyWidth?: boolean): { glyphs: FontkitGlyph[] | null; positions: object[] | null; advanceWidth: number };
  layoutRun(text: string, features: unknown): LaidOut;
  layoutCached(text: string): LaidOut;
}

const SPACE = 0x20;
const TAB = 0x09;

/**
 * pdfkit's `EmbeddedFont.layout`, with the same result: the text cut after every space or tab, each word laid out
 * through the face's run cache, the words' glyphs and positions joined. pdfkit joins them with `concat`, copying the
 * line so far for every word (a line of n words copies ~n²/2 glyphs); this appends, word by word. With `lines`
 * (shared by every embedding of one file on a thread), a whole line is laid out once: its runs depend on nothing of
 * the document, and pdfkit only reads what `layout` answers (it scales a run once, when it first lays it out).
 */
export const appendingLayout = (face: LayoutFace, lines?: ThreadCache<string, LaidOut>): void => {
  const layOut = function layout(this: LayoutFace, text: string, features?: unknown, onlyWidth?: boolean) {
    if (features) return this.layoutRun(text, features);
    const glyphs: FontkitGlyph[] | null = onlyWidth ? null : [];
    const positions: object[] | null = onlyWidth ? null : [];
    let advanceWidth = 0;
    let last = 0;
    for (let index = 0; index <= text.length; index++) {
      const end = index === text.length;
      if (end ? last === index : text.charCodeAt(index) !== SPACE && text.charCodeAt(index) !== TAB) continue;
      const run = this.layoutCached(text.slice(last, index + 1));
      if (glyphs && positions) {
        for (const glyph of run.glyphs) glyphs.push(glyph);
        for (const position of run.positions) positions.push(position);
      }
      advanceWidth += run.advanceWidth;
      last = index + 1;
    }
    return { glyphs, positions, advanceWidth };
  };
  face.layout = function layout(this: LayoutFace, text: string, features?: unknown, onlyWidth?: boolean) {
    if (!lines || features || onlyWidth) return layOut.call(this, text, features, onlyWidth);
    return lines.get(text, () => layOut.call(this, text) as LaidOut);
  };
};
