import { describe, expect, it } from 'vitest';
import { decideSignedReportRequest, type SignedReportFacts } from './signed-report-request.js';

const NOW = 1_760_000_000_000;
const COMPLETED_AT = NOW - 3_600_000;
const invitation = { id: 7, orgId: 3, status: 'Completed', reportLinkGeneration: 0, completedAt: COMPLETED_AT } satisfies SignedReportFacts & {
  id: number;
  orgId: number;
};
const claims = { expires: NOW / 1000 + 60, generation: 0 };
const signedForTheCompletion = (completedAt: number) => completedAt === COMPLETED_AT;
const INVALID = { kind: 'report-link-invalid', message: 'This report link is not valid, or the attempt it shows was reset.' };

describe('decideSignedReportRequest: the keyless report route decides once', () => {
  it('answers the invitation itself when the link holds', () => {
    expect(decideSignedReportRequest(invitation, claims, signedForTheCompletion, NOW).val).toBe(invitation);
  });

  it('refuses an unknown invitation, one not completed and a forged signature alike', () => {
    expect(decideSignedReportRequest(undefined, claims, signedForTheCompletion, NOW).err).toEqual(INVALID);
    expect(decideSignedReportRequest({ ...invitation, completedAt: null }, claims, () => true, NOW).err).toEqual(INVALID);
    expect(decideSignedReportRequest(invitation, claims, () => false, NOW).err).toEqual(INVALID);
  });

  it('checks the signature against the completion it names, not another one (a reset and a new completion)', () => {
    expect(decideSignedReportRequest({ ...invitation, completedAt: COMPLETED_AT + 1 }, claims, signedForTheCompletion, NOW).err).toEqual(INVALID);
  });

  it('then says why an authentic link no longer opens: expired or revoked', () => {
    expect(decideSignedReportRequest(invitation, claims, signedForTheCompletion, claims.expires * 1000).err).toEqual({
      kind: 'report-link-invalid',
      message: 'This report link has expired (links work for 30 days): ask the organization for the report.',
    });
    expect(decideSignedReportRequest({ ...invitation, reportLinkGeneration: 1 }, claims, signedForTheCompletion, NOW).err?.message).toBe(
      'This report link was revoked by the organization, or the attempt it shows was reset.',
    );
  });
});
