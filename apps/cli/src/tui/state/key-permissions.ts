import type { Capability } from '@assay/domain/core';
import type { KeyHint } from '../hints.js';
import type { Keystroke } from '../input/keystroke.js';

/** Whether the API key may do `capability` (from `GET /v2/org/me`, read once at start: issue 50). */
export type May = (capability: Capability) => boolean;

/** The screens whose keys change something, and what each of those keys needs. */
export type GuardedScreen = 'testDetails' | 'links' | 'invitations' | 'report';

interface GuardedKey {
  /** As the key's hint writes it. */
  readonly hint: string;
  readonly stroke: Keystroke;
  readonly capability: Capability;
}

const key = (hint: string, capability: Capability): GuardedKey => ({
  hint,
  stroke: hint === 'Enter' ? { type: 'key', name: 'return' } : { type: 'char', char: hint },
  capability,
});

const GUARDED: Record<GuardedScreen, readonly GuardedKey[]> = {
  // A check of which questions a model solves is asked with the right to change the test's settings (issue 60 item 7).
  // A blind reviewer reads no report: the invitations list and the Excel export name candidates (issue 61 item 7, decision 1420).
  testDetails: [
    key('i', 'read-reports'),
    key('x', 'read-reports'),
    key('s', 'read-reports'),
    key('n', 'register-candidates'),
    key('b', 'register-candidates'),
    key('a', 'change-test-links'),
  ],
  links: [key('n', 'change-test-links'), key('Enter', 'change-test-links'), key('s', 'change-test-links'), key('c', 'register-candidates')],
  // Issue 50 (decision 810): deciding is the hiring team's; a reviewer notes, tags and rates.
  invitations: [
    key('x', 'change-invitations'),
    key('a', 'change-invitations'),
    key('m', 'change-invitations'),
    key('e', 'change-invitations'),
    key('d', 'decide-candidates'),
    key('t', 'annotate-candidates'),
    key('n', 'annotate-candidates'),
    key('*', 'annotate-candidates'),
  ],
  report: [key('x', 'change-invitations'), key('a', 'change-invitations'), key('m', 'change-invitations'), key('e', 'change-invitations')],
};

/** The keys of `screen` the key's role may not use: neither shown nor acted on (a reviewer sees no register, cancel…). */
export const deniedKeys = (screen: GuardedScreen, may: May): readonly GuardedKey[] => GUARDED[screen].filter((guarded) => !may(guarded.capability));

/** The hints without the denied keys'. */
export const permittedHints = <H extends KeyHint>(hints: readonly H[], denied: readonly GuardedKey[]): H[] =>
  hints.filter((entry) => !denied.some((guarded) => guarded.hint === entry.keys));

/** Whether `stroke` is a denied key: the screen swallows it, so it neither acts nor reaches the frame. */
export const isDenied = (denied: readonly GuardedKey[], stroke: Keystroke): boolean =>
  denied.some(({ stroke: guarded }) =>
    guarded.type === 'char'
      ? stroke.type === 'char' && stroke.char === guarded.char
      : guarded.type === 'key' && stroke.type === 'key' && stroke.name === guarded.name,
  );
