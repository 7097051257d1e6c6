// The Assay server as the README's `pnpm start` starts it: the start script's node flags and the DEFAULT settings
// (request logs at info, no demo seed…), except what names its port, host, database, public URL, admin token and
// outbox directory, the bench's own callback receiver on loopback, and the rate limits, raised out of the way: the
// bench measures the server, not the limits. Its stdout goes to a pipe a log drain reads (log-drain.mjs), as a
// terminal or journald would, never to /dev/null.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN } from './api.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS, startEnvOf, startFlagsOf, startProcess, waitUntilReady } from './processes.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RAISED = '100000000/1m';

/** Settings the bench's own environment may hold (LOG_LEVEL=warn in a shell…): not passed on, so defaults hold. */
const unset = () =>
  Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => name === 'LOG_LEVEL' || name.startsWith('ASSAY_'))
      .map((name) => [name, undefined]),
  );

/**
 * `settings`: any variable to set on top (only the reference rows do: `LOG_LEVEL`). `root`: another clone whose built
 * server to start, with its own start script's node flags (cpu-per-request.mjs compares two builds); `nodeFlags`: more
 * flags after those (a CPU profile).
 */
export const startAssay = async ({ port, databaseUrl, scratch, drain, track = (server) => server, settings = {}, root, nodeFlags = [] }) => {
  const server = track(
    startProcess(
      join(root ?? ROOT, 'apps/server/dist/main.js'),
      {
        ...unset(),
        // What the start script sets before node starts (glibc's malloc settings, decision 500).
        ...(root ? startEnvOf(root) : SERVER_ENV),
        PORT: String(port),
        HOST: '127.0.0.1',
        ASSAY_DATABASE_URL: databaseUrl,
        ASSAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
        ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
        ASSAY_OUTBOX_DIR: join(scratch, 'outbox'),
        ASSAY_RATE_LIMIT_ORG_API: RAISED,
        ASSAY_RATE_LIMIT_CANDIDATE_API: RAISED,
        ASSAY_RATE_LIMIT_BAD_API_KEY: RAISED,
        ASSAY_RATE_LIMIT_REGISTRATION: RAISED,
        // The callback receiver is the bench's own, on loopback.
        ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true',
        ...settings,
      },
      scratch,
      [...(root ? startFlagsOf(root) : SERVER_NODE_FLAGS), ...nodeFlags],
      { stdout: drain.stdin },
    ),
  );
  try {
    const startMs = await waitUntilReady(`http://127.0.0.1:${port}/readyz`, server.started, server.child);
    return { ...server, startMs };
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}\n${server.stderr()}`);
  }
};
