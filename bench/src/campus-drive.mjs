// The campus drive: N candidates register on one public link within `rampSeconds`, start, save an answer
// every `saveEverySeconds` for `activeSeconds`, and submit — the load a campus drive puts on one link.
// Run in its own process (`node bench/src/campus-drive.mjs` with a JSON argument), so that it never shares
// the server's event loop. Prints one JSON line: saves/s, latencies, errors, and what was lost.
import { createJsonClient, percentile } from './http-client.mjs';
import { storedAnswers } from './stored-answers.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tokenOf = (testUrl) => new URL(testUrl).pathname.split('/').at(-1);

const choiceQuestionsOf = (session) =>
  session.test.sections.flatMap((section) => section.questions ?? []).filter((question) => question.type === 'single_choice' && question.options?.length);

/** One candidate's whole attempt; every acknowledged save is remembered for the check afterwards. */
const candidate = async (client, plan, index, figures) => {
  const registered = await client.send('POST', `/candidate/v1/links/${plan.linkKey}/register`, {
    fullName: `Campus Candidate ${index}`,
    emailId: `campus-${plan.runId}-${index}@example.com`,
  });
  const testUrl = registered.json?.result?.testUrl;
  if (registered.status !== 200 || !testUrl) return figures.errors.push(`register ${registered.status}`);
  const token = tokenOf(testUrl);
  const started = await client.send('POST', `/candidate/v1/${token}/start`);
  figures.starts.push(started.ms);
  if (started.status !== 200) return figures.errors.push(`start ${started.status}`);
  const questions = choiceQuestionsOf(started.json.result);
  if (questions.length === 0) return figures.errors.push('the test has no single-choice question');
  const acknowledged = new Map();
  const saves = Math.max(1, Math.floor(plan.activeSeconds / plan.saveEverySeconds));
  // Candidates do not save in lockstep: the first save comes at a random moment of the first interval.
  await sleep(Math.random() * plan.saveEverySeconds * 1000);
  for (let save = 0; save < saves; save++) {
    const due = performance.now() + plan.saveEverySeconds * 1000;
    const question = questions[(index + save) % questions.length];
    const optionIds = [question.options[(index + save) % question.options.length].optionId];
    const answered = await client.send('PUT', `/candidate/v1/${token}/answers/${question.questionId}`, { optionIds });
    figures.saves.push(answered.ms);
    if (answered.status === 200) acknowledged.set(question.questionId, optionIds);
    else figures.errors.push(`save ${answered.status}`);
    await sleep(Math.max(0, due - performance.now()));
  }
  const submitted = await client.send('POST', `/candidate/v1/${token}/submit`);
  if (submitted.status !== 200) figures.errors.push(`submit ${submitted.status}`);
  figures.attempts.push({ token, acknowledged });
};

/** Every acknowledged answer must be what the database holds for that question. */
const countLost = async (databaseUrl, attempts) => {
  const stored = await storedAnswers(
    databaseUrl,
    attempts.map((attempt) => attempt.token),
  );
  let lost = 0;
  for (const { token, acknowledged } of attempts) {
    for (const [questionId, optionIds] of acknowledged) {
      if (stored.get(`${token}:${questionId}`) !== JSON.stringify(optionIds)) lost += 1;
    }
  }
  return lost;
};

export const campusDrive = async (plan) => {
  const client = createJsonClient(plan.base, { maxSockets: plan.maxSockets ?? 512 });
  const figures = { starts: [], saves: [], errors: [], attempts: [] };
  const began = performance.now();
  const everyone = [];
  for (let index = 0; index < plan.candidates; index++) {
    const at = (index / plan.candidates) * plan.rampSeconds * 1000;
    await sleep(Math.max(0, began + at - performance.now()));
    everyone.push(candidate(client, plan, index, figures));
  }
  await Promise.all(everyone);
  const seconds = (performance.now() - began) / 1000;
  client.close();
  const errorKinds = {};
  for (const error of figures.errors) errorKinds[error] = (errorKinds[error] ?? 0) + 1;
  return {
    candidates: plan.candidates,
    seconds,
    savesPerSecond: figures.saves.length / Math.max(1, seconds - plan.rampSeconds / 2),
    saveP50: percentile(figures.saves, 50),
    saveP99: percentile(figures.saves, 99),
    startP50: percentile(figures.starts, 50),
    startP99: percentile(figures.starts, 99),
    errors: figures.errors.length,
    errorKinds,
    lost: await countLost(plan.databaseUrl, figures.attempts),
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await campusDrive(JSON.parse(process.argv[2]));
  console.log(JSON.stringify(result));
}
