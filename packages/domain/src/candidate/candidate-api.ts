import { z } from 'zod';
import { Id } from '../ids.js';
import { InvitationStatus } from '../invitation-status.js';
import { JsonValue } from '../schemas/json-value.js';
import { CodingLanguage } from '../schemas/coding-language.js';
import { QuestionForm } from '../languages/language-id.js';
import { Signature } from '../languages/value-type.js';
import { SectionType } from '../schemas/test.js';
import { CandidateFacingOrg } from '../schemas/candidate-page.js';
import { candidateCode, plainText, singleLineText, unionError } from '../schemas/text-fields.js';
import { normaliseNewlines } from '../text/control-characters.js';
import { CandidateFreeTextQuestion, CandidateShortAnswerQuestion, candidateQuestionBase as questionBase } from './candidate-written-questions.js';
import { MAX_TEXT_ANSWER_LENGTH } from './written-answer.js';
import { QuestionEventInputs } from './question-signals.js';
import { DataNotice } from './data-notice.js';
import { AttemptEndReason } from './attempt-end.js';
import { PracticeResult } from './practice-result.js';
import { ViolationKind } from './violation-limits.js';

/**
 * The candidate JSON API (`/candidate/v1/{token}`), used by Assay's own page and by custom front ends.
 * Instants here are ISO 8601 with a `Z`, for browsers; never the answers or hidden tests.
 */
export const CandidateOption = z.object({ optionId: z.int().nonnegative(), text: z.string() }).meta({ id: 'CandidateOption' });

export const CodingSample = z.object({ args: z.array(JsonValue), expected: JsonValue });

/** A single- or multiple-choice question: its options, never which are right. */
export const CandidateChoiceQuestion = z
  .object({ ...questionBase, type: z.enum(['single_choice', 'multiple_choice']), options: z.array(CandidateOption) })
  .meta({ id: 'CandidateChoiceQuestion' });
export type CandidateChoiceQuestion = z.infer<typeof CandidateChoiceQuestion>;

/** A coding question: what the candidate needs to write and run the function, never the hidden tests. */
export const CandidateCodingQuestion = z
  .object({
    ...questionBase,
    type: z.literal('coding'),
    /** The languages the candidate may answer in, the first being the default. */
    languages: z.array(CodingLanguage),
    /** The first of `languages` (kept for pages that know one language). */
    language: CodingLanguage,
    /** function (call functionName), stdio (read input, print output) or sql (a query on schema + each sample's seed). */
    form: QuestionForm,
    /** The function to write; '' for stdio and sql questions. */
    functionName: z.string(),
    /** Function questions with a typed signature: the parameters and return type every language's stub follows. */
    signature: Signature.optional(),
    /** SQL questions: the schema every database starts from, and how rows are compared. */
    sql: z.object({ schema: z.string(), ordered: z.boolean(), checkColumnNames: z.boolean() }).optional(),
    /** The starter code of `language`. */
    starterCode: z.string(),
    /** The starter code of each accepted language, by language. */
    starterCodes: z.record(z.string(), z.string()),
    /**
     * One shape for every form, as sample results have it: a function's arguments and return value; a stdio sample's
     * input text as `args[0]` and its output as `expected`; an SQL sample's seed as `args[0]` and `{ columns, rows }`.
     */
    sampleTests: z.array(CodingSample),
  })
  .meta({ id: 'CandidateCodingQuestion' });
export type CandidateCodingQuestion = z.infer<typeof CandidateCodingQuestion>;

/** One question as the candidate sees it; `type` tells which fields it has (TypeScript narrows on it). */
export const CandidateQuestion = z
  .discriminatedUnion('type', [CandidateChoiceQuestion, CandidateCodingQuestion, CandidateShortAnswerQuestion, CandidateFreeTextQuestion])
  .meta({ id: 'CandidateQuestion' });
export type CandidateQuestion = z.infer<typeof CandidateQuestion>;

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
  /** A short_answer or free_text answer. */
  text: z.string().optional(),
  savedAt: z.string(),
});
export type SavedAnswer = z.infer<typeof SavedAnswer>;

/** `violationRulesOf` of the test's settings: the limits (null = never ends the test), copy-paste, the warning popup. */
export const SessionViolationRules = z
  .object({
    windowViolationLimit: z.int().nonnegative().nullable(),
    imageViolationLimit: z.int().nonnegative().nullable(),
    copyPasteAllowed: z.boolean(),
    violationPopup: z.boolean(),
  })
  .meta({ id: 'SessionViolationRules' });
