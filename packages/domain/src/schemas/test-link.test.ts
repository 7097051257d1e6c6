import { describe, it, expect } from 'vitest';
import { AccessTime, TestLink, TestLinkInput, TestLinkStatus } from './test-link.js';

const valid = { testLinkName: 'Campus drive', accessTime: 0 };

const failurePaths = (body: unknown): string[] => {
  const parsed = TestLinkInput.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('TestLinkInput', () => {
  it('accepts the minimal body and leaves optional fields undefined', () => {
    const parsed = TestLinkInput.safeParse(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ testLinkName: 'Campus drive', accessTime: 0 });
  });

  it('accepts a full body', () => {
    const body = {
      testLinkName: '  Slot link  ',
      accessTime: 2,
      timeZoneId: 1720,
      inviteCandidateOnly: 1,
      imageProctoring: 0,
      emailToStakeholder: 'hr@example.com',
      testLinkStatus: 3,
      startDateTime: '2026-12-01T09:00:00',
      endDateTime: '2026-12-05T17:00:00',
    };
    const parsed = TestLinkInput.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ ...body, testLinkName: 'Slot link' });
  });

  it.each([null, ''])('accepts emailToStakeholder %j', (emailToStakeholder) => {
    expect(TestLinkInput.safeParse({ ...valid, emailToStakeholder }).success).toBe(true);
  });

  it('accepts empty-string and null dates (left to resolveAccessWindow)', () => {
    expect(TestLinkInput.safeParse({ ...valid, startDateTime: '', endDateTime: '' }).success).toBe(true);
    expect(TestLinkInput.safeParse({ ...valid, startDateTime: null, endDateTime: null }).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['missing testLinkName', { accessTime: 0 }, 'testLinkName'],
    ['blank testLinkName', { testLinkName: '   ', accessTime: 0 }, 'testLinkName'],
    ['numeric testLinkName', { testLinkName: 42, accessTime: 0 }, 'testLinkName'],
    ['too long testLinkName', { testLinkName: 'x'.repeat(201), accessTime: 0 }, 'testLinkName'],
    ['missing accessTime', { testLinkName: 'L' }, 'accessTime'],
    ['accessTime as a string', { ...valid, accessTime: '1' }, 'accessTime'],
    ['accessTime 5', { ...valid, accessTime: 5 }, 'accessTime'],
    ['accessTime -1', { ...valid, accessTime: -1 }, 'accessTime'],
    ['testLinkStatus 2', { ...valid, testLinkStatus: 2 }, 'testLinkStatus'],
    ['testLinkStatus "1"', { ...valid, testLinkStatus: '1' }, 'testLinkStatus'],
    ['timeZoneId 1.5', { ...valid, timeZoneId: 1.5 }, 'timeZoneId'],
    ['timeZoneId as a string', { ...valid, timeZoneId: '1720' }, 'timeZoneId'],
    ['inviteCandidateOnly 2', { ...valid, inviteCandidateOnly: 2 }, 'inviteCandidateOnly'],
    ['imageProctoring true', { ...valid, imageProctoring: true }, 'imageProctoring'],
    ['invalid emailToStakeholder', { ...valid, emailToStakeholder: 'not-an-email' }, 'emailToStakeholder'],
    ['numeric emailToStakeholder', { ...valid, emailToStakeholder: 5 }, 'emailToStakeholder'],
    ['numeric startDateTime', { ...valid, startDateTime: 1764579600000 }, 'startDateTime'],
  ])('rejects %s', (_label, body, path) => {
    expect(failurePaths(body)).toContain(path);
  });

  it('rejects a body that is not an object', () => {
    expect(TestLinkInput.safeParse('testLinkName=x').success).toBe(false);
    expect(TestLinkInput.safeParse(null).success).toBe(false);
  });

  it('uses the readable messages for accessTime and testLinkStatus', () => {
    const parsed = TestLinkInput.safeParse({ ...valid, accessTime: 5, testLinkStatus: 2 });
    const messages = parsed.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('accessTime must be 0 (anytime), 1 (time bound) or 2 (slot wise)');
    expect(messages).toContain('testLinkStatus must be 1 (active) or 3 (inactive)');
  });
});

describe('AccessTime and TestLinkStatus', () => {
  it.each([0, 1, 2])('AccessTime accepts %s', (value) => {
    expect(AccessTime.safeParse(value).success).toBe(true);
  });

  it.each([1, 3])('TestLinkStatus accepts %s', (value) => {
    expect(TestLinkStatus.safeParse(value).success).toBe(true);
  });

  it.each([0, 2, 4])('TestLinkStatus rejects %s', (value) => {
    expect(TestLinkStatus.safeParse(value).success).toBe(false);
  });
});

describe('TestLink', () => {
  const link = {
    testLinkId: 7,
    testId: 3,
    testLinkName: 'L',
    testLinkAccessKey: 'abc',
    accessTime: 0,
    startDateTime: null,
    endDateTime: null,
    timeZoneId: 1720,
    inviteCandidateOnly: 0,
    imageProctoring: 0,
    emailToStakeholder: null,
    testLinkStatus: 1,
  };

  it('accepts a stored link and rejects a non-positive id', () => {
    expect(TestLink.safeParse(link).success).toBe(true);
    expect(TestLink.safeParse({ ...link, testLinkId: 0 }).success).toBe(false);
  });
});
