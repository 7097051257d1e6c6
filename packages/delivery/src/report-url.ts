import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a ReportPDFUrl in a callback or email keeps working. */
export const REPORT_URL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The settings key of the service-wide signing key: every server and worker must share it. */
export const REPORT_URL_KEY_SETTING = 'report_url_signing_key';

export const newReportUrlKey = (): string => randomBytes(32).toString('base64url');

/**
 * The one completed attempt a URL opens. Its completion instant is signed with it, so the URL never shows another
 * attempt of the same invitation (one completed after a reset). `generation` is the invitation's report-link
 * generation at signing (0 when its links were never revoked): revoking its links moves it on.
 */
export interface SignedAttempt {
  invitationId: number;
  completedAt: number;
  generation?: number | undefined;
}

/** What a URL states besides its signature: its expiry (Unix seconds) and the generation it was issued under. */
export interface ReportUrlClaims {
  expires: number;
  generation: number;
}

/** Generation 0 signs exactly what URLs signed before generations existed, so those keep working until they expire. */
const signatureOf = (key: string, attempt: Pick<SignedAttempt, 'invitationId' | 'completedAt'>, claims: ReportUrlClaims): string => {
  const generation = claims.generation === 0 ? '' : `:g${claims.generation}`;
  return createHmac('sha256', key).update(`report-pdf:${attempt.invitationId}:${attempt.completedAt}:${claims.expires}${generation}`).digest('base64url');
};

/** A URL that opens the report PDF without the org's API key, until it expires or the org revokes it. */
export const signedReportUrl = (publicUrl: string, key: string, attempt: SignedAttempt, now: number): string => {
  const claims = { expires: Math.floor((now + REPORT_URL_TTL_MS) / 1000), generation: attempt.generation ?? 0 };
  const generation = claims.generation === 0 ? '' : `&generation=${claims.generation}`;
  return `${publicUrl}/v2/reports/${attempt.invitationId}/pdf?expires=${claims.expires}${generation}&signature=${signatureOf(key, attempt, claims)}`;
};

/**
 * Whether `signature` was made with `key` for these claims and this attempt — the invitation as stored now: a
 * signature made for an earlier completion of it does not match. Whether the claims still hold (expiry, revocation)
 * is the domain's decision (`decideReportLink`).
 */
export const isAuthenticReportUrl = (
  key: string,
  attempt: Pick<SignedAttempt, 'invitationId' | 'completedAt'>,
  claims: ReportUrlClaims,
  signature: string,
): boolean => {
  const expected = Buffer.from(signatureOf(key, attempt, claims));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
