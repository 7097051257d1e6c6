import { useInput, type Key } from 'ink';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import type { Route } from '../state/app-state.js';

/** One key binding, shown in the footer and in the help. */
export interface KeyHint {
  keys: string;
  label: string;
}

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
 * `useInput` that always runs the handler of the latest render (a key that arrives right after new data is
 * drawn, before effects re-subscribe, must not meet the previous render's state), live only on top.
 */
export const useLatestInput = (handler: (input: string, key: Key) => void, isActive: boolean): void => {
  const latest = useRef(handler);
  latest.current = handler;
  const stable = useCallback((input: string, key: Key) => latest.current(input, key), []);
  useInput(stable, { isActive });
};

export const useScreenInput = (handler: (input: string, key: Key) => void): void => {
  const { active } = useScreenSlot();
  useLatestInput(handler, active);
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
