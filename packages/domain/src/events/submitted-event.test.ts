import { describe, expect, it } from 'vitest';
import { buildSubmittedEvent, SubmittedEvent } from './submitted-event.js';

describe('buildSubmittedEvent', () => {
  it('names the submission in the documented shape, SubmittedOn in UTC to the second', () => {
    const event = buildSubmittedEvent({
      testInvitationId: 12,
      candidateEmailId: 'ada@example.com',
      submittedAt: Date.UTC(2026, 11, 1, 10, 0, 0, 750),
      awaitingReview: 2,
    });
    expect(event).toEqual({
      type: 'submitted',
      TestInvitationId: 12,
      CandidateEmailId: 'ada@example.com',
      SubmittedOn: '2026-12-01T10:00:00',
      AwaitingReview: 2,
    });
    expect(SubmittedEvent.parse(event)).toEqual(event);
  });
});
