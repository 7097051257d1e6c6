import { z } from 'zod';
import type { CandidateReport } from '../schemas/report.js';

/** Spec section 6: exactly these keys and types. */
export const CompletionCallback = z
  .object({
    CandidateEmailId: z.string(),
    AttemptedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    TotalScore: z.number(),
    CandidateScore: z.number(),
    ReportPDFUrl: z.string(),
    TestInvitationId: z.int(),
  })
  .strict()
  .meta({ id: 'CompletionCallback' });
export type CompletionCallback = z.infer<typeof CompletionCallback>;

/** The documented sample's spelling, for receivers written against it (a per-org switch, off by default). */
const SAMPLE_KEYS: Record<keyof CompletionCallback, string> = {
  CandidateEmailId: 'CandidateEmailId',
  AttemptedOn: 'AttemptedOn',
  TotalScore: 'TotalScore ',
  CandidateScore: 'CandidateScore ',
  ReportPDFUrl: 'ReportPDFUrl ',
  TestInvitationId: 'TestInvitationId',
};

export interface CallbackFacts {
  testInvitationId: number;
  report: CandidateReport;
  /** When the attempt completed, if it never started (cannot happen for a completion, but typed). */
  completedAt: string;
  reportPdfUrl: string;
}

/** The callback with the org's key spelling: `trailingSpaceKeys` selects the documented sample's. */
export const spellCompletionCallback = (callback: CompletionCallback, trailingSpaceKeys: boolean): Record<string, string | number> => {
  if (!trailingSpaceKeys) return callback;
  return Object.fromEntries(Object.entries(callback).map(([key, value]) => [SAMPLE_KEYS[key as keyof CompletionCallback], value]));
};

/** Builds the completion callback body from the report; `trailingSpaceKeys` selects the sample's key spelling. */
export const buildCompletionCallback = (facts: CallbackFacts, trailingSpaceKeys: boolean): Record<string, string | number> =>
  spellCompletionCallback(
    {
      CandidateEmailId: facts.report.emailId,
      AttemptedOn: facts.report.attemptedOn ?? facts.completedAt,
      TotalScore: Number(facts.report.totalScore),
      CandidateScore: Number(facts.report.score),
      ReportPDFUrl: facts.reportPdfUrl,
      TestInvitationId: facts.testInvitationId,
    },
    trailingSpaceKeys,
  );

/** The test event (`POST /v2/org/webhooks/test`): sample values and TestInvitationId 0, spelled like real callbacks. */
export const buildTestCallback = (attemptedOn: string, reportPdfUrl: string, trailingSpaceKeys: boolean): Record<string, string | number> =>
  spellCompletionCallback(
    {
      CandidateEmailId: 'test.candidate@example.com',
      AttemptedOn: attemptedOn,
      TotalScore: 10,
      CandidateScore: 7.5,
      ReportPDFUrl: reportPdfUrl,
      TestInvitationId: 0,
    },
    trailingSpaceKeys,
  );
