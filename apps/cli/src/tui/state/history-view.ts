import { match } from 'ts-pattern';
import { historyLines, historyOmissionLines, type InvitationHistory } from '@assay/domain/invitations';
import { typed, type Keystroke } from '../input/keystroke.js';
import { taken, type KeyDecision } from '../input/key-decision.js';
import type { RemoteEvent } from './remote-state.js';
import { type ScrollEvent, scrollKeys } from './scroll-keys.js';

/** What the history screen does with a key: scroll its lines (by `delta`, clamped when drawn) or reload. */
export type HistoryEvent = RemoteEvent<InvitationHistory> | ScrollEvent;

export const historyKeys = (stroke: Keystroke): KeyDecision<HistoryEvent> =>
  match<Keystroke, KeyDecision<HistoryEvent>>(stroke)
    .with(typed('r'), () => taken({ type: 'reload' }))
    .otherwise(() => scrollKeys(stroke));

/**
 * The history's lines as the screen lists them: when (UTC, to the second), what, by whom; oldest first; then one line
 * per kind of which only the first and last entries are kept (decision 634).
 */
export const historyRows = (history: InvitationHistory): { when: string; what: string; by: string }[] => [
  ...historyLines(history.entries).map(({ at, what, by }) => ({ when: at.slice(0, 19).replace('T', ' '), what, by })),
  ...historyOmissionLines(history.omitted).map((what) => ({ when: '', what, by: '' })),
];
