import { match, P } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';

export type LibraryKeyEvent = { type: 'move'; delta: number } | { type: 'import' } | { type: 'reload' };

/** The library screen's keys (issue 62 item 2): ↑↓ (Home, End) move through the ready tests, Enter imports, r asks again. */
export const libraryKeys = (stroke: Keystroke): KeyDecision<LibraryKeyEvent> =>
  match<Keystroke, KeyDecision<LibraryKeyEvent>>(stroke)
    .with(pressed('up'), () => taken({ type: 'move', delta: -1 }))
    .with(pressed('down'), () => taken({ type: 'move', delta: 1 }))
    .with(pressed('home'), () => taken({ type: 'move', delta: -Infinity }))
    .with(pressed('end'), () => taken({ type: 'move', delta: Infinity }))
    .with(P.union(pressed('return'), typed('i')), () => taken({ type: 'import' }))
    .with(typed('r'), () => taken({ type: 'reload' }))
    .otherwise(() => passed());

/** The highlighted row after a move, kept inside the list. */
export const movedCursor = (cursor: number, delta: number, count: number): number => Math.max(0, Math.min(count - 1, cursor + delta));
