import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, killAll, startServer } from './processes.js';

/**
 * What the server loads before it answers: each module is start time (bench/README.md, "Start and idle memory"), so a
 * library only a later request needs is loaded by that request. A module hook in the server's process (NODE_OPTIONS
 * --import) names each such library it sees loaded.
 */
const LATER = ['nodemailer'];

let dir: string;
let hook: string;

beforeAll(() => {
  buildIfStale();
  dir = mkdtempSync(join(tmpdir(), 'assay-start-imports-'));
  const loads = join(dir, 'loads.mjs');
  writeFileSync(
    loads,
    `const later = ${JSON.stringify(LATER)};
export async function load(url, context, next) {
  const name = later.find((library) => url.includes('/node_modules/' + library + '/'));
  if (name) process.stderr.write('start-imports: loaded ' + name + '\\n');
  return next(url, context);
}
process.stderr.write('start-imports: watching\\n');
`,
  );
  hook = join(dir, 'hook.mjs');
  writeFileSync(hook, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(loads).href)});\n`);
});

afterAll(async () => {
  await killAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('the server at start', () => {
  it('loads no library that only a later request needs: nodemailer comes with the first email', async () => {
    // The in-process worker runs (the default), so its mailer is made at start.
    const server = await startServer('server', `sqlite:${join(dir, 'assay.db')}`, {
      ASSAY_RUN_WORKER: 'true',
      ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
      NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`,
    });
    expect(server.proc.output()).toContain('start-imports: watching');
    expect(server.proc.output()).toMatch(/Stakeholder emails are written as \.eml files/);
    expect(server.proc.output()).not.toContain('start-imports: loaded');
    await server.proc.stop('SIGTERM');
  });
});
