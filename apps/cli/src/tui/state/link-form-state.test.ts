import { describe, expect, it } from 'vitest';
import { linkFixture } from '../../../test/helpers/fixtures.js';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import { blankLinkFields } from './link-form-fields.js';
import { initialLinkForm, linkFormCallKey, linkFormKeys, linkFormReducer, type LinkFormEvent, type LinkFormState } from './link-form-state.js';

type Phase = LinkFormState['phase'];
const failure: Failure = { exitCode: 1, label: '400.9', message: 'timeZoneId 5 is not in the time zone table' };
const link = linkFixture();
const editing: LinkFormState = { ...initialLinkForm({ ...blankLinkFields(1000), name: 'Spring' }, false), focus: 'accessTime' };
const states: Record<Phase, LinkFormState> = {
  editing,
  pickingZone: { ...editing, phase: 'pickingZone', filter: 'kolk', filterCaret: 4, cursor: 0 },
  saving: { ...editing, phase: 'saving', saves: 1 },
  saved: { ...editing, phase: 'saved', link },
};
const events: Record<LinkFormEvent['type'], LinkFormEvent> = {
  focus: { type: 'focus', delta: 1 },
  edit: { type: 'edit', edit: { type: 'insert', text: 'x' } },
  cycle: { type: 'cycle', delta: 1 },
  openZones: { type: 'openZones' },
  zoneEdit: { type: 'zoneEdit', edit: { type: 'deleteBack' } },
  zoneMove: { type: 'zoneMove', delta: 1 },
  zonePick: { type: 'zonePick' },
  zoneCancel: { type: 'zoneCancel' },
  submit: { type: 'submit' },
  saved: { type: 'saved', link },
  failed: { type: 'failed', failure },
};
const same = (after: LinkFormState, before: LinkFormState) => expect(after).toBe(before);
const expected: Record<Phase, Record<LinkFormEvent['type'], (after: LinkFormState, before: LinkFormState) => void>> = {
  editing: {
    focus: (after) => expect(after).toMatchObject({ phase: 'editing', focus: 'timeZoneId' }),
    edit: same, // the focused field is a choice, not text
    cycle: (after) => expect(after.fields.accessTime).toBe(1),
    openZones: (after) => expect(after).toMatchObject({ phase: 'pickingZone', filter: '', cursor: 0 }),
    zoneEdit: same,
    zoneMove: same,
    zonePick: same,
    zoneCancel: same,
    submit: (after) => expect(after).toMatchObject({ phase: 'saving', saves: 1, attempted: true }),
    saved: same,
    failed: same,
  },
  pickingZone: {
    focus: same,
    edit: same,
    cycle: same,
    openZones: same,
    zoneEdit: (after) => expect(after).toMatchObject({ phase: 'pickingZone', filter: 'kol', filterCaret: 3, cursor: 0 }),
    zoneMove: (after) => expect(after).toMatchObject({ phase: 'pickingZone', cursor: 0 }), // one zone matches "kolk": nowhere to move
    zonePick: (after) => expect(after).toMatchObject({ phase: 'editing', fields: { timeZoneId: 1720 } }),
    zoneCancel: (after) => expect(after).toMatchObject({ phase: 'editing', fields: { timeZoneId: 1000 } }),
    submit: same,
    saved: same,
    failed: same,
  },
  saving: {
    focus: same,
    edit: same,
    cycle: same,
    openZones: same,
    zoneEdit: same,
    zoneMove: same,
    zonePick: same,
    zoneCancel: same,
    submit: same,
    saved: (after) => expect(after).toMatchObject({ phase: 'saved', link }),
    failed: (after) => expect(after).toMatchObject({ phase: 'editing', failure }),
  },
  saved: {
    focus: same,
    edit: same,
    cycle: same,
    openZones: same,
    zoneEdit: same,
    zoneMove: same,
    zonePick: same,
    zoneCancel: same,
    submit: same,
    saved: same,
    failed: same,
  },
};

describe('linkFormReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [Phase, LinkFormEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => {
    const before = states[phase];
    expected[phase][type](linkFormReducer(before, events[type]), before);
  });
  it('covers 4 × 11 pairs', () => expect(pairs).toHaveLength(44));
});

