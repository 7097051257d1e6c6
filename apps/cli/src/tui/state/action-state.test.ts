import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import type { CheckedUrl } from '../../format/checked-url.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import { actionCallKey, actionKeys, actionReducer, idleAction, type ActionEvent, type ActionState } from './action-state.js';

type Phase = ActionState<string>['phase'];
const failure: Failure = { exitCode: 1, label: '403.4', message: 'Reattempt is allowed only on a completed invitation.' };
const states: Record<Phase, ActionState<string>> = {
  idle: { phase: 'idle', runs: 1 },
  confirming: { phase: 'confirming', runs: 1, action: 'cancel' },
  running: { phase: 'running', runs: 1, action: 'cancel' },
  done: { phase: 'done', runs: 1, action: 'cancel', message: 'Cancelled.', outcome: null },
  failed: { phase: 'failed', runs: 1, action: 'cancel', failure },
};
const events: Record<ActionEvent<string>['type'], ActionEvent<string>> = {
  ask: { type: 'ask', action: 'reattempt', confirm: true },
  confirm: { type: 'confirm' },
  dismiss: { type: 'dismiss' },
  succeeded: { type: 'succeeded', message: 'Done.' },
  failed: { type: 'failed', failure },
  copied: { type: 'copied' },
};
const confirmingReattempt: ActionState<string> = { phase: 'confirming', runs: 1, action: 'reattempt' };
const expected: Record<Phase, Record<ActionEvent<string>['type'], ActionState<string>>> = {
  idle: { ask: confirmingReattempt, confirm: states.idle, dismiss: states.idle, succeeded: states.idle, failed: states.idle, copied: states.idle },
  confirming: {
    ask: states.confirming,
    confirm: { phase: 'running', runs: 2, action: 'cancel' },
    dismiss: { phase: 'idle', runs: 1 },
    succeeded: states.confirming,
    failed: states.confirming,
    copied: states.confirming,
  },
  running: {
    ask: states.running,
    confirm: states.running,
    dismiss: states.running,
    succeeded: { phase: 'done', runs: 1, action: 'cancel', message: 'Done.', outcome: null },
    failed: { phase: 'failed', runs: 1, action: 'cancel', failure },
    copied: states.running,
  },
  done: {
    ask: confirmingReattempt,
    confirm: states.done,
    dismiss: { phase: 'idle', runs: 1 },
    succeeded: states.done,
    failed: states.done,
    copied: states.done,
  },
  failed: {
    ask: confirmingReattempt,
    confirm: states.failed,
    dismiss: { phase: 'idle', runs: 1 },
    succeeded: states.failed,
    failed: states.failed,
    copied: states.failed,
  },
};

describe('actionReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) =>
    Object.keys(byEvent).map((type) => [phase, type] as [Phase, ActionEvent<string>['type']]),
  );
  it.each(pairs)('%s + %s', (phase, type) => expect(actionReducer(states[phase], events[type])).toEqual(expected[phase][type]));
  it('covers 5 × 6 pairs', () => expect(pairs).toHaveLength(30));

  it('keeps the URL a reattempt hands over, for c to copy', () => {
    const url = 'http://assay.test/t/new' as CheckedUrl;
    const done = actionReducer(states.running, { type: 'succeeded', message: 'New attempt.', url });
    expect(done).toMatchObject({ phase: 'done', outcome: { url, copied: false } });
    expect(actionKeys(done, char('c'))).toEqual(effect({ copy: url }, { type: 'copied' }));
    expect(actionReducer(done, { type: 'copied' })).toMatchObject({ outcome: { url, copied: true } });
    // Without a URL, c clears the outcome and goes on, like any other key.
    expect(actionKeys(states.done, char('c'))).toEqual(passed({ type: 'dismiss' }));
  });

  it('runs at once when no confirmation is wanted, each run a new request', () => {
    const first = actionReducer(idleAction<string>(), { type: 'ask', action: 'toggle', confirm: false });
    expect(first).toEqual({ phase: 'running', runs: 1, action: 'toggle' });
    const done = actionReducer(first, { type: 'succeeded', message: 'ok' });
    const second = actionReducer(done, { type: 'ask', action: 'toggle', confirm: false });
    expect(actionCallKey(first)).toBe('run#1');
    expect(actionCallKey(second)).toBe('run#2');
    expect(actionCallKey(done)).toBeNull();
  });
});

describe('actionKeys: a confirmation waits for y or n; a shown outcome is cleared by the next key', () => {
  it.each<[string, ActionState<string>, Keystroke, KeyDecision<ActionEvent<string>>]>([
    ['confirming: y runs it', states.confirming, char('y'), taken({ type: 'confirm' })],
    ['confirming: n dismisses', states.confirming, char('n'), taken({ type: 'dismiss' })],
    ['confirming: Esc dismisses', states.confirming, named('escape'), taken({ type: 'dismiss' })],
    ['confirming: q waits for an answer', states.confirming, char('q'), taken()],
    ['done: dismissed, the key goes on', states.done, named('down'), passed({ type: 'dismiss' })],
    ['failed: dismissed, the key goes on', states.failed, char('r'), passed({ type: 'dismiss' })],
    ['idle: not its key', states.idle, char('y'), passed()],
    ['running: not its key', states.running, char('n'), passed()],
  ])('%s', (_name, state, stroke, decision) => expect(actionKeys(state, stroke)).toEqual(decision));
});
