import { describe, it, expect } from 'vitest';
import { RunCodeInput, TestCaseResult } from './candidate-api-runs.js';

const refuses = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success, JSON.stringify(value).slice(0, 120)).toBe(false);

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

  it('carries a line without a column when the runtime named a line alone (decision 1103)', () => {
    const result = { passed: false, args: [], expected: 1, error: 'java.lang.ArithmeticException: / by zero', errorLocation: { line: 7 } };
    expect(TestCaseResult.parse(result)).toEqual(result);
    refuses(TestCaseResult, { ...result, errorLocation: { line: 7, column: 0 } });
  });
});
