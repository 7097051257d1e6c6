import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DefinitionCheck, SOLUTIONS_PER_CHECK_CAP, type TestList } from '@assay/domain';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/** A test file's coding question with its solutions (issue 62 item 3); `hiddenTests[1]` is wrong on purpose below. */
const withSolutions = (hiddenTests: unknown[], wrongCode = 'function add(a, b) { return a * b; }') => ({
  testName: 'Sums',
  sections: [
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 10,
      questions: [
        {
          type: 'coding',
          text: 'Add two numbers.',
          functionName: 'add',
          languages: ['javascript', 'python'],
          hiddenTests,
          referenceSolutions: [
            { language: 'javascript', code: 'function add(a, b) {\n  return a + b;\n}\n' },
            { language: 'python', code: 'def add(a, b):\n    return a + b\n' },
          ],
          wrongSolutions: [{ language: 'javascript', code: wrongCode }],
        },
      ],
    },
  ],
});

const RIGHT_TESTS = [
  { args: [1, 2], expected: 3 },
  { args: [2, 2], expected: 4 },
  { args: [0, 5], expected: 5 },
];
const QUESTION = ['sections', 0, 'questions', 0];

/** A definition carrying `count` solutions in all, ten reference and ten wrong per question at most (the schema's own cap). */
const withManySolutions = (count: number) => {
  const base = withSolutions(RIGHT_TESTS);
  const question = base.sections[0]!.questions[0]!;
  const solution = question.referenceSolutions[0]!;
  const questions = [];
  for (let left = count; left > 0; left -= 20) {
    const references = Math.min(10, left);
    questions.push({
      ...question,
      referenceSolutions: Array.from({ length: references }, () => solution),
      wrongSolutions: Array.from({ length: Math.min(10, left - references) }, () => question.wrongSolutions[0]!),
    });
  }
  return { ...base, sections: [{ ...base.sections[0]!, questions }] };
};

describe.each(backends)('POST /v2/org/test-definition/check on %s', (backend) => {
  let h: Harness;
  const check = (body: unknown, apiKey?: string) => h.request({ method: 'POST', url: '/v2/org/test-definition/check', body, ...(apiKey ? { apiKey } : {}) });

  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it('runs every solution against the hidden tests in the sandbox and answers no problem when they hold', async () => {
    const answer = expectSuccess<DefinitionCheck>(await check(withSolutions(RIGHT_TESTS)));
    expect(answer).toEqual({
      solutions: [
        { path: [...QUESTION, 'referenceSolutions', 0], kind: 'reference', language: 'javascript', passed: 3, total: 3 },
        { path: [...QUESTION, 'referenceSolutions', 1], kind: 'reference', language: 'python', passed: 3, total: 3 },
        { path: [...QUESTION, 'wrongSolutions', 0], kind: 'wrong', language: 'javascript', passed: 1, total: 3 },
      ],
      problems: [],
    });
  });

  it('points a wrong hidden test out at that test, in each reference language', async () => {
    const wrongTest = [RIGHT_TESTS[0], { args: [2, 2], expected: 5 }, RIGHT_TESTS[2]];
    const answer = expectSuccess<DefinitionCheck>(await check(withSolutions(wrongTest)));
    expect(answer.problems).toEqual([
      { path: [...QUESTION, 'hiddenTests', 1], message: 'reference solution (referenceSolutions[0], JavaScript) fails hidden test 2: expected 5, got 4' },
      { path: [...QUESTION, 'hiddenTests', 1], message: 'reference solution (referenceSolutions[1], Python) fails hidden test 2: expected 5, got 4' },
    ]);
  });

  it('says the hidden tests accept a wrong answer when the wrong-on-purpose solution passes them all', async () => {
    const answer = expectSuccess<DefinitionCheck>(await check(withSolutions([RIGHT_TESTS[1]])));
    expect(answer.problems).toEqual([
      {
        path: [...QUESTION, 'wrongSolutions', 0],
        message: 'your hidden tests accept a wrong answer: wrong solution (wrongSolutions[0], JavaScript) passes all 1 of them',
      },
    ]);
  });

  it('refuses a definition carrying more solutions than one check runs (400.131), naming the count and the cap', async () => {
    const refused = expectFailure(await check(withManySolutions(SOLUTIONS_PER_CHECK_CAP + 1)), '400.131');
    expect(refused.result).toBe(
      `The definition carries ${SOLUTIONS_PER_CHECK_CAP + 1} reference and wrong solutions; one check runs at most ${SOLUTIONS_PER_CHECK_CAP}. ` +
        'Split the file into several tests, or keep fewer solutions per question.',
    );
  });

  it('refuses an invalid definition as the import does, stores nothing, and refuses a reviewer key naming who may', async () => {
    const before = expectSuccess<TestList>(await h.request({ method: 'GET', url: '/v2/org/tests' })).testsCount;
    const wrongLanguage = withSolutions(RIGHT_TESTS);
    wrongLanguage.sections[0]!.questions[0]!.languages = ['javascript'];
    const refused = expectFailure(await check(wrongLanguage), '400.2');
    expect(refused.result).toContain('the question does not accept Python (it accepts javascript)');
    expect(expectSuccess<TestList>(await h.request({ method: 'GET', url: '/v2/org/tests' })).testsCount).toBe(before);
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel B' });
    const forbidden = expectFailure(await check(withSolutions(RIGHT_TESTS), reviewer.apiKey), '403.17');
    expect(forbidden.result).toMatch(/^A reviewer key may not .*: that needs an? .*key\.$/);
  });
});
