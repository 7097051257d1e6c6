import {
  admitSnapshot,
  applyProctoringEvent,
  eventInstant,
  isQuestionEvent,
  moveInvitation,
  snapshotWindowStart,
  terminationOf,
  placeQuestionEvent,
  type HistoryActor,
  type Invitation,
  type InvitationMove,
  type ProctoringEventInput,
  type QuestionDefinition,
  type QuestionEventInput,
  type Result,
  type SnapshotSaved,
  type ViolationCounts,
  type ViolationTally,
} from '@assay/domain';
import { blankSnapshotOf, normaliseSnapshot } from '@assay/reports/host';
import type { AttemptContext, Store } from '@assay/store';
import { refusal, unwrap } from '../refusal-error.js';
import { cameraRequiredOf, rulesOfAttempt } from './attempt-rules.js';

/**
 * What proctoring needs of the attempt it watches, lent by `CandidateAttempts` (attempts-service.ts): the attempt
 * behind a token (expired first when its time is up), the same only while it has time left, a question of the
 * candidate's draw, and the domain's moves of the invitation (a termination is one).
 */
export interface WatchedAttempts {
  context(token: string): Promise<AttemptContext>;
  running(token: string): Promise<AttemptContext>;
  questionOf(context: AttemptContext, questionId: number): Promise<QuestionDefinition>;
  move(invitation: Invitation, decide: (current: Invitation) => Result<InvitationMove>, by: HistoryActor): Promise<void>;
}

/**
 * What the page reports while the attempt runs — departures, sections, question events, the camera and its
 * snapshots — logged and counted; the violation that takes a count over the test's limit ends the attempt.
 */
export class AttemptProctoring {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly attempts: WatchedAttempts,
  ) {}

  /**
   * Every event goes into the attempt's log, and departures move the counters, while the attempt has time left
   * (after the deadline nothing the page reports can change the attempt). Retried when another event changed the
   * counters meanwhile, or the attempt ended: then the check up front refuses it.
   */
  async recordEvent(token: string, event: ProctoringEventInput): Promise<ViolationCounts> {
    if (isQuestionEvent(event)) return this.recordQuestionEvent(token, event);
    if (event.type === 'camera-off') return this.recordCameraOff(token);
    for (;;) {
      const context = await this.attempts.running(token);
      const { invitation, test } = context;
      const previous = invitation.proctoring;
      const now = this.now();
      const at = eventInstant(Date.parse(event.at), now, invitation.startedAt ?? now);
      if (event.type === 'section') {
        const sections = await this.store.tests.sections(test.contentId);
        if (!sections.some((section) => section.id === event.sectionId))
          throw refusal('answer-does-not-fit', `Section ${event.sectionId} is not part of this test.`);
      }
      const logged = event.type === 'section' ? { kind: event.type, at, sectionId: event.sectionId } : { kind: event.type, at };
      const next = event.type === 'section' ? previous : applyProctoringEvent(previous, { type: event.type, at });
      if (await this.store.attempts.recordEvent(invitation.id, logged, { previous, next }, now)) {
        const terminated = next.wv > previous.wv && (await this.terminateIfOver(context, { window: next.wv, image: invitation.imageViolations ?? 0 }));
        return { wv: next.wv, tv: next.tv, ...(terminated ? { terminated } : {}) };
      }
    }
  }

  /**
   * The server decides, not the page (decision 942): the departure that takes the count over the test's limit ends
   * the attempt in the same request, as a completion (scored, announced) whose history names the count.
   */
  private async terminateIfOver(context: AttemptContext, tally: ViolationTally): Promise<boolean> {
    const { invitation, test } = context;
    // The attempt's own limits, fixed at its start (decision 1140); the test's now only for one that stored none.
    const settings = invitation.rules ? undefined : await this.store.testSettings.get(invitation.orgId, test.id);
    const termination = terminationOf(rulesOfAttempt(context, settings), tally);
    if (!termination) return false;
    const at = this.now();
    await this.attempts.move(invitation, (current) => moveInvitation(current, { type: 'terminate', at, termination }), 'system');
    return true;
  }

  /**
   * An image violation (decision 971): counted while the attempt takes writes (403.11 after, like any event), and the
   * one that takes the count over the test's image limit ends the attempt in the same request (decision 942's rule).
   */
  private async countImageViolation(context: AttemptContext): Promise<{ iv: number; terminated?: boolean }> {
    const { invitation } = context;
    const iv = await this.store.attemptLog.countImageViolation(invitation.id, this.now());
    if (iv === null) throw refusal('attempt-over', 'The test is over: it was submitted or its time is up.');
    const terminated = await this.terminateIfOver(context, { window: invitation.proctoring.wv, image: iv });
    return { iv, ...(terminated ? { terminated } : {}) };
  }

  /** The page's camera stopped or was taken away during the attempt: an image violation (decision 971). */
  private async recordCameraOff(token: string): Promise<ViolationCounts> {
    const context = await this.attempts.running(token);
    const counted = await this.countImageViolation(context);
    return { wv: context.invitation.proctoring.wv, tv: context.invitation.proctoring.tv, ...counted };
  }

  /**
   * A question event (question-signals.ts): placed on the attempt's clock like every event, for a question of the
   * test (404.8 otherwise), kept while the attempt takes writes (403.11 after: nothing the page reports after the
   * deadline changes the attempt). Answers the counters as they stand: a question event moves none of them.
   */
  private async recordQuestionEvent(token: string, event: QuestionEventInput): Promise<{ wv: number; tv: number }> {
    const context = await this.attempts.running(token);
    const { invitation } = context;
    await this.attempts.questionOf(context, event.questionId);
    const now = this.now();
    const at = eventInstant(Date.parse(event.at), now, invitation.startedAt ?? now);
    const signal = placeQuestionEvent(event, at);
    if (!(await this.store.questionSignals.record(invitation.id, signal, now))) {
      throw refusal('attempt-over', 'The test is over: it was submitted or its time is up.');
    }
    return { wv: invitation.proctoring.wv, tv: invitation.proctoring.tv };
  }

  /**
   * A camera snapshot: admitted by the snapshot policy (proctoring on, time left, rate), then re-encoded from
   * whatever the bytes really are into a small JPEG, then admitted again in the storing transaction. The first check
   * spares the decoding of uploads that would be refused anyway; the second holds against concurrent uploads.
   */
  async addSnapshot(token: string, dataUrl: string): Promise<SnapshotSaved> {
    const context = await this.attempts.context(token);
    const { invitation } = context;
    const imageProctoring = cameraRequiredOf(context);
    const checkedAt = this.now();
    const recentTakenAt = await this.store.attempts.snapshotTimesSince(invitation.id, snapshotWindowStart(checkedAt));
    unwrap(admitSnapshot({ imageProctoring, status: invitation.status, deadline: invitation.deadline, recentTakenAt, now: checkedAt }));
    // The media type of the data URL is ignored: the bytes say what they are.
    const jpeg = unwrap(await normaliseSnapshot(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')));
    const now = this.now();
    const snapshotId = unwrap(
      await this.store.attempts.addSnapshotIfAdmitted(
        { invitationId: invitation.id, takenAt: now, mediaType: 'image/jpeg', data: jpeg },
        snapshotWindowStart(now),
        (facts) => admitSnapshot({ ...facts, imageProctoring, now }),
      ),
    );
    // Stored either way (the reviewer sees what the camera showed); a frame that showed nothing also counts (decision 972).
    if ((await blankSnapshotOf(jpeg)) === null) return { snapshotId };
    return { snapshotId, ...(await this.countImageViolation(context)) };
  }
}
