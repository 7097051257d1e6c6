// The server's production build: src/main.ts and everything it imports in one bundle (dist/main.js and its lazily
// loaded chunks), so a start reads and compiles a few files instead of ~1,200 modules (issue 30's start row).
// The sources stay what vitest and the type checker read; the workspace packages are bundled from their built dist.
//
//   node scripts/bundle.mjs        (the last step of `pnpm build`)
//
// What a bundle must keep (each has bitten; see the server's README, "The production build"):
// - every module's own location: worker-thread entries (`new URL('./worker.js', import.meta.url)`), createRequire,
//   CommonJS `__dirname`/`__filename`/`require.resolve` (swagger-ui's static files, piscina's worker) name the file
//   the code came from, not the bundle. `keepOwnLocation` rewrites them to that file's path, relative to dist/ (the
//   bundle runs inside this repository, next to its node_modules; chunks are written flat beside main.js).
// - the native and late libraries (EXTERNAL) stay out and are loaded from where their importer resolves them.
// - source maps are written (dist/*.map) but applied only on demand: `NODE_OPTIONS=--enable-source-maps`.
// - function and class names as written (`keepNames`), at no cost per request: esbuild's `__name` helper defines
//   only a name that differs (decision 470), and inside functions a call is blanked where the language names the
//   function itself (`inferred-names.mjs`, decision 623).
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { blankInferredNames } from './inferred-names.mjs';

const SERVER = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(SERVER, 'dist');

/**
 * Loaded from their own package at run time, as without a bundle: the native addons better-sqlite3 and sharp (each
 * finds its binary through its own path), and the libraries the server loads only on first use — nodemailer (the
 * first email), undici (the first callback) — kept whole so start-imports.test.ts still sees whether a start loads
 * them. pg is loaded with createRequire at first use and never reaches the bundler.
 */
const EXTERNAL = ['better-sqlite3', 'sharp', 'nodemailer', 'undici'];

/** `path` as a specifier relative to dist/ (where every output file is written). */
const fromDist = (path) => {
  const rel = relative(DIST, path).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};

// Every output file starts with these: a CommonJS `require` for what bundled CommonJS code requires of Node, and the
// helpers the rewritten locations call (`import.meta.url` here is the output file's, always in dist/).
const BANNER = `import { createRequire as __assayCreateRequire } from 'node:module';
import { fileURLToPath as __assayFileURLToPath } from 'node:url';
const require = __assayCreateRequire(import.meta.url);
const __assayUrl = (path) => new URL(path, import.meta.url).href;
const __assayPath = (path) => __assayFileURLToPath(__assayUrl(path));`;

