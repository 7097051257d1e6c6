import { describe, expect, it } from 'vitest';
import { TestDefinition } from '../schemas/test-definition.js';
import { solutionRunsOf, solutionVerdict } from './solution-runs.js';

const definition = (question: Record<string, unknown>) =>
  TestDefinition.parse({
    testName: 'T',
    sections: [
      {
        sectionName: 'Warm-up',
        sectionType: 'general',
        duration: 5,
        questions: [{ type: 'short_answer', text: 'Say 4', acceptedAnswers: [{ answer: '4', match: 'text' }] }],
      },
      { sectionName: 'Code', sectionType: 'coding', duration: 10, questions: [{ type: 'coding', text: 'Add', functionName: 'add', ...question }] },
    ],
  });

const ADD = {
  languages: ['python', 'javascript'],
  hiddenTests: [
    { args: [1, 2], expected: 3 },
    { args: [2, 2], expected: 5 },
  ],
  referenceSolutions: [{ language: 'python', code: 'def add(a, b):\n    return a + b\n' }],
  wrongSolutions: [{ language: 'javascript', code: 'function add(a, b) { return 3; }' }],
};

describe('the solutions a coding question carries', () => {
  it('are listed with their paths, references then wrong ones, and only for coding questions', () => {
    const runs = solutionRunsOf(definition(ADD));
    expect(runs.map(({ path, kind, language, name }) => ({ path, kind, language, name }))).toEqual([
      { path: ['sections', 1, 'questions', 0, 'referenceSolutions', 0], kind: 'reference', language: 'python', name: 'referenceSolutions[0]' },
      { path: ['sections', 1, 'questions', 0, 'wrongSolutions', 0], kind: 'wrong', language: 'javascript', name: 'wrongSolutions[0]' },
    ]);
  });

  it('must be in a language the question accepts', () => {
    const parsed = TestDefinition.safeParse({
      testName: 'T',
      sections: [
        {
          sectionName: 'C',
          sectionType: 'coding',
          duration: 5,
          questions: [{ type: 'coding', text: 'Add', functionName: 'add', ...ADD, languages: ['javascript'] }],
        },
      ],
    });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['sections', 0, 'questions', 0, 'referenceSolutions', 0, 'language'],
        message: 'the question does not accept Python (it accepts javascript)',
      }),
    ]);
  });
});

describe('what a solution run says about the hidden tests', () => {
  const [reference, wrong] = solutionRunsOf(definition(ADD));

  it('points a failed hidden test of a reference solution at that test, saying what came back', () => {
    const verdict = solutionVerdict(reference!, {
      results: [
        { passed: true, actual: 3 },
        { passed: false, actual: 4 },
      ],
    });
    expect(verdict.result).toEqual({ path: reference!.path, kind: 'reference', language: 'python', passed: 1, total: 2 });
    expect(verdict.problems).toEqual([
      {
        path: ['sections', 1, 'questions', 0, 'hiddenTests', 1],
        message: 'reference solution (referenceSolutions[0], Python) fails hidden test 2: expected 5, got 4',
      },
    ]);
  });

  it('points a reference solution failing every test with one error (it does not build) at the solution', () => {
    const error = { passed: false, error: 'SyntaxError: invalid syntax (line 2)\n  more' };
    expect(solutionVerdict(reference!, { results: [error, error] }).problems).toEqual([
      { path: reference!.path, message: 'reference solution (referenceSolutions[0], Python) fails every hidden test: SyntaxError: invalid syntax (line 2)' },
    ]);
  });

  it('says the hidden tests accept a wrong answer when a wrong solution passes them all, and nothing when it fails one', () => {
    expect(solutionVerdict(wrong!, { results: [{ passed: true }, { passed: true }] }).problems).toEqual([
      { path: wrong!.path, message: 'your hidden tests accept a wrong answer: wrong solution (wrongSolutions[0], JavaScript) passes all 2 of them' },
    ]);
    expect(solutionVerdict(wrong!, { results: [{ passed: true }, { passed: false }] })).toEqual({
      result: { path: wrong!.path, kind: 'wrong', language: 'javascript', passed: 1, total: 2 },
      problems: [],
    });
  });

  it('says a solution the sandbox could not run was not run, never that it passed or failed', () => {
    expect(solutionVerdict(wrong!, { notRun: 'Java is not available on this server' })).toEqual({
      result: { path: wrong!.path, kind: 'wrong', language: 'javascript', passed: null, total: 2 },
      problems: [{ path: wrong!.path, message: 'wrong solution (wrongSolutions[0], JavaScript) could not be run: Java is not available on this server' }],
    });
  });
});
