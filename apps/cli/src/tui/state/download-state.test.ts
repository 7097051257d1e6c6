import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { downloadCallKey, downloadReducer, type DownloadEvent, type DownloadState } from './download-state.js';

type Phase = DownloadState['phase'];
const failure: Failure = { exitCode: 3, label: 'unreachable', message: 'gone' };
const states: Record<Phase, DownloadState> = {
  idle: { phase: 'idle', runs: 1 },
  naming: { phase: 'naming', runs: 1, path: 'report.pdf' },
  downloading: { phase: 'downloading', runs: 1, path: 'report.pdf', loaded: 10, total: 100 },
  saved: { phase: 'saved', runs: 1, path: 'report.pdf', bytes: 100 },
  failed: { phase: 'failed', runs: 1, path: 'report.pdf', failure },
};
const events: Record<DownloadEvent['type'], DownloadEvent> = {
  start: { type: 'start', path: 'other.pdf' },
  edit: { type: 'edit', path: 'renamed.pdf' },
  confirm: { type: 'confirm' },
  progress: { type: 'progress', loaded: 50, total: 100 },
  finished: { type: 'finished', bytes: 100 },
  failed: { type: 'failed', failure },
  dismiss: { type: 'dismiss' },
};
const namingOther: DownloadState = { phase: 'naming', runs: 1, path: 'other.pdf' };
const unchanged = (phase: Phase, types: DownloadEvent['type'][]) => Object.fromEntries(types.map((type) => [type, states[phase]]));
const expected: Record<Phase, Record<DownloadEvent['type'], DownloadState>> = {
  idle: { start: namingOther, ...unchanged('idle', ['edit', 'confirm', 'progress', 'finished', 'failed', 'dismiss']) } as Record<
    DownloadEvent['type'],
    DownloadState
  >,
  naming: {
    ...unchanged('naming', ['start', 'progress', 'finished', 'failed']),
    edit: { phase: 'naming', runs: 1, path: 'renamed.pdf' },
    confirm: { phase: 'downloading', runs: 2, path: 'report.pdf', loaded: 0, total: undefined },
    dismiss: { phase: 'idle', runs: 1 },
  } as Record<DownloadEvent['type'], DownloadState>,
  downloading: {
    ...unchanged('downloading', ['start', 'edit', 'confirm', 'dismiss']),
    progress: { phase: 'downloading', runs: 1, path: 'report.pdf', loaded: 50, total: 100 },
    finished: { phase: 'saved', runs: 1, path: 'report.pdf', bytes: 100 },
    failed: { phase: 'failed', runs: 1, path: 'report.pdf', failure },
  } as Record<DownloadEvent['type'], DownloadState>,
  saved: { start: namingOther, ...unchanged('saved', ['edit', 'confirm', 'progress', 'finished', 'failed']), dismiss: { phase: 'idle', runs: 1 } } as Record<
    DownloadEvent['type'],
    DownloadState
  >,
  failed: { start: namingOther, ...unchanged('failed', ['edit', 'confirm', 'progress', 'finished', 'failed']), dismiss: { phase: 'idle', runs: 1 } } as Record<
    DownloadEvent['type'],
    DownloadState
  >,
};

describe('downloadReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [Phase, DownloadEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => expect(downloadReducer(states[phase], events[type])).toEqual(expected[phase][type]));
  it('covers 5 × 7 pairs', () => expect(pairs).toHaveLength(35));

  it('keeps an empty path in the prompt and trims the one it saves to', () => {
    expect(downloadReducer({ phase: 'naming', runs: 0, path: '  ' }, { type: 'confirm' }).phase).toBe('naming');
    expect(downloadReducer({ phase: 'naming', runs: 0, path: ' a.pdf ' }, { type: 'confirm' })).toMatchObject({ phase: 'downloading', path: 'a.pdf' });
    expect(downloadCallKey(states.downloading)).toBe('download#1');
    expect(downloadCallKey(states.saved)).toBeNull();
  });
});
