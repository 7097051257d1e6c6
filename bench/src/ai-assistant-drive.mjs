// A class chatting with a guarded assistant while it saves code (issue 60's speed row): N candidates registered and
// started (the AI notice acknowledged), each asking the assistant beside its coding question every `everySeconds` and
// saving its code every `saveEverySeconds` (first moments at random, then on a schedule; one message at a time), for
// `warmUpSeconds` unmeasured (every process's first seconds of a new load are slow on two cores, a bare relay's as much
// as Assay's: ai-bare-relay.mjs), then for `activeSeconds` measured. Beside every fourth message the same request goes
// straight to the `direct` peer: the model's own time to the first token, in the same run, from the same process. Then every candidate asks once more at the same
// moment (the burst): the model's concurrency is held and nobody is starved. Run in its own process (`node
// bench/src/ai-assistant-drive.mjs` with a JSON argument); prints one JSON line.
import { createJsonClient, percentile } from './http-client.mjs';
import { inParallel } from './seed.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tokenOf = (url) => new URL(url).pathname.split('/').at(-1);
const CODE = 'function sum(numbers) {\n  let total = 0;\n  for (const n of numbers) total += n;\n  return total;\n}\n';

const enrol = async (client, plan, index) => {
  const registered = await client.send(
    'POST',
    `/v2/org/tests/${plan.testId}/register`,
    { emailId: `chat-${plan.runId}-${index}@example.com`, fullName: `Chatting Candidate ${index}` },
    { 'x-api-key': plan.key },
  );
  const url = registered.json?.result?.takeTestURL;
  if (registered.status !== 200 || !url) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.json)}`);
  const token = tokenOf(url);
  const started = await client.send('POST', `/candidate/v1/${token}/start`, { aiNoticeAcknowledged: true });
  if (started.status !== 200) throw new Error(`start answered ${started.status}: ${JSON.stringify(started.json)}`);
  const question = started.json.result.test.sections.flatMap((section) => section.questions ?? []).find((each) => each.type === 'coding');
  return { token, questionId: question.questionId, replies: 0 };
};

/**
 * Reads a streamed answer until it ends; answers the milliseconds to the first text (`firstText` says which chunks
 * carry it), to the end, and the events seen.
 */
const streamed = async (response, began, firstText) => {
  let firstMs = null;
  let body = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    const text = decoder.decode(chunk, { stream: true });
    body += text;
    if (firstMs === null && firstText(body)) firstMs = performance.now() - began;
  }
  return { firstMs, endMs: performance.now() - began, body };
};

/** One message to the assistant through Assay: how long to its first delta, and how it ended. */
const ask = async (plan, attendee, label) => {
  const began = performance.now();
  const response = await fetch(`${plan.base}/candidate/v1/${attendee.token}/assistant/${attendee.questionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: `Why does my loop miss the empty input? (${label})` }),
  });
  if (!String(response.headers.get('content-type')).startsWith('text/event-stream')) {
    return { status: response.status, statuscode: (await response.json().catch(() => ({}))).statuscode ?? null, firstMs: null, outcome: 'refused' };
  }
  const { firstMs, endMs, body } = await streamed(response, began, (text) => text.includes('event: delta'));
  const outcome = ['done', 'withheld', 'error'].find((event) => body.includes(`event: ${event}`)) ?? 'cut';
  if (outcome === 'done' || outcome === 'withheld') attendee.replies += 1;
  return { status: response.status, firstMs, endMs, outcome };
};

