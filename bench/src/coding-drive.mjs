// The coding drive: N candidates registered through the org API and started, each pressing Run on a coding question
// every `everySeconds` (the first press at a random moment of the first interval, then on a schedule; a candidate
// waits for an answer before pressing again) for `activeSeconds`. Every press sends code of its own (the answer with
// a comment naming the candidate and the press), as different candidates would. Run in its own process
// (`node bench/src/coding-drive.mjs` with a JSON argument) so the load never shares the bench's event loop or the
// server's; prints one JSON line: latencies, answers per status, passing runs per second.
// `measureFromSeconds` leaves out of the latencies and the passing rate the presses sent before that moment (the
// Python campus measures after the first cycle, issue 63 item 4); refusals and errors count from the first press.
// `everySeconds: 0` presses again as soon as the answer arrives: the closed loop that measures capacity.
import { createJsonClient, percentile } from './http-client.mjs';
import { inParallel } from './seed.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tokenOf = (url) => new URL(url).pathname.split('/').at(-1);

/** Registers and starts one candidate; answers the token and the coding question's id. */
const enrol = async (client, plan, index) => {
  const registered = await client.send(
    'POST',
    `/v2/org/tests/${plan.testId}/register`,
    { emailId: `coder-${plan.runId}-${index}@example.com`, fullName: `Coding Candidate ${index}` },
    { 'x-api-key': plan.key },
  );
  const url = registered.json?.result?.takeTestURL;
  if (registered.status !== 200 || !url) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.json)}`);
  const token = tokenOf(url);
  const started = await client.send('POST', `/candidate/v1/${token}/start`);
  if (started.status !== 200) throw new Error(`start answered ${started.status}: ${JSON.stringify(started.json)}`);
  const question = started.json.result.test.sections
    .flatMap((section) => section.questions ?? [])
    .find((candidate) => candidate.type === 'coding' && candidate.functionName === plan.functionName);
  if (!question) throw new Error(`the test has no coding question ${plan.functionName}`);
  return { token, questionId: question.questionId };
};

/** One press of Run; answers the status, whether every sample test passed, and how long the answer took. */
const press = (client, plan, attendee, label) =>
  client.send('POST', `/candidate/v1/${attendee.token}/run/${attendee.questionId}`, {
    code: `${plan.code}${plan.comment} ${label}\n`,
    language: plan.language,
  });

export const codingDrive = async (plan) => {
  const client = createJsonClient(plan.base, { maxSockets: plan.maxSockets ?? 512 });
  const attendees = [];
  await inParallel(plan.candidates, plan.enrolInParallel ?? 16, async (index) => {
    attendees[index] = await enrol(client, plan, index);
  });
  // Not measured: the first run after the candidates started (on-demand prewarm makes the sandbox ready meanwhile,
  // and a cold start on a fresh server is item 10's row, not this one's); it must pass.
  const warmUp = await press(client, plan, attendees[0], 'warm-up');
  if (warmUp.status !== 200 || !warmUp.json.result.results.every((result) => result.passed)) {
    throw new Error(`the warm-up run answered ${warmUp.status}: ${JSON.stringify(warmUp.json)}`);
  }
  const figures = { ms: [], statuses: {}, passed: 0, failedRuns: 0, retryAfter: [], beforeMeasured: 0 };
  const began = performance.now();
  const end = began + plan.activeSeconds * 1000;
  const measuredFrom = began + (plan.measureFromSeconds ?? 0) * 1000;
  const candidate = async (attendee, index) => {
    await sleep(Math.random() * plan.everySeconds * 1000);
    for (let count = 1; performance.now() < end; count += 1) {
      const sent = performance.now();
      const due = sent + plan.everySeconds * 1000;
      const answer = await press(client, plan, attendee, `candidate ${index}, press ${count}`);
      const measured = sent >= measuredFrom;
      if (measured) figures.ms.push(answer.ms);
      else figures.beforeMeasured += 1;
      figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
      if (answer.status === 200) {
        if (!answer.json.result.results.every((result) => result.passed)) figures.failedRuns += 1;
        else if (measured) figures.passed += 1;
      }
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  await Promise.all(attendees.map(candidate));
  const seconds = (performance.now() - began) / 1000;
  client.close();
  const presses = figures.ms.length + figures.beforeMeasured;
  return {
    candidates: plan.candidates,
    everySeconds: plan.everySeconds,
    language: plan.language,
    seconds,
    presses,
    offeredPerSecond: plan.everySeconds > 0 ? plan.candidates / plan.everySeconds : null,
    measuredPresses: figures.ms.length,
    // Every press falls within the active window (the last answer may come a little after it).
    passingPerSecond: figures.passed / (plan.activeSeconds - (plan.measureFromSeconds ?? 0)),
    p50: percentile(figures.ms, 50),
    p99: percentile(figures.ms, 99),
    max: Math.max(...figures.ms),
    statuses: figures.statuses,
    refused: figures.statuses[503] ?? 0,
    errors: presses - (figures.statuses[200] ?? 0) - (figures.statuses[503] ?? 0),
    failedRuns: figures.failedRuns,
    warmUpMs: warmUp.ms,
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await codingDrive(JSON.parse(process.argv[2]));
  console.log(JSON.stringify(result));
}
