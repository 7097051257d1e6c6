// The coding drive's server (coding-drive-suite.mjs, python-campus.mjs): `node apps/server/dist/main.js` as the README
// starts it, with the start script's node flags and environment and its default settings, except what names its port,
// database and admin token, and the rate limits, raised out of the way (the sample-run budget per attempt included).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_ENV, SERVER_NODE_FLAGS, startProcess, waitUntilReady } from './processes.mjs';
import { ADMIN_TOKEN } from './seed.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RAISED = '100000000/1m';

/**
 * The server as the README starts it (with the start script's node flags and environment), default settings but the
 * rate limits; `nodeFlags` are added after the start script's (e.g. `--cpu-prof`, to see where a row's time went).
 */
export const startServer = async (scratch, databaseUrl, { nodeFlags = [] } = {}) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess(
    join(ROOT, 'apps/server/dist/main.js'),
    {
      ...SERVER_ENV,
      PORT: String(port),
      ASSAY_DATABASE_URL: databaseUrl ?? `sqlite:${join(scratch, 'coding.db')}`,
      ASSAY_PUBLIC_URL: base,
      ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
      ASSAY_OUTBOX_DIR: join(scratch, 'outbox'),
      ASSAY_RATE_LIMIT_ORG_API: RAISED,
      ASSAY_RATE_LIMIT_CANDIDATE_API: RAISED,
      ASSAY_RATE_LIMIT_CANDIDATE_TOKEN: RAISED,
      ASSAY_RATE_LIMIT_REGISTRATION: RAISED,
      ASSAY_RATE_LIMIT_BAD_API_KEY: RAISED,
      ASSAY_SAMPLE_RUNS_PER_WINDOW: '10000',
    },
    scratch,
    [...SERVER_NODE_FLAGS, ...nodeFlags],
  );
  try {
    await waitUntilReady(`${base}/readyz`, server.started, server.child);
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}\n${server.stderr()}`);
  }
  return { ...server, base };
};

/**
 * CPU ticks (1/100 s) of a process's threads from /proc: its main thread (the request thread: HTTP, routes, the
 * store) and all its other threads together (the sandbox's workers, libuv's pool, V8's helpers).
 */
export const threadTicks = (pid) => {
  const ticks = { main: 0, others: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      const used = Number(fields[11]) + Number(fields[12]);
      if (tid === String(pid)) ticks.main += used;
      else ticks.others += used;
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return ticks;
};
