import { useInput, type Key } from 'ink';
import { useCallback, useRef } from 'react';
import { keystrokesOf, type Keystroke } from '../input/keystroke.js';

/** Takes one keystroke; answers whether the screen used it (a key it passes goes on to the frame). */
export type KeyHandler = (stroke: Keystroke) => boolean;

/** Every keystroke Ink reads, one at a time and in order, however many arrived in one read. */
export const useKeystrokes = (onStroke: (stroke: Keystroke) => void): void => {
  const latest = useRef(onStroke);
  latest.current = onStroke;
  const handle = useCallback((input: string, key: Key) => {
    for (const stroke of keystrokesOf(input, key)) latest.current(stroke);
  }, []);
  useInput(handle);
};

/**
 * Where keys go: to the screen on top, then (when it passes them) to the frame. Which screen is on top is
 * read when each key arrives, so a key that opens a screen sends the keys after it to the new one: they wait,
 * in order, until that screen has mounted and listens.
 */
export class KeyRouter {
  private readonly handlers = new Map<string, KeyHandler>();
  private readonly mounted = new Set<string>();
  private waiting: Keystroke[] = [];

  constructor(
    /** The screen that gets keys now, or null when the frame takes them all (the help). */
    private readonly target: () => string | null,
    private readonly unhandled: (stroke: Keystroke) => void,
  ) {}

  readonly route = (stroke: Keystroke): void => {
    const target = this.target();
    if (target !== null) {
      if (!this.mounted.has(target)) {
        this.waiting.push(stroke);
        return;
      }
      if (this.handlers.get(target)?.(stroke)) return;
    }
    this.unhandled(stroke);
  };

  /** A screen's key handler, until the returned function removes it. */
  listen(target: string, handler: KeyHandler): () => void {
    this.handlers.set(target, handler);
    return () => {
      if (this.handlers.get(target) === handler) this.handlers.delete(target);
    };
  }

  /** The screen has mounted (its handler, if any, listens): keys waiting for it are delivered now. */
  mount(target: string): () => void {
    this.mounted.add(target);
    if (this.target() === target) {
      const waiting = this.waiting;
      this.waiting = [];
      for (const stroke of waiting) this.route(stroke);
    }
    return () => {
      this.mounted.delete(target);
    };
  }
}
