// The floor under issue 60's first-token row: a bare Fastify relay in the server's place, with nothing of Assay —
// no store, no gate, no check, no openai client. It answers the class drive's routes from memory (register, start,
// save) and relays the assistant's message to the same peer, parsing its stream and writing one `delta` event per
// piece, as Assay does. What it adds to the peer's own time to the first token, measured in the same run by the same
// drive, is what this machine costs any server with the drive and the peer beside it; Assay's row is read against it.
// Run as its own process: `PEER_URL=… MODEL=… PORT=… node bench/src/ai-bare-relay.mjs`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';

const { PEER_URL: peerUrl, MODEL: model } = process.env;
const app = Fastify({ logger: false });
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let serial = 0;
const QUESTION_ID = 1;

app.post('/v2/org/tests/:testId/register', async () => {
  serial += 1;
  return { statuscode: '200.1', result: { takeTestURL: `http://127.0.0.1/take/relay-${serial}` } };
});
app.post('/candidate/v1/:token/start', async () => ({
  statuscode: '200.1',
  result: { test: { sections: [{ questions: [{ questionId: QUESTION_ID, type: 'coding' }] }] } },
}));
app.put('/candidate/v1/:token/answers/:questionId', async () => ({
  statuscode: '200.1',
  result: { questionId: QUESTION_ID, savedAt: new Date().toISOString() },
}));
app.get('/metrics', async (_request, reply) => {
  const line = `nodejs_eventloop_lag_p99_seconds ${delay.percentile(99) / 1e9}\n`;
  delay.reset();
  return reply.type('text/plain').send(line);
});

const frame = (event, data) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

app.post('/candidate/v1/:token/assistant/:questionId', async (request, reply) => {
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  reply.raw.write(frame('accepted', { messageId: ++serial }));
  const answer = await fetch(`${peerUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: request.body.message }] }),
  });
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of answer.body) {
    pending += decoder.decode(chunk, { stream: true });
    const events = pending.split('\n\n');
    pending = events.pop() ?? '';
    for (const event of events) {
      const data = event.replace(/^data: /, '');
      if (data === '[DONE]') continue;
      const text = JSON.parse(data).choices?.[0]?.delta?.content;
      if (text) reply.raw.write(frame('delta', { text }));
    }
  }
  reply.raw.end(frame('done', { messageId: serial, state: 'answered' }));
  return reply;
});

app.get('/readyz', async () => ({ ready: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
