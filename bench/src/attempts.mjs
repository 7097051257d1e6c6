// Completed attempts made the way candidates make them, through the candidate API: registered by the org, started,
// every question answered as it would be (right and wrong choices, real code for the coding questions), the page's
// proctoring events (sections opened, the window left and come back to, a reload), submitted, then scored by the
// server's own worker. The report rows read these reports.
import { SOLUTIONS } from './realistic-tests.mjs';
import { call, inParallel } from './api.mjs';

/** Deterministic "did candidate k get question q right": most do, some don't, each candidate differently. */
const answersRight = (k, q) => (k * 7 + q * (3 + Math.floor(k / 10))) % 10 < 6 + (k % 4);

const choiceAnswer = (question, definitionQuestion, right) => {
  const correct = new Set(definitionQuestion.options.filter((option) => option.correct).map((option) => option.text));
  const chosen = question.options.filter((option) => correct.has(option.text) === right);
  return { optionIds: (right ? chosen : chosen.slice(0, 1)).map((option) => option.optionId) };
};

const codeAnswer = (question, right) => {
  const solution = SOLUTIONS[question.functionName ?? Object.keys(SOLUTIONS).find((name) => question.text.includes(`\`${name}(`))];
  if (!solution) throw new Error(`no solution for the coding question "${question.text.slice(0, 60)}…"`);
  return { code: right ? solution.right : solution.wrong, language: 'javascript' };
};

const at = (offsetMs) => new Date(Date.now() + offsetMs).toISOString();

/** One candidate, registered, through to submit; answers the invitation id. */
const takeTest = async (base, key, testId, definition, k) => {
  const { testInvitationId, takeTestURL } = await call(base, 'POST', `/v2/org/tests/${testId}/register`, {
    key,
    body: { emailId: `candidate${k}@example.com`, fullName: `Candidate ${k}` },
  });
  const token = new URL(takeTestURL).pathname.split('/').at(-1);
  const candidate = (method, path, body) => call(base, method, `/candidate/v1/${token}${path}`, { body });
  const session = await candidate('POST', '/start');
  const definitionQuestions = new Map(definition.sections.flatMap((section) => section.questions).map((question) => [question.text, question]));
  let q = 0;
  for (const [s, section] of session.test.sections.entries()) {
    await candidate('POST', '/events', { type: 'section', at: at(s), sectionId: section.sectionId });
    for (const question of section.questions) {
      const right = answersRight(k, q++);
      const answer = question.type === 'coding' ? codeAnswer(question, right) : choiceAnswer(question, definitionQuestions.get(question.text), right);
      await candidate('PUT', `/answers/${question.questionId}`, answer);
    }
    // Some candidates leave the window (another tab, another app) and come back; one in five reloads the page.
    for (let departure = 0; departure < (k + s) % 3; departure++) {
      await candidate('POST', '/events', { type: 'left', at: at(s * 10 + departure) });
      await candidate('POST', '/events', { type: 'returned', at: at(s * 10 + departure + 1) });
    }
    if ((k + s) % 5 === 0) await candidate('POST', '/events', { type: 'unload', at: at(s * 10 + 5) });
  }
  await candidate('POST', '/submit');
  return testInvitationId;
};

/** `count` candidates take the test (8 at a time); answers their invitation ids once every report is Generated. */
export const completeAttempts = async ({ base, key, testId, definition, count, first = 0 }) => {
  const ids = [];
  await inParallel(count, 8, async (i) => {
    ids.push(await takeTest(base, key, testId, definition, first + i));
  });
  for (const id of ids) {
    for (let tries = 0; ; tries++) {
      const report = await call(base, 'GET', `/v2/org/report/${id}`, { key });
      if (report.reportStatus === 'Generated') break;
      if (tries === 600) throw new Error(`the attempt ${id} was not scored within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return ids.sort((a, b) => a - b);
};
