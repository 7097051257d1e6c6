import type { CandidateStartInput } from '@assay/domain/ai';
import {
  DEFAULT_ANSWER_GRACE_MS,
  INVITATION_STATUS,
  type HistoryActor,
  type CodingQuestion,
  type QuestionDefinition,
  type QuestionRecord,
  acceptAnswer,
  askedQuestion,
  MAX_VARIANT_SEED,
  attemptSeedOf,
  practiceRunnable,
  PRACTICE_QUESTION_ID,
  testContentsOf,
  sessionPhase,
  answerLanguageFor,
  checkDrafts,
  fitAnswer,
  attemptRulesOf,
  type SnapshotSaved,
  type ViolationCounts,
  dueToExpire,
  expireIfDue,
  moveInvitation,
  requireTimeLeft,
  sampleRunShare,
  startByCandidate,
  type SandboxShare,
  type AnswerInput,
  type AnswerDrafts,
  type CodingLanguage,
  type Invitation,
  type InvitationMove,
  type CandidateSession,
  type CandidateFeedback,
  type CandidateFeedbackInput,
  type ProctoringEventInput,
  type RunBudget,
  type Result,
  isPreviewToken,
} from '@assay/domain';
import { randomInt } from 'node:crypto';
import type { AttemptContext, Store } from '@assay/store';
import { found, refusal, unwrap } from '../refusal-error.js';
import { startAdmissionOf } from './session-view.js';
import { giveFeedback } from './candidate-feedback.js';
import { attemptSession } from './attempt-session.js';
import { AttemptProctoring } from './attempt-proctoring.js';
import type { AssistantSessions } from './assistant-sessions.js';
import type { PreviewAttempts } from './preview-attempts.js';
import { NOT_IN_A_PREVIEW_MESSAGE, UNKNOWN_TOKEN_MESSAGE } from './token-messages.js';
import { exposedAtStart, retireAtCap } from './exposure-cap.js';

/**
 * A coding answer as it is stored: in its language (the one named, or the question's first), with drafts only in the
 * question's other languages (decision 1124).
 */
const codingAnswerOf = (question: CodingQuestion, given: { code: string; language?: CodingLanguage | undefined; drafts?: AnswerDrafts | undefined }) => {
  const language = unwrap(answerLanguageFor(question, given.language));
  unwrap(checkDrafts(question, language, given.drafts));
  return { ...given, language };
};

export { UNKNOWN_TOKEN_MESSAGE } from './token-messages.js';

/**
 * The candidate's side of an invitation, server-authoritative: the domain decides every move, this
 * class reads and writes around it. The deadline passes even if the candidate never comes back
 * (the worker's deadline sweep completes it), and is also checked on every request.
 */
