import type { AssayClient } from '@assay/client';
import { Box } from 'ink';
import { expect, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { App } from '../../src/tui/App.js';
import type { Keystroke } from '../../src/tui/input/keystroke.js';
import { ConnectionContext } from '../../src/tui/shell/client-context.js';
import { KeyRouter, useKeystrokes } from '../../src/tui/shell/keyboard.js';
import { ScreenSlotContext, type ScreenChrome, type ScreenSlot } from '../../src/tui/shell/screen-slot.js';
import { TerminalSizeProvider, type TerminalSize } from '../../src/tui/shell/terminal-size.js';
import type { Route } from '../../src/tui/state/app-state.js';

/** Terminal input for `press`. */
export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  pageDown: '\u001B[6~',
  home: '\u001B[H',
  end: '\u001B[F',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  shiftTab: '\u001B[Z',
  backspace: '\u007F',
  ctrlS: '\u0013',
  ctrlE: '\u0005',
  ctrlU: '\u0015',
} as const;

export const tick = (ms = 50) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Rendered {
  lastFrame(): string;
  frames: string[];
  /** Every route the screen asked to open, and how often it asked to go back. */
  opened: Route[];
  backs(): number;
  chrome(): ScreenChrome | undefined;
  /** Waits until the screen has told the frame this (its chrome is reported after the frame is drawn). */
  expectChrome(expected: Partial<ScreenChrome>): Promise<void>;
  /** Types each key (or text) and waits a tick after it, so the screen has drawn it before the next; one key per argument. */
  press(...keys: string[]): Promise<void>;
  /** Types every key at once, as a terminal delivers a burst (no frame in between), then waits a tick. */
  burst(...keys: string[]): Promise<void>;
  /** The keystrokes the screen did not take (they would go on to the frame: q, Esc, ?). */
  passed: Keystroke[];
  /** Waits until the screen shows `text` (or the predicate holds); fails with the last frame. */
  waitFor(expected: Expected, timeoutMs?: number): Promise<string>;
  setActive(active: boolean): void;
  unmount(): void;
  downloadDir: string;
}

type Expected = string | RegExp | ((frame: string) => boolean);

const matches = (frame: string, expected: Expected) =>
  typeof expected === 'string' ? frame.includes(expected) : expected instanceof RegExp ? expected.test(frame) : expected(frame);

/** Reads the keys as the app's frame does; the screen gets them once it has mounted. */
const Keyboard = ({ router, children }: { router: KeyRouter; children: ReactNode }) => {
  useKeystrokes(router.route);
  // After the screen's own effects (a parent's run after its children's): its handler listens by now.
  useEffect(() => router.mount('screen'), [router]);
  return children;
};

/**
 * Waits a tick, then until the UI has stopped drawing (no new frame or chrome for a short while): on a busy machine
 * React can take longer than a tick to draw a key's frame and run its effects, and the next key would land early.
 */
const settled = async (activity: () => number) => {
  await tick();
  // Bounded: a screen with a clock or a spinner never stops drawing.
  const deadline = Date.now() + 500;
  for (let seen = activity(); Date.now() < deadline; ) {
    await tick(25);
    const now = activity();
    if (now === seen) return;
    seen = now;
  }
};

/** Typing into a rendered UI: key by key with a frame between, or all at once. */
const keyboardOf = (stdin: { write(data: string): void }, activity: () => number) => ({
  press: async (...keys: string[]) => {
    for (const key of keys) {
      stdin.write(key);
      await settled(activity);
    }
  },
  burst: async (...keys: string[]) => {
    for (const key of keys) stdin.write(key);
    await settled(activity);
  },
});

const waiterOf =
  (lastFrame: () => string) =>
  async (expected: Expected, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (!matches(lastFrame(), expected)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${String(expected)}; the screen shows:\n${lastFrame()}`);
      await tick(20);
    }
    // Let React run the effects of the frame just seen before the test types on.
    await tick();
    return lastFrame();
  };

export interface RenderedApp {
  frame(): string;
  /** Everything written to the terminal so far, frame by frame (an OSC 52 copy included). */
  frames: string[];
  rerender(size: TerminalSize): void;
  press(...keys: string[]): Promise<void>;
  burst(...keys: string[]): Promise<void>;
  waitFor(expected: Expected, timeoutMs?: number): Promise<string>;
  unmount(): void;
}

/** The whole UI over a real client, at a fixed terminal size (80×24 by default). */
export const renderApp = (client: AssayClient, baseUrl: string, size: TerminalSize = { columns: 80, rows: 24 }): RenderedApp => {
  const connection = { client, baseUrl, downloadDir: mkdtempSync(join(tmpdir(), 'assay-app-')) };
  const instance = render(<App connection={connection} size={size} />);
  const frame = () => instance.lastFrame() ?? '';
  return {
    frame,
    frames: instance.frames,
    rerender: (next) => instance.rerender(<App connection={connection} size={next} />),
    ...keyboardOf(instance.stdin, () => instance.frames.length),
    waitFor: waiterOf(frame),
    unmount: () => instance.unmount(),
  };
};

/**
 * One screen in the providers the app gives it: a real client, a fixed terminal size (80×24 by default),
 * and a slot that records navigation instead of performing it.
 */
export const renderScreen = (screen: ReactElement, options: { client: AssayClient; baseUrl?: string; size?: TerminalSize }): Rendered => {
  const size = options.size ?? { columns: 80, rows: 24 };
  const downloadDir = mkdtempSync(join(tmpdir(), 'assay-cli-downloads-'));
  const opened: Route[] = [];
  const chromes: ScreenChrome[] = [];
  const passed: Keystroke[] = [];
  let backs = 0;
  let active = true;
  const router = new KeyRouter(
    () => (active ? 'screen' : null),
    (stroke) => passed.push(stroke),
  );
  const listen = (handler: Parameters<ScreenSlot['listen']>[0]) => router.listen('screen', handler);
  const slotOf = (isActive: boolean): ScreenSlot => ({
    active: isActive,
    body: { columns: size.columns, rows: size.rows - 4 },
    report: (chrome) => chromes.push(chrome),
    open: (route) => opened.push(route),
    back: () => {
      backs += 1;
    },
    listen,
  });
  const tree = (isActive: boolean) => (
    <ConnectionContext.Provider value={{ client: options.client, baseUrl: options.baseUrl ?? 'http://assay.test', downloadDir }}>
      <TerminalSizeProvider fixed={size}>
        <ScreenSlotContext.Provider value={slotOf(isActive)}>
          <Keyboard router={router}>
            <Box width={size.columns} flexDirection="column">
              {screen}
            </Box>
          </Keyboard>
        </ScreenSlotContext.Provider>
      </TerminalSizeProvider>
    </ConnectionContext.Provider>
  );
  const instance = render(tree(true));
  const lastFrame = () => instance.lastFrame() ?? '';
  return {
    lastFrame,
    frames: instance.frames,
    opened,
    backs: () => backs,
    chrome: () => chromes.at(-1),
    expectChrome: (expected) => vi.waitFor(() => expect(chromes.at(-1)).toMatchObject(expected), { timeout: 5_000 }),
    downloadDir,
    passed,
    ...keyboardOf(instance.stdin, () => instance.frames.length + chromes.length),
    waitFor: waiterOf(lastFrame),
    setActive: (isActive) => {
      active = isActive;
      instance.rerender(tree(isActive));
    },
    unmount: () => instance.unmount(),
  };
};

/** Every line of a frame fits the terminal's width. */
export const widestLine = (frame: string): number => Math.max(...frame.split('\n').map((line) => [...line.replace(/\u001B\[[0-9;]*m/g, '')].length));
