import { describe, it, expect } from 'vitest';
import type { TestLinkInput } from './schemas/test-link.js';
import { resolveTestLinkSettings, type OrgDefaults, type TestLinkSettings } from './test-link-settings.js';

const defaults: OrgDefaults = { timeZoneId: 1720, email: 'org@example.com' };

const input = (overrides: Partial<TestLinkInput> = {}): TestLinkInput => ({
  testLinkName: 'Campus drive',
  accessTime: 0,
  ...overrides,
});

const settingsOf = (given: TestLinkInput, current?: TestLinkSettings): TestLinkSettings => {
  const result = resolveTestLinkSettings(given, defaults, current);
  if (result.err) throw new Error(`expected settings, got ${result.err.kind}: ${result.err.message}`);
  return result.val;
};

describe('resolveTestLinkSettings on create', () => {
  it('fills the spec defaults for omitted fields', () => {
    expect(settingsOf(input())).toEqual({
      testLinkName: 'Campus drive',
      accessTime: 0,
      startDateTime: null,
      endDateTime: null,
      timeZoneId: 1720,
      inviteCandidateOnly: 0,
      imageProctoring: 0,
      emailToStakeholder: 'org@example.com',
      testLinkStatus: 1,
    });
  });

  it('keeps the given values', () => {
    const settings = settingsOf(
      input({
        accessTime: 1,
        startDateTime: '2026-12-01T09:00:00',
        endDateTime: '2026-12-05T17:00:00',
        timeZoneId: 1000,
        inviteCandidateOnly: 1,
        imageProctoring: 1,
        emailToStakeholder: 'hr@example.com',
        testLinkStatus: 3,
      }),
    );
    expect(settings).toEqual({
      testLinkName: 'Campus drive',
      accessTime: 1,
      startDateTime: '2026-12-01T09:00:00',
      endDateTime: '2026-12-05T17:00:00',
      timeZoneId: 1000,
      inviteCandidateOnly: 1,
      imageProctoring: 1,
      emailToStakeholder: 'hr@example.com',
      testLinkStatus: 3,
    });
  });

  it.each([null, ''])('emailToStakeholder %j means nobody is emailed', (email) => {
    expect(settingsOf(input({ emailToStakeholder: email })).emailToStakeholder).toBeNull();
  });

  it('drops dates sent with accessTime 0', () => {
    const settings = settingsOf(input({ startDateTime: '2026-12-01T09:00:00', endDateTime: '' }));
    expect(settings.startDateTime).toBeNull();
    expect(settings.endDateTime).toBeNull();
  });

  it('refuses an unknown timeZoneId with 400.9', () => {
    const result = resolveTestLinkSettings(input({ timeZoneId: 9999 }), defaults);
    expect(result.err?.kind).toBe('unknown-time-zone');
    expect(result.err?.message).toContain('9999');
  });

  it('refuses an unknown default timeZoneId with 400.9', () => {
    expect(resolveTestLinkSettings(input(), { timeZoneId: 1, email: 'org@example.com' }).err?.kind).toBe('unknown-time-zone');
  });

  it('passes access-time refusals through', () => {
    expect(resolveTestLinkSettings(input({ accessTime: 1 }), defaults).err?.kind).toBe('access-dates-required');
    expect(
      resolveTestLinkSettings(input({ accessTime: 2, startDateTime: '2026-12-01 09:00:00', endDateTime: '2026-12-05T17:00:00' }), defaults).err?.kind,
    ).toBe('malformed-date-time');
    expect(
      resolveTestLinkSettings(input({ accessTime: 1, startDateTime: '2026-12-05T09:00:00', endDateTime: '2026-12-01T17:00:00' }), defaults).err?.kind,
    ).toBe('end-before-start');
  });
});

describe('resolveTestLinkSettings on update', () => {
  const current: TestLinkSettings = {
    testLinkName: 'Old name',
    accessTime: 1,
    startDateTime: '2026-11-01T09:00:00',
    endDateTime: '2026-11-05T17:00:00',
    timeZoneId: 1000,
    inviteCandidateOnly: 1,
    imageProctoring: 1,
    emailToStakeholder: 'stakeholder@example.com',
    testLinkStatus: 3,
  };

  it('keeps omitted optional fields from the current settings', () => {
    expect(settingsOf(input({ testLinkName: 'New name' }), current)).toEqual({
      testLinkName: 'New name',
      accessTime: 0,
      startDateTime: null,
      endDateTime: null,
      timeZoneId: 1000,
      inviteCandidateOnly: 1,
      imageProctoring: 1,
      emailToStakeholder: 'stakeholder@example.com',
      testLinkStatus: 3,
    });
  });

  it('keeps a stored null stakeholder rather than using the account email', () => {
    expect(settingsOf(input(), { ...current, emailToStakeholder: null }).emailToStakeholder).toBeNull();
  });

  it('applies given values over the current ones', () => {
    const settings = settingsOf(input({ timeZoneId: 1720, inviteCandidateOnly: 0, imageProctoring: 0, emailToStakeholder: '' }), current);
    expect(settings.timeZoneId).toBe(1720);
    expect(settings.inviteCandidateOnly).toBe(0);
    expect(settings.imageProctoring).toBe(0);
    expect(settings.emailToStakeholder).toBeNull();
  });

  it('testLinkStatus 3 moves an active link to inactive', () => {
    expect(settingsOf(input({ testLinkStatus: 3 }), { ...current, testLinkStatus: 1 }).testLinkStatus).toBe(3);
  });

  it('testLinkStatus 1 moves an inactive link back to active', () => {
    expect(settingsOf(input({ testLinkStatus: 1 }), current).testLinkStatus).toBe(1);
  });

  it('an omitted testLinkStatus leaves an active link active', () => {
    expect(settingsOf(input(), { ...current, testLinkStatus: 1 }).testLinkStatus).toBe(1);
  });

  it('replaces the dates with the new period', () => {
    const settings = settingsOf(input({ accessTime: 2, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' }), current);
    expect(settings.accessTime).toBe(2);
    expect(settings.startDateTime).toBe('2026-12-01T09:00:00');
    expect(settings.endDateTime).toBe('2026-12-05T17:00:00');
  });

  it('refuses an unknown timeZoneId on update', () => {
    expect(resolveTestLinkSettings(input({ timeZoneId: 42 }), defaults, current).err?.kind).toBe('unknown-time-zone');
  });
});
