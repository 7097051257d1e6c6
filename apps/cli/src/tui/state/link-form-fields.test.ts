import { describe, expect, it } from 'vitest';
import { blankLinkFields, inZone, linkBodyOfFields, linkFieldErrors, zonesMatching } from './link-form-fields.js';

const blank = blankLinkFields(1000);

describe('link form fields, checked by the domain as they are typed', () => {
  it('needs a name, real UTC dates for access times 1 and 2, and an end after the start', () => {
    expect(linkFieldErrors(blank)).toEqual({ name: 'testLinkName must not be empty' });
    const timeBound = { ...blank, name: 'Spring', accessTime: 1 as const };
    expect(linkFieldErrors({ ...timeBound, start: '2026-04-01T09:00', end: '' })).toMatchObject({
      start: expect.stringContaining('YYYY-MM-DDTHH:MM:SS'),
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
      startDateTime: '2026-04-01T09:00:00',
      endDateTime: '2026-04-30T18:00:00',
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
    expect(inZone('2026-04-01T09:00:00', 1720)).toBe('1 Apr 2026, 14:30 Asia/Kolkata');
    expect(inZone('2026-04-01', 1720)).toBeUndefined();
    expect(inZone('2026-04-01T09:00:00', null)).toBe('1 Apr 2026, 09:00 UTC');
  });
});
