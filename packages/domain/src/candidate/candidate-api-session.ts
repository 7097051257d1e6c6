import { z } from 'zod';
import { Id } from '../ids.js';
import { InvitationStatus } from '../invitation-status.js';
import { CodingLanguage } from '../schemas/coding-language.js';
import { SectionType } from '../schemas/test.js';
import { CandidateFacingOrg } from '../schemas/candidate-page.js';
import { CandidateCodingQuestion, CandidateQuestion } from './candidate-api-questions.js';
import { DataNotice } from './data-notice.js';
import { AnswerDrafts } from './answer-drafts.js';
import { AttemptEndReason } from './attempt-end.js';
import { PracticeResult } from './practice-result.js';
import { TestContents } from './test-contents.js';
import { ViolationKind } from './violation-limits.js';
import { SessionAssistant } from '../ai/session-assistant.js';
import { SessionViolationRules } from './violation-rules.js';

// The session (`GET /candidate/v1/{token}`; starting and submitting answer it too): one view for the landing page, the running attempt and the finish page.

/** `questions` only while the attempt runs: before the start the landing page shows counts, never the questions. */
export const CandidateSection = z
  .object({
    sectionId: Id,
    sectionName: z.string(),
    sectionType: SectionType,
    duration: z.int(),
    questionCount: z.int().nonnegative(),
    questions: z.array(CandidateQuestion).optional(),
  })
  .meta({ id: 'CandidateSection' });
export type CandidateSection = z.infer<typeof CandidateSection>;

export const AccessVerdictCode = z.enum(['open', 'notYetOpen', 'closed', 'outsideDailyWindow', 'linkInactive', 'testInactive', 'cancelled', 'completed']);
export type AccessVerdictCode = z.infer<typeof AccessVerdictCode>;

export const SavedAnswer = z.object({
  optionIds: z.array(z.int().nonnegative()).optional(),
  code: z.string().optional(),
  /** The language the code is in (coding answers; older answers have none and are in the question's first language). */
  language: CodingLanguage.optional(),
  /** The code left in the question's other languages (decision 1124): the page brings it back on a language switch. */
  drafts: AnswerDrafts.optional(),
  /** A short_answer or free_text answer. */
  text: z.string().optional(),
  savedAt: z.string(),
});
export type SavedAnswer = z.infer<typeof SavedAnswer>;

/** The test's display messages as the page applies them (issue 52, `displayMessageSettings`; decisions 965–967). */
export const SessionDisplayMessages = z
  .object({
    sectionEndPopup: z.boolean(),
    sectionTimeLeftAlert: z.boolean(),
    candidateFeedback: z.boolean(),
  })
  .meta({ id: 'SessionDisplayMessages' });
export type SessionDisplayMessages = z.infer<typeof SessionDisplayMessages>;