describe('the link form', () => {
  it('offers the dates only for time-bound and slot-wise links, and the status only when editing', () => {
    let state = linkFormReducer(editing, { type: 'cycle', delta: 1 });
    const order: string[] = [];
    for (let step = 0; step < 10; step += 1) {
      state = linkFormReducer(state, { type: 'focus', delta: 1 });
      order.push(state.focus);
    }
    expect(order).toEqual(['start', 'end', 'timeZoneId', 'inviteOnly', 'proctoring', 'stakeholder', 'save', 'name', 'accessTime', 'start']);
    const existing = initialLinkForm(blankLinkFields(1000), true);
    expect(linkFormReducer({ ...existing, focus: 'stakeholder' }, { type: 'focus', delta: 1 }).focus).toBe('active');
  });

  it('types into the focused text field and toggles choices', () => {
    const named = linkFormReducer({ ...editing, focus: 'name', caret: 6 }, { type: 'edit', edit: { type: 'insert', text: '!' } });
    expect(named).toMatchObject({ fields: { name: 'Spring!' }, caret: 7 });
    const invited = linkFormReducer({ ...editing, focus: 'inviteOnly' }, { type: 'cycle', delta: 1 });
    expect(invited.fields.inviteOnly).toBe(true);
    expect(linkFormReducer({ ...editing, focus: 'accessTime' }, { type: 'cycle', delta: -1 }).fields.accessTime).toBe(2);
  });

  it('does not save invalid dates: it shows the errors and focuses the first bad field', () => {
    const timeBound = { ...editing, fields: { ...editing.fields, accessTime: 1 as const, start: '2026-04-01T09:00:00', end: '2026-02-30T09:00:00' } };
    const refused = linkFormReducer(timeBound, { type: 'submit' });
    expect(refused).toMatchObject({ phase: 'editing', attempted: true, focus: 'end' });
    expect(linkFormCallKey(refused)).toBeNull();
  });
});

describe('linkFormKeys: each key against the form as of that key', () => {
  const on = (focus: LinkFormState['focus']): LinkFormState => ({ ...editing, focus });
  const insert = (text: string): LinkFormEvent => ({ type: 'edit', edit: { type: 'insert', text } });
  it.each<[string, LinkFormState, Keystroke, KeyDecision<LinkFormEvent>]>([
    ['Ctrl+S saves from any field', on('name'), { type: 'ctrl', letter: 's' }, taken({ type: 'submit' })],
    ['Tab goes to the next field', on('name'), named('tab'), taken({ type: 'focus', delta: 1 })],
    ['↓ goes to the next field', on('accessTime'), named('down'), taken({ type: 'focus', delta: 1 })],
    ['Shift+Tab goes back', on('name'), named('backTab'), taken({ type: 'focus', delta: -1 })],
    ['↑ goes back', on('stakeholder'), named('up'), taken({ type: 'focus', delta: -1 })],
    ['Enter on the button saves', on('save'), named('return'), taken({ type: 'submit' })],
    ['Enter on the time zone opens the picker', on('timeZoneId'), named('return'), taken({ type: 'openZones' })],
    ['Enter elsewhere goes to the next field', on('name'), named('return'), taken({ type: 'focus', delta: 1 })],
    ['→ changes a choice', on('accessTime'), named('right'), taken({ type: 'cycle', delta: 1 })],
    ['← changes it back', on('accessTime'), named('left'), taken({ type: 'cycle', delta: -1 })],
    ['Space toggles a switch', on('inviteOnly'), char(' '), taken({ type: 'cycle', delta: 1 })],
    ['→ in a text field moves the caret', on('name'), named('right'), taken({ type: 'edit', edit: { type: 'caret', to: 'right' } })],
    ['q in a text field is typed', on('stakeholder'), char('q'), taken(insert('q'))],
    ['Space in a text field is typed', on('name'), char(' '), taken(insert(' '))],
    ['Backspace in a text field erases', on('end'), named('backspace'), taken({ type: 'edit', edit: { type: 'deleteBack' } })],
    ['q on a choice is the frame’s (back)', on('proctoring'), char('q'), passed()],
    ['? on the button is the frame’s (help)', on('save'), char('?'), passed()],
    ['Esc is the frame’s (cancel)', on('name'), named('escape'), passed()],
    ['picking: Esc closes the picker', states.pickingZone, named('escape'), taken({ type: 'zoneCancel' })],
    ['picking: Enter picks', states.pickingZone, named('return'), taken({ type: 'zonePick' })],
    ['picking: ↓ moves', states.pickingZone, named('down'), taken({ type: 'zoneMove', delta: 1 })],
    ['picking: a letter filters', states.pickingZone, char('a'), taken({ type: 'zoneEdit', edit: { type: 'insert', text: 'a' } })],
    ['picking: Tab does nothing', states.pickingZone, named('tab'), taken()],
    ['saving: keys wait', states.saving, char('x'), taken()],
    ['saving: Esc is the frame’s', states.saving, named('escape'), passed()],
    ['saved: every key is the frame’s', states.saved, char('q'), passed()],
  ])('%s', (_name, state, stroke, decision) => expect(linkFormKeys(state, stroke)).toEqual(decision));

  it('composes a burst: "Fast", ↓ → ↓ leaves a time-bound link with Start focused', () => {
    let state = initialLinkForm(blankLinkFields(1000), false);
    for (const stroke of [...[...'Fast'].map(char), named('down'), named('right'), named('down')]) {
      for (const event of linkFormKeys(state, stroke).events) state = linkFormReducer(state, event);
    }
    expect(state).toMatchObject({ focus: 'start', caret: 0, fields: { name: 'Fast', accessTime: 1 } });
  });
});
