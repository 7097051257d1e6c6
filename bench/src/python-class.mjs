// What the coding-drive scoring and scale-out scenarios share: a Python test as a class meets it, candidates
// registered, started and answered over HTTP, a callback receiver that notes when each completion arrives, and
// the built server and worker started as processes of their own.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJsonClient, percentile } from './http-client.mjs';
import { freePort, SERVER_ENV, SERVER_NODE_FLAGS, startProcess, waitUntilReady } from './processes.mjs';
import { ADMIN_TOKEN, inParallel } from './seed.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export { percentile };

/** Counting vowels, as in issue 28: `questions` questions, each with sample and hidden tests. */
export const pythonTest = ({ questions = 3, samples = 3, hidden = 10, name = 'Python class' } = {}) => {
  const word = (i) => `${'education'.repeat(1 + (i % 4))}${'xyz'.repeat(i)}`;
  const vowels = (text) => [...text].filter((c) => 'aeiou'.includes(c)).length;
  const cases = (count) => Array.from({ length: count }, (_, i) => ({ args: [word(i)], expected: vowels(word(i)) }));
  return {
    testName: name,
    testStatus: 'Active',
    sections: [
      {
        sectionName: 'Coding',
        sectionType: 'coding',
        duration: 90,
        questions: Array.from({ length: questions }, (_, q) => ({
          type: 'coding',
          text: `Count the vowels of a word (${q + 1}).`,
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

/** The built server (or worker) on a fresh database, with the limits of the HTTP API out of reach. */
export const startAssayProcess = async (script, { databaseUrl, scratch, port, env = {} }) => {
  const base = port === undefined ? undefined : `http://127.0.0.1:${port}`;
  const child = startProcess(
    join(ROOT, script),
    {
      ...(script === 'apps/server/dist/main.js' ? SERVER_ENV : {}),
      LOG_LEVEL: 'warn',
      ASSAY_DATABASE_URL: databaseUrl,
      ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
      ASSAY_SEED_DEMO: 'false',
      ASSAY_OUTBOX_DIR: join(scratch, 'outbox'),
      ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true',
      ASSAY_RATE_LIMIT_ORG_API: '100000000/1m',
      ASSAY_RATE_LIMIT_CANDIDATE_API: '100000000/1m',
      ASSAY_RATE_LIMIT_REGISTRATION: '100000000/1m',
      ...(base ? { PORT: String(port), HOST: '127.0.0.1', ASSAY_PUBLIC_URL: base } : { ASSAY_PUBLIC_URL: 'http://127.0.0.1:9' }),
      ...env,
    },
    scratch,
    // The server as `pnpm start` runs it (decision 258); assay-worker has no such start script, and does not clear the flag.
    script === 'apps/server/dist/main.js' ? SERVER_NODE_FLAGS : [],
  );
  if (base) {
    try {
      await waitUntilReady(`${base}/readyz`, child.started, child.child);
    } catch (error) {
      await child.stop();
      throw new Error(`${error.message}\n${child.stderr()}`);
    }
  }
  return { ...child, base };
};

export const startAssayServer = async (options) => startAssayProcess('apps/server/dist/main.js', { ...options, port: await freePort() });

/** An org (through the admin API) and the Python test, on a running server. */
export const orgWithTest = async (base, test) => {
  const client = createJsonClient(base, { maxSockets: 64 });
  const call = async (method, path, body, headers = {}) => {
    const answer = await client.send(method, path, body, headers);
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json.result;
  };
  const org = await call('POST', '/admin/orgs', { name: 'Python class', email: 'class@example.com' }, { authorization: `Bearer ${ADMIN_TOKEN}` });
  const key = { 'x-api-key': org.apiKey };
  const { testId } = await call('POST', '/v2/org/tests', test, key);
  /** `count` candidates registered (with `callbackURL` when given), started, and (with `answer`) every question answered. */
  const candidates = async (count, { prefix, callbackURL, answer } = {}) => {
    const list = new Array(count);
    await inParallel(count, 16, async (i) => {
      const invitation = await call(
        'POST',
        `/v2/org/tests/${testId}/register`,
        { emailId: `${prefix}-${i}@example.com`, fullName: `Candidate ${i}`, ...(callbackURL ? { callbackURL } : {}) },
        key,
      );
      const token = new URL(invitation.takeTestURL).pathname.split('/').at(-1);
      const session = await call('POST', `/candidate/v1/${token}/start`);
      const questions = session.test.sections.flatMap((section) => section.questions ?? []).map((question) => question.questionId);
      if (answer) for (const questionId of questions) await call('PUT', `/candidate/v1/${token}/answers/${questionId}`, { code: answer, language: 'python' });
      list[i] = { token, invitationId: invitation.testInvitationId, questions };
    });
    return list;
  };
  return { client, call, candidates, testId, apiKey: org.apiKey, close: () => client.close() };
};

/** Presses Run for `who` and notes how long the answer took and what it was. */
export const pressRun = async (client, who, figures) => {
  const answer = await client.send('POST', `/candidate/v1/${who.token}/run/${who.questions[0]}`, { code: PY_VOWELS, language: 'python' });
  const passed = answer.status === 200 && answer.json.result.results.every((result) => result.passed);
  figures.push({ ms: answer.ms, status: answer.status, code: answer.json?.statuscode ?? String(answer.status), passed });
};

/** Latency and answers of a set of runs: p50, p99, how many were refused (503.2), how many did not pass. */
export const runFigures = (runs) => ({
  runs: runs.length,
  p50: percentile(
    runs.map((run) => run.ms),
    50,
  ),
  p99: percentile(
    runs.map((run) => run.ms),
    99,
  ),
  refused: runs.filter((run) => run.code === '503.2').length,
  failed: runs.filter((run) => run.code !== '503.2' && !run.passed).length,
});

/** A receiver of completion callbacks: when each distinct one arrived, and what it said. */
export const startReceiver = () =>
  new Promise((resolve) => {
    const arrived = new Map();
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const id = request.headers['webhook-id'];
        if (typeof id === 'string' && !arrived.has(id)) {
          try {
            arrived.set(id, { at: performance.now(), ...JSON.parse(body) });
          } catch {
            arrived.set(id, { at: performance.now() });
          }
        }
        response.writeHead(200).end();
      });
    });
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hook`,
        arrived,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(done);
          }),
      });
    });
  });

/** Waits until `count` callbacks arrived (or `timeoutMs` passed); answers whether they did. */
export const waitForCallbacks = async (receiver, count, timeoutMs) => {
  const deadline = performance.now() + timeoutMs;
  while (receiver.arrived.size < count && performance.now() < deadline) await sleep(50);
  return receiver.arrived.size >= count;
};

/** Load average (1 min) and the machine, for the notes of the rows: figures on a shared machine are noisy. */
export const loadNote = async () => {
  const { loadavg } = await import('node:os');
  return `load ${loadavg()[0].toFixed(1)}`;
};
