import { describe, it, expect } from 'vitest';
import { SelfRegistrationInput } from './candidate-api-public-link.js';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success, JSON.stringify(value).slice(0, 120)).toBe(true);

/** A well-formed address of exactly `length` characters: short domain labels, a long local part. */
const longEmail = (length: number): string => {
  const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;
  return `${'a'.repeat(length - domain.length - 1)}@${domain}`;
};

describe('SelfRegistrationInput', () => {
  it('accepts a name and an email, trimming the name', () => {
    expect(SelfRegistrationInput.parse({ fullName: '  Ada Lovelace ', emailId: 'ada@example.com' })).toEqual({
      fullName: 'Ada Lovelace',
      emailId: 'ada@example.com',
    });
  });

  it('accepts a 254-character email', () => {
    expect(longEmail(254)).toHaveLength(254);
    accepts(SelfRegistrationInput, { fullName: 'Ada', emailId: longEmail(254) });
  });

  it('accepts a 200-character name', () => {
    accepts(SelfRegistrationInput, { fullName: 'a'.repeat(200), emailId: 'ada@example.com' });
  });

  it.each<[string, unknown, string | undefined]>([
    ['an empty name', { fullName: '', emailId: 'ada@example.com' }, 'fullName must not be empty'],
    ['a blank name', { fullName: '   ', emailId: 'ada@example.com' }, 'fullName must not be empty'],
    ['a 201-character name', { fullName: 'a'.repeat(201), emailId: 'ada@example.com' }, undefined],
    ['no name', { emailId: 'ada@example.com' }, undefined],
    ['a bad email', { fullName: 'Ada', emailId: 'ada-at-example.com' }, 'emailId must be a valid email address'],
    ['an email without domain', { fullName: 'Ada', emailId: 'ada@' }, 'emailId must be a valid email address'],
    ['no email', { fullName: 'Ada' }, undefined],
    ['an email over 254 characters', { fullName: 'Ada', emailId: longEmail(255) }, undefined],
  ])('refuses %s', (_label, body, message) => {
    const parsed = SelfRegistrationInput.safeParse(body);
    expect(parsed.success).toBe(false);
    if (message !== undefined) expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
