import { storage } from '../lib/storage.js';

/** The sizes the candidate can choose for code, in px; 14 is the editor's own. */
export const FONT_SIZES = [12, 14, 16, 18, 20, 24] as const;
export const DEFAULT_FONT_SIZE = 14;
/**
 * One preference for every test on this browser (decision 669): it is about the candidate's eyes and screen, not
 * the attempt, and holds nothing of the test.
 */
const FONT_SIZE_KEY = 'assay.editor.fontSize';

/** The stored size when it is one of the sizes offered, else the default. Pure. */
export const readFontSize = (stored: string | null): number => {
  const size = Number(stored);
  return (FONT_SIZES as readonly number[]).includes(size) ? size : DEFAULT_FONT_SIZE;
};

const listeners = new Set<(size: number) => void>();
let current: number | null = null;

/** The code text size chosen, applied to every editor (a CSS custom property their theme reads). */
export const editorFontSize = {
  get(): number {
    if (current === null) {
      current = readFontSize(storage.get(FONT_SIZE_KEY));
      apply(current);
    }
    return current;
  },
  set(size: number): void {
    current = readFontSize(String(size));
    storage.set(FONT_SIZE_KEY, String(current));
    apply(current);
    for (const listener of listeners) listener(current);
  },
  /** Tells `listener` of each change (the editors measure their lines again); answers the way to stop. */
  watch(listener: (size: number) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Through the CSSOM, which the page's `style-src 'self'` allows (a style attribute in markup it would refuse).
const apply = (size: number): void => document.documentElement.style.setProperty('--editor-font-size', `${size}px`);
