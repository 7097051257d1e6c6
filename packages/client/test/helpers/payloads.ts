import type { CompletionCallback } from '@assay/domain';

/** A completion callback as the spec documents it (section 6), typed. */
export const documentedCallback: CompletionCallback = {
  CandidateEmailId: 'a@example.com',
  AttemptedOn: '2026-03-01T10:00:00',
  TotalScore: 10,
  CandidateScore: 7.5,
  ReportPDFUrl: 'https://assay.test/v2/reports/5/pdf?expires=1&signature=x',
  TestInvitationId: 5,
};
