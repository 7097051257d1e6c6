import { match } from 'ts-pattern';
import type { InvitationHistory } from '@assay/domain/invitations';
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

// The rows are `assay history`'s too.
export { historyRows } from '../../format/history-rows.js';
