import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A reminder's unsubscribe link (issue 33 item 3): `<candidateId>.<signature>`, signed with the service-wide report-URL
 * key under its own prefix (decision 519), so no one unsubscribes a candidate whose link they were not sent. It does not
 * expire: an unsubscribe link in an old email must still work.
 */
const signatureOf = (key: string, candidateId: number): string => createHmac('sha256', key).update(`unsubscribe:${candidateId}`).digest('base64url');

export const unsubscribeToken = (key: string, candidateId: number): string => `${candidateId}.${signatureOf(key, candidateId)}`;

/** The candidate a token was signed for, or undefined for anything forged or malformed. */
export const candidateOfUnsubscribeToken = (key: string, token: string): number | undefined => {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const candidateId = Number(match[1]);
  const expected = Buffer.from(signatureOf(key, candidateId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? candidateId : undefined;
};

/** The page a reminder links to, and the one-click POST target of `List-Unsubscribe`. */
export const unsubscribeUrl = (publicUrl: string, token: string): string => `${publicUrl}/unsubscribe/${token}`;
