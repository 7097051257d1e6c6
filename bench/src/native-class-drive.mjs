// Issue 63, item 3: a class of 60 pressing Run every 10 s in Java and in C++ (6 runs/s offered each), through the
// candidate API of a server started the way `scripts/up.sh` starts it (its node flags and environment, default
// settings: request logs at info, the rate limits on, the compilers warmed at start). Only what sets the class up is
// raised out of the way (the org API and registration limits: 60 registrations in a minute); the candidates' own
// limits and run budget stay the defaults. The answer is each language's fixture (`packages/sandbox/test/languages`)
// on the `topScores` question of examples/tests/top-scores-every-language.json. Each row is offered beside the
// isolated capacity measured in the same bench run (native-runs.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCodingDrive } from './own-process.mjs';
import { freePort, SERVER_ENV, SERVER_NODE_FLAGS, startProcess, waitUntilReady } from './processes.mjs';
import { ADMIN_TOKEN, call } from './seed.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = new URL('../../packages/sandbox/bench/native-fixtures.mjs', import.meta.url);
const SETUP_RAISED = '100000/1m';
const COMMENT = { java: '//', cpp: '//' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const startServer = async (scratch) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess(
    join(ROOT, 'apps/server/dist/main.js'),
    {
      ...SERVER_ENV,
      PORT: String(port),
      ASSAY_DATABASE_URL: `sqlite:${join(scratch, 'class.db')}`,
      ASSAY_PUBLIC_URL: base,
      ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
      ASSAY_OUTBOX_DIR: join(scratch, 'outbox'),
      ASSAY_RATE_LIMIT_ORG_API: SETUP_RAISED,
      ASSAY_RATE_LIMIT_REGISTRATION: SETUP_RAISED,
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

/**
 * @param {{ languages: string[], candidates?: number, everySeconds?: number, activeSeconds?: number }} plan
 * @returns {Promise<Record<string, object>>} each language's drive (coding-drive.mjs), or `{ status }` when it could not run
 */
export const nativeClassDrives = async ({ languages, candidates = 60, everySeconds = 10, activeSeconds = 30 }) => {
  const { loadFixtures } = await import(FIXTURES.href);
  const { fixtures } = await loadFixtures(languages);
  const scratch = mkdtempSync(join(tmpdir(), 'assay-native-class-'));
  const server = await startServer(scratch);
  const drives = {};
  try {
    const { base } = server;
    const org = await call(base, 'POST', '/admin/orgs', { admin: true, body: { name: 'Native class', email: 'class@example.com' } });
    const test = JSON.parse(readFileSync(join(ROOT, 'examples/tests/top-scores-every-language.json'), 'utf8'));
    const testId = (await call(base, 'POST', '/v2/org/tests', { key: org.apiKey, body: test })).testId;
    // The compilers warm in the background from the server's start (ASSAY_WARM_COMPILERS=start): a class arrives later.
    await sleep(15_000);
    const runId = String(Date.now());
    for (const language of languages) {
      if (fixtures[language] === undefined) {
        drives[language] = { status: 'no fixture' };
        continue;
      }
      console.log(`bench: a class of ${candidates} pressing Run every ${everySeconds} s through the API, ${language}`);
      try {
        drives[language] = await runCodingDrive({
          base,
          key: org.apiKey,
          testId,
          functionName: 'topScores',
          language,
          code: fixtures[language].correct,
          comment: COMMENT[language] ?? '//',
          candidates,
          everySeconds,
          activeSeconds,
          runId: `${runId}-${language}`,
        });
      } catch (error) {
        drives[language] = { status: `failed: ${String(error.message).slice(0, 200)}` };
      }
    }
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  return drives;
};
