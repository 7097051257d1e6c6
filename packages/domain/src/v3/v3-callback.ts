import { z } from 'zod';
import { formatWireDateTime } from '../date-time.js';
import { percentOf, verdictFor } from '../report/verdict.js';
import type { VerdictBand } from '../schemas/test-definition.js';
import { V3InvitationStatus } from './v3-status.js';

/**
 * iMocha v3's callback (issue 52, row 16): the v2 keys plus `Status`, `AttemptedOnUtc` and `PerformanceCategory`.
 * `AttemptedOn` is the start in the link's zone (the org's without a link), `AttemptedOnUtc` the same instant in UTC
 * with `Z` (decision 915); `PerformanceCategory` is the verdict band the score falls in, empty without one (decision 916).
 */
export const V3Callback = z
  .object({
    CandidateEmailId: z.string(),
    AttemptedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    TotalScore: z.number(),
    CandidateScore: z.number(),
    ReportPDFUrl: z.string(),
    TestInvitationId: z.int(),
    Status: V3InvitationStatus,
    AttemptedOnUtc: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    PerformanceCategory: z.string(),
    /** An Assay addition, present only for a practice test (decision 961): the ATS still learns the attempt ended, and that it was practice. */
    IsPracticeTest: z.literal(true).optional(),
  })
  .strict()
  .meta({ id: 'V3Callback' });
export type V3Callback = z.infer<typeof V3Callback>;

export interface V3CallbackFacts {
  testInvitationId: number;
  candidateEmail: string;
  /** When the attempt started (epoch ms). */
  startedAt: number;
  /** The IANA zone `AttemptedOn` is written in. */
  timeZone: string;
  status: V3InvitationStatus;
  totalScore: number;
  candidateScore: number;
  /** Empty while there is no report (the "In Progress" notification). */
  reportPdfUrl: string;
  /** The test's verdict bands: `PerformanceCategory` is the band the score falls in, as the v3 report says (decision 907). */
  verdictBands: readonly VerdictBand[];
  /** The test's settings make it a practice test: both notifications say so (decision 961). */
  practiceTest?: boolean;
}

const wallClockParts = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/** The instant as a wall clock in `timeZone` reads it, in the wire's `YYYY-MM-DDTHH:MM:SS`. */
export const wallClockIn = (epochMs: number, timeZone: string): string => {
  const parts = Object.fromEntries(
    wallClockParts(timeZone)
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
};

export const buildV3Callback = (facts: V3CallbackFacts): V3Callback => ({
  CandidateEmailId: facts.candidateEmail,
  AttemptedOn: wallClockIn(facts.startedAt, facts.timeZone),
  TotalScore: facts.totalScore,
  CandidateScore: facts.candidateScore,
  ReportPDFUrl: facts.reportPdfUrl,
  TestInvitationId: facts.testInvitationId,
  Status: facts.status,
  AttemptedOnUtc: `${formatWireDateTime(facts.startedAt)}Z`,
  PerformanceCategory: facts.status === 'In Progress' ? '' : (verdictFor(percentOf(facts.candidateScore, facts.totalScore), facts.verdictBands)?.label ?? ''),
  ...(facts.practiceTest ? { IsPracticeTest: true as const } : {}),
});

/** The first of the two notifications: sent when the candidate starts, before there is a score or a report (decision 917). */
export const buildV3StartedCallback = (facts: Omit<V3CallbackFacts, 'status' | 'candidateScore' | 'reportPdfUrl' | 'verdictBands'>): V3Callback =>
  buildV3Callback({ ...facts, status: 'In Progress', candidateScore: 0, reportPdfUrl: '', verdictBands: [] });
