import { acceptFeedback, type CandidateFeedback, type CandidateFeedbackInput, type Invitation, type TestSettings } from '@assay/domain';
import type { AttemptContext, Store } from '@assay/store';
import { refusal, unwrap } from '../refusal-error.js';

/**
 * Whether the finish page should not ask for feedback again: read only for an ended attempt of a test that asks
 * (undefined otherwise, and the session leaves the field out).
 */
export const feedbackGivenOf = async (store: Store, invitation: Invitation, settings: TestSettings | undefined): Promise<boolean | undefined> => {
  if (!settings?.displayMessageSettings.candidateFeedback || invitation.startedAt === null || invitation.completedAt === null) return undefined;
  return (await store.candidateFeedback.of({ invitationId: invitation.id, startedAt: invitation.startedAt })) !== undefined;
};

/**
 * `POST /candidate/v1/{token}/feedback`: the domain decides whether it is taken (`acceptFeedback`, 400.66/400.67);
 * the table's key keeps it to once per attempt when two requests race (decision 967).
 */
export const giveFeedback = async (
  store: Store,
  { invitation, test }: AttemptContext,
  input: CandidateFeedbackInput,
  now: number,
): Promise<CandidateFeedback> => {
  const settings = await store.testSettings.get(invitation.orgId, test.id);
  const attempt = invitation.startedAt === null ? null : { invitationId: invitation.id, startedAt: invitation.startedAt };
  const given = attempt !== null && (await store.candidateFeedback.of(attempt)) !== undefined;
  const feedback = unwrap(acceptFeedback({ asked: settings?.displayMessageSettings.candidateFeedback === true, status: invitation.status, given }, input, now));
  if (attempt === null || !(await store.candidateFeedback.give(attempt, feedback))) {
    throw refusal('feedback-not-taken', 'Feedback was already given for this attempt; it is taken once.');
  }
  return feedback;
};
