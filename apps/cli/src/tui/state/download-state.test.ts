import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import { downloadCallKey, downloadKeys, downloadReducer, numberedPath, type DownloadEvent, type DownloadState } from './download-state.js';

type Phase = DownloadState['phase'];
const failure: Failure = { exitCode: 3, label: 'unreachable', message: 'gone' };
const states: Record<Phase, DownloadState> = {
  idle: { phase: 'idle', runs: 1 },
  naming: { phase: 'naming', runs: 1, path: 'report.pdf', caret: 10 },
  downloading: { phase: 'downloading', runs: 1, path: 'report.pdf', loaded: 10, total: 100 },
  saved: { phase: 'saved', runs: 1, path: 'report.pdf', bytes: 100 },
  failed: { phase: 'failed', runs: 1, path: 'report.pdf', failure },
};
const events: Record<DownloadEvent['type'], DownloadEvent> = {
  start: { type: 'start', path: 'other.pdf' },
  edit: { type: 'edit', edit: { type: 'caret', to: 'home' } },
  confirm: { type: 'confirm' },
  progress: { type: 'progress', loaded: 50, total: 100 },
  finished: { type: 'finished', bytes: 100, path: '/home/ada/report (1).pdf' },
  failed: { type: 'failed', failure },
  dismiss: { type: 'dismiss' },
};
const namingOther: DownloadState = { phase: 'naming', runs: 1, path: 'other.pdf', caret: 9 };
const unchanged = (phase: Phase, types: DownloadEvent['type'][]) => Object.fromEntries(types.map((type) => [type, states[phase]]));
const expected: Record<Phase, Record<DownloadEvent['type'], DownloadState>> = {
  idle: { start: namingOther, ...unchanged('idle', ['edit', 'confirm', 'progress', 'finished', 'failed', 'dismiss']) } as Record<
    DownloadEvent['type'],
    DownloadState
  >,
  naming: {
    ...unchanged('naming', ['start', 'progress', 'finished', 'failed']),
    edit: { phase: 'naming', runs: 1, path: 'report.pdf', caret: 0 },
    confirm: { phase: 'downloading', runs: 2, path: 'report.pdf', loaded: 0, total: undefined },
    dismiss: { phase: 'idle', runs: 1 },
  } as Record<DownloadEvent['type'], DownloadState>,
  downloading: {
    ...unchanged('downloading', ['start', 'edit', 'confirm', 'dismiss']),
    progress: { phase: 'downloading', runs: 1, path: 'report.pdf', loaded: 50, total: 100 },
    finished: { phase: 'saved', runs: 1, path: '/home/ada/report (1).pdf', bytes: 100 },
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
    expect(downloadReducer({ phase: 'naming', runs: 0, path: '  ', caret: 2 }, { type: 'confirm' }).phase).toBe('naming');
    expect(downloadReducer({ phase: 'naming', runs: 0, path: ' a.pdf ', caret: 7 }, { type: 'confirm' })).toMatchObject({
      phase: 'downloading',
      path: 'a.pdf',
    });
    expect(downloadCallKey(states.downloading)).toBe('download#1');
    expect(downloadCallKey(states.saved)).toBeNull();
  });
});

describe('downloadKeys: the path prompt takes every key; a shown outcome is cleared by the next', () => {
  it.each<[string, DownloadState, Keystroke, KeyDecision<DownloadEvent>]>([
    ['naming: Enter saves', states.naming, named('return'), taken({ type: 'confirm' })],
    ['naming: Esc cancels', states.naming, named('escape'), taken({ type: 'dismiss' })],
    ['naming: q is typed', states.naming, char('q'), taken({ type: 'edit', edit: { type: 'insert', text: 'q' } })],
    ['naming: Home moves the caret', states.naming, named('home'), taken({ type: 'edit', edit: { type: 'caret', to: 'home' } })],
    ['naming: ↓ does nothing', states.naming, named('down'), taken()],
    ['saved: dismissed, the key goes on', states.saved, char('r'), passed({ type: 'dismiss' })],
    ['failed: dismissed, the key goes on', states.failed, char('p'), passed({ type: 'dismiss' })],
    ['idle: not its key', states.idle, char('p'), passed()],
    ['downloading: not its key', states.downloading, named('escape'), passed()],
  ])('%s', (_name, state, stroke, decision) => expect(downloadKeys(state, stroke)).toEqual(decision));
});

describe('numberedPath', () => {
  it('numbers the name before its extension, and keeps a name without one whole', () => {
    expect(numberedPath('/tmp/assay-report-5.pdf', 0)).toBe('/tmp/assay-report-5.pdf');
    expect(numberedPath('/tmp/assay-report-5.pdf', 1)).toBe('/tmp/assay-report-5 (1).pdf');
    expect(numberedPath('/tmp/book.v2.xlsx', 2)).toBe('/tmp/book.v2 (2).xlsx');
    expect(numberedPath('/tmp/dir.d/README', 1)).toBe('/tmp/dir.d/README (1)');
    expect(numberedPath('/tmp/.hidden', 1)).toBe('/tmp/.hidden (1)');
  });
});
