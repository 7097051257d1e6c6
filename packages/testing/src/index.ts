// Helpers that more than one package's tests use: real peers, processes, scratch databases. Private, never published.
export { closedPort, startHttpPeer, type Handler, type HttpPeer, type ReceivedRequest } from './http-peer.js';
export { inPool } from './pool.js';
export {
  startOpenAiPeer,
  type OpenAiPeer,
  type OpenAiPeerOptions,
  type PeerChatRequest,
  type PeerMessage,
  type PeerReply,
} from './openai-peer.js';
export { freePort } from './ports.js';
export { parsePrometheusText, samplesOf, metricValue, type PromSample } from './prometheus-text.js';
export { prometheusNamingProblems } from './prometheus-rules.js';
export {
  diagnostics,
  killAll,
  ROOT,
  sleep,
  spawnNode,
  spawnProcess,
  waitForOutput,
  waitUntil,
  type Proc,
} from './processes.js';
export { startReceiver, type Received, type Reply } from './receiver.js';
export { createDatabase, scratchDatabase, withPg } from './scratch-database.js';
export { silentLog } from './silent-log.js';
export { startSmtpPeer, type Delivered, type SmtpPeer } from './smtp-peer.js';
export { startWorker, WORKER_MAIN } from './worker-process.js';
export { writtenTest } from './written-test.js';
