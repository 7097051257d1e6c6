import { describe, it, expect } from 'vitest';
import { normalizeEmail, RegisterCandidateInput } from './registration.js';

const valid = { emailId: 'candidate@example.com', fullName: 'Asha Rao' };

const pathsOf = (body: unknown): string[] => {
  const parsed = RegisterCandidateInput.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('RegisterCandidateInput', () => {
  it('accepts the required fields and leaves omitted URLs undefined: registering again keeps the stored ones', () => {
    const parsed = RegisterCandidateInput.parse(valid);
    expect(parsed).toEqual(valid);
    expect(parsed.callbackURL).toBeUndefined();
    expect(parsed.redirectURL).toBeUndefined();
  });

  it('keeps http and https URLs', () => {
    const parsed = RegisterCandidateInput.parse({
      ...valid,
      callbackURL: 'https://hooks.example.com/assay?x=1',
      redirectURL: 'http://localhost:8080/done',
    });
    expect(parsed.callbackURL).toBe('https://hooks.example.com/assay?x=1');
    expect(parsed.redirectURL).toBe('http://localhost:8080/done');
  });

  it.each(['', null])('reads URL %j as null (clears the stored one)', (url) => {
    const parsed = RegisterCandidateInput.parse({ ...valid, callbackURL: url, redirectURL: url });
    expect(parsed.callbackURL).toBeNull();
    expect(parsed.redirectURL).toBeNull();
  });

  it('trims fullName', () => {
    expect(RegisterCandidateInput.parse({ ...valid, fullName: '  Asha Rao  ' }).fullName).toBe('Asha Rao');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an invalid email', { ...valid, emailId: 'not-an-email' }, 'emailId'],
    ['an email without domain', { ...valid, emailId: 'candidate@' }, 'emailId'],
    ['a missing email', { fullName: 'Asha Rao' }, 'emailId'],
    ['a missing fullName', { emailId: 'candidate@example.com' }, 'fullName'],
    ['a blank fullName', { ...valid, fullName: '   ' }, 'fullName'],
    ['a numeric fullName', { ...valid, fullName: 12 }, 'fullName'],
    ['a callbackURL that is not a URL', { ...valid, callbackURL: 'not a url' }, 'callbackURL'],
    ['a relative redirectURL', { ...valid, redirectURL: '/done' }, 'redirectURL'],
    ['an ftp callbackURL', { ...valid, callbackURL: 'ftp://files.example.com/cb' }, 'callbackURL'],
    ['a javascript: redirectURL', { ...valid, redirectURL: 'javascript:alert(1)' }, 'redirectURL'],
    ['a numeric callbackURL', { ...valid, callbackURL: 5 }, 'callbackURL'],
    ['a too long callbackURL', { ...valid, callbackURL: `https://example.com/${'a'.repeat(2048)}` }, 'callbackURL'],
    ['a negative extraTimePercent', { ...valid, extraTimePercent: -1 }, 'extraTimePercent'],
    ['an extraTimePercent over 100', { ...valid, extraTimePercent: 101 }, 'extraTimePercent'],
    ['a fractional extraTimePercent', { ...valid, extraTimePercent: 12.5 }, 'extraTimePercent'],
    ['an extraTimePercent as a string', { ...valid, extraTimePercent: '50' }, 'extraTimePercent'],
  ])('rejects %s', (_label, body, path) => {
    expect(pathsOf(body)).toContain(path);
  });

  it.each([0, 25, 100])('keeps an extraTimePercent of %s', (extraTimePercent) => {
    expect(RegisterCandidateInput.parse({ ...valid, extraTimePercent }).extraTimePercent).toBe(extraTimePercent);
  });

  it('leaves extraTimePercent out when it is not given', () => {
    expect(RegisterCandidateInput.parse(valid)).not.toHaveProperty('extraTimePercent');
    expect(RegisterCandidateInput.safeParse({ ...valid, extraTimePercent: 101 }).error?.issues[0]?.message).toBe(
      'extraTimePercent must be a whole number from 0 to 100',
    );
  });

  it('says what is wrong with a bad URL', () => {
    const parsed = RegisterCandidateInput.safeParse({ ...valid, callbackURL: 'ftp://files.example.com/cb' });
    expect(parsed.error?.issues.map((issue) => issue.message).join(' ')).toContain('callbackURL must be an absolute http(s) URL');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Candidate@Example.COM ')).toBe('candidate@example.com');
  });
});
