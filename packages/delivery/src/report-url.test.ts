import { describe, expect, it } from 'vitest';
import { REPORT_URL_TTL_MS, checkReportUrl, newReportUrlKey, signedReportUrl } from './report-url.js';

const parts = (url: string) => {
  const parsed = new URL(url);
  return { path: parsed.pathname, expires: Number(parsed.searchParams.get('expires')), signature: parsed.searchParams.get('signature') ?? '' };
};

describe('signed report URLs', () => {
  const key = newReportUrlKey();
  const attempt = { invitationId: 42, completedAt: 1_760_000_000_000 };
  const now = 1_760_000_100_000;
  const url = signedReportUrl('https://assay.test', key, attempt, now);
  const { path, expires, signature } = parts(url);

  it('opens the report of the attempt it was made for, until it expires', () => {
    expect(path).toBe('/v2/reports/42/pdf');
    expect(checkReportUrl(key, attempt, expires, signature, now)).toBe('valid');
    expect(checkReportUrl(key, attempt, expires, signature, now + REPORT_URL_TTL_MS)).toBe('expired');
  });

  it('does not open another invitation, another completion of the same one, or with another key', () => {
    expect(checkReportUrl(key, { ...attempt, invitationId: 43 }, expires, signature, now)).toBe('invalid');
    expect(checkReportUrl(key, { ...attempt, completedAt: attempt.completedAt + 1 }, expires, signature, now)).toBe('invalid');
    expect(checkReportUrl(newReportUrlKey(), attempt, expires, signature, now)).toBe('invalid');
  });

  it('refuses a changed expiry or a mangled signature', () => {
    expect(checkReportUrl(key, attempt, expires + 1, signature, now)).toBe('invalid');
    const mangled = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(checkReportUrl(key, attempt, expires, mangled, now)).toBe('invalid');
    expect(checkReportUrl(key, attempt, expires, '', now)).toBe('invalid');
  });
});
