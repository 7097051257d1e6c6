import type { TestLink } from '@assay/domain';

/** A link as the server answers it (4.5), for tests of pure code; `changes` adjust it. */
export const linkFixture = (changes: Partial<TestLink> = {}): TestLink => ({
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
  ...changes,
});
