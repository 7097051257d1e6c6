import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { initialRemote, remoteCallKey, remoteReducer, type RemoteEvent, type RemoteState } from './remote-state.js';

const failure: Failure = { exitCode: 1, label: '404.2', message: 'No test 9.' };
const states: Record<RemoteState<string>['phase'], RemoteState<string>> = {
  loading: { phase: 'loading', attempt: 2, value: 'old' },
  ready: { phase: 'ready', attempt: 2, value: 'old' },
  failed: { phase: 'failed', attempt: 2, value: 'old', failure },
};
const events: Record<RemoteEvent<string>['type'], RemoteEvent<string>> = {
  loaded: { type: 'loaded', value: 'new' },
  failed: { type: 'failed', failure },
  reload: { type: 'reload' },
};
const expected: Record<RemoteState<string>['phase'], Record<RemoteEvent<string>['type'], RemoteState<string>>> = {
  loading: {
    loaded: { phase: 'ready', attempt: 2, value: 'new' },
    failed: { phase: 'failed', attempt: 2, value: 'old', failure },
    reload: states.loading,
  },
  ready: { loaded: states.ready, failed: states.ready, reload: { phase: 'loading', attempt: 3, value: 'old' } },
  failed: { loaded: states.failed, failed: states.failed, reload: { phase: 'loading', attempt: 3, value: 'old' } },
};

describe('remoteReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) =>
    Object.keys(byEvent).map((type) => [phase, type] as [RemoteState<string>['phase'], RemoteEvent<string>['type']]),
  );
  it.each(pairs)('%s + %s', (phase, type) => expect(remoteReducer(states[phase], events[type])).toEqual(expected[phase][type]));
  it('covers 3 × 3 pairs', () => expect(pairs).toHaveLength(9));

  it('asks for a request only while loading, a new one per attempt', () => {
    expect(remoteCallKey(initialRemote(), 'test:1')).toBe('test:1#1');
    expect(remoteCallKey(states.ready, 'test:1')).toBeNull();
    expect(remoteCallKey(remoteReducer(states.ready, { type: 'reload' }), 'test:1')).toBe('test:1#3');
  });
});
