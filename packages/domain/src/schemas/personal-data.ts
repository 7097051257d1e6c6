import { z } from 'zod';
import { ReportFollowUp } from '../follow-ups/follow-up-record.js';
import { plainText } from './text-fields.js';

/**
 * Access (GDPR Art. 15, issue 51 item 3): everything an org holds about one email address, as one JSON document.
 * Instants are ISO 8601 (UTC); stored JSON (history details, signals, playback frames, delivery payloads) is handed
 * over as JSON. What names another person never appears: a similarity pair names the other side by invitation id only.
 */
export const PersonalDataRequest = z
  .object({
    emailId: z
      .email({ error: 'emailId must be a valid email address' })
      .max(254, { error: 'emailId must be at most 254 characters' })
      .check(plainText('emailId')),
  })
  .strict()
  .meta({ id: 'PersonalDataRequest', description: 'Whose data: every candidate of the org registered with this address (case-insensitive).' });
export type PersonalDataRequest = z.infer<typeof PersonalDataRequest>;

const Instant = z.string().meta({ description: 'ISO 8601, UTC.' });
/** JSON the store kept as text, handed over parsed (or as the text when it does not parse): any shape. */
const StoredJson = z.unknown().meta({ description: 'JSON as stored: any shape.' });

const PersonalAnswer = z.object({
  questionId: z.int(),
  optionIds: StoredJson,
  code: z.string().nullable(),
  language: z.string().nullable(),
  /** The code left in the question's other languages, by language (decision 1124); null: none. */
  drafts: StoredJson,
  text: z.string().nullable(),
  savedAt: Instant,
});

const PersonalSnapshot = z.object({
  snapshotId: z.int(),
  takenAt: Instant,
  mediaType: z.string(),
  bytes: z.int(),
  /** Base64; null past the document's image budget (decision 877): `snapshotsOmitted` counts those. */
  data: z.string().nullable(),
});

/**
 * Where an integration's callback goes, without its path or query: integrators put secrets there (decision 1006), and the
 * candidate is owed whom their data went to, not the integration's credentials.
 */
const Origin = z.string().meta({ description: 'scheme://host[:port] of a URL an integration set; its path and query are left out (decision 1006).' });

const PersonalDelivery = z.object({
  jobId: z.int(),
  kind: z.string(),
  target: z.string().meta({ description: 'An email address, or the origin of a callback or Greenhouse URL (decision 1006).' }),
  status: z.string(),
  attempts: z.int(),
  payload: StoredJson,
  lastError: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  log: z.array(z.object({ attemptedAt: Instant, outcome: z.string(), statusCode: z.int().nullable(), latencyMs: z.number(), error: z.string().nullable() })),
});

/** The assistant's transcript of one invitation's attempt (issue 60, docs/ai.md): every message, reply and insertion. */
const PersonalAssistant = z.object({
  aiSnapshot: StoredJson.meta({ description: "The attempt's AI policy as fixed at its start; null when none was." }),
  messages: z.array(
    z.object({
      messageId: z.int(),
      questionId: z.int(),
      askedAt: Instant,
      text: z.string(),
      sharedAnswer: z.boolean(),
      answerChars: z.int(),
      state: z.string(),
      reply: z.string().nullable(),
      withheldReason: z.string().nullable(),
      failure: z.string().nullable(),
      model: z.string().nullable(),
      policy: z.string(),
      policyVersion: z.string(),
      promptTokens: z.int(),
      completionTokens: z.int(),
      answeredAt: Instant.nullable(),
    }),
  ),
  insertions: z.array(z.object({ insertionId: z.int(), messageId: z.int(), questionId: z.int(), at: Instant, chars: z.int(), line: z.int(), column: z.int() })),
  /** The authorship follow-ups asked about the candidate's answers, and their answers (docs/ai.md). */
  followUps: z.array(ReportFollowUp).default([]),
});

