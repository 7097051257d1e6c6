import { match } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { initialRemote, remoteReducer, type RemoteEvent, type RemoteState } from './remote-state.js';

/** A fetched list and the highlighted row. */
export interface ListState<T> {
  remote: RemoteState<T[]>;
  cursor: number;
}

export type ListEvent<T> = RemoteEvent<T[]> | { type: 'move'; delta: number };

export const initialList = <T>(): ListState<T> => ({ remote: initialRemote<T[]>(), cursor: 0 });

const clamp = (cursor: number, length: number) => Math.max(0, Math.min(cursor, length - 1));

export const listReducer = <T>(state: ListState<T>, event: ListEvent<T>): ListState<T> =>
  match<[RemoteState<T[]>['phase'], ListEvent<T>], ListState<T>>([state.remote.phase, event])
    .with(['loading', { type: 'move' }], ['failed', { type: 'move' }], () => state)
    .with(['ready', { type: 'move' }], ([, { delta }]) => ({ ...state, cursor: clamp(state.cursor + delta, state.remote.value?.length ?? 0) }))
    .with(
      ['loading', { type: 'loaded' }],
      ['loading', { type: 'failed' }],
      ['loading', { type: 'reload' }],
      ['ready', { type: 'loaded' }],
      ['ready', { type: 'failed' }],
      ['ready', { type: 'reload' }],
      ['failed', { type: 'loaded' }],
      ['failed', { type: 'failed' }],
      ['failed', { type: 'reload' }],
      ([, remoteEvent]) => {
        const remote = remoteReducer(state.remote, remoteEvent);
        return { remote, cursor: clamp(state.cursor, remote.value?.length ?? 0) };
      },
    )
    .exhaustive();

/** The highlighted item, when the list has one. */
export const selectedItem = <T>(state: ListState<T>): T | undefined => state.remote.value?.[state.cursor];

/** A list's own keys: ↑↓ move the highlight, `r` loads it again; every other key is the screen's (passed). */
export const listKeys = <T>(stroke: Keystroke): KeyDecision<ListEvent<T>> =>
  match<Keystroke, KeyDecision<ListEvent<T>>>(stroke)
    .with(pressed('up'), () => taken({ type: 'move', delta: -1 }))
    .with(pressed('down'), () => taken({ type: 'move', delta: 1 }))
    .with(typed('r'), () => taken({ type: 'reload' }))
    .otherwise(() => passed());
