import { z } from 'zod';
import { RecordedSummary, NOTHING_RECORDED } from '../decisions/recorded-summary.js';
import { Id } from '../ids.js';
import { InvitationStatus } from '../invitation-status.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { ReportStatus } from '../schemas/report.js';
import { IntegrityLevel } from './integrity-summary.js';
import { questionsInReportOrder } from './question-outcome.js';
import type { ReportDetails } from './report-details.js';

/**
 * 2–5 candidates of one test side by side (issue 61 item 4, decision 1425): each one's facts from the same report
 * details `/details` and the PDF show, lined up on the test's sections, skills and questions so that a front lays
 * them out as a table without matching names itself.
 */
const Points = z.object({ score: z.number(), maxScore: z.number(), percent: z.number() });

export const ComparedCandidate = z
  .object({
    testInvitationId: Id,
    fullName: z.string(),
    emailId: z.string(),
    testStatus: InvitationStatus,
    reportStatus: ReportStatus,
    finished: z.boolean().meta({
      description:
        'false until the attempt has ended (not started, in progress, reset, cancelled): its score, time, integrity and marks are then null (decision 1428).',
    }),
    score: Points.nullable(),
    timeTakenMinutes: z.int().nonnegative().nullable(),
    integrityLevel: IntegrityLevel.nullable().meta({ description: "The integrity summary's level; null when not finished." }),
    sections: z.array(Points.nullable()).meta({ description: 'One per `sections` of the comparison, in its order; null when not finished.' }),
    skills: z.array(Points.nullable()).meta({
      description: 'One per `skills` of the comparison, in its order; null when not finished or when this candidate was asked no question of the skill.',
    }),
    marks: z.array(z.number().nullable()).meta({
      description: 'Marks awarded, one per `questions` of the comparison, in its order; null when not finished, not asked (a pool) or not yet scored.',
    }),
    recorded: RecordedSummary,
  })
  .meta({ id: 'ComparedCandidate' });
export type ComparedCandidate = z.infer<typeof ComparedCandidate>;

export const ComparedQuestion = z.object({ number: z.int().positive(), questionId: Id, sectionName: z.string() });
export type ComparedQuestion = z.infer<typeof ComparedQuestion>;

export const CandidateComparison = z
  .object({
    testId: Id,
    sections: z.array(z.string()).meta({ description: "The test's section names, in the test's order." }),
    skills: z.array(z.string()).meta({ description: 'Every skill any compared candidate was scored on, as their reports first name them.' }),
    questions: z.array(ComparedQuestion).meta({ description: "The test's questions in its order (the report's numbering)." }),
    candidates: z.array(ComparedCandidate).meta({ description: 'In the order the request named them.' }),
  })
  .meta({ id: 'CandidateComparison' });
export type CandidateComparison = z.infer<typeof CandidateComparison>;

/** The test's questions as a comparison lines them up: its sections' order, numbered from 1 like the report. */
export const comparedQuestionsOf = (sections: readonly SectionRecord[], questions: readonly QuestionRecord[]): ComparedQuestion[] => {
  const nameOf = new Map(sections.map((section) => [section.id, section.name]));
  return questionsInReportOrder(sections, questions).map((question, index) => ({
    number: index + 1,
    questionId: question.id,
    sectionName: nameOf.get(question.sectionId) ?? '',
  }));
};

const percentOf = (score: number, maxScore: number): number => (maxScore > 0 ? Math.max(0, Math.round((score / maxScore) * 1000) / 10) : 0);

const comparedCandidateOf = (
  report: ReportDetails,
  sections: readonly string[],
  skills: readonly string[],
  questions: readonly ComparedQuestion[],
  currentIdOf: ReadonlyMap<number, number>,
): ComparedCandidate => {
  const finished = report.completedAt !== null;
  const sectionOf = new Map(report.sections.map((section) => [section.sectionName, section]));
  const skillOf = new Map((report.skills ?? []).map((skill) => [skill.skill, skill]));
  // An attempt on an older version: its marks under the current questions that are still the same (question-identity).
  const awardedOf = new Map(report.questions.map((question) => [currentIdOf.get(question.questionId) ?? question.questionId, question.awarded]));
  return {
    testInvitationId: report.testInvitationId,
    fullName: report.candidate.fullName,
    emailId: report.candidate.emailId,
    testStatus: report.status.testStatus,
    reportStatus: report.status.reportStatus,
    finished,
    score: finished ? report.score : null,
    timeTakenMinutes: finished ? report.timeTakenMinutes : null,
    integrityLevel: finished ? (report.integrity.summary?.level ?? null) : null,
    sections: sections.map((name) => {
      const section = sectionOf.get(name);
      return finished && section ? { score: section.score, maxScore: section.maxScore, percent: percentOf(section.score, section.maxScore) } : null;
    }),
    skills: skills.map((name) => {
      const skill = skillOf.get(name);
      return finished && skill ? { score: skill.points, maxScore: skill.maxPoints, percent: skill.percentage } : null;
    }),
    marks: questions.map(({ questionId }) => (finished ? (awardedOf.get(questionId) ?? null) : null)),
    recorded: report.recorded ?? NOTHING_RECORDED,
  };
};

/**
 * The comparison of the reports given, in their order, on the test's (current version's) sections and questions;
 * `currentIdOf` maps an older version's question to the current one it still is (`currentQuestionIdsOf`).
 */
export const compareCandidates = (
  test: { readonly testId: number; readonly sections: readonly string[]; readonly questions: readonly ComparedQuestion[] },
  reports: readonly ReportDetails[],
  currentIdOf: ReadonlyMap<number, number> = new Map(),
): CandidateComparison => {
  const skills = [...new Set(reports.flatMap((report) => (report.completedAt === null ? [] : (report.skills ?? []).map((skill) => skill.skill))))];
  return {
    testId: test.testId,
    sections: [...test.sections],
    skills,
    questions: [...test.questions],
    candidates: reports.map((report) => comparedCandidateOf(report, test.sections, skills, test.questions, currentIdOf)),
  };
};