/** The same kind of request straight to the model: its own time to the first content chunk. */
const askDirect = async (plan, label) => {
  const began = performance.now();
  const response = await fetch(`${plan.direct.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: plan.direct.model,
      stream: true,
      messages: [
        { role: 'system', content: 'You are the assistant beside a candidate.' },
        { role: 'user', content: `Why does my loop miss the empty input? (${label})` },
      ],
    }),
  });
  return streamed(response, began, (text) => /"content":"[^"]/.test(text));
};

/**
 * The server's event-loop delay p99 since the last scrape, in ms (prom-client's default metric, which starts its
 * histogram anew at each scrape): read once before a phase, then after it.
 */
const eventLoopP99Ms = async (plan) => {
  const response = await fetch(`${plan.base}/metrics`, { headers: { authorization: `Bearer ${plan.metricsToken}` } });
  const text = await response.text();
  const line = text.split('\n').find((each) => each.startsWith('nodejs_eventloop_lag_p99_seconds'));
  if (!line) throw new Error(`/metrics answered ${response.status} without nodejs_eventloop_lag_p99_seconds`);
  return Number(line.split(' ').at(-1)) * 1000;
};

export const aiAssistantDrive = async (plan) => {
  const client = createJsonClient(plan.base, { maxSockets: plan.maxSockets ?? 512 });
  const attendees = [];
  await inParallel(plan.candidates, 16, async (index) => {
    attendees[index] = await enrol(client, plan, index);
  });
  const figures = { viaAssay: [], direct: [], saves: [], saveErrors: 0, outcomes: {}, statuscodes: {} };
  const note = (answer) => {
    figures.outcomes[answer.outcome] = (figures.outcomes[answer.outcome] ?? 0) + 1;
    if (answer.statuscode) figures.statuscodes[answer.statuscode] = (figures.statuscodes[answer.statuscode] ?? 0) + 1;
  };
  const began = performance.now();
  const measuredFrom = began + (plan.warmUpSeconds ?? 0) * 1000;
  const end = measuredFrom + plan.activeSeconds * 1000;
  const measured = () => performance.now() >= measuredFrom;
  const eventLoopScrape = (async () => {
    await sleep(measuredFrom - performance.now());
    await eventLoopP99Ms(plan);
  })();
  const chatting = async (attendee, index) => {
    await sleep(Math.min(Math.random() * plan.everySeconds * 1000, end - performance.now()));
    for (let count = 1; performance.now() < end; count += 1) {
      const due = performance.now() + plan.everySeconds * 1000;
      const label = `candidate ${index}, message ${count}`;
      const counted = measured();
      const control = (index + count) % 4 === 0 ? askDirect(plan, label) : null;
      const answer = await ask(plan, attendee, label);
      note(answer);
      if (counted && answer.firstMs !== null) figures.viaAssay.push(answer.firstMs);
      if (control) {
        const own = await control;
        if (counted) figures.direct.push(own.firstMs);
      }
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  const saving = async (attendee, index) => {
    await sleep(Math.min(Math.random() * plan.saveEverySeconds * 1000, end - performance.now()));
    for (let count = 1; performance.now() < end; count += 1) {
      const due = performance.now() + plan.saveEverySeconds * 1000;
      const counted = measured();
      const saved = await client.send('PUT', `/candidate/v1/${attendee.token}/answers/${attendee.questionId}`, {
        code: `${CODE}// candidate ${index}, save ${count}\n`,
        language: 'javascript',
      });
      if (counted) figures.saves.push(saved.ms);
      if (saved.status !== 200) figures.saveErrors += 1;
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  await Promise.all(attendees.flatMap((attendee, index) => [chatting(attendee, index), saving(attendee, index)]));
  await eventLoopScrape;
  const seconds = (performance.now() - measuredFrom) / 1000;
  const eventLoopMs = await eventLoopP99Ms(plan);

  // The burst: everyone asks at once; every one of them must get a reply.
  const repliedBefore = attendees.map((attendee) => attendee.replies);
  const burstBegan = performance.now();
  const burst = await Promise.all(attendees.map((attendee, index) => ask(plan, attendee, `candidate ${index}, burst`)));
  burst.forEach(note);
  const burstMs = performance.now() - burstBegan;
  const burstEventLoopMs = await eventLoopP99Ms(plan);
  const starved = attendees.filter((attendee, index) => attendee.replies === repliedBefore[index]).length;
  client.close();
  const first = burst.map((answer) => answer.firstMs).filter((ms) => ms !== null);
  return {
    candidates: plan.candidates,
    seconds,
    messages: figures.viaAssay.length,
    firstTokenP50: percentile(figures.viaAssay, 50),
    firstTokenP99: percentile(figures.viaAssay, 99),
    directSamples: figures.direct.length,
    directP50: percentile(figures.direct, 50),
    directP99: percentile(figures.direct, 99),
    eventLoopP99Ms: eventLoopMs,
    saves: figures.saves.length,
    saveP50: percentile(figures.saves, 50),
    saveP99: percentile(figures.saves, 99),
    saveErrors: figures.saveErrors,
    outcomes: figures.outcomes,
    statuscodes: figures.statuscodes,
    burst: { asked: burst.length, firstTokenP99: percentile(first, 99), lastMs: burstMs, starved, eventLoopP99Ms: burstEventLoopMs },
    neverReplied: attendees.filter((attendee) => attendee.replies === 0).length,
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await aiAssistantDrive(JSON.parse(process.argv[2]));
  console.log(JSON.stringify(result));
}
