import { match } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, type Keystroke } from '../input/keystroke.js';

/** A long text's scroll by `delta` lines, clamped where it is drawn (`clampTop`). */
export type ScrollEvent = { type: 'scroll'; delta: number };

/** The keys that scroll a long text — the history, a playback's code, a similar pair's region: ↑↓ a line, PgUp PgDn ten. */
export const scrollKeys = (stroke: Keystroke): KeyDecision<ScrollEvent> =>
  match<Keystroke, KeyDecision<ScrollEvent>>(stroke)
    .with(pressed('up'), () => taken({ type: 'scroll', delta: -1 }))
    .with(pressed('down'), () => taken({ type: 'scroll', delta: 1 }))
    .with(pressed('pageUp'), () => taken({ type: 'scroll', delta: -10 }))
    .with(pressed('pageDown'), () => taken({ type: 'scroll', delta: 10 }))
    .otherwise(() => passed());

/** The first line shown, kept within the lines there are (`rows` of them fit). */
export const clampTop = (top: number, lines: number, rows: number): number => Math.max(0, Math.min(top, lines - rows));
