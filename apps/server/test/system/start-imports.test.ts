import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, killAll, ROOT, startServer, waitForOutput } from './processes.js';

/**
 * What the server loads before it answers: each module is start time (bench/README.md, "Start and idle memory"), so a
 * library only a later request needs is loaded by that request. The server runs as `pnpm start` runs it: the bundle
 * (dist/main.js and the chunks it imports, scripts/bundle.mjs). A module hook in the server's main thread (NODE_OPTIONS
 * --import) writes down every file loaded, through `import` and through CommonJS `require`; dist/meta.json (the
 * bundler's) says which modules each loaded chunk holds.
 */
const LATER = [
  'nodemailer',
  'undici',
  'sharp',
  // hdr-histogram-js's entry: its WebAssembly build and log encoders (pako); the request summary needs one class.
  'pako',
  'hdr-histogram-js/dist/wasm',
  // The report renderer's snapshot images (sharp), imported with the first report that has snapshots.
  'packages/reports/dist/snapshot-image.js',
  // /metrics is off without ASSAY_METRICS_TOKEN (decision 867): its registry and prom-client are never loaded.
  'prom-client',
  'packages/jobs/dist/metrics/index.js',
];

/**
 * What a start may load from outside the bundle: the native SQLite driver (found through its own path) and the one
 * histogram class the request summary requires at run time (logging/latency-histogram.ts).
 */
const OUTSIDE_THE_BUNDLE = ['better-sqlite3', 'bindings', 'file-uri-to-path', 'hdr-histogram-js'];

const SERVER_DIST = join(ROOT, 'apps/server/dist');

let dir: string;
let hook: string;
let loads: string;

beforeAll(() => {
  buildIfStale();
  dir = mkdtempSync(join(tmpdir(), 'assay-start-imports-'));
  loads = join(dir, 'loaded.txt');
  const loader = join(dir, 'loads.mjs');
  writeFileSync(
    loader,
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(loads)}, url + '\\n');
  return next(url, context);
}
`,
  );
  hook = join(dir, 'hook.mjs');
  // The ESM hook sees what is imported; what CommonJS modules require of each other goes through Module._load.
  // Worker threads run their own entry files (the sandbox's, the renderer's): only the main thread is watched.
  writeFileSync(
    hook,
    `import Module, { register } from 'node:module';
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) {
  register(${JSON.stringify(pathToFileURL(loader).href)});
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const exported = load.apply(this, arguments);
    if (!request.startsWith('node:') && !Module.isBuiltin(request)) {
      appendFileSync(${JSON.stringify(loads)}, pathToFileURL(Module._resolveFilename(request, parent, isMain)).href + '\\n');
    }
    return exported;
  };
  process.stderr.write('start-imports: watching\\n');
}
`,
  );
}, 180_000);

afterAll(async () => {
  await killAll();
  rmSync(dir, { recursive: true, force: true });
});

/** The files a start loaded (absolute paths), and the source modules inside the bundle's chunks among them. */
const loadedAtStart = () => {
  const files = [...new Set(readFileSync(loads, 'utf8').trim().split('\n'))].map((url) => fileURLToPath(url));
  const meta = JSON.parse(readFileSync(join(SERVER_DIST, 'meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const bundled = files
    .filter((file) => file.startsWith(`${SERVER_DIST}/`))
    .flatMap((file) => Object.keys(meta.outputs[relative(join(ROOT, 'apps/server'), file)]?.inputs ?? {}))
    .map((input) => join(ROOT, 'apps/server', input));
  return { files, bundled };
};

/** A library's files, or one file of ours named by its path from the repository root. */
const isIn = (file: string, name: string) => file.includes(`/node_modules/${name}/`) || file === join(ROOT, name);

describe('the server at start', () => {
  it('runs from the bundle and loads no library that only a later request needs', async () => {
    // The in-process worker runs (the default), so its mailer is made at start.
    const server = await startServer('server', `sqlite:${join(dir, 'assay.db')}`, {
      ASSAY_RUN_WORKER: 'true',
      ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
      NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`,
    });
    expect(server.proc.output()).toContain('start-imports: watching');
    // Written after the listen, so it may follow the first /readyz answer: waited for, not read at once.
    await waitForOutput(server.proc, /Stakeholder emails are written as \.eml files/);
    const { files, bundled } = loadedAtStart();

    const outside = files.filter((file) => !file.startsWith(`${SERVER_DIST}/`) && !file.startsWith(dir));
    expect(outside.filter((file) => !OUTSIDE_THE_BUNDLE.some((name) => file.includes(`/node_modules/${name}/`)))).toEqual([]);
    expect(bundled.length, 'the bundle holds the server').toBeGreaterThan(100);
    for (const library of LATER) {
      expect(
        [...files, ...bundled].filter((file) => isIn(file, library)),
        `${library} is loaded at start`,
      ).toEqual([]);
    }
    await server.proc.stop('SIGTERM');
  });
});
