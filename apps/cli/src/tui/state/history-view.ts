import { match } from 'ts-pattern';
import { historyLines, type InvitationHistory } from '@assay/domain/invitations';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import type { RemoteEvent } from './remote-state.js';

/** What the history screen does with a key: scroll its lines (by `delta`, clamped when drawn) or reload. */
export type HistoryEvent = RemoteEvent<InvitationHistory> | { type: 'scroll'; delta: number };

export const historyKeys = (stroke: Keystroke): KeyDecision<HistoryEvent> =>
  match<Keystroke, KeyDecision<HistoryEvent>>(stroke)
    .with(typed('r'), () => taken({ type: 'reload' }))
    .with(pressed('up'), () => taken({ type: 'scroll', delta: -1 }))
    .with(pressed('down'), () => taken({ type: 'scroll', delta: 1 }))
    .with(pressed('pageUp'), () => taken({ type: 'scroll', delta: -10 }))
    .with(pressed('pageDown'), () => taken({ type: 'scroll', delta: 10 }))
    .otherwise(() => passed());

/** The first line shown, kept within the lines there are (`rows` of them fit). */
export const clampTop = (top: number, lines: number, rows: number): number => Math.max(0, Math.min(top, lines - rows));

/** The history's lines as the screen lists them: when (UTC, to the second), what, by whom; oldest first. */
export const historyRows = (history: InvitationHistory): { when: string; what: string; by: string }[] =>
  historyLines(history.entries).map(({ at, what, by }) => ({ when: at.slice(0, 19).replace('T', ' '), what, by }));
