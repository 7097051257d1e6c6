import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a ReportPDFUrl in a callback or email keeps working. */
export const REPORT_URL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The settings key of the service-wide signing key: every server and worker must share it. */
export const REPORT_URL_KEY_SETTING = 'report_url_signing_key';

export const newReportUrlKey = (): string => randomBytes(32).toString('base64url');

/**
 * The one completed attempt a URL opens. Its completion instant is signed with it, so the URL stops
 * working when the attempt is reset (and perhaps completed again later): it never shows another attempt.
 */
export interface SignedAttempt {
  invitationId: number;
  completedAt: number;
}

const signatureOf = (key: string, attempt: SignedAttempt, expires: number): string =>
  createHmac('sha256', key).update(`report-pdf:${attempt.invitationId}:${attempt.completedAt}:${expires}`).digest('base64url');

/** A URL that opens the report PDF without the org's API key, until it expires or the attempt is reset. */
export const signedReportUrl = (publicUrl: string, key: string, attempt: SignedAttempt, now: number): string => {
  const expires = Math.floor((now + REPORT_URL_TTL_MS) / 1000);
  return `${publicUrl}/v2/reports/${attempt.invitationId}/pdf?expires=${expires}&signature=${signatureOf(key, attempt, expires)}`;
};

export type ReportUrlCheck = 'valid' | 'expired' | 'invalid';

/** `attempt` is the invitation as stored now; a signature made for an earlier completion does not match it. */
export const checkReportUrl = (key: string, attempt: SignedAttempt, expires: number, signature: string, now: number): ReportUrlCheck => {
  const expected = Buffer.from(signatureOf(key, attempt, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now >= expires * 1000 ? 'expired' : 'valid';
};
