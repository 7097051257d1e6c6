/**
 * `@assay/domain/invitations`: who may take a test, and when. The invitation machine (`moveInvitation`: next
 * state and its effect) and its states by name, re-registration, an invitation's test scope, test links (state,
 * settings) and their access windows, with the text that describes a window.
 */
export { invitationEventTypes, InvitationStatus, invitationStatuses, moveInvitation } from './invitation-status.js';
export type { ExposedQuestion, InvitationEffect, InvitationEvent, InvitationFacts, InvitationMove } from './invitation-status.js';
export { INVITATION_STATUS, REPORT_STATUS } from './invitation-status-names.js';
export { InvitationStanding, invitationStanding, LAPSABLE_STATUSES } from './invitations/invitation-standing.js';
export type { StandingFacts } from './invitations/invitation-standing.js';
export { defaultExpiryOf } from './invitations/default-deadline.js';
export type { DefaultDeadlineFacts } from './invitations/default-deadline.js';
export { decideReRegistration } from './re-registration.js';
export type { InvitationOnRegistration, LatestInvitationFacts, ReRegistration, ReRegistrationRequest, StoredUrlChange } from './re-registration.js';
export { invitationNotFound, moveScopedInvitation } from './invitation-scope.js';
export type { InvitationScope } from './invitation-scope.js';
export { acceptsCandidates, moveTestLink, testLinkStateOf, testLinkStatusOf } from './test-link-status.js';
export type { TestLinkState } from './test-link-status.js';
export { resolveTestLinkSettings } from './test-link-settings.js';
export type { OrgDefaults, TestLinkSettings } from './test-link-settings.js';
export { checkAccess, resolveAccessWindow, windowFromStored, wireDatesOf } from './access-time.js';
export type { AccessTimeInput, AccessVerdict, AccessWindow } from './access-time.js';
export { describeAccessWindow } from './access-time-text.js';

// Issue 32 item 6 (history): an invitation's history — its event kinds, what a move says, the answer.
export {
  COALESCED_HISTORY_KINDS,
  HISTORY_COALESCE_MS,
  HistoryBy,
  HistoryEntry,
  HistoryEvent,
  HistoryOmission,
  InvitationHistory,
} from './history/history-events.js';
export type { CoalescedHistoryKind, HistoryActor, HistoryKind, RecordedHistoryEvent, StoredHistoryEntry } from './history/history-events.js';
export { historyOfMove } from './history/move-history.js';
export { invitationHistoryOf } from './history/invitation-history.js';
export type { InvitationOrigin } from './history/invitation-history.js';
export { completedWindowsOf, exportEntriesOf, firstCompletionOf, TEST_EXPORT_HISTORY_LIMIT } from './history/test-exports.js';
export type { CompletedWindow, TestExport } from './history/test-exports.js';
// Issue 32 item 6 (evidenceview): an invitation's history as lines a person reads (the PDF's appendix, the TUI).
export { historyActorText, historyLines, historyOmissionLines } from './history/history-entry-text.js';
export type { HistoryLine } from './history/history-entry-text.js';
// Issue 48 item 2: every per-attempt record bounded like the proctoring log (first and last N, with a count).
export { boundedPlacement, EVIDENCE_REVIEW_BOUND, GRADE_BOUND, HISTORY_BOUNDS, keptWindow, omittedCount, type RecordBound } from './history/record-bounds.js';

// Issue 33 item 3 (reminders): when an invitation's window closes, its own expiry, which reminders are due, the settings.
export {
  decideReminderHours,
  DEFAULT_REMINDER_HOURS,
  effectiveReminders,
  MAX_REMINDER_HOURS,
  MAX_REMINDERS,
  MIN_REMINDER_HOURS,
  ReminderSettings,
  ReminderSettingsInput,
  reminderSettingsOf,
  ReminderSource,
  storedReminderHours,
} from './reminders/reminder-settings.js';
export { invitationExpired, windowClosesAt } from './reminders/reminder-window.js';
export {
  EXPIRY_NOTE_KEY,
  EXPIRY_NOTE_LOOKBACK_MS,
  expiryNoteStillTrue,
  notStarted,
  reminderKey,
  remindersDue,
  reminderStillWanted,
} from './reminders/reminders-due.js';
export type { ReminderClaim, ReminderFacts } from './reminders/reminders-due.js';
export { UNDATED_REMINDER_KEY, undatedReminderDue, undatedReminderStillWanted } from './reminders/undated-reminder.js';
export type { UndatedReminderClaim, UndatedReminderFacts } from './reminders/undated-reminder.js';
export { decideInvitationExpiry, InvitationExpiry, InvitationExpiryInput } from './reminders/invitation-expiry.js';
// Issue 50 item 2 (decisions): a decision, tags, notes and ratings on an invitation, and who may record them.
export {
  CandidateDecision,
  candidateDecisions,
  DECISION_REASON_MAX,
  DECISION_VERBS,
  decisionChangeOf,
  DecisionInput,
  NO_DECISION,
} from './decisions/candidate-decision.js';
export type { DecisionChange } from './decisions/candidate-decision.js';
export {
  BULK_DECISION_CAP,
  BulkDecisionAnswer,
  BulkDecisionFilter,
  BulkDecisionInput,
  BulkDecisionRow,
  bulkDecisionOutcomes,
  bulkDecisionTooLarge,
  exceedsBulkCap,
} from './decisions/bulk-decision.js';
export type { BulkCandidate, BulkDecisionOutcome } from './decisions/bulk-decision.js';
export { MAX_TAG_LENGTH, MAX_TAGS, normalizeTag, TagInput, tagsWith } from './decisions/candidate-tags.js';
export { MAX_NOTES, mayAddNote, mayChangeNote, NOTE_MAX, NoteInput } from './decisions/candidate-notes.js';
export type { StoredNote } from './decisions/candidate-notes.js';
export { meanRating, RatingInput } from './decisions/candidate-rating.js';
export { CandidateDecisionState, CandidateEvaluation, CandidateNote, CandidateNotes, CandidateRating } from './decisions/candidate-evaluation.js';
export { NOTHING_RECORDED, RecordedSummary, recordedSummary, recordedSummaryText } from './decisions/recorded-summary.js';