export const CandidateSession = z
  .object({
    state: InvitationStatus,
    candidate: z.object({ fullName: z.string(), emailId: z.string() }),
    test: z.object({
      testName: z.string(),
      description: z.string(),
      /** The test's duration in minutes, as authored (the same for every candidate). */
      duration: z.int(),
      // Read with a default / optional: a client may talk to a server older than these fields (as `omittedEvents`).
      extraTimePercent: z
        .int()
        .min(0)
        .max(100)
        .default(0)
        .meta({ description: "The candidate's accommodation: percent of extra time on the duration, 0 for none." }),
      allowedSeconds: z
        .int()
        .nonnegative()
        .optional()
        .meta({ description: 'The time this candidate is allowed, extra time included, in whole seconds rounded down (30 minutes + 25 % = 2250).' }),
      questions: z.int(),
      /** Some question takes marks off for a wrong answer (the landing page warns). */
      negativeMarking: z.boolean(),
      /** Empty once the attempt is over: the finish page needs none of it. */
      sections: z.array(CandidateSection),
      /** What the candidate's questions are, before the start too: the landing page describes this test (issue 59). Optional: older servers send none. */
      contents: TestContents.optional(),
    }),
    access: z.object({
      verdict: AccessVerdictCode,
      /** Why the candidate cannot start now, in words for them; null when they can. */
      message: z.string().nullable(),
      /** The link's validity in its time zone (null without a link). */
      testAccessTime: z.string().nullable(),
      timeZone: z.object({ timeZoneId: z.int(), iana: z.string(), name: z.string() }),
    }),
    imageProctoring: z.boolean(),
    startedAt: z.string().nullable(),
    deadline: z.string().nullable(),
    serverTime: z.string(),
    /** The saved answers while the attempt runs; empty otherwise. */
    answers: z.record(z.string(), SavedAnswer),
    redirectURL: z.string().nullable(),
    /** Who is asking: the pages name the org and its contact. Optional: older servers send none. */
    org: CandidateFacingOrg.optional(),
    /**
     * The invitation's own deadline (ISO 8601): after it the test can no longer be started; null when it has none.
     * Optional: older servers send none.
     */
    invitationExpiresAt: z.string().nullable().optional(),
    /**
     * When the invitation opens, ISO 8601 UTC (a v3 invite's future `startDateTime`, decision 1024): before it the
     * access verdict is notYetOpen and the page says when. Absent when it opened at once, and from older servers.
     */
    invitationOpensAt: z.string().optional(),
    /** The sample-run limit: at most `runs` runs may start in any `windowMs` (429.3 beyond). Optional: older servers send none. */
    sampleRunLimit: z.object({ runs: z.int().positive(), windowMs: z.int().positive() }).optional(),
    /** Who holds the candidate's data, what is recorded and for how long (issue 51, decision 881). Optional: older servers send none. */
    dataNotice: DataNotice.optional(),
    /** The test's violation rules as the page applies them (issue 52). Optional: older servers send none. */
    violationRules: SessionViolationRules.optional(),
    /** Window violations counted so far: a reloaded page warns from where the count stands. Optional: older servers send none. */
    windowViolations: z.int().nonnegative().optional(),
    /**
     * The test shows each question's marks (`showQuestionScore`, decision 960); false: its questions carry none.
     * Optional: older servers send none, and always showed them.
     */
    showQuestionScore: z.boolean().optional(),
    /** The test's settings make it a practice test (decision 961): the pages say so. Optional: older servers send none. */
    practiceTest: z.boolean().optional(),
    /** A practice test's result, once its attempt has ended: the finish page shows it. Absent otherwise. */
    practiceResult: PracticeResult.optional(),
    /** How the attempt ended, once it has: the finish page tells a terminated candidate why. Optional: older servers send none. */
    endReason: AttemptEndReason.nullable().optional(),
    /** The invitation asked for no instructions (v3's hideInstruction, decision 986): the landing lists no rules. */
    hideInstructions: z.boolean().optional(),
    /** The test's section-end popup, time-left alerts and feedback question (issue 52). Optional: older servers send none. */
    displayMessages: SessionDisplayMessages.optional(),
    /** Feedback was given for this attempt: the finish page does not ask again. Optional: older servers send none. */
    feedbackGiven: z.boolean().optional(),
    /**
     * On the landing of a test with coding questions: a small practice question in its form and languages, run through
     * the run routes under its own id (`PRACTICE_QUESTION_ID`), never saved or scored (decision 1125). Absent otherwise.
     */
    practiceQuestion: CandidateCodingQuestion.optional(),
    /** Image violations counted so far (decision 971): a reloaded page warns from where the count stands. Optional: older servers send none. */
    imageViolations: z.int().nonnegative().optional(),
    /** Which limit ended a terminated attempt (decision 974): the finish page says honestly why. Optional: older servers send none. */
    terminatedBy: ViolationKind.optional(),
    /** The AI policy, the assistant's budget and whether it answers (issue 60; docs/ai.md). Optional: older servers send none. */
    assistant: SessionAssistant.optional(),
    /**
     * A preview link's session (issue 62 item 3, decision 1492): nothing the page does is recorded, and the page says so
     * on every stage. Absent for every candidate's session.
     */
    preview: z.literal(true).optional(),
  })
  .meta({ id: 'CandidateSession' });
export type CandidateSession = z.infer<typeof CandidateSession>;

/** A section of a running attempt: its questions are always there. */
export const StartedCandidateSection = CandidateSection.extend({ questions: z.array(CandidateQuestion) }).meta({ id: 'StartedCandidateSection' });
export type StartedCandidateSection = z.infer<typeof StartedCandidateSection>;

/** What starting answers: the session of the running attempt, every section with its questions. */
export const StartedCandidateSession = CandidateSession.extend({
  test: CandidateSession.shape.test.extend({ sections: z.array(StartedCandidateSection) }),
}).meta({ id: 'StartedCandidateSession' });
export type StartedCandidateSession = z.infer<typeof StartedCandidateSession>;
