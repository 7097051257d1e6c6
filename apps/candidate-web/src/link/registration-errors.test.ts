import { describe, expect, it } from 'vitest';
import { checkRegistration, errorsFromServer } from './registration-errors.js';

describe("registration problems in the candidate's words (registration-errors.ts)", () => {
  it('checks with the server schema and names no API field', () => {
    expect(checkRegistration({ fullName: 'Ada Lovelace', emailId: 'ada@example.com' })).toEqual({});
    expect(checkRegistration({ fullName: ' ', emailId: '' })).toEqual({ fullName: 'Enter your full name', emailId: 'Enter your email address' });
    // The browser's own check lets "a@b" through; the server does not, and neither does this.
    expect(checkRegistration({ fullName: 'Ada', emailId: 'a@b' })).toEqual({ emailId: 'Enter a valid email address' });
    expect(checkRegistration({ fullName: 'x'.repeat(201), emailId: 'ada@example.com' })).toEqual({ fullName: 'Enter a full name of at most 200 characters' });
    expect(checkRegistration({ fullName: 'Ada\u202e', emailId: 'ada@example.com' })).toEqual({
      fullName: 'Type your full name again: it holds invisible control characters (a paste can bring them)',
    });
  });

  it("reads the server's refusal by field, and keeps other messages as they are", () => {
    const input = { fullName: '', emailId: 'a@b' };
    expect(errorsFromServer('fullName must not be empty; emailId must be a valid email address', input)).toEqual({
      fields: { fullName: 'Enter your full name', emailId: 'Enter a valid email address' },
      other: null,
    });
    expect(errorsFromServer('fullName must not contain control characters (U+001B)', { fullName: 'Ada', emailId: 'ada@example.com' }).fields).toEqual({
      fullName: 'Type your full name again: it holds invisible control characters (a paste can bring them)',
    });
    expect(errorsFromServer('Too many registrations from this address. Try again in a minute.', input)).toEqual({
      fields: {},
      other: 'Too many registrations from this address. Try again in a minute.',
    });
  });
});