// Issue 50 item 4: which invitations Assay emails on request, and whether a reattempt emails (decisions 780, 781).
export { invitationEmailWanted, reattemptEmailWanted, registrationEmailRequested } from './invitation-email.js';
export { RESEND_DAILY_CAP, RESEND_INTERVAL_MS, decideResend, type ResendFacts } from './invitation-resend.js';
// Issue 50 item 4: the person a candidate email names as its inviter (decisions 825, 826).
export { inviterOf, linkEmailNamesInviter, type InvitationMaker, type Inviter } from './people/inviter.js';
// Issue 51 item 1: erasure of a candidate's personal data — the requests (v2, iMocha v3's GDPR shape) and what they cover.
export {
  EraseCandidatesInput,
  ErasedCandidates,
  GDPR_REQUEST_ACCEPTED,
  GdprRequestAnswer,
  GdprRequestInput,
  noRecordsForEmail,
  planErasure,
  type ErasurePlan,
} from './erasure/erasure-request.js';
export { V3Failure } from './v3/v3-failure.js';
// Issue 52 (the v3 interface): test settings, why an attempt ended, v3's status words, which front made an invitation.
export {
  TestSettings,
  TestSettingsInput,
  checkTestSettings,
  defaultTestSettingsOf,
  violationRulesOf,
  withAiSettings,
  type SettingsSubject,
  type ViolationRules,
} from './test-settings/test-settings.js';
export { AttemptEndReason } from './candidate/attempt-end.js';
export { V3InvitationStatus, v3StatusOf, type V3StatusFacts } from './v3/v3-status.js';
export { InvitationInterface } from './v3/invitation-interface.js';
export { completionStakeholders } from './v3/completion-stakeholders.js';
// Issue 52: v3's two callbacks and their replay (decisions 915–919).
export { V3Callback, buildV3Callback, buildV3StartedCallback, wallClockIn, type V3CallbackFacts } from './v3/v3-callback.js';
export {
  V3CallbackReplayAnswer,
  V3CallbackReplayInput,
  V3CallbackReplayRefusal,
  V3_REPLAY_MAX_IDS,
  V3_REPLAY_UNKNOWN_IDS,
  planCallbackReplay,
  type ReplayCandidate,
  type ReplayPlan,
} from './v3/callback-replay.js';
// Issue 51 item 2 (retention): an org's retention periods and the cut-offs a sweep erases before (decisions 849–852).
export {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  RETENTION_DEFAULTS,
  RetentionSettings,
  RetentionSettingsInput,
  decideRetention,
} from './retention/retention-settings.js';
export { retentionCutoffs, unstartedExpired, unstartedSince, type RetentionCutoffs } from './retention/retention-cutoffs.js';
// Issue 52: iMocha v3's invite, reattempt and cancel over the same invitations (decisions 897–903).
export {
  decideV3Cancel,
  decideV3Reattempt,
  v3ReinviteOf,
  V3_CANCEL_REFUSED,
  V3_REATTEMPT_IN_PROGRESS,
  type V3InvitationFacts,
  type V3ReattemptWay,
  type V3Reinvite,
} from './v3/invitation-rules.js';
export { decideV3AccessTime, parseV3DateTime, START_SKEW_MS, type V3AccessTime, type V3AccessTimeInput } from './v3/access-window.js';
export { MADE_UP_DOMAIN, madeUpIdentity, undeliverableAddress, type MadeUpIdentity } from './v3/made-up-identity.js';
export { V3CancelledInvitation, V3Invitation, V3InviteInput, V3Reattempt, V3ReattemptInput } from './v3/invitation-schemas.js';
export {
  DECISION_EMAIL_BODY_MAX,
  DECISION_EMAIL_SUBJECT_MAX,
  DecisionEmailKind,
  DecisionEmailMessage,
  DecisionEmailPreviewInput,
  DecisionEmailSettings,
  DecisionEmailSettingsInput,
  DecisionEmailTemplate,
  decisionEmailKindOf,
  decisionEmailMessage,
  decisionEmailStillTrue,
  replyToOf,
  storedDecisionEmails,
  updateDecisionEmails,
  decisionEmailKinds,
  decisionEmailPlaceholders,
  defaultDecisionEmails,
  renderDecisionEmail,
  unknownPlaceholdersIn,
} from './decisions/decision-emails.js';
export type { DecisionEmailPlaceholder, DecisionEmailValues } from './decisions/decision-emails.js';
