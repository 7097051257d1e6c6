import { z } from 'zod';
import { Id } from '../ids.js';
import type { ReportDetails } from '../report/report-details.js';
import type { AttemptEndReason } from '../candidate/attempt-end.js';
import { V3InvitationStatus, v3StatusOf } from './v3-status.js';
import { CandidateFeedback } from '../candidate/candidate-feedback.js';
import { ReviewProgress } from '../report/written-answer-detail.js';
import { V3AssayAi, v3AssayAiOf } from './v3-assay-ai.js';

/** v3's `reportType`: 1 section-wise, 2 skill-wise, 3 both (a query string: a text). */
export const V3ReportType = z.enum(['1', '2', '3']).meta({ description: '1 section-wise, 2 skill-wise, 3 both.' });
export type V3ReportType = z.infer<typeof V3ReportType>;

export const V3ReportQuery = z.object({
  reportType: V3ReportType.default('1'),
});

const UtcInstant = z.string().meta({ description: 'ISO 8601, UTC (ends in Z).' });

export const V3SectionScore = z
  .object({
    sectionId: Id,
    sectionName: z.string(),
    candidateScore: z.number().meta({ description: 'Points the candidate earned in the section (0 until scored).' }),
    sectionScore: z.number().meta({ description: 'Points the section was worth for this candidate.' }),
    noOfQue: z.int().nonnegative().meta({ description: 'Questions the candidate was asked in the section.' }),
    sectionTime: z.int().nonnegative().meta({ description: "The section's suggested time, in minutes as iMocha documents it (decision 1027)." }),
    sectionTimeTaken: z.int().nonnegative().nullable().meta({ description: 'Seconds the candidate had the section open; null when not known (decision 908).' }),
  })
  .meta({ id: 'V3SectionScore' });
export type V3SectionScore = z.infer<typeof V3SectionScore>;

export const V3SkillScore = z
  .object({
    skillName: z.string(),
    candidateScore: z.number(),
    skillScore: z.number(),
    scorePercentage: z.number(),
    noOfQue: z.int().nonnegative(),
  })
  .meta({ id: 'V3SkillScore' });
export type V3SkillScore = z.infer<typeof V3SkillScore>;

/**
 * The report's `status` (decision 1026): the invitation's state in v3's words once its report is final, and before an
 * attempt ends; an ended attempt whose report is not final says why instead of "Complete" with 0 points — `Review
 * Pending` while answers wait for a person to grade them, `Scoring` while Assay is still marking it.
 */
export const V3ReportStatus = z
  .enum([...V3InvitationStatus.options, 'Review Pending', 'Scoring'])
  .meta({ description: "v3's status words, and while an ended attempt's report is not final: Review Pending (a person must grade answers) or Scoring." });
export type V3ReportStatus = z.infer<typeof V3ReportStatus>;

export const V3Report = z
  .object({
    testInvitationId: Id,
    testId: Id,
    candidateEmail: z.string(),
    attemptedOn: UtcInstant.nullable().meta({ description: 'When the attempt started; null before.' }),
    status: V3ReportStatus,
    score: z.number().meta({ deprecated: true, description: 'Deprecated by v3: the same as candidatePoints.' }),
    scorePercentage: z.number(),
    candidatePoints: z.number(),
    totalTestPoints: z.number(),
    testName: z.string(),
    pdfReportUrl: z
      .string()
      .nullable()
      .meta({ description: 'A signed link to the PDF that needs no key, for 30 days (decision 909); null until the attempt ends.' }),
    PerformanceCategory: z.string().nullable().meta({ description: "The label of the test's verdict band the score falls in; null when none (decision 907)." }),
    sections: z.array(V3SectionScore).optional().meta({ description: 'reportType 1 and 3.' }),
    skills: z.array(V3SkillScore).optional().meta({ description: 'reportType 2 and 3.' }),
    practiceTest: z
      .literal(true)
      .optional()
      .meta({ description: "An Assay addition, present only when the test's settings make it a practice test (decision 961)." }),
    candidateFeedback: CandidateFeedback.optional().meta({
      description:
        "Assay's own (decision 968): what the candidate said of the test (rating 1–5 and/or text, givenAt in UTC), every reportType; absent when none was given.",
    }),
    review: ReviewProgress.optional().meta({
      description:
        "Assay's own (decision 1026): present while status is Review Pending — answers still waiting for a person, those graded, and the marks given so far (provisional; the points stay 0 until the report is final).",
    }),
    assayAi: V3AssayAi.optional().meta({
      description:
        "Assay's own (issue 60, decision 1262): the attempt's AI policy and its assistant's use in counts (messages, withheld replies, insertions, tokens, follow-ups), every reportType; absent for an attempt without an AI record. The words are on v2's /details (ai).",
    }),
  })
  .meta({ id: 'V3Report' });
