import { spawn } from 'node:child_process';
import { freePort } from '@assay/testing';
import { ROOT, SERVER_MAIN } from './built-packages.js';

export const ADMIN_TOKEN = 'cli-test-admin-token-0123456789abcdef';

export interface ServerProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `node apps/server/dist/main.js` on a free loopback port with a SQLite file of its own and its in-process
 * worker, so completions are scored and show up in the reconciliation log; `env` adds to (or overrides) its settings,
 * such as a model to speak to.
 */
export const startServerProcess = async (databaseFile: string, outboxDir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ASSAY_DATABASE_URL: `sqlite:${databaseFile}`,
      ASSAY_PUBLIC_URL: url,
      ASSAY_SEED_DEMO: 'false',
      ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
      ASSAY_OUTBOX_DIR: outboxDir,
      ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true',
      LOG_LEVEL: 'warn',
      // No compiler warm-up at start (javac's and mcs's servers, C++'s headers): no CLI suite runs native code.
      ASSAY_WARM_COMPILERS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!/Assay is listening/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
};