export const PersonalInvitation = z.object({
  testInvitationId: z.int(),
  candidateId: z.int(),
  testId: z.int(),
  testName: z.string(),
  testLinkId: z.int().nullable(),
  attemptNo: z.int(),
  previousTestInvitationId: z.int().nullable(),
  status: z.string(),
  reportStatus: z.string(),
  takeTestURL: z.string(),
  score: z.number(),
  timeTaken: z.number(),
  windowViolations: z.int(),
  /** Camera losses and blank snapshots counted (decision 971): what was recorded about the person is theirs to see. */
  imageViolations: z.int(),
  timeViolationSeconds: z.number(),
  extraTimePercent: z.number(),
  createdAt: Instant,
  startedAt: Instant.nullable(),
  completedAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
  deadlineAt: Instant.nullable(),
  expiresAt: Instant.nullable(),
  sectionScores: z.array(z.object({ sectionId: z.int(), score: z.number() })),
  questionResults: z.array(z.object({ questionId: z.int(), marks: z.number(), cases: StoredJson })),
  answers: z.array(PersonalAnswer),
  grades: z.array(
    z.object({
      questionId: z.int(),
      marks: z.number(),
      criteria: StoredJson,
      comment: z.string().nullable(),
      keyId: z.int(),
      gradedAt: Instant,
      supersededAt: Instant.nullable(),
    }),
  ),
  /** Window departures, returns, unloads and section views. */
  events: z.array(z.object({ kind: z.string(), at: Instant, sectionId: z.int().nullable() })),
  /** Time per question, pastes, large insertions and the first keystroke, as the page reported them. */
  questionSignals: z.array(
    z.object({
      questionId: z.int(),
      timeMs: z.number(),
      firstViewedAt: Instant.nullable(),
      firstKeystrokeAt: Instant.nullable(),
      pastes: z.int(),
      pastedChars: z.int(),
      insertions: z.int(),
      events: StoredJson,
    }),
  ),
  codePlayback: z.array(z.object({ questionId: z.int(), frames: StoredJson })),
  sampleRuns: z.array(z.object({ questionId: z.int(), runs: z.int() })),
  snapshots: z.array(PersonalSnapshot),
  evidenceReviews: z.array(z.object({ eventId: z.string(), outcome: z.string(), note: z.string(), keyId: z.int(), reviewedAt: Instant })),
  /** Pairs of this person's answer with another's: the other side by its invitation id only. */
  similarity: z.array(z.object({ pairId: z.int(), questionId: z.int(), otherTestInvitationId: z.int(), score: z.number(), foundAt: Instant })),
  history: z.array(
    z.object({ at: Instant, kind: z.string(), actor: z.string(), keyId: z.int().nullable(), details: StoredJson, count: z.int(), lastAt: Instant }),
  ),
  decision: z.object({ decision: z.string().nullable(), reason: z.string().nullable(), keyId: z.int(), decidedAt: Instant }).nullable(),
  tags: z.array(z.string()),
  notes: z.array(z.object({ noteId: z.int(), keyId: z.int(), text: z.string(), createdAt: Instant, editedAt: Instant.nullable() })),
  ratings: z.array(z.object({ keyId: z.int(), rating: z.number(), ratedAt: Instant })),
  /** What the candidate said of the test after each attempt (issue 52, `candidateFeedback`); an older server's export reads as none. */
  candidateFeedback: z.array(z.object({ attemptStartedAt: Instant, rating: z.int().nullable(), text: z.string().nullable(), givenAt: Instant })).default([]),
  /** Emails, callbacks, Greenhouse PATCHes and scoring about this invitation, each with its delivery log. */
  deliveries: z.array(PersonalDelivery),
  greenhouseInterviews: z.array(z.object({ applicationId: z.string(), callbackOrigin: Origin, createdAt: Instant, updatedAt: Instant })),
  reminders: z.array(z.object({ reminderKey: z.string(), jobId: z.int().nullable(), createdAt: Instant })),
  /** What the candidate asked the AI assistant and what it answered (issue 60); an older server's export reads as none. */
  assistant: PersonalAssistant.default({ aiSnapshot: null, messages: [], insertions: [], followUps: [] }),
});
export type PersonalInvitation = z.infer<typeof PersonalInvitation>;

export const PersonalCandidate = z.object({
  candidateId: z.int(),
  testId: z.int(),
  emailId: z.string(),
  fullName: z.string(),
  callbackOrigin: Origin.nullable(),
  redirectURL: z.string().nullable(),
  submittedCallbackOrigin: Origin.nullable(),
  remindersUnsubscribedAt: Instant.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type PersonalCandidate = z.infer<typeof PersonalCandidate>;

export const PersonalBulkRow = z.object({
  bulkJobId: z.int(),
  rowNo: z.int(),
  emailId: z.string(),
  fullName: z.string().nullable(),
  outcome: z.string().nullable(),
  reason: z.string().nullable(),
  testInvitationId: z.int().nullable(),
});
export type PersonalBulkRow = z.infer<typeof PersonalBulkRow>;

/** An email the file mailer wrote to `ASSAY_OUTBOX_DIR` about this person: its file name and its RFC 5322 text. */
export const PersonalOutboxEmail = z.object({ file: z.string(), message: z.string() });
export type PersonalOutboxEmail = z.infer<typeof PersonalOutboxEmail>;

export const PersonalData = z
  .object({
    format: z.literal('assay-personal-data/1'),
    exportedAt: Instant,
    emailId: z.string(),
    /** Who holds the data: the org as its candidate pages name it. */
    holder: z.string(),
    candidates: z.array(PersonalCandidate),
    invitations: z.array(PersonalInvitation),
    bulkInvitationRows: z.array(PersonalBulkRow),
    outboxEmails: z.array(PersonalOutboxEmail),
    /** Snapshots listed with `data: null` because the document's image budget was spent (decision 877). */
    snapshotsOmitted: z.int(),
  })
  .meta({ id: 'PersonalData', description: 'Everything the org holds about one email address (GDPR Art. 15).' });
export type PersonalData = z.infer<typeof PersonalData>;