export class CandidateAttempts {
  private readonly proctoring: AttemptProctoring;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    /** How long after the deadline answers made before it are still taken (ASSAY_ANSWER_GRACE_MS). */
    private readonly answerGraceMs: number = DEFAULT_ANSWER_GRACE_MS,
    /** The sample-run limit the candidate routes enforce, told in the session (the landing page's rules state it). */
    private readonly runBudget?: RunBudget,
    /** The assistant's part of the session and the AI snapshot a start fixes (issue 60); absent: neither. */
    private readonly assistant?: AssistantSessions,
    /** Preview links' pages (issue 62 item 3): a preview token is answered there, and nothing of it is written. */
    private readonly previews?: PreviewAttempts,
  ) {
    this.proctoring = new AttemptProctoring(store, now, {
      context: (token) => this.context(token),
      running: (token) => this.running(token),
      questionOf: (context, questionId) => this.questionOf(context, questionId),
      move: (invitation, decide, by) => this.move(invitation, decide, by),
    });
  }

  /** A preview token, answered by the previews (decision 1492); never looked up among invitations. */
  private previewing(token: string): PreviewAttempts | undefined {
    return isPreviewToken(token) ? this.previews : undefined;
  }

  async context(token: string): Promise<AttemptContext> {
    // What reads an attempt's own records (the assistant, follow-ups) is not offered in a preview (decision 1494).
    if (this.previewing(token)) throw refusal('session-not-found', NOT_IN_A_PREVIEW_MESSAGE);
    const context = found(await this.store.attempts.findByToken(token), 'session-not-found', UNKNOWN_TOKEN_MESSAGE);
    const { invitation } = context;
    const at = this.now();
    if (dueToExpire(invitation, this.answerGraceMs, at)) {
      await this.move(invitation, (current) => expireIfDue(current, this.answerGraceMs, at), 'system');
      return found(await this.store.attempts.findByToken(token), 'session-not-found', 'This test link is not valid.');
    }
    return context;
  }

  async session(token: string): Promise<CandidateSession> {
    const preview = this.previewing(token);
    if (preview) return preview.session(token);
    return this.viewOf(await this.context(token));
  }

  /** The page loads its session: before the start, that is the candidate opening the link (coalesced in the history). */
  async open(token: string): Promise<CandidateSession> {
    const preview = this.previewing(token);
    if (preview) return preview.session(token);
    const context = await this.context(token);
    const { status, id } = context.invitation;
    if (status === INVITATION_STATUS.pending || status === INVITATION_STATUS.reset)
      await this.store.history.recordCoalesced(id, 'link-opened', 'candidate', this.now());
    return this.viewOf(context);
  }

  private viewOf(context: AttemptContext): Promise<CandidateSession> {
    return attemptSession(this.store, context, { now: this.now, runBudget: this.runBudget, assistant: this.assistant });
  }

  /** Admitted by the test and its link, then moved by the machine: one domain decision (`startByCandidate`). */
  async start(token: string, input: CandidateStartInput = {}): Promise<CandidateSession> {
    const preview = this.previewing(token);
    if (preview) return preview.start(token);
    // A question its pool showed to the cap leaves in a new version first, which this start then takes (decision 1496).
    const opened = await this.context(token);
    const context = (await retireAtCap(this.store, opened, this.now())) ? await this.context(token) : opened;
    const admission = startAdmissionOf(context);
    // Read once, here: the shuffle choice is fixed in the seed and the proctoring rules with the attempt (decision 1140),
    // so a later settings change never reorders this attempt nor changes the limits it was told.
    const settings = await this.store.testSettings.stored(context.invitation.orgId, context.test.id);
    // The AI policy is fixed here too, written with the start (decision 1160).
    const at = this.now();
    const ai = await this.assistant?.atStart(context, input.aiNoticeAcknowledged === true ? at : null);
    // The candidate's variant is drawn here, once (the domain computes it from the seed; decision 572).
    const variantSeed = attemptSeedOf(randomInt(MAX_VARIANT_SEED + 1), settings ?? null);
    const [sections, questions] = await Promise.all([this.store.tests.sections(context.test.contentId), this.store.attempts.questions(context.test.contentId)]);
    await this.move(
      context.invitation,
      (current) =>
        startByCandidate(current, admission, {
          type: 'start',
          at,
          durationMinutes: context.test.duration,
          extraTimePercent: current.extraTimePercent,
          variantSeed,
          // Its pooled questions count towards their caps with the start (decision 1497).
          exposed: exposedAtStart(sections, questions, variantSeed),
          ...(ai ? { ai } : {}),
          rules: attemptRulesOf(settings, context.link?.imageProctoring === 1),
          // The version it was decided on, whose duration and questions the candidate was shown (issue 62 item 4).
          versionId: context.test.contentId,
        }),
      'candidate',
    );
    return this.session(token);
  }

  /**
   * An attempt with time left: runs, events and snapshots stop at the deadline (the grace is for answers made before
   * it, which have their own rule); the store checks it again where it writes.
   */
  private async running(token: string): Promise<AttemptContext> {
    const context = await this.context(token);
    unwrap(requireTimeLeft(context.invitation.status, context.invitation.deadline, this.now()));
    return context;
  }

  /** A question the candidate was asked: one outside their draw answers 404.8, exactly like one of no test (decision 643). */
  async questionOf(context: AttemptContext, questionId: number): Promise<QuestionDefinition> {
    const [sections, questions] = await Promise.all([this.store.tests.sections(context.test.contentId), this.store.attempts.questions(context.test.contentId)]);
    return unwrap(askedQuestion(sections, questions, context.invitation.variantSeed, questionId)).definition;
  }

  /** The candidate's feedback once the attempt has ended (issue 52; candidate-feedback.ts). */
  async giveFeedback(token: string, input: CandidateFeedbackInput): Promise<CandidateFeedback> {
    const preview = this.previewing(token);
    if (preview) return preview.giveFeedback(token, input);
    return giveFeedback(this.store, await this.context(token), input, this.now());
  }

  /** The report counts how often a candidate ran a question's samples before submitting; the practice question is not one. */
  async countSampleRun(token: string, questionId: number): Promise<void> {
    if (questionId === PRACTICE_QUESTION_ID || this.previewing(token)) return;
    const { invitation } = await this.context(token);
    await this.store.attemptLog.countSampleRun(invitation.id, questionId, this.now());
  }

  /** A question of a running attempt with its record (its section, its definition): what the assistant works on (issue 60). */
  async askedWhileRunning(token: string, questionId: number): Promise<{ context: AttemptContext; question: QuestionRecord }> {
    const context = await this.running(token);
    const [sections, questions] = await Promise.all([this.store.tests.sections(context.test.contentId), this.store.attempts.questions(context.test.contentId)]);
    return { context, question: unwrap(askedQuestion(sections, questions, context.invitation.variantSeed, questionId)) };
  }

  /** A question of a running attempt, for running its sample tests. */
  async questionForRun(token: string, questionId: number): Promise<QuestionDefinition> {
    const preview = this.previewing(token);
    if (preview) return preview.questionForRun(token, questionId);
    return this.questionOf(await this.running(token), questionId);
  }

  /**
   * A coding question of a running attempt, for a sample run from `address`, and the run's place in the sandbox's
   * fair shares (org, link, client address, attempt): another type of question is 400.10.
   */
  async codingQuestionForRun(token: string, questionId: number, address: string): Promise<{ question: CodingQuestion; owner: SandboxShare }> {
    const preview = this.previewing(token);
    if (preview) return preview.codingQuestionForRun(token, questionId, address);
    if (questionId === PRACTICE_QUESTION_ID) return this.practiceForRun(token, address);
    const context = await this.running(token);
    const question = await this.questionOf(context, questionId);
    if (question.type !== 'coding') throw refusal('answer-does-not-fit', 'Only coding questions have sample tests to run.');
    return { question, owner: sampleRunShare(context.invitation, address) };
  }

  /** The landing's practice question, run before the clock starts under its own id and never recorded (decision 1125). */
  private async practiceForRun(token: string, address: string): Promise<{ question: CodingQuestion; owner: SandboxShare }> {
    const context = await this.context(token);
    const questions = await this.store.attempts.questions(context.test.contentId);
    const contents = testContentsOf(questions.map(({ definition }) => definition));
    const question = unwrap(practiceRunnable(sessionPhase(context.invitation.status), contents));
    return { question, owner: sampleRunShare(context.invitation, address) };
  }

  async saveAnswer(token: string, questionId: number, answer: AnswerInput): Promise<{ questionId: number; savedAt: string }> {
    const preview = this.previewing(token);
    if (preview) return preview.saveAnswer(token, questionId, answer);
    const context = await this.context(token);
    const { invitation } = context;
    const now = this.now();
    const editedAt = answer.editedAt === undefined ? undefined : Date.parse(answer.editedAt);
    unwrap(
      acceptAnswer({ status: invitation.status, startedAt: invitation.startedAt, deadline: invitation.deadline, now, editedAt, graceMs: this.answerGraceMs }),
    );
    const question = await this.questionOf(context, questionId);
    unwrap(fitAnswer(question, answer));
    const { editedAt: _madeAt, ...given } = answer;
    const stored = question.type === 'coding' && 'code' in given ? codingAnswerOf(question, given) : given;
    // Submitted (or expired) between the check and the write: refused like any answer after the end.
    if (!(await this.store.attempts.saveAnswer(invitation.id, questionId, stored, now, this.answerGraceMs))) {
      throw refusal('attempt-over', 'The test is over: it was submitted or its time is up.');
    }
    return { questionId, savedAt: new Date(now).toISOString() };
  }

  /** Departures, sections, question events and the camera going off: logged and counted (attempt-proctoring.ts). */
  async recordEvent(token: string, event: ProctoringEventInput): Promise<ViolationCounts> {
    const preview = this.previewing(token);
    if (preview) return preview.recordEvent(token);
    return this.proctoring.recordEvent(token, event);
  }

  /** A camera snapshot, re-encoded and stored; one that showed nothing counts as an image violation (attempt-proctoring.ts). */
  async addSnapshot(token: string, dataUrl: string): Promise<SnapshotSaved> {
    const preview = this.previewing(token);
    if (preview) return preview.addSnapshot(token);
    return this.proctoring.addSnapshot(token, dataUrl);
  }

  /** The machine refuses a submit before the start (403.13) or after a cancel (403.9); a second submit changes nothing. */
  async submit(token: string): Promise<CandidateSession> {
    const preview = this.previewing(token);
    if (preview) return preview.submit(token);
    const { invitation } = await this.context(token);
    const at = this.now();
    await this.move(invitation, (current) => moveInvitation(current, { type: 'submit', at }), 'candidate');
    return this.session(token);
  }

  /**
   * A move decided by the domain on the invitation as the store finds it when it moves (decided again if it changed
   * meanwhile), applied with its effect (a completion queues its jobs); a refusal is the candidate's answer as it is.
   */
  private async move(invitation: Invitation, decide: (current: Invitation) => Result<InvitationMove>, by: HistoryActor): Promise<void> {
    const applied = await this.store.invitations.applyMove(invitation.orgId, invitation.id, decide, this.now(), by);
    if (applied?.move.err) unwrap(applied.move);
  }
}
