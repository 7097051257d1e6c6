import { z } from 'zod';
import { RecordedSummary } from '../decisions/recorded-summary.js';
import { Id } from '../ids.js';
import { reviewedEvidenceFields } from './integrity-evidence-detail.js';
import { InvitationStatus } from '../invitation-status.js';
import { ReportStatus } from '../schemas/report.js';
import { JsonValue } from '../schemas/json-value.js';
import { CodingLanguage } from '../schemas/coding-language.js';
import { SectionType } from '../schemas/test.js';
import { VerdictBand } from '../schemas/test-definition.js';
import { ReviewProgress, WrittenAnswerDetail } from './written-answer-detail.js';
import { SimilarityPairDetail } from './similarity-detail.js';
import { CodePlaybackDetail, QuestionSignalsDetail } from './question-signals-detail.js';
import { IntegritySummary } from './integrity-summary.js';
import { CameraDetail } from './camera-detail.js';
import { AiUseEvidenceDetail } from '../ai-use/ai-use-detail.js';
import { SkillScore } from './skill-scores.js';
import { CandidateFeedback } from '../candidate/candidate-feedback.js';
import { ViolationKind } from '../candidate/violation-limits.js';
import { ReportAi } from '../ai/report-ai.js';

/**
 * Everything a hiring manager decides from, as JSON (`GET /v2/org/report/{id}/details`, an Assay extension):
 * the same data the PDF report shows, so the TUI and integrators show what the PDF shows.
 */
const Instant = z.string().meta({ description: 'ISO 8601, UTC' });

/**
 * A question's or an option's text three ways: `text` as the author wrote it (the Markdown subset of
 * docs/question-text.md, unchanged for the clients that read it), and as this server renders it. Both renderings are
 * always sent; they are optional so that a client reads an older server's details.
 */
const renderedText = {
  text: z.string().meta({ description: 'As the author wrote it: the question text format, a Markdown subset (docs/question-text.md).' }),
  textPlain: z
    .string()
    .optional()
    .meta({ description: 'The text as plain text: no Markdown marks, a link followed by its address, list items with a bullet or number.' }),
  textHtml: z.string().optional().meta({
    description:
      "The text as HTML, safe to put in a page as it is: only p, strong, em, code, pre, ul, ol, li, br and a (http, https and mailto links) elements; the author's own HTML is escaped text.",
  }),
};

export const ChoiceOptionDetail = z.object({
  optionId: z.int().nonnegative(),
  ...renderedText,
  correct: z.boolean(),
  chosen: z.boolean(),
});

export const HiddenTestDetail = z.object({
  passed: z.boolean(),
  /** Only when the test's report settings allow (`showHiddenTestInputs`): hidden tests stay secret otherwise. */
  args: z.array(JsonValue).optional(),
});

export const QuestionDetail = z
  .object({
    number: z.int().positive(),
    questionId: Id,
    sectionName: z.string(),
    type: z.enum(['single_choice', 'multiple_choice', 'coding', 'short_answer', 'free_text']),
    ...renderedText,
    marks: z.number(),
    negativeMarks: z.number(),
    /** Null until the attempt is scored. */
    awarded: z.number().nullable(),
    answered: z.boolean(),
    /**
     * Seconds the question was in front of the candidate, from the question views the page reports (the question that
     * took the focus, or the first of a section opened; decision 550). For an attempt without question views (taken
     * before them), its section's time when it is alone in its section, and null (not recorded) otherwise.
     */
    timeSpentSeconds: z.int().nonnegative().nullable(),
    /** What the page reported of this question: pastes and large insertions by size, the first keystroke. Absent when it reported nothing. */
    signals: QuestionSignalsDetail.optional(),
    options: z.array(ChoiceOptionDetail).optional(),
    coding: z
      .object({
        /** The language the candidate answered in (the question's first when unanswered). */
        language: CodingLanguage,
        code: z.string().nullable(),
        /** Null when the code was not run against them (not answered, or not scored yet). */
        hiddenTests: z.object({ passed: z.int().nonnegative(), total: z.int().nonnegative(), cases: z.array(HiddenTestDetail) }).nullable(),
        sampleRuns: z.int().nonnegative(),
        /** How the code was written, as timed changes (absent for attempts without a saved history). */
        playback: CodePlaybackDetail.optional(),
      })
      .optional(),
    /** short_answer and free_text questions only (issue 32): the candidate's text, how it was marked, a person's grade. */
    written: WrittenAnswerDetail.optional(),
  })
  .meta({ id: 'QuestionDetail' });
