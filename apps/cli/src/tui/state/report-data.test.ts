import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { remoteCallKey, remoteReducer, type RemoteState } from './remote-state.js';
import { reportDataReducer } from './report-data.js';

const failure: Failure = { exitCode: 1, label: '404.4', message: 'No report for test invitation 9.' };

describe('reportDataReducer', () => {
  it('reads again on `changed` from every phase, keeping what is shown — a read under way included', () => {
    const states: RemoteState<string>[] = [
      { phase: 'loading', attempt: 2, value: 'old' },
      { phase: 'ready', attempt: 2, value: 'old' },
      { phase: 'failed', attempt: 2, value: 'old', failure },
    ];
    for (const state of states) {
      const next = reportDataReducer(state, { type: 'changed' });
      expect(next).toEqual({ phase: 'loading', attempt: 3, value: 'old' });
      // A new attempt is a new request: the one under way is dropped.
      expect(remoteCallKey(next, 'report:9')).toBe('report:9#3');
    }
  });

  it('is the remote reducer for every other event: a reload while loading is absorbed', () => {
    const loading: RemoteState<string> = { phase: 'loading', attempt: 2, value: 'old' };
    expect(reportDataReducer(loading, { type: 'reload' })).toBe(loading);
    expect(reportDataReducer(loading, { type: 'loaded', value: 'new' })).toEqual(remoteReducer(loading, { type: 'loaded', value: 'new' }));
  });
});
