import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_MAIN } from '../helpers/built-packages.js';
import { cleanEnv } from '../helpers/run-assay.js';

/** Runs the built `assay` on a terminal of its own (util-linux's `script` gives it a pty) and answers each chunk it wrote. */
const onTerminal = (args: string[]): Promise<string[]> =>
  new Promise((resolve, reject) => {
    const command = [process.execPath, CLI_MAIN, ...args].map((part) => `'${part}'`).join(' ');
    const env = cleanEnv({ HOME: mkdtempSync(join(tmpdir(), 'assay-first-line-')) });
    const child = spawn('script', ['-qfc', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    const chunks: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`assay ${args.join(' ')} did not finish: ${chunks.join('')}`));
    }, 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(chunks);
    });
  });

/**
 * Issue 50: `assay` alone draws a loading line at once — before commander, the client and its schemas load — then
 * clears it, so what follows (here: no server configured) starts on a clean line. A subcommand writes no such line.
 */
describe('the first line on a terminal', () => {
  it('says "Starting Assay…" before anything loads, then clears it for what follows', async () => {
    const output = (await onTerminal([])).join('');
    expect(output.startsWith('Starting Assay…')).toBe(true);
    expect(output).toMatch(/^Starting Assay…\r\u001B\[2Kusage: No Assay server configured/);
  });

  it('writes no loading line for a subcommand', async () => {
    const output = (await onTerminal(['--version'])).join('');
    expect(output).not.toContain('Starting Assay');
    expect(output).toMatch(/^\d+\.\d+\.\d+/);
  });
});
