import type { TestLink } from '@assay/domain/schemas';
import { describe, expect, it } from 'vitest';
import { linksText } from './links.js';

const link: TestLink = {
  testLinkId: 7,
  testId: 3,
  testLinkName: 'Spring',
  testLinkAccessKey: 'abc123',
  accessTime: 1,
  startDateTime: '2026-04-01T03:30:00',
  endDateTime: '2026-04-30T12:30:00',
  timeZoneId: 1720,
  inviteCandidateOnly: 0,
  imageProctoring: 0,
  emailToStakeholder: null,
  testLinkStatus: 1,
};

describe('assay links list, for people', () => {
  it("shows each link's access window in its zone and its public URL", () => {
    const text = linksText(
      [link, { ...link, testLinkId: 8, testLinkName: 'Open', testLinkAccessKey: 'k8', accessTime: 0, startDateTime: null, endDateTime: null }],
      'https://assay.example/',
    );
    expect(text).toContain('PUBLIC URL');
    expect(text).toContain('https://assay.example/l/abc123');
    expect(text).toContain('https://assay.example/l/k8');
    expect(text).toMatch(/Time bound: .*01 Apr 2026.*09:00.*Asia\/Kolkata/);
  });
});