export type SessionViolationRules = z.infer<typeof SessionViolationRules>;

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
    /** Image violations counted so far (decision 971): a reloaded page warns from where the count stands. Optional: older servers send none. */
    imageViolations: z.int().nonnegative().optional(),
    /** Which limit ended a terminated attempt (decision 974): the finish page says honestly why. Optional: older servers send none. */
    terminatedBy: ViolationKind.optional(),
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

/** When the candidate made the answer (their server-synced clock): lets an answer made before the deadline arrive a little after it. */
const editedAt = z.iso.datetime({ offset: true, error: 'editedAt must be an ISO-8601 date-time' }).check(plainText('editedAt')).optional();

/** The language of a coding answer or run; left out, the question's first language. One the question does not accept is refused. */
const answerLanguage = CodingLanguage.optional();

/**
 * A written answer's text, as typed: line breaks and tabs stay (CRLF becomes LF); control and bidirectional control
 * characters are refused like in every text field; at most MAX_TEXT_ANSWER_LENGTH characters.
 */
const answerText = z
  .string({ error: 'text must be a string' })
  .overwrite(normaliseNewlines)
  .max(MAX_TEXT_ANSWER_LENGTH, { error: `text must be at most ${MAX_TEXT_ANSWER_LENGTH} characters` })
  .check(plainText('text', 'lines'));

/** The most characters of code an answer or a run may have: the page says it by the editor. */
export const MAX_CODE_ANSWER_LENGTH = 100_000;

/** `PUT /candidate/v1/{token}/answers/{questionId}`: options for choice questions, code (and its language) for coding ones, text for written ones. */
export const AnswerInput = z
  .union(
    [
      z.object({ optionIds: z.array(z.int().nonnegative()).max(20), editedAt }).strict(),
      z.object({ code: candidateCode(MAX_CODE_ANSWER_LENGTH), language: answerLanguage, editedAt }).strict(),
      z.object({ text: answerText, editedAt }).strict(),
    ],
    {
      error: unionError(
        'send { "optionIds": [ ... ] } for a choice question, { "code": "...", "language": "python" } for a coding question or { "text": "..." } for a short_answer or free_text question',
      ),
    },
  )
  .meta({ id: 'AnswerBody' });
export type AnswerInput = z.infer<typeof AnswerInput>;

const eventAt = z.iso.datetime({ offset: true, error: 'at must be an ISO-8601 date-time' }).check(plainText('at'));

/**
 * What the page reports as it happens: leaving and coming back (`unload`: the page is being closed or reloaded,
 * which counts as leaving only if it is not back within seconds), which section the candidate opened (the
 * report shows the time spent per section), and the question events of question-signals.ts (time per question,
 * pastes and large insertions by size, the first keystroke).
 */
export const ProctoringEventInput = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.enum(['left', 'returned', 'unload']), at: eventAt }),
      z.object({ type: z.literal('section'), at: eventAt, sectionId: Id }),
      // The camera stopped or was taken away during the attempt: an image violation (decision 971).
      z.object({ type: z.literal('camera-off'), at: eventAt }),
      ...QuestionEventInputs,
    ],
    { error: 'type must be "left", "returned", "unload", "section", "camera-off", "question", "paste", "insertion" or "keystroke"' },
  )
  .meta({ id: 'ProctoringEventBody' });
export type ProctoringEventInput = z.infer<typeof ProctoringEventInput>;

export const SnapshotInput = z
  .object({
    image: z
      .string()
      .max(700_000, { error: 'image must be at most about 500 kB' })
      .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, {
        error: 'image must be a base64 data URL of a JPEG, PNG or WebP image (data:image/jpeg;base64,…, data:image/png;base64,… or data:image/webp;base64,…)',
      })
      .check(plainText('image')),
  })
  .meta({ id: 'SnapshotBody' });
export type SnapshotInput = z.infer<typeof SnapshotInput>;

export const RunCodeInput = z.object({ code: candidateCode(MAX_CODE_ANSWER_LENGTH), language: answerLanguage }).meta({ id: 'RunCodeBody' });
export type RunCodeInput = z.infer<typeof RunCodeInput>;

/** A place in the candidate's code, 1-based. */
export const ErrorLocation = z.object({ line: z.int().positive(), column: z.int().positive() });
export type ErrorLocation = z.infer<typeof ErrorLocation>;

