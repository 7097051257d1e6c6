// N completions → N signed completion callbacks to a local receiver, delivered by the server's one worker.
// Candidates are registered with the receiver as their callbackURL, then each starts and submits; the clock
// runs from the first submit to the last distinct callback. None may be lost, none delivered twice.
import { createServer } from 'node:http';
import { createJsonClient } from './http-client.mjs';
import { inParallel, TINY_TEST } from './seed.mjs';

const startReceiver = () =>
  new Promise((resolve) => {
    const seen = new Map();
    let lastNewAt = 0;
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const id = request.headers['webhook-id'];
        if (typeof id === 'string') {
          if (!seen.has(id)) lastNewAt = performance.now();
          seen.set(id, (seen.get(id) ?? 0) + 1);
        }
        response.writeHead(200).end();
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/hook`,
        seen,
        lastNewAt: () => lastNewAt,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });

export const callbackDelivery = async ({ base, key, completions, timeoutMs = 180_000 }) => {
  const receiver = await startReceiver();
  const org = createJsonClient(base, { maxSockets: 64 });
  const call = async (method, path, body, headers = {}) => {
    const answer = await org.send(method, path, body, { 'x-api-key': key, ...headers });
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json.result;
  };
  try {
    const test = await call('POST', '/v2/org/tests', { ...TINY_TEST('callbacks'), testName: 'Callback bench' });
    const tokens = new Array(completions);
    await inParallel(completions, 32, async (i) => {
      const invitation = await call('POST', `/v2/org/tests/${test.testId}/register`, {
        emailId: `callback-${i}@example.com`,
        fullName: `Callback Candidate ${i}`,
        callbackURL: receiver.url,
      });
      tokens[i] = new URL(invitation.takeTestURL).pathname.split('/').at(-1);
      await call('POST', `/candidate/v1/${tokens[i]}/start`);
    });
    const began = performance.now();
    await inParallel(completions, 32, (i) => call('POST', `/candidate/v1/${tokens[i]}/submit`));
    while (receiver.seen.size < completions && performance.now() - began < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 100));
    // Late duplicates would show up shortly after the last one: wait a little before counting them.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const twice = [...receiver.seen.values()].filter((count) => count > 1).length;
    return {
      seconds: (receiver.lastNewAt() - began) / 1000,
      delivered: receiver.seen.size,
      lost: completions - receiver.seen.size,
      twice,
    };
  } finally {
    org.close();
    await receiver.close();
  }
};
