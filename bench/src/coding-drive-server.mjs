// The coding drive's server (coding-drive-suite.mjs, python-campus.mjs): `node apps/server/dist/main.js` as the README
// starts it, with the start script's node flags and environment and its default settings, except what names its port,
// database and admin token, and the rate limits, raised out of the way (the sample-run budget per attempt included).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_ENV, SERVER_NODE_FLAGS, startProcess, waitUntilReady } from './processes.mjs';
import { ADMIN_TOKEN } from './seed.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RAISED = '100000000/1m';

/** The server as the README starts it (with the start script's node flags and environment), default settings but the rate limits. */
export const startServer = async (scratch, databaseUrl) => {
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
    SERVER_NODE_FLAGS,
  );
  try {
    await waitUntilReady(`${base}/readyz`, server.started, server.child);
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}\n${server.stderr()}`);
  }
  return { ...server, base };
};