/** Rewrites a module's references to its own location so that they name its original file. */
const keepOwnLocation = {
  name: 'keep-own-location',
  setup(build) {
    build.onLoad({ filter: /\.(?:[cm]?js|ts)$/ }, async ({ path }) => {
      let contents = await readFile(path, 'utf8');
      const loader = path.endsWith('.ts') ? 'ts' : 'js';
      const mentions = /import\.meta|__dirname|__filename|require\.resolve/.test(contents);
      if (!mentions) return { contents, loader };
      const file = JSON.stringify(fromDist(path));
      const directory = JSON.stringify(fromDist(dirname(path)));
      contents = contents
        .replaceAll('import.meta.url', `__assayUrl(${file})`)
        .replaceAll('import.meta.filename', `__assayPath(${file})`)
        .replaceAll('import.meta.dirname', `__assayPath(${directory})`)
        .replace(/(?<![\w$.])require\.resolve\(/g, `__assayCreateRequire(__assayUrl(${file})).resolve(`);
      const declares = /\b(?:var|let|const)\s+(?:__dirname|__filename)\b/.test(contents);
      if (!declares && /\b__(?:dirname|filename)\b/.test(contents)) {
        contents = `var __dirname = __assayPath(${directory}), __filename = __assayPath(${file});\n${contents}`;
      }
      return { contents, loader };
    });
  },
};

/** EXTERNAL packages, imported by the path their importer resolves them to (pnpm links each only where declared). */
const externalsWhereTheyAre = {
  name: 'externals-where-they-are',
  setup(build) {
    const names = new RegExp(`^(?:${EXTERNAL.join('|')})(?:/|$)`);
    build.onResolve({ filter: names }, ({ path, importer }) => {
      const resolved = createRequire(importer).resolve(path);
      return { path: fromDist(resolved), external: true };
    });
  },
};

/**
 * `keepNames` has esbuild call `__name(fn, "name")` wherever a function or class is made — inside functions too, so
 * for every closure Fastify makes per request (a hook runner's `next`, a reply's listeners): ~5 calls a request, each an
 * `Object.defineProperty` that cost ~1 µs and a tenth of a read's CPU (decision 470). The name it sets is the name the
 * function already has unless the bundle renamed it (two modules' top-level `parse` become `parse` and `parse2`), so
 * the helper now looks first and defines only a name that differs: the same names, the same property descriptors. The
 * helper is rewritten to the same length (padded with spaces), so the source maps' columns on its line still hold;
 * esbuild writing it differently fails the build here rather than leaving the slow one in.
 */
const ESBUILD_NAME_HELPER = 'var __name=(target,value)=>__defProp(target,"name",{value,configurable:true});';
const CHEAP_NAME_HELPER = 'var __name=(t,v)=>t.name===v?t:__defProp(t,"name",{value:v,configurable:!0});';
const keepNamesCheaply = () => {
  const files = readdirSync(DIST).filter((name) => name.endsWith('.js'));
  const defining = files.filter((name) => readFileSync(join(DIST, name), 'utf8').includes('var __name='));
  for (const name of defining) {
    const path = join(DIST, name);
    const code = readFileSync(path, 'utf8');
    if (!code.includes(ESBUILD_NAME_HELPER) || CHEAP_NAME_HELPER.length > ESBUILD_NAME_HELPER.length) {
      throw new Error(`${name}: esbuild's __name helper is not the one scripts/bundle.mjs rewrites (keepNamesCheaply)`);
    }
    writeFileSync(path, code.replace(ESBUILD_NAME_HELPER, CHEAP_NAME_HELPER.padEnd(ESBUILD_NAME_HELPER.length)));
  }
  if (defining.length === 0) throw new Error("no output file defines esbuild's __name helper: keepNamesCheaply has nothing to rewrite");
};

/** Inside functions, no `__name` call where the language names the function itself (inferred-names.mjs). */
const leaveNamesToTheLanguage = () => {
  for (const name of readdirSync(DIST).filter((file) => file.endsWith('.js'))) {
    const path = join(DIST, name);
    const { code, blanked } = blankInferredNames(readFileSync(path, 'utf8'));
    if (blanked > 0) writeFileSync(path, code);
  }
};

rmSync(DIST, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: join(SERVER, 'src/main.ts') },
  outdir: DIST,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Node's own resolution: no "module" condition or field, so each package is the code Node would load.
  conditions: [],
  mainFields: ['main'],
  tsconfig: join(SERVER, 'tsconfig.build.json'),
  chunkNames: '[name]-[hash]',
  banner: { js: BANNER },
  // Whitespace only (names and code as written): V8 holds every loaded script's source for the life of the process,
  // and the ~1.5 MB of indentation cost ~7 MB of idle RSS (bench side by side). Stack traces keep the function names;
  // their positions are on long lines, which the source maps turn back into src/ lines (see the top of this file).
  minifyWhitespace: true,
  sourcemap: 'linked',
  sourcesContent: false,
  // Class and function names stay as written (error names in logs, stack traces).
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalsWhereTheyAre, keepOwnLocation],
});
keepNamesCheaply();
leaveNamesToTheLanguage();
// What each output file holds: start-imports.test.ts reads it to name what a start loaded.
writeFileSync(join(DIST, 'meta.json'), JSON.stringify(result.metafile));
