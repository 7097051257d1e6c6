import { call } from './processes.js';

/**
 * A Python coding test as a class meets it: `questions` questions that count vowels, each with `samples` sample
 * tests and `hidden` hidden tests, for the system tests of the sandbox's fair queue and of scoring at scale.
 */
export const pythonDrill = ({ questions = 3, samples = 2, hidden = 10 } = {}) => {
  const word = (i: number) => 'assay'.repeat(i + 1);
  const cases = (count: number) => Array.from({ length: count }, (_, i) => ({ args: [word(i)], expected: 2 * (i + 1) }));
  return {
    testName: `Python drill ${questions}×${hidden}`,
    testStatus: 'Active',
    sections: [
      {
        sectionName: 'Coding',
        sectionType: 'coding',
        duration: 60,
        questions: Array.from({ length: questions }, (_, q) => ({
          type: 'coding',
          text: `Count the vowels (${q + 1}).`,
          marks: 1,
          languages: ['python'],
          functionName: 'vowels',
          sampleTests: cases(samples),
          hiddenTests: cases(hidden),
        })),
      },
    ],
  };
};

export const PY_VOWELS = "def vowels(word):\n    return sum(1 for c in word if c in 'aeiou')\n";
export const PY_LOOP = 'def vowels(word):\n    while True:\n        pass\n';

interface RunAnswer {
  status: number;
  statuscode: string;
  retryAfter: string | null;
  results: { passed: boolean; error?: string }[];
}

/** The candidate API of one token over real HTTP. */
export const candidateOver = (baseUrl: string, token: string) => {
  const path = (suffix: string) => `/candidate/v1/${token}${suffix}`;
  return {
    start: async () => {
      const session = await call<{ test: { sections: { questions?: { questionId: number }[] }[] } }>(baseUrl, 'POST', path('/start'));
      return session.test.sections.flatMap((section) => (section.questions ?? []).map((question) => question.questionId));
    },
    answer: async (questionId: number, code: string) => {
      const response = await fetch(`${baseUrl}${path(`/answers/${questionId}`)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json;charset=utf-8' },
        body: JSON.stringify({ code, language: 'python' }),
      });
      if (response.status !== 200) throw new Error(`saving an answer answered ${response.status}: ${await response.text()}`);
    },
    run: async (questionId: number, code: string): Promise<RunAnswer> => {
      const response = await fetch(`${baseUrl}${path(`/run/${questionId}`)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json;charset=utf-8' },
        body: JSON.stringify({ code, language: 'python' }),
      });
      const body = (await response.json()) as { statuscode: string; result: { results?: RunAnswer['results'] } | string };
      const results = typeof body.result === 'object' ? (body.result.results ?? []) : [];
      return { status: response.status, statuscode: body.statuscode, retryAfter: response.headers.get('retry-after'), results };
    },
    submit: () => call(baseUrl, 'POST', path('/submit')),
  };
};

/** Registers a candidate on `testId` (with a callback URL when given) and answers the token and invitation id. */
export const registerOn = async (baseUrl: string, apiKey: string, testId: number, emailId: string, callbackURL?: string) => {
  const result = await call<{ testInvitationId: number; takeTestURL: string }>(baseUrl, 'POST', `/v2/org/tests/${testId}/register`, {
    apiKey,
    body: { emailId, fullName: 'Ada Lovelace', ...(callbackURL ? { callbackURL } : {}) },
  });
  return { invitationId: result.testInvitationId, token: new URL(result.takeTestURL).pathname.split('/').at(-1)! };
};

export const reportOf = (baseUrl: string, apiKey: string, invitationId: number) =>
  call<{ reportStatus: string; score: string }>(baseUrl, 'GET', `/v2/org/report/${invitationId}`, { apiKey });
