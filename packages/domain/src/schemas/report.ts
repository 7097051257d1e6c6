import { z } from 'zod';
import { InvitationStatus } from '../invitation-status.js';
import { wireDateTimeFormat } from './documented-formats.js';

export const ReportStatus = z.enum(['Pending', 'In progress', 'Generated']);
export type ReportStatus = z.infer<typeof ReportStatus>;

// Not a component of its own: the report route answers CandidateReportWithScore, which the document names
// CandidateReport as before (decision 650), so integrators' generated types keep their name.
export const CandidateReport = z.object({
  emailId: z.string(),
  fullName: z.string(),
  timeTaken: z.int().nonnegative(),
  testName: z.string(),
  duration: z.int().nonnegative(),
  questions: z.int().nonnegative(),
  attemptedOn: z.string().nullable().meta(wireDateTimeFormat('When the attempt started; null before.')),
  totalScore: z.string(),
  score: z.string(),
  wv: z.int().nonnegative(),
  tv: z.int().nonnegative(),
  testStatus: InvitationStatus,
  reportStatus: ReportStatus,
  endReason: z.literal('terminated').optional().meta({
    description: "Present only when the test's violation limit ended the attempt (testStatus stays Completed: decision 946); `wv` is the count that ended it.",
  }),
});
export type CandidateReport = z.infer<typeof CandidateReport>;

/** The sample sends both scores as JSON numbers, so Assay does (decision 4). */
export const SectionReportEntry = z
  .object({ sectionName: z.string(), sectionScore: z.number(), candidateScore: z.number() })
  .meta({ id: 'SectionReportEntry' });
export type SectionReportEntry = z.infer<typeof SectionReportEntry>;

export const SectionReport = z.array(SectionReportEntry).meta({ id: 'SectionReport' });
export type SectionReport = z.infer<typeof SectionReport>;

/** Scores are strings in the report; whole numbers print bare, fractions with at most two decimals. */
export const formatScore = (score: number): string => String(Math.round(score * 100) / 100);
