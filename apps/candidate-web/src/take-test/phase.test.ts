import { describe, expect, it } from 'vitest';
import { allows, type PageAction, type Phase } from './phase.js';

const phases: Phase[] = [
  { kind: 'loading' },
  { kind: 'failed' },
  { kind: 'landing' },
  { kind: 'starting' },
  { kind: 'running' },
  { kind: 'refreshing' },
  { kind: 'submitting', reason: 'submitted' },
  { kind: 'submitting', reason: 'timeUp' },
  { kind: 'finished', reason: 'submitted' },
  { kind: 'finished', reason: 'timeUp' },
  { kind: 'finished', reason: 'alreadyCompleted' },
  { kind: 'cancelled' },
];
const actions: PageAction[] = ['start', 'answer', 'refresh', 'submit', 'tick', 'finish'];

/** The expected table: the phases in which each action is allowed. */
const expected: Record<PageAction, Phase['kind'][]> = {
  start: ['landing'],
  answer: ['running', 'refreshing'],
  refresh: ['running'],
  submit: ['running', 'refreshing'],
  tick: ['running', 'refreshing', 'submitting'],
  finish: ['running', 'refreshing', 'submitting'],
};

describe('allows', () => {
  for (const phase of phases) {
    for (const action of actions) {
      const allowed = expected[action].includes(phase.kind);
      it(`${allowed ? 'allows' : 'refuses'} ${action} while ${phase.kind}${'reason' in phase ? ` (${phase.reason})` : ''}`, () => {
        expect(allows(phase, action)).toBe(allowed);
      });
    }
  }
});
