import type { EvidenceReview } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import {
  evidencePickKeys,
  evidencePromptKeys,
  evidenceReviewBody,
  evidenceReviewReducer,
  evidenceSaveKey,
  initialEvidenceReview,
  type EvidenceReviewEvent,
  type EvidenceReviewState,
} from './evidence-review-state.js';
import type { EvidenceRow } from './evidence-view.js';

type Phase = EvidenceReviewState['phase'];
const departure = { eventId: 'departure-1764063731000', name: 'Departure 1', signal: '09:42:11–09:42:13 (2 s)', review: null };
const snapshot: EvidenceRow = {
  eventId: 'snapshot-7',
  name: 'Snapshot 1',
  signal: 'taken 09:45:00',
  review: { outcome: 'confirmed', note: 'Second person', by: 'Panel A', at: '2026-11-25T10:31:00.000Z' },
};
const rows: EvidenceRow[] = [departure, snapshot];
const draft = { eventId: departure.eventId, name: 'Departure 1', signal: departure.signal, outcome: 'dismissed' as const, note: 'Fire', caret: 4 };
const failure: Failure = { exitCode: 1, label: '404.12', message: 'No integrity evidence departure-1764063731000 in this attempt.' };
const review: EvidenceReview = {
  eventId: departure.eventId,
  outcome: 'dismissed',
  note: 'Fire',
  reviewedAt: '2026-11-25T10:30:02.000Z',
  reviewedBy: { keyId: 3, label: 'Panel A' },
};
const states: Record<Phase, EvidenceReviewState> = {
  browsing: { ...initialEvidenceReview(), selected: 1, saved: 'Snapshot 1 confirmed.', saves: 1 },
  noting: { phase: 'noting', selected: 0, draft, failure, saved: null, saves: 1 },
  saving: { phase: 'saving', selected: 0, draft, failure: null, saved: null, saves: 2 },
};
const events: Record<EvidenceReviewEvent['type'], EvidenceReviewEvent> = {
  move: { type: 'move', delta: -1, count: 2 },
  ask: { type: 'ask', outcome: 'dismissed', row: { ...snapshot, eventId: 'snapshot-7' } },
  edit: { type: 'edit', edit: { type: 'insert', text: ' alarm' } },
  toggle: { type: 'toggle' },
  cancel: { type: 'cancel' },
  save: { type: 'save' },
  saved: { type: 'saved', review },
  failed: { type: 'failed', failure },
  clear: { type: 'clear' },
};
type Check = (after: EvidenceReviewState, before: EvidenceReviewState) => void;
const unchanged: Check = (after, before) => expect(after).toBe(before);
const ignoring = <T extends EvidenceReviewEvent['type']>(...types: T[]) => Object.fromEntries(types.map((type) => [type, unchanged])) as Record<T, Check>;

const expected: Record<Phase, Record<EvidenceReviewEvent['type'], Check>> = {
  browsing: {
    move: (after) => expect(after).toMatchObject({ phase: 'browsing', selected: 0, saved: null }),
    // A second review starts from the note that counts now.
    ask: (after) =>
      expect(after).toMatchObject({
        phase: 'noting',
        draft: { eventId: 'snapshot-7', name: 'Snapshot 1', outcome: 'dismissed', note: 'Second person', caret: 13 },
        failure: null,
        saved: null,
      }),
    clear: (after) => expect(after).toEqual({ ...states.browsing, saved: null }),
    ...ignoring('edit', 'toggle', 'cancel', 'save', 'saved', 'failed'),
  },
  noting: {
    edit: (after) => expect(after).toMatchObject({ phase: 'noting', draft: { note: 'Fire alarm', caret: 10 }, failure: null }),
    toggle: (after) => expect(after).toMatchObject({ phase: 'noting', draft: { outcome: 'confirmed', note: 'Fire' } }),
    cancel: (after) => expect(after).toMatchObject({ phase: 'browsing', draft: null, failure: null, selected: 0 }),
    save: (after) => expect(after).toMatchObject({ phase: 'saving', saves: 2, failure: null, draft }),
    ...ignoring('move', 'ask', 'saved', 'failed', 'clear'),
  },
  saving: {
    saved: (after) => expect(after).toMatchObject({ phase: 'browsing', draft: null, saved: 'Departure 1 dismissed.', selected: 0 }),
    // Refused: back to the prompt, the refusal under it, the note kept.
    failed: (after) => expect(after).toMatchObject({ phase: 'noting', failure, draft }),
    ...ignoring('move', 'ask', 'edit', 'toggle', 'cancel', 'save', 'clear'),
  },
};