export const TestCaseResult = z.object({
  passed: z.boolean(),
  args: z.array(JsonValue),
  expected: JsonValue,
  actual: JsonValue.optional(),
  error: z.string().optional(),
  /** What the code printed (console.log, print) during the case, cut at the sandbox's log cap. */
  output: z.string().optional(),
  /** How long the case ran, in milliseconds (absent for a case that never started). */
  timeMs: z.number().nonnegative().optional(),
  /** Where a syntax or runtime error happened in the candidate's code, 1-based. */
  errorLocation: ErrorLocation.optional(),
  /** Python: the traceback Python would print, from the candidate's first frame on (every frame of their code, with its line). */
  traceback: z.string().optional(),
  /** Python: the values as Python writes them (`None`, `True`, `'abc'`), for showing; the verdict compares the JSON values. */
  display: z.object({ actual: z.string().optional(), expected: z.string() }).optional(),
});
export type TestCaseResult = z.infer<typeof TestCaseResult>;
/** Where the equality of JSON results is written down once, for every language (in the repository). */
export const EQUALITY_RULES = '"Equality of JSON results" in packages/sandbox/README.md';

export const RunCodeResult = z.object({ results: z.array(TestCaseResult) }).meta({
  id: 'RunCodeResult',
  description: `One result per sample test. \`actual\` is the return value as JSON, compared with \`expected\` by the rules of ${EQUALITY_RULES} (the same for JavaScript, TypeScript and Python).`,
});
export type RunCodeResult = z.infer<typeof RunCodeResult>;

export const SelfRegistrationInput = z
  .object({
    fullName: singleLineText('fullName', 200),
    emailId: z.email({ error: 'emailId must be a valid email address' }).max(254).check(plainText('emailId')),
  })
  .meta({ id: 'SelfRegistrationBody' });
export type SelfRegistrationInput = z.infer<typeof SelfRegistrationInput>;

/**
 * A new registrant gets their take-test URL. An address already registered for the test gets nothing here:
 * its owner is emailed their own link instead (`sentByEmail`), and `message` says so.
 */
export const SelfRegistration = z
  .object({ testUrl: z.string().nullable(), sentByEmail: z.boolean(), message: z.string().nullable() })
  .meta({ id: 'SelfRegistration' });
export type SelfRegistration = z.infer<typeof SelfRegistration>;

/** Said to whoever registers an address that is already registered: the same words whatever its state. */
export const ALREADY_REGISTERED_MESSAGE =
  'This email address is already registered for this test. We have emailed the link to that address: check the inbox (and the spam folder).';

/** What saving an answer answers. `savedAt` is the server's clock at the save: a page may re-sync its countdown with it. */
export const AnswerSaved = z.object({ questionId: z.int(), savedAt: z.string() });
export type AnswerSaved = z.infer<typeof AnswerSaved>;

/** The attempt's proctoring counters after an event: window violations and seconds away. */
export const ViolationCounts = z.object({
  wv: z.int(),
  tv: z.int(),
  terminated: z
    .boolean()
    .optional()
    .meta({ description: "Present (true) when this departure took the count over the test's violation limit: the attempt has ended (decision 942)." }),
  iv: z.int().nonnegative().optional().meta({ description: 'Image violations so far: present when this event or snapshot counted one (decision 971).' }),
});
export type ViolationCounts = z.infer<typeof ViolationCounts>;

/** A stored snapshot; with `iv` (and `terminated`) when it showed nothing and was counted as an image violation (decision 972). */
export const SnapshotSaved = z.object({
  snapshotId: z.int(),
  iv: ViolationCounts.shape.iv,
  terminated: z
    .boolean()
    .optional()
    .meta({ description: "Present (true) when this snapshot took the count over the test's image limit: the attempt has ended." }),
});
export type SnapshotSaved = z.infer<typeof SnapshotSaved>;

export const PublicLinkView = z
  .object({
    testName: z.string(),
    duration: z.int(),
    questions: z.int(),
    sections: z.array(z.object({ sectionName: z.string(), sectionType: SectionType, questions: z.int(), duration: z.int() })),
    testAccessTime: z.string(),
    verdict: AccessVerdictCode,
    message: z.string().nullable(),
    inviteCandidateOnly: z.boolean(),
    /** Who is asking (optional: older servers send none). */
    org: CandidateFacingOrg.optional(),
  })
  .meta({ id: 'PublicLinkView' });
export type PublicLinkView = z.infer<typeof PublicLinkView>;
