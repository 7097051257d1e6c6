import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a ReportPDFUrl in a callback or email keeps working. */
export const REPORT_URL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The settings key of the service-wide signing key: every server and worker must share it. */
export const REPORT_URL_KEY_SETTING = 'report_url_signing_key';

export const newReportUrlKey = (): string => randomBytes(32).toString('base64url');

const signatureOf = (key: string, invitationId: number, expires: number): string =>
  createHmac('sha256', key).update(`report-pdf:${invitationId}:${expires}`).digest('base64url');

/** A URL that opens the report PDF without the org's API key, until it expires. */
export const signedReportUrl = (publicUrl: string, key: string, invitationId: number, now: number): string => {
  const expires = Math.floor((now + REPORT_URL_TTL_MS) / 1000);
  return `${publicUrl}/v2/reports/${invitationId}/pdf?expires=${expires}&signature=${signatureOf(key, invitationId, expires)}`;
};

export type ReportUrlCheck = 'valid' | 'expired' | 'invalid';

export const checkReportUrl = (key: string, invitationId: number, expires: number, signature: string, now: number): ReportUrlCheck => {
  const expected = Buffer.from(signatureOf(key, invitationId, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now >= expires * 1000 ? 'expired' : 'valid';
};
