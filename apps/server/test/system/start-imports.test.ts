import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, killAll, startServer, waitForOutput } from './processes.js';

/**
 * What the server loads before it answers: each module is start time (bench/README.md, "Start and idle memory"), so a
 * library only a later request needs is loaded by that request. A module hook in the server's process (NODE_OPTIONS
 * --import) names each such library it sees loaded.
 */
const LATER = [
  'nodemailer',
  // hdr-histogram-js's entry: its WebAssembly build and log encoders (pako); the request summary needs one class.
  'pako',
  'hdr-histogram-js/dist/wasm',
];

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
  // The ESM hook sees what is imported; what CommonJS modules require of each other goes through Module._load.
  writeFileSync(
    hook,
    `import Module, { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(loads).href)});
const later = ${JSON.stringify(LATER)};
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const exported = load.apply(this, arguments);
  const file = request.startsWith('node:') ? request : Module._resolveFilename(request, parent, isMain);
  const name = later.find((library) => file.includes('/node_modules/' + library + '/'));
  if (name) process.stderr.write('start-imports: loaded ' + name + '\\n');
  return exported;
};
`,
  );
});

afterAll(async () => {
  await killAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('the server at start', () => {
  it('loads no library that only a later request needs: nodemailer comes with the first email, no histogram encoders', async () => {
    // The in-process worker runs (the default), so its mailer is made at start.
    const server = await startServer('server', `sqlite:${join(dir, 'assay.db')}`, {
      ASSAY_RUN_WORKER: 'true',
      ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
      NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`,
    });
    expect(server.proc.output()).toContain('start-imports: watching');
    // Written after the listen, so it may follow the first /readyz answer: waited for, not read at once.
    await waitForOutput(server.proc, /Stakeholder emails are written as \.eml files/);
    expect(server.proc.output()).not.toContain('start-imports: loaded');
    await server.proc.stop('SIGTERM');
  });
});
