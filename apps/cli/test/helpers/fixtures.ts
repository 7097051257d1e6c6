import type { TestLink } from '@assay/domain';
import type { InvitationListRow } from '@assay/domain/schemas';

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

/** A row of a test's invitation list (`GET /v2/org/tests/{id}/invitations`): completed, 18 of 24; `changes` adjust it. */
export const invitationRowFixture = (changes: Partial<InvitationListRow> = {}): InvitationListRow => ({
  testInvitationId: 7,
  fullName: 'Ada Lovelace',
  emailId: 'ada@example.com',
  testStatus: 'Completed',
  reportStatus: 'Generated',
  scoreStatus: 'final',
  score: 18,
  maxScore: 24,
  percent: 75,
  awaitingReview: 0,
  invitedAt: '2026-12-01T09:00:00',
  startedAt: '2026-12-01T09:05:00',
  completedAt: '2026-12-01T09:40:00',
  expiresAt: null,
  extraTimePercent: 0,
  testLinkId: null,
  wv: 0,
  tv: 0,
  decision: null,
  tags: [],
  meanRating: null,
  integrity: null,
  ...changes,
});
