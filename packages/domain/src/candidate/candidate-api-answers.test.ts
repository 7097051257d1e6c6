import { describe, it, expect } from 'vitest';
import { describeIssues } from '../validation-message.js';
import { AnswerInput } from './candidate-api-answers.js';
import { RunCodeInput } from './candidate-api-runs.js';

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
