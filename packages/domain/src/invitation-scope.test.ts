import { describe, expect, it } from 'vitest';
import { invitationNotFound, moveScopedInvitation } from './invitation-scope.js';
import { invitationStatuses, moveInvitation, type InvitationFacts } from './invitation-status.js';

const AT = 1_760_000_000_000;
const onTest = (testId: number, facts: Partial<InvitationFacts> = {}): InvitationFacts & { testId: number } => ({
  status: 'Pending',
  deadline: null,
  proctoring: { wv: 0, tv: 0, leftAt: null },
  testId,
  ...facts,
});

describe('invitationNotFound', () => {
  it('names the test when the request named one', () => {
    expect(invitationNotFound({ invitationId: 12 }).err).toEqual({ kind: 'invitation-not-found', message: 'No test invitation 12.' });
    expect(invitationNotFound({ invitationId: 12, testId: 5 }).err).toEqual({ kind: 'invitation-not-found', message: 'No test invitation 12 on test 5.' });
  });
});

describe('moveScopedInvitation', () => {
  it('is the machine’s decision when no test is named, or the invitation is on the test named', () => {
    for (const status of invitationStatuses) {
      const invitation = onTest(5, { status });
      const event = { type: 'cancel', at: AT } as const;
      expect(moveScopedInvitation(invitation, { invitationId: 12 }, event)).toEqual(moveInvitation(invitation, event));
      expect(moveScopedInvitation(invitation, { invitationId: 12, testId: 5 }, event)).toEqual(moveInvitation(invitation, event));
    }
  });

  it('answers 404.4 for an invitation on another test, whatever its state', () => {
    for (const status of invitationStatuses) {
      expect(moveScopedInvitation(onTest(6, { status }), { invitationId: 12, testId: 5 }, { type: 'cancel', at: AT }).err).toEqual({
        kind: 'invitation-not-found',
        message: 'No test invitation 12 on test 5.',
      });
    }
  });
});
