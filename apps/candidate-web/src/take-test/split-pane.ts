import { h } from '../lib/dom.js';
import { storage } from '../lib/storage.js';

/** The problem's share of the width, in percent: never so narrow that either side is unusable. */
export const SPLIT_MIN = 20;
export const SPLIT_MAX = 80;
export const SPLIT_DEFAULT = 40;
const STEP = 5;
/** One width for every coding question on this browser (decision 670), like the text size. */
const SPLIT_KEY = 'assay.editor.split';

export const clampSplit = (value: number): number => (Number.isFinite(value) ? Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(value))) : SPLIT_DEFAULT);

/** Where a key moves the separator from `current` (the WAI-ARIA window splitter's keys); null: not its key. Pure. */
export function splitAfterKey(current: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampSplit(current - STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampSplit(current + STEP);
    case 'Home':
      return SPLIT_MIN;
    case 'End':
      return SPLIT_MAX;
    default:
      return null;
  }
}

/** The share at a pointer's `x` over a pane that starts at `left` and is `width` wide. Pure. */
export const splitAtPointer = (x: number, left: number, width: number): number => (width > 0 ? clampSplit(((x - left) / width) * 100) : SPLIT_DEFAULT);

const listeners = new Set<(value: number) => void>();

/**
 * The separator between a coding question's problem and its editor (shown where they stand side by side): a
 * focusable `role="separator"` with its value, moved by arrows, Home and End, or dragged. `pane` gets the share
 * as `--split` (through the CSSOM, which the page's CSP allows), which its grid reads.
 */
export function splitSeparator(pane: HTMLElement, problemId: string): HTMLElement {
  const separator = h('div', {
    class: 'split-separator',
    role: 'separator',
    tabindex: '0',
    'aria-orientation': 'vertical',
    'aria-label': 'Width of the problem beside the editor',
    'aria-controls': problemId,
    'aria-valuemin': SPLIT_MIN,
    'aria-valuemax': SPLIT_MAX,
    'data-testid': `split-${problemId}`,
  });
  const show = (value: number): void => {
    separator.setAttribute('aria-valuenow', String(value));
    separator.setAttribute('aria-valuetext', `Problem ${value}%, editor ${100 - value}%`);
    pane.style.setProperty('--split', `${value}%`);
  };
  const set = (value: number): void => {
    storage.set(SPLIT_KEY, String(value));
    for (const listener of listeners) listener(value);
  };
  listeners.add(show);
  show(clampSplit(Number(storage.get(SPLIT_KEY) ?? SPLIT_DEFAULT)));

  separator.addEventListener('keydown', (event) => {
    const next = splitAfterKey(Number(separator.getAttribute('aria-valuenow')), event.key);
    if (next === null) return;
    event.preventDefault();
    set(next);
  });
  separator.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    separator.setPointerCapture(event.pointerId);
    separator.focus();
    const move = (moved: PointerEvent) => {
      const box = pane.getBoundingClientRect();
      set(splitAtPointer(moved.clientX, box.left, box.width));
    };
    const stop = () => {
      separator.removeEventListener('pointermove', move);
      separator.removeEventListener('pointerup', stop);
      separator.removeEventListener('pointercancel', stop);
    };
    separator.addEventListener('pointermove', move);
    separator.addEventListener('pointerup', stop);
    separator.addEventListener('pointercancel', stop);
  });
  return separator;
}
