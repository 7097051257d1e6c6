import { createContext, useContext, useEffect, useRef } from 'react';
import type { KeyHint } from '../hints.js';
import type { Route } from '../state/app-state.js';
import type { KeyHandler } from './keyboard.js';

export type { KeyHint } from '../hints.js';

/** What a screen tells the frame around it. */
export interface ScreenChrome {
  title: string;
  hints: readonly KeyHint[];
  /** A text field has the keyboard: `q` and `?` are typed, not commands. */
  typing?: boolean;
  /** A prompt or picker is open: Esc closes it instead of leaving the screen. */
  modal?: boolean;
}

export interface ScreenSlot {
  /** Only the top screen of the stack gets keys; the ones below keep their state, hidden. */
  active: boolean;
  /** Rows and columns the screen may use between the header and the footer. */
  body: { columns: number; rows: number };
  report(chrome: ScreenChrome): void;
  open(route: Route): void;
  back(): void;
  /** Sends the screen its keys (while it is on top) until the returned function is called. */
  listen(handler: KeyHandler): () => void;
}

export const ScreenSlotContext = createContext<ScreenSlot | null>(null);

export const useScreenSlot = (): ScreenSlot => {
  const slot = useContext(ScreenSlotContext);
  if (!slot) throw new Error('a screen must be rendered inside a ScreenSlotContext');
  return slot;
};

/** Reports the screen's title, keys and input mode whenever they change. */
export const useChrome = (chrome: ScreenChrome): void => {
  const { report } = useScreenSlot();
  const signature = JSON.stringify(chrome);
  useEffect(() => {
    report(chrome);
    // The signature stands for the chrome's content: a new object each render must not loop.
  }, [report, signature]);
};

/**
 * The screen's keys. The handler must decide from state read when the key arrives (a machine's `current()`),
 * never from the render it was created in: keys of one burst arrive before the next frame.
 */
export const useScreenKeys = (handler: KeyHandler): void => {
  const { listen } = useScreenSlot();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => listen((stroke) => latest.current(stroke)), [listen]);
};

/** Runs `onReturn` each time the screen comes back on top (after a screen above it was closed). */
export const useOnReturn = (onReturn: () => void): void => {
  const { active } = useScreenSlot();
  const wasActive = useRef(active);
  const callback = useRef(onReturn);
  callback.current = onReturn;
  useEffect(() => {
    if (active && !wasActive.current) callback.current();
    wasActive.current = active;
  }, [active]);
};
