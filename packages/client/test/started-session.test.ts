import type { CandidateQuestion, CodingLanguage, JsonValue } from '@assay/domain';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ok, useScriptedServer } from './helpers/scripted-server.js';

// What the server answers to a start: one section with a choice question and a coding question.
const choice = {
  questionId: 1,
  type: 'single_choice',
  text: 'Pick one',
  marks: 1,
  negativeMarks: 0,
  options: [
    { optionId: 0, text: 'a' },
    { optionId: 1, text: 'b' },
  ],
};
const coding = {
  questionId: 2,
  type: 'coding',
  form: 'function',
  text: 'Sum',
  marks: 5,
  negativeMarks: 0,
  languages: ['python', 'javascript'],
  language: 'python',
  functionName: 'total',
  starterCode: 'def total(a, b):\n    pass\n',
  starterCodes: { python: 'def total(a, b):\n    pass\n', javascript: 'function total(a, b) {\n}\n' },
  sampleTests: [{ args: [1, 2], expected: 3 }],
};
const started = {
  state: 'In progress',
  candidate: { fullName: 'Ada', emailId: 'ada@example.com' },
  test: {
    testName: 'Screening',
    description: '',
    duration: 30,
    extraTimePercent: 0,
    allowedSeconds: 1800,
    questions: 2,
    negativeMarking: false,
    sections: [{ sectionId: 3, sectionName: 'All', sectionType: 'General Questions', duration: 0, questionCount: 2, questions: [choice, coding] }],
  },
  access: { verdict: 'open', message: null, testAccessTime: null, timeZone: { timeZoneId: 1, iana: 'UTC', name: 'UTC' } },
  imageProctoring: false,
  startedAt: '2026-03-01T10:00:00.000Z',
  deadline: '2026-03-01T10:30:00.000Z',
  serverTime: '2026-03-01T10:00:00.000Z',
  answers: {},
  redirectURL: null,
};

describe('attempt.start()', () => {
  const scripted = useScriptedServer(() => ok(started));

  it('answers the questions of every section, typed so that `type` narrows them (no `!` needed)', async () => {
    const session = await scripted.client().candidate('tok').start();
    // Checked by tsc (`pnpm typecheck` includes the tests): the started session's questions are always there…
    expectTypeOf(session.test.sections[0]!.questions).toEqualTypeOf<CandidateQuestion[]>();
    const [first, second] = session.test.sections.flatMap((section) => section.questions);
    // …and `type` tells which fields a question has.
    const fields = (question: CandidateQuestion | undefined) => {
      if (question?.type === 'coding') {
        expectTypeOf(question.functionName).toEqualTypeOf<string>();
        expectTypeOf(question.languages).toEqualTypeOf<CodingLanguage[]>();
        expectTypeOf(question.starterCodes).toEqualTypeOf<Record<string, string>>();
        expectTypeOf(question.sampleTests).toEqualTypeOf<{ args: JsonValue[]; expected: JsonValue }[]>();
        return { functionName: question.functionName, firstLanguage: question.languages[0], samples: question.sampleTests.length };
      }
      if (question?.type === 'single_choice' || question?.type === 'multiple_choice') {
        expectTypeOf(question.options).toEqualTypeOf<{ optionId: number; text: string }[]>();
        return { options: question.options.map((option) => option.text) };
      }
      return undefined;
    };
    expect(fields(first)).toEqual({ options: ['a', 'b'] });
    expect(fields(second)).toEqual({ functionName: 'total', firstLanguage: 'python', samples: 1 });
  });

  it('decodes the answer as the server sent it (the runtime shape is unchanged)', async () => {
    expect(await scripted.client().candidate('tok').start()).toEqual(started);
  });
});
