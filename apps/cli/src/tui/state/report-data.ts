import { remoteReducer, type RemoteEvent, type RemoteState } from './remote-state.js';

/**
 * The report screen's data: fetched like any remote value, plus `changed` — the screen itself changed something
 * (a review of integrity evidence was saved), so it is read again at once. Unlike `reload`, which a read under way
 * absorbs, `changed` starts a new read even then: the one under way may have left before the change was made, and
 * would show the old outcome (`useCall` drops the earlier answer).
 */
export type ReportDataEvent<T> = RemoteEvent<T> | { type: 'changed' };

export const reportDataReducer = <T>(state: RemoteState<T>, event: ReportDataEvent<T>): RemoteState<T> =>
  event.type === 'changed' ? { phase: 'loading', attempt: state.attempt + 1, value: state.value } : remoteReducer(state, event);
