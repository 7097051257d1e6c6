import { describe, it, expect } from 'vitest';
import { describeIssues } from '../validation-message.js';
import { AnswerInput, ProctoringEventInput, RunCodeInput, SelfRegistrationInput, SnapshotInput, TestCaseResult } from './candidate-api.js';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success, JSON.stringify(value).slice(0, 120)).toBe(true);
const refuses = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success, JSON.stringify(value).slice(0, 120)).toBe(false);

describe('AnswerInput', () => {
  it.each<[string, unknown]>([
    ['option ids', { optionIds: [0, 2] }],
    ['one option id', { optionIds: [5] }],
    ['no option ids (clears the answer)', { optionIds: [] }],
    ['twenty option ids', { optionIds: Array.from({ length: 20 }, (_, i) => i) }],
    ['code', { code: 'x' }],
    ['code in Python', { code: 'x', language: 'python' }],
    ['code in TypeScript with editedAt', { code: 'x', language: 'typescript', editedAt: '2026-12-01T09:00:00Z' }],
    ['empty code', { code: '' }],
    ['100 000 characters of code', { code: 'a'.repeat(100_000) }],
  ])('accepts %s', (_label, body) => {
    expect(AnswerInput.parse(body)).toEqual(body);
  });

  it.each<[string, unknown]>([
    ['both option ids and code', { optionIds: [0], code: 'x' }],
    ['neither', {}],
    ['an extra key beside option ids', { optionIds: [0], note: 'hi' }],
    ['an extra key beside code', { code: 'x', note: 'hi' }],
    ['an unknown language', { code: 'x', language: 'cobol' }],
    ['a language beside option ids', { optionIds: [0], language: 'python' }],
    ['a negative id', { optionIds: [-1] }],
    ['a fractional id', { optionIds: [1.5] }],
    ['a string id', { optionIds: ['1'] }],
    ['option ids that are not an array', { optionIds: 1 }],
    ['twenty-one option ids', { optionIds: Array.from({ length: 21 }, (_, i) => i) }],
    ['code that is not a string', { code: 42 }],
    ['more than 100 000 characters of code', { code: 'a'.repeat(100_001) }],
    ['null', null],
    ['an array', [0, 2]],
  ])('refuses %s', (_label, body) => {
    refuses(AnswerInput, body);
  });

  it('explains the two shapes when neither fits', () => {
    const parsed = AnswerInput.safeParse({ optionIds: [0], code: 'x' });
    expect(parsed.error?.issues.map((issue) => issue.message).join(' ')).toContain('optionIds');
  });

  it('says in words how long code over the limit is (decision 667)', () => {
    const message = describeIssues(AnswerInput.safeParse({ code: 'a'.repeat(100_012) }).error?.issues ?? []);
    expect(message).toBe('code has 100,012 characters, over the limit of 100,000 characters');
    expect(describeIssues(RunCodeInput.safeParse({ code: 'a'.repeat(100_001) }).error?.issues ?? [])).toBe(
      'code has 100,001 characters, over the limit of 100,000 characters',
    );
  });
});

describe('RunCodeInput', () => {
  it('takes code with or without a language', () => {
    expect(RunCodeInput.parse({ code: 'x' })).toEqual({ code: 'x' });
    expect(RunCodeInput.parse({ code: 'x', language: 'python' })).toEqual({ code: 'x', language: 'python' });
  });

  it('refuses an unknown language', () => {
    refuses(RunCodeInput, { code: 'x', language: 'Python' });
  });
});

describe('TestCaseResult', () => {
  it('carries output, time and the error position', () => {
    const result = { passed: false, args: [1], expected: 2, error: 'NameError', output: 'hi\n', timeMs: 3.5, errorLocation: { line: 2, column: 5 } };
    expect(TestCaseResult.parse(result)).toEqual(result);
    refuses(TestCaseResult, { ...result, errorLocation: { line: 0, column: 1 } });
  });
});

describe('ProctoringEventInput', () => {
  it.each<[string, unknown]>([
    ['left, with Z', { type: 'left', at: '2026-12-01T09:00:00Z' }],
    ['returned, with Z and milliseconds', { type: 'returned', at: '2026-12-01T09:00:05.123Z' }],
    ['left, with a positive offset', { type: 'left', at: '2026-12-01T14:30:00+05:30' }],
    ['returned, with a negative offset', { type: 'returned', at: '2026-12-01T04:00:00-05:00' }],
  ])('accepts %s', (_label, body) => {
    expect(ProctoringEventInput.parse(body)).toEqual(body);
  });

  it.each<[string, unknown]>([
    ['another type', { type: 'blur', at: '2026-12-01T09:00:00Z' }],
    ['an upper-case type', { type: 'LEFT', at: '2026-12-01T09:00:00Z' }],
    ['no type', { at: '2026-12-01T09:00:00Z' }],
    ['no at', { type: 'left' }],
    ['a date-time without zone', { type: 'left', at: '2026-12-01T09:00:00' }],
    ['a date only', { type: 'left', at: '2026-12-01' }],
    ['an impossible month', { type: 'left', at: '2026-13-01T09:00:00Z' }],
    ['an impossible hour', { type: 'left', at: '2026-12-01T25:00:00Z' }],
    ['words', { type: 'returned', at: 'just now' }],
    ['epoch milliseconds', { type: 'returned', at: 1_796_115_600_000 }],
  ])('refuses %s', (_label, body) => {
    refuses(ProctoringEventInput, body);
  });

  it('names the allowed types in its message', () => {
    const parsed = ProctoringEventInput.safeParse({ type: 'blur', at: '2026-12-01T09:00:00Z' });
    expect(parsed.error?.issues[0]?.message).toBe(
      'type must be "left", "returned", "unload", "section", "camera-off", "question", "paste", "insertion" or "keystroke"',
    );
  });
});

describe('SnapshotInput', () => {
  const jpeg = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwg';
  const PREFIX = 'data:image/jpeg;base64,';

  it.each<[string, string]>([
    ['a small jpeg', jpeg],
    ['a jpeg with padding', `${PREFIX}QUJD==`],
    ['a png', 'data:image/png;base64,iVBORw0KGgo='],
    ['a webp', 'data:image/webp;base64,UklGRg=='],
    ['exactly 700 000 characters', PREFIX + 'A'.repeat(700_000 - PREFIX.length)],
  ])('accepts %s', (_label, image) => {
    accepts(SnapshotInput, { image });
  });

  it.each<[string, unknown]>([
    ['an http URL', 'https://example.com/snapshot.jpg'],
    ['a gif', 'data:image/gif;base64,R0lGODlh'],
    ['an svg', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['a text data URL', 'data:text/plain;base64,aGVsbG8='],
    ['a data URL that is not base64', 'data:image/jpeg,raw'],
    ['an empty payload', PREFIX],
    ['characters outside base64', `${PREFIX}abc$def`],
    ['a trailing newline', `${jpeg}\n`],
    ['bare base64', '/9j/4AAQSkZJRg=='],
    ['one character too many', PREFIX + 'A'.repeat(700_001 - PREFIX.length)],
    ['a megabyte', PREFIX + 'A'.repeat(1_000_000)],
    ['a number', 42],
  ])('refuses %s', (_label, image) => {
    refuses(SnapshotInput, { image });
  });

  it('refuses a body without image', () => {
    refuses(SnapshotInput, {});
  });
});

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
