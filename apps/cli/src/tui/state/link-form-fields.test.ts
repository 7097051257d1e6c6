import { describe, expect, it } from 'vitest';
import { blankLinkFields, linkBodyOfFields, linkFieldErrors, linkFieldsOf, understoodDate, zonesMatching } from './link-form-fields.js';

const blank = blankLinkFields(1000);

describe('link form fields, checked by the domain as they are typed', () => {
  it('needs a name, real UTC dates for access times 1 and 2, and an end after the start', () => {
    expect(linkFieldErrors(blank)).toEqual({ name: 'testLinkName must not be empty' });
    const timeBound = { ...blank, name: 'Spring', accessTime: 1 as const };
    expect(linkFieldErrors({ ...timeBound, start: '2026-04-01', end: '' })).toMatchObject({
      start: expect.stringContaining('YYYY-MM-DDTHH:MM (seconds optional)'),
      end: expect.any(String),
    });
    expect(linkFieldErrors({ ...timeBound, start: '2026-04-01T09:00:00', end: '2026-04-01T08:00:00' })).toEqual({
      end: 'endDateTime must be after startDateTime',
    });
    expect(linkFieldErrors({ ...timeBound, accessTime: 2, start: '2026-04-01T09:00:00', end: '2026-04-09T09:00:00' })).toEqual({
      end: 'for accessTime 2 the daily end time must differ from the daily start time',
    });
    expect(linkFieldErrors({ ...timeBound, start: '2026-04-01T09:00:00', end: '2026-04-30T18:00:00' })).toEqual({});
    // What an empty field means differs: the organization's email on create, nobody on edit.
    expect(linkFieldErrors({ ...blank, name: 'x', stakeholder: 'not mail' })).toEqual({
      stakeholder: "an email address, or empty for the organization's email",
    });
    expect(linkFieldErrors({ ...blank, name: 'x', stakeholder: 'not mail' }, true)).toEqual({ stakeholder: 'an email address, or empty for nobody' });
  });

  it('builds the body the API takes', () => {
    const fields = {
      ...blank,
      name: ' Spring ',
      accessTime: 1 as const,
      start: '2026-04-01T09:00:00',
      end: '2026-04-30T18:00:00',
      timeZoneId: 1720,
      inviteOnly: true,
    };
    expect(linkBodyOfFields(fields, false)).toEqual({
      testLinkName: 'Spring',
      accessTime: 1,
      // Typed in Asia/Kolkata (UTC+5:30), sent in UTC.
      startDateTime: '2026-04-01T03:30:00',
      endDateTime: '2026-04-30T12:30:00',
      timeZoneId: 1720,
      inviteCandidateOnly: 1,
      imageProctoring: 0,
    });
    expect(linkBodyOfFields({ ...blank, name: 'x', active: false }, true)).toMatchObject({ testLinkStatus: 3, emailToStakeholder: '' });
    // No zone chosen on a new link: the field is left out, so the organization's default applies.
    expect(linkBodyOfFields({ ...blankLinkFields(), name: 'x' }, false)).not.toHaveProperty('timeZoneId');
  });

  it('finds zones by city, id or description and shows dates in them', () => {
    expect(zonesMatching('kolk').map((zone) => zone.timeZoneId)).toEqual([1720]);
    expect(zonesMatching('1720')[0]?.iana).toBe('Asia/Kolkata');
    expect(zonesMatching('zzz')).toEqual([]);
  });

  it('takes dates in the chosen zone without seconds and says what it understood', () => {
    const berlin = zonesMatching('europe berlin')[0]?.timeZoneId ?? null;
    expect(berlin).not.toBeNull();
    const fields = { ...blankLinkFields(berlin), name: 'Winter', accessTime: 1 as const, start: '2026-12-04T18:00', end: '2026-12-11T18:00' };
    expect(linkFieldErrors(fields)).toEqual({});
    expect(linkBodyOfFields(fields, false)).toMatchObject({ startDateTime: '2026-12-04T17:00:00', endDateTime: '2026-12-11T17:00:00', timeZoneId: berlin });
    expect(understoodDate('2026-12-04T18:00', berlin)).toBe('Fri, 4 Dec 2026, 18:00 Europe/Berlin = 2026-12-04 17:00 UTC');
    expect(understoodDate('2026-12-04T18:00', null)).toBe('Fri, 4 Dec 2026, 18:00 UTC');
    expect(understoodDate('2026-12-04', berlin)).toBeUndefined();
    expect(linkFieldErrors({ ...fields, start: '2026-03-29T02:30' }).start).toContain('Europe/Berlin');
  });

  it('opens a stored link with its UTC dates shown in its zone', () => {
    const link = { testLinkName: 'Winter', accessTime: 1, startDateTime: '2026-12-04T17:00:00', endDateTime: '2026-12-11T17:00:00', timeZoneId: 1720 };
    expect(linkFieldsOf(link as Parameters<typeof linkFieldsOf>[0])).toMatchObject({ start: '2026-12-04T22:30', end: '2026-12-11T22:30' });
  });
});
