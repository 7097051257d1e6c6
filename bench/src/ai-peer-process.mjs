// Two OpenAI-compatible peers (packages/testing's `startOpenAiPeer`, the one every suite uses) in a process of their
// own, so a model's own timing never shares an event loop with the server or the simulated class: `served` is the
// model Assay is pointed at, `direct` the same model called straight by the bench, whose time to the first token is
// "the peer's own" in the same run. Forked with IPC by ai-assistant-class.mjs: argv[2] is the peer module (transpiled
// from TypeScript), argv[3] its options as JSON; it sends `{ served, direct }` (base URLs), answers `'stats'` with the
// served peer's requests and most in flight at once, and exits on `'close'`.
import { pathToFileURL } from 'node:url';

const { startOpenAiPeer } = await import(pathToFileURL(process.argv[2]).href);
const options = JSON.parse(process.argv[3]);
/** A guarded hint as a local model writes one: prose first (it streams at once), then a small snippet (held, checked). */
const HINT =
  'Look at what your loop does on the first element: the running total starts from the value you give it, and an empty input never enters the loop. ' +
  'Try it by hand with one number, then with none.\n\n```js\nlet total = 0; // the start value\n```\n';
const reply = () => ({ text: HINT });
const served = await startOpenAiPeer({ ...options, reply });
const direct = await startOpenAiPeer({ ...options, reply });

process.on('message', async (message) => {
  if (message === 'stats') process.send({ requests: served.requests.length, maxInFlight: served.maxInFlight(), inFlight: served.inFlight() });
  if (message === 'close') {
    await Promise.all([served.close(), direct.close()]);
    process.exit(0);
  }
});
process.send({ served: served.baseUrl, direct: direct.baseUrl, model: served.model });
