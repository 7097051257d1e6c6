import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REPORT_URL_TTL_MS, isAuthenticReportUrl, newReportUrlKey, signedReportUrl } from './report-url.js';

const parts = (url: string) => {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    claims: { expires: Number(parsed.searchParams.get('expires')), generation: Number(parsed.searchParams.get('generation') ?? 0) },
    signature: parsed.searchParams.get('signature') ?? '',
    query: [...parsed.searchParams.keys()],
  };
};

describe('signed report URLs', () => {
  const key = newReportUrlKey();
  const attempt = { invitationId: 42, completedAt: 1_760_000_000_000 };
  const now = 1_760_000_100_000;
  const url = signedReportUrl('https://assay.test', key, attempt, now);
  const { path, claims, signature, query } = parts(url);

  it('names the attempt it was made for and expires 30 days after it was made', () => {
    expect(path).toBe('/v2/reports/42/pdf');
    expect(query).toEqual(['expires', 'signature']);
    expect(claims.expires).toBe(Math.floor((now + REPORT_URL_TTL_MS) / 1000));
    expect(isAuthenticReportUrl(key, attempt, claims, signature)).toBe(true);
  });

  it('is not authentic for another invitation, another completion of the same one, or another key', () => {
    expect(isAuthenticReportUrl(key, { ...attempt, invitationId: 43 }, claims, signature)).toBe(false);
    expect(isAuthenticReportUrl(key, { ...attempt, completedAt: attempt.completedAt + 1 }, claims, signature)).toBe(false);
    expect(isAuthenticReportUrl(newReportUrlKey(), attempt, claims, signature)).toBe(false);
  });

  it('refuses a changed expiry or generation, or a mangled signature', () => {
    expect(isAuthenticReportUrl(key, attempt, { ...claims, expires: claims.expires + 1 }, signature)).toBe(false);
    expect(isAuthenticReportUrl(key, attempt, { ...claims, generation: 1 }, signature)).toBe(false);
    const mangled = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(isAuthenticReportUrl(key, attempt, claims, mangled)).toBe(false);
    expect(isAuthenticReportUrl(key, attempt, claims, '')).toBe(false);
  });

  it('carries the generation it was issued under once the invitation’s links were revoked, signed with it', () => {
    const later = parts(signedReportUrl('https://assay.test', key, { ...attempt, generation: 2 }, now));
    expect(later.query).toEqual(['expires', 'generation', 'signature']);
    expect(later.claims.generation).toBe(2);
    expect(isAuthenticReportUrl(key, attempt, later.claims, later.signature)).toBe(true);
    expect(isAuthenticReportUrl(key, attempt, { ...later.claims, generation: 0 }, later.signature)).toBe(false);
  });

  it('signs a never-revoked invitation’s link exactly as links were signed before generations, so those stay valid', () => {
    const before = createHmac('sha256', key).update(`report-pdf:42:${attempt.completedAt}:${claims.expires}`).digest('base64url');
    expect(signature).toBe(before);
  });
});
