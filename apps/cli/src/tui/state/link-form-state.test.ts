import type { TestLink } from '@assay/domain';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { blankLinkFields } from './link-form-fields.js';
import { initialLinkForm, linkFormCallKey, linkFormReducer, type LinkFormEvent, type LinkFormState } from './link-form-state.js';

type Phase = LinkFormState['phase'];
const failure: Failure = { exitCode: 1, label: '400.9', message: 'timeZoneId 5 is not in the time zone table' };
const link: TestLink = {
  testLinkId: 3,
  testId: 1,
  testLinkName: 'Spring',
  testLinkAccessKey: 'key',
  accessTime: 0,
  startDateTime: null,
  endDateTime: null,
  timeZoneId: 1000,
  inviteCandidateOnly: 0,
  imageProctoring: 0,
  emailToStakeholder: null,
  testLinkStatus: 1,
};
const editing: LinkFormState = { ...initialLinkForm({ ...blankLinkFields(1000), name: 'Spring' }, false), focus: 'accessTime' };
const states: Record<Phase, LinkFormState> = {
  editing,
  pickingZone: { ...editing, phase: 'pickingZone', filter: 'kolk', cursor: 0 },
  saving: { ...editing, phase: 'saving', saves: 1 },
  saved: { ...editing, phase: 'saved', link },
};
const events: Record<LinkFormEvent['type'], LinkFormEvent> = {
  focus: { type: 'focus', delta: 1 },
  input: { type: 'input', value: 'typed' },
  cycle: { type: 'cycle', delta: 1 },
  openZones: { type: 'openZones' },
  zoneFilter: { type: 'zoneFilter', filter: 'paris' },
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
    input: same, // the focused field is a choice, not text
    cycle: (after) => expect(after.fields.accessTime).toBe(1),
    openZones: (after) => expect(after).toMatchObject({ phase: 'pickingZone', filter: '', cursor: 0 }),
    zoneFilter: same,
    zoneMove: same,
    zonePick: same,
    zoneCancel: same,
    submit: (after) => expect(after).toMatchObject({ phase: 'saving', saves: 1, attempted: true }),
    saved: same,
    failed: same,
  },
  pickingZone: {
    focus: same,
    input: same,
    cycle: same,
    openZones: same,
    zoneFilter: (after) => expect(after).toMatchObject({ phase: 'pickingZone', filter: 'paris', cursor: 0 }),
    zoneMove: (after) => expect(after).toMatchObject({ phase: 'pickingZone', cursor: 0 }), // one zone matches "kolk": nowhere to move
    zonePick: (after) => expect(after).toMatchObject({ phase: 'editing', fields: { timeZoneId: 1720 } }),
    zoneCancel: (after) => expect(after).toMatchObject({ phase: 'editing', fields: { timeZoneId: 1000 } }),
    submit: same,
    saved: same,
    failed: same,
  },
  saving: {
    focus: same,
    input: same,
    cycle: same,
    openZones: same,
    zoneFilter: same,
    zoneMove: same,
    zonePick: same,
    zoneCancel: same,
    submit: same,
    saved: (after) => expect(after).toMatchObject({ phase: 'saved', link }),
    failed: (after) => expect(after).toMatchObject({ phase: 'editing', failure }),
  },
  saved: {
    focus: same,
    input: same,
    cycle: same,
    openZones: same,
    zoneFilter: same,
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
    const named = linkFormReducer({ ...editing, focus: 'name' }, { type: 'input', value: 'Autumn' });
    expect(named.fields.name).toBe('Autumn');
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