export type QuestionDetail = z.infer<typeof QuestionDetail>;

export const SectionDetail = z
  .object({
    sectionName: z.string(),
    sectionType: SectionType,
    score: z.number(),
    maxScore: z.number(),
    /** Seconds the candidate had this section open, from the section views the page reported; null when not known (never viewed, or not started). */
    timeSpentSeconds: z.int().nonnegative().nullable(),
    suggestedMinutes: z.int().nonnegative(),
  })
  .meta({ id: 'SectionDetail' });
export type SectionDetail = z.infer<typeof SectionDetail>;

export const DepartureDetail = z.object({ leftAt: Instant, returnedAt: Instant.nullable(), seconds: z.int().nonnegative(), ...reviewedEvidenceFields });

/**
 * What a candidate of a test with question pools or shuffling was asked (issue 34, item 5): absent for a test that
 * asks everyone the same questions in the same order. `questions` and each question's `options` are then listed in
 * the order this candidate saw them, under their canonical ids.
 */
export const VariantDetail = z
  .object({
    seed: z.int().nullable().meta({ description: 'What the variant is computed from, fixed at the start; null before the start (no draw yet).' }),
    questionIds: z.array(Id).meta({ description: 'The questions this candidate was asked, in the order shown.' }),
    sections: z.array(
      z.object({
        sectionName: z.string(),
        asked: z.int().nonnegative().meta({ description: 'Questions drawn for this candidate.' }),
        poolSize: z.int().nonnegative().meta({ description: "The section's questions, drawn from." }),
        shuffleQuestions: z.boolean(),
        shuffleOptions: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'VariantDetail' });
export type VariantDetail = z.infer<typeof VariantDetail>;

export const ReportDetails = z
  .object({
    testInvitationId: Id,
    candidate: z.object({ fullName: z.string(), emailId: z.string() }),
    test: z.object({
      testId: Id,
      testName: z.string(),
      /** The test's duration in minutes, as authored. */
      duration: z.int(),
      version: z.int().positive().optional().meta({
        description:
          'Always given by this server; optional for servers before versions. The version of the test this attempt was taken on (or, before it starts, the current one): 1, 2, 3… (issue 62 item 4).',
      }),
      allowedSeconds: z
        .int()
        .nonnegative()
        .optional()
        .meta({ description: 'The time this candidate was allowed, extra time included (integrity.accommodation), in whole seconds rounded down.' }),
      practiceTest: z.literal(true).optional().meta({
        description:
          "Present only when the test's settings make it a practice test (decision 961): the score is the candidate's practice, not a result to hire on.",
      }),
    }),
    status: z.object({
      testStatus: InvitationStatus,
      reportStatus: ReportStatus,
      endReason: z
        .literal('terminated')
        .optional()
        .meta({ description: "Present only when the test's violation limit ended the attempt (decision 946); terminatedBy says which count." }),
      terminatedBy: ViolationKind.optional().meta({
        description: 'With endReason: which limit ended the attempt, window (integrity.wv) or image (integrity.iv) violations (decision 974). Absent: window.',
      }),
    }),
    startedAt: Instant.nullable(),
    completedAt: Instant.nullable(),
    timeTakenMinutes: z.int().nonnegative(),
    score: z.object({ score: z.number(), maxScore: z.number(), percent: z.number() }),
    /** Among every completed attempt of the test; null under the minimum number of attempts. */
    percentile: z.object({ percentile: z.int().min(0).max(100), basedOn: z.int().positive() }).nullable(),
    verdict: VerdictBand.nullable(),
    sections: z.array(SectionDetail),
    skills: z.array(SkillScore).optional().meta({
      description:
        "Per-skill points of the questions asked (issue 52): each question counts under each of its `skills`, or under its section's name without them. Absent from an older server's details.",
    }),
    questions: z.array(QuestionDetail),
    candidateFeedback: CandidateFeedback.optional().meta({
      description:
        "What the candidate said of the test after this attempt (issue 52, the test's `candidateFeedback` setting): a rating 1–5 and/or text. Absent when none was given, and from an older server's details.",
    }),
    ai: ReportAi.optional().meta({
      description:
        "The attempt's AI policy as fixed at its start, and its assistant's transcript: every message, reply (withheld ones included), insertion and token (issue 60, docs/ai.md). Evidence, never a score. Absent for attempts started before it was recorded, and from an older server's details.",
    }),
    /** Only for a test with question pools or shuffling: the variant this candidate saw (issue 34). */
    variant: VariantDetail.optional(),
    /** Only for a test with short_answer or free_text questions (issue 32): how far grading has come. */
    review: ReviewProgress.optional(),
    integrity: z.object({
      wv: z.int().nonnegative(),
      tv: z.int().nonnegative(),
      iv: z.int().positive().optional().meta({
        description: 'Image violations: the camera lost, or a snapshot that showed nothing (decisions 971, 972). Absent when none were counted.',
      }),
      /** The counted departures the attempt's log kept: all of them, unless `omittedEvents` says otherwise. */
      departures: z.array(DepartureDetail),
      /**
       * The page's events the attempt's log did not keep: it keeps the first and last 100 departure events and section
       * views of an attempt (README, "The report a hiring manager decides from"); wv and tv count every event. 0 for nearly every attempt.
       */
      omittedEvents: z.int().nonnegative().default(0),
      snapshots: z.array(z.object({ snapshotId: Id, takenAt: Instant, ...reviewedEvidenceFields })),
      accommodation: z.object({ extraTimePercent: z.int().min(0).max(100) }).nullable(),
      /**
       * Similarity with other candidates' answers to the same coding questions (issue 34): the pairs at or above the
       * threshold, highest first. Evidence for a reviewer, never a score change; absent from an older server's details.
       */
      similarity: z.array(SimilarityPairDetail).optional(),
      /**
       * Pairs at or above the threshold that `similarity` does not list: it lists the 5 highest of each question
       * (decision 622). 0 for nearly every attempt; absent from an older server's details.
       */
      omittedSimilarPairs: z.int().nonnegative().optional(),
      /** The camera, for an attempt whose link required it (decisions 1140, 1143); absent otherwise and from older servers. */
      camera: CameraDetail.optional(),
      aiUse: z.array(AiUseEvidenceDetail).optional().meta({
        description:
          'AI-use evidence that needs no model (issue 60, docs/ai.md "AI-use evidence"), under every policy: the question\'s text copied into the answer, an answer typed as if transcribed, a burst of typing right after returning from another window, an answer replaced whole within a minute without a paste. Found when the attempt is scored; each reviewable like a paste. Evidence for a reviewer, never a verdict and never in a score. Absent from an older server\'s details.',
      }),
      /**
       * Every kind of evidence counted by its review outcome, and one level (issue 48, decisions 644–646): what page 1
       * of the PDF, the workbook and the TUI show. Absent from an older server's details.
       */
      summary: IntegritySummary.optional(),
    }),
    recorded: RecordedSummary.optional().meta({
      description:
        "What the hiring team recorded (issue 61 item 3, decision 1415): the decision and its reason, the tags, the ratings' mean and count, as `GET …/evaluation` answers them when the details are read. Absent from an older server's details.",
    }),
  })
  .meta({ id: 'ReportDetails' });
export type ReportDetails = z.infer<typeof ReportDetails>;
