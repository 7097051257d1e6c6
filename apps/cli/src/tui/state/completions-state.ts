import type { ReconciliationEvent } from '@assay/client';
import { match } from 'ts-pattern';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import type { Route } from './app-state.js';
import type { Failure } from '../../errors.js';

/** How many recent events the live view keeps. */
export const RECENT_LIMIT = 200;

/** The live view of completions and cancellations, newest first. */
export type CompletionsState =
  | { phase: 'following'; events: ReconciliationEvent[]; cursor: number; attempt: number }
  | { phase: 'failed'; events: ReconciliationEvent[]; cursor: number; attempt: number; failure: Failure };

export type CompletionsEvent =
  | { type: 'received'; event: ReconciliationEvent }
  | { type: 'failed'; failure: Failure }
  | { type: 'retry' }
  | { type: 'move'; delta: number };

export const initialCompletions = (): CompletionsState => ({ phase: 'following', events: [], cursor: 0, attempt: 1 });

const clamp = (cursor: number, length: number) => Math.max(0, Math.min(cursor, length - 1));

export const completionsReducer = (state: CompletionsState, event: CompletionsEvent): CompletionsState =>
  match<[CompletionsState, CompletionsEvent], CompletionsState>([state, event])
    // On the top row (where the view opens, and stays while the backlog arrives oldest first) the highlight
    // follows the newest event; once the user has moved down, it stays on the event they chose.
    .with([{ phase: 'following' }, { type: 'received' }], ([current, { event: received }]) => ({
      ...current,
      events: [received, ...current.events].slice(0, RECENT_LIMIT),
      cursor: current.cursor === 0 ? 0 : clamp(current.cursor + 1, Math.min(current.events.length + 1, RECENT_LIMIT)),
    }))
    .with([{ phase: 'following' }, { type: 'failed' }], ([current, { failure }]) => ({ ...current, phase: 'failed', failure }))
    .with([{ phase: 'following' }, { type: 'retry' }], ([current]) => current)
    .with([{ phase: 'following' }, { type: 'move' }], [{ phase: 'failed' }, { type: 'move' }], ([current, { delta }]) => ({
      ...current,
      cursor: clamp(current.cursor + delta, current.events.length),
    }))
    .with([{ phase: 'failed' }, { type: 'received' }], [{ phase: 'failed' }, { type: 'failed' }], ([current]) => current)
    .with([{ phase: 'failed' }, { type: 'retry' }], ([{ events, cursor, attempt }]) => ({ phase: 'following', events, cursor, attempt: attempt + 1 }))
    .exhaustive();

/** ↑↓ move, `r` follows again after a failure, Enter opens the highlighted invitation's report. */
export const completionsKeys = (state: CompletionsState, stroke: Keystroke): KeyDecision<CompletionsEvent, Route> =>
  match<Keystroke, KeyDecision<CompletionsEvent, Route>>(stroke)
    .with(pressed('up'), () => taken({ type: 'move', delta: -1 }))
    .with(pressed('down'), () => taken({ type: 'move', delta: 1 }))
    .with(typed('r'), () => taken({ type: 'retry' }))
    .with(pressed('return'), () => {
      const event = state.events[state.cursor];
      return event ? effect<Route>({ screen: 'report', testInvitationId: event.testInvitationId }) : taken();
    })
    .otherwise(() => passed());