export type V3Report = z.infer<typeof V3Report>;

/** What the report's details do not say of an invitation: its sections' ids, how it ended, when its access closes. */
export interface V3ReportFacts {
  readonly sections: readonly { readonly id: number; readonly name: string }[];
  readonly endReason: AttemptEndReason | null;
  /** When its window closes (its own expiry, its link's end: `windowClosesAt`); null when it never does. */
  readonly closesAt: number | null;
  readonly now: number;
  readonly pdfReportUrl: string | null;
}

/** Per-skill scores of an attempt (the `/details` skills, decisions 923–929) in v3's shape: the one place that maps them. */
export const v3SkillsOf = (details: ReportDetails): V3SkillScore[] =>
  (details.skills ?? []).map((skill) => ({
    skillName: skill.skill,
    candidateScore: skill.points,
    skillScore: skill.maxPoints,
    scorePercentage: skill.percentage,
    noOfQue: skill.questions,
  }));

/**
 * `GET /v3/reports/{id}` from the same details as `GET /v2/org/report/{id}/details` and the PDF: one source of truth.
 * An attempt not yet scored answers 0 points and no category, like v2's report (decision 907), under a status that
 * says so (decision 1026).
 */
const reportStatusOf = (details: ReportDetails, facts: V3ReportFacts): V3ReportStatus => {
  const { testStatus, reportStatus } = details.status;
  const status = v3StatusOf({ status: testStatus, endReason: facts.endReason, accessEnded: facts.closesAt !== null && facts.now >= facts.closesAt });
  if (testStatus !== 'Completed' || reportStatus === 'Generated') return status;
  return (details.review?.awaiting ?? 0) > 0 ? 'Review Pending' : 'Scoring';
};

export const v3ReportOf = (details: ReportDetails, facts: V3ReportFacts, reportType: V3ReportType): V3Report => {
  const status = reportStatusOf(details, facts);
  const idOf = new Map(facts.sections.map((section) => [section.name, section.id]));
  const asked = new Map<string, number>();
  for (const question of details.questions) asked.set(question.sectionName, (asked.get(question.sectionName) ?? 0) + 1);
  const sections = details.sections.map((section) => ({
    sectionId: idOf.get(section.sectionName) ?? 0,
    sectionName: section.sectionName,
    candidateScore: section.score,
    sectionScore: section.maxScore,
    noOfQue: asked.get(section.sectionName) ?? 0,
    sectionTime: section.suggestedMinutes,
    sectionTimeTaken: section.timeSpentSeconds,
  }));
  return {
    testInvitationId: details.testInvitationId,
    testId: details.test.testId,
    candidateEmail: details.candidate.emailId,
    attemptedOn: details.startedAt,
    status,
    score: details.score.score,
    scorePercentage: details.score.percent,
    candidatePoints: details.score.score,
    totalTestPoints: details.score.maxScore,
    testName: details.test.testName,
    pdfReportUrl: facts.pdfReportUrl,
    PerformanceCategory: details.verdict?.label ?? null,
    ...(reportType !== '2' && { sections }),
    ...(reportType !== '1' && { skills: v3SkillsOf(details) }),
    ...(details.test.practiceTest && { practiceTest: true as const }),
    ...(details.candidateFeedback && { candidateFeedback: details.candidateFeedback }),
    ...(status === 'Review Pending' && details.review && { review: details.review }),
    ...(details.ai && { assayAi: v3AssayAiOf(details.ai) }),
  };
};
