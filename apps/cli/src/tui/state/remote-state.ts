import { match } from 'ts-pattern';
import type { Failure } from '../../errors.js';

/** One thing fetched from the server. `attempt` changes on every reload, so the same request can run again. */
export type RemoteState<T> =
  | { phase: 'loading'; attempt: number; value: T | null }
  | { phase: 'ready'; attempt: number; value: T }
  | { phase: 'failed'; attempt: number; value: T | null; failure: Failure };

export type RemoteEvent<T> = { type: 'loaded'; value: T } | { type: 'failed'; failure: Failure } | { type: 'reload' };

export const initialRemote = <T>(): RemoteState<T> => ({ phase: 'loading', attempt: 1, value: null });

/** While loading again the last value stays on screen, so a refresh does not blank it. */
export const remoteReducer = <T>(state: RemoteState<T>, event: RemoteEvent<T>): RemoteState<T> =>
  match<[RemoteState<T>, RemoteEvent<T>], RemoteState<T>>([state, event])
    .with([{ phase: 'loading' }, { type: 'loaded' }], ([current, { value }]) => ({ phase: 'ready', attempt: current.attempt, value }))
    .with([{ phase: 'loading' }, { type: 'failed' }], ([current, { failure }]) => ({ ...current, phase: 'failed', failure }))
    .with([{ phase: 'loading' }, { type: 'reload' }], ([current]) => current)
    .with([{ phase: 'ready' }, { type: 'loaded' }], [{ phase: 'ready' }, { type: 'failed' }], ([current]) => current)
    .with([{ phase: 'ready' }, { type: 'reload' }], [{ phase: 'failed' }, { type: 'reload' }], ([current]) => ({
      phase: 'loading',
      attempt: current.attempt + 1,
      value: current.value,
    }))
    .with([{ phase: 'failed' }, { type: 'loaded' }], [{ phase: 'failed' }, { type: 'failed' }], ([current]) => current)
    .exhaustive();

/** The key `useCall` runs on: set while loading, null otherwise. */
export const remoteCallKey = (state: RemoteState<unknown>, scope: string): string | null => (state.phase === 'loading' ? `${scope}#${state.attempt}` : null);
