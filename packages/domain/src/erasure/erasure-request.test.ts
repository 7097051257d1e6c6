import { describe, expect, it } from 'vitest';
import { EraseCandidatesInput, GdprRequestInput, noRecordsForEmail, planErasure } from './erasure-request.js';

describe('planErasure (issue 51 item 1)', () => {
  const held = (emailInvitationIds: number[], invitationHeld = false, bulkRows = 0) => ({ emailInvitationIds, invitationHeld, bulkRows });

  it("covers every invitation of an address the org holds, or refuses 404.51 in iMocha's words", () => {
    expect(planErasure({ email: 'a@example.com' }, held([3, 7]))).toEqual({ val: { scope: 'email', invitationIds: [3, 7], bulkRowsOf: 'a@example.com' } });
    expect(planErasure({ email: 'a@example.com' }, held([]))).toEqual({
      err: { kind: 'no-records-for-email', message: 'No records found for given Email address: a@example.com' },
    });
  });

  it('covers the bulk rows of an address that has no invitation: "no records" only when there are truly none (decision 1003)', () => {
    expect(planErasure({ email: 'a@example.com' }, held([], false, 2))).toEqual({ val: { scope: 'email', invitationIds: [], bulkRowsOf: 'a@example.com' } });
    // One attempt (v3) is not the address's rows.
    expect(planErasure({ email: 'a@example.com', invitationId: 7 }, held([], false, 2)).err?.kind).toBe('no-records-for-email');
  });

  it('covers one invitation the org holds, or refuses 404.4 (another org’s answers the same)', () => {
    expect(planErasure({ invitationId: 9 }, held([], true))).toEqual({ val: { scope: 'invitation', invitationIds: [9] } });
    expect(planErasure({ invitationId: 9 }, held([], false)).err?.kind).toBe('invitation-not-found');
  });

  it('with both (v3), erases the one invitation only when it is the address’s', () => {
    expect(planErasure({ email: 'a@example.com', invitationId: 7 }, held([3, 7]))).toEqual({ val: { scope: 'invitation', invitationIds: [7] } });
    expect(planErasure({ email: 'a@example.com', invitationId: 8 }, held([3, 7]))).toEqual({
      err: { kind: 'no-records-for-email', message: noRecordsForEmail('a@example.com') },
    });
  });
});

describe('the erasure requests', () => {
  it('take exactly one of emailId and testInvitationId', () => {
    expect(EraseCandidatesInput.safeParse({ emailId: 'a@example.com' }).success).toBe(true);
    expect(EraseCandidatesInput.safeParse({ testInvitationId: 4 }).success).toBe(true);
    expect(EraseCandidatesInput.safeParse({}).success).toBe(false);
    expect(EraseCandidatesInput.safeParse({ emailId: 'a@example.com', testInvitationId: 4 }).success).toBe(false);
    expect(EraseCandidatesInput.safeParse({ emailId: 'not an address' }).success).toBe(false);
  });

  it("take iMocha's field names", () => {
    expect(GdprRequestInput.parse({ CandidateEmail: 'a@example.com', testinvitationId: 2346542 })).toEqual({
      CandidateEmail: 'a@example.com',
      testinvitationId: 2346542,
    });
    expect(GdprRequestInput.safeParse({ candidateEmail: 'a@example.com' }).success).toBe(false);
  });
});
