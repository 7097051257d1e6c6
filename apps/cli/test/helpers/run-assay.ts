import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_MAIN } from './built-packages.js';
import { serverUrl } from './org.js';

export interface AssayRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a clean shell: nothing of the caller's ASSAY_* settings leaks in. */
export const cleanEnv = (env: Record<string, string | undefined>): NodeJS.ProcessEnv => {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ASSAY_')));
  return { ...base, ...env };
};

/**
 * A person's shell on a machine of their own: an empty home (no saved profile), the test server, and `settings`
 * (`ASSAY_API_KEY`, `ASSAY_ADMIN_TOKEN`).
 */
export const personEnv = (settings: Record<string, string>): NodeJS.ProcessEnv => {
  const home = mkdtempSync(join(tmpdir(), 'assay-cli-home-'));
  return cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ...settings });
};

/** Runs the built `assay` (node apps/cli/dist/main.js) to its end, as a script would; `input` is piped to its stdin. */
export const runAssay = (args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000, input?: string): Promise<AssayRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (input !== undefined) child.stdin?.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`assay ${args.join(' ')} did not finish in ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

/** Starts `assay` and leaves it running (for --follow); answers the child and its output so far. */
export const startAssay = (args: string[], env: NodeJS.ProcessEnv) => {
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
};
