import type { SimilarityPairEntry } from '@assay/domain/report';
import { match } from 'ts-pattern';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import type { Route } from './app-state.js';

export type SimilarPairsEvent = { type: 'move'; delta: number } | { type: 'reload' };

/** The highlighted row, kept within the pairs there are. */
export const clampCursor = (cursor: number, count: number): number => Math.max(0, Math.min(cursor, count - 1));

/**
 * The list of every pair (decision 822): ↑↓ a row, PgUp PgDn ten, Home End the ends, Enter the pair's regions side by
 * side (the pair travels with the route: the report may not list it), `r` reads the list again.
 */
export const similarPairsKeys = (
  pairs: readonly SimilarityPairEntry[],
  cursor: number,
  testInvitationId: number,
  stroke: Keystroke,
): KeyDecision<SimilarPairsEvent, Route> =>
  match<Keystroke, KeyDecision<SimilarPairsEvent, Route>>(stroke)
    .with(pressed('up'), () => taken({ type: 'move', delta: -1 }))
    .with(pressed('down'), () => taken({ type: 'move', delta: 1 }))
    .with(pressed('pageUp'), () => taken({ type: 'move', delta: -10 }))
    .with(pressed('pageDown'), () => taken({ type: 'move', delta: 10 }))
    .with(pressed('home'), () => taken({ type: 'move', delta: -pairs.length }))
    .with(pressed('end'), () => taken({ type: 'move', delta: pairs.length }))
    .with(typed('r'), () => taken({ type: 'reload' }))
    .with(pressed('return'), () => {
      const pair = pairs[clampCursor(cursor, pairs.length)];
      return pair ? effect<Route>({ screen: 'similarPair', testInvitationId, eventId: `similarity-${pair.pairId}`, pair }) : taken();
    })
    .otherwise(() => passed());