describe('evidenceReviewReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) =>
    Object.keys(byEvent).map((type) => [phase, type] as [Phase, EvidenceReviewEvent['type']]),
  );
  it.each(pairs)('%s + %s', (phase, type) => {
    const before = states[phase];
    expected[phase][type](evidenceReviewReducer(before, events[type]), before);
  });
  it('covers 3 × 9 pairs', () => expect(pairs).toHaveLength(27));

  it('keeps the highlight on a row there is', () => {
    expect(evidenceReviewReducer(states.browsing, { type: 'move', delta: 1, count: 2 })).toMatchObject({ selected: 1 });
    expect(evidenceReviewReducer(initialEvidenceReview(), { type: 'move', delta: -1, count: 2 })).toMatchObject({ selected: 0 });
  });

  it('saves only what the domain accepts: a note over 2,000 characters is refused before it is sent', () => {
    const long = { ...states.noting, failure: null, draft: { ...draft, note: 'x'.repeat(2_001) } };
    const refused = evidenceReviewReducer(long, { type: 'save' });
    expect(refused).toMatchObject({ phase: 'noting', failure: { label: 'note' } });
    expect(evidenceSaveKey(refused)).toBeNull();
    expect(evidenceReviewBody({ ...draft, note: '  Fire alarm  ' })).toEqual({ outcome: 'dismissed', note: 'Fire alarm' });
    expect(evidenceReviewBody({ ...draft, note: '' })).toEqual({ outcome: 'dismissed', note: '' });
    expect(evidenceSaveKey(evidenceReviewReducer(states.noting, { type: 'save' }))).toBe('evidence#2');
  });
});

describe('the evidence keys, against the state as of the key', () => {
  const browsing: EvidenceReviewState = { ...initialEvidenceReview(), selected: 1 };
  it.each<[string, EvidenceReviewState, readonly EvidenceRow[], Keystroke, KeyDecision<EvidenceReviewEvent>]>([
    ['↓ moves the highlight', browsing, rows, named('down'), taken({ type: 'move', delta: 1, count: 2 })],
    ['↑ too', browsing, rows, named('up'), taken({ type: 'move', delta: -1, count: 2 })],
    ['d dismisses the highlighted piece', browsing, rows, char('d'), taken({ type: 'ask', outcome: 'dismissed', row: { ...snapshot, eventId: 'snapshot-7' } })],
    ['c confirms it', { ...browsing, selected: 0 }, rows, char('c'), taken({ type: 'ask', outcome: 'confirmed', row: departure })],
    ['a row of an older server (no id) is not reviewable', browsing, [departure, { ...snapshot, eventId: null }], char('d'), taken()],
    ['another key goes on, clearing a shown save', browsing, rows, char('p'), passed({ type: 'clear' })],
    ['without evidence every key goes on', browsing, [], char('d'), passed()],
    ['with the prompt open the list takes nothing', states.noting, rows, named('down'), passed()],
  ])('%s', (_name, state, list, stroke, decision) => expect(evidencePickKeys(state, list, stroke)).toEqual(decision));

  it.each<[string, EvidenceReviewState, Keystroke, KeyDecision<EvidenceReviewEvent>]>([
    ['Enter saves', states.noting, named('return'), taken({ type: 'save' })],
    ['Ctrl+S saves', states.noting, { type: 'ctrl', letter: 's' }, taken({ type: 'save' })],
    ['Tab switches dismissed and confirmed', states.noting, named('tab'), taken({ type: 'toggle' })],
    ['Shift+Tab too', states.noting, named('backTab'), taken({ type: 'toggle' })],
    ['Esc cancels', states.noting, named('escape'), taken({ type: 'cancel' })],
    ['q is typed', states.noting, char('q'), taken({ type: 'edit', edit: { type: 'insert', text: 'q' } })],
    ['? is typed', states.noting, char('?'), taken({ type: 'edit', edit: { type: 'insert', text: '?' } })],
    ['↓ does nothing in the note', states.noting, named('down'), taken()],
    ['saving: keys wait', states.saving, char('d'), taken()],
    ['saving: q waits too', states.saving, char('q'), taken()],
    ['saving: Esc too', states.saving, named('escape'), taken()],
    ['without a prompt nothing is taken', browsing, char('d'), passed()],
  ])('prompt: %s', (_name, state, stroke, decision) => expect(evidencePromptKeys(state, stroke)).toEqual(decision));
});
