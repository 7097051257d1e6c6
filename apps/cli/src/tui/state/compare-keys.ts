import { match } from 'ts-pattern';
import { taken, type KeyDecision } from '../input/key-decision.js';
import { typed, type Keystroke } from '../input/keystroke.js';
import { scrollKeys, type ScrollEvent } from './scroll-keys.js';

export type CompareEvent = ScrollEvent | { type: 'reload' };

/** The comparison's keys: ↑↓ PgUp PgDn scroll the questions' marks, `r` asks again. */
export const compareKeys = (stroke: Keystroke): KeyDecision<CompareEvent> =>
  match<Keystroke, KeyDecision<CompareEvent>>(stroke)
    .with(typed('r'), () => taken({ type: 'reload' }))
    .otherwise(() => scrollKeys(stroke));
