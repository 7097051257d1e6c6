#!/usr/bin/env node
// Builds the candidate page (apps/candidate-web/src) into apps/candidate-web/dist, where @assay/server finds it:
// candidate.js (the page: minified ES2020 modules), candidate.css, the chunks the page imports when it needs
// them (editor-HASH.js: CodeMirror, fetched as an attempt with a coding question starts), their source maps, and
// .br/.gz copies at the highest settings. The server hashes the entry files when it first serves them (the
// hash versions their URLs); chunk names carry esbuild's content hash. No manifest to keep in step.
//
//   node scripts/build.mjs                    # typecheck, then bundle
//   node scripts/build.mjs --no-typecheck     # bundle only (`pnpm build`: `pnpm typecheck` checks, decision 835)
//   node scripts/build.mjs --outdir DIR       # somewhere else
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = path.join(appDir, 'src');
const args = process.argv.slice(2);
const outdirIndex = args.indexOf('--outdir');
const outdir = outdirIndex >= 0 && args[outdirIndex + 1] ? path.resolve(args[outdirIndex + 1]) : path.join(appDir, 'dist');

if (!args.includes('--no-typecheck')) {
  // esbuild strips types without checking them; the page has its own tsconfig (DOM, no Node types).
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', path.join(appDir, 'tsconfig.json')], { stdio: 'inherit' });
  } catch {
    console.error('candidate-web: the page does not typecheck (see above)');
    process.exit(1);
  }
}

/**
 * The domain and the client write `import { z } from 'zod'`: a bundler must then build zod's whole namespace
 * object (every locale, JSON Schema conversion: ~440 kB minified). Read as `import * as z`, which means the
 * same to the code, esbuild keeps only what is used (~90 kB). Measured in decision 107 (docs/decisions/).
 */
const zodNamespaceImports = {
  name: 'zod-namespace-imports',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].*\.ts$/ }, async (file) => ({
      contents: (await readFile(file.path, 'utf8')).replace(/^import \{ z \} from 'zod';$/gm, "import * as z from 'zod';"),
      loader: 'ts',
    }));
  },
};

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const result = await build({
  entryPoints: { candidate: path.join(sourceDir, 'main.ts') },
  outdir,
  bundle: true,
  // Modules, so that `import('./editor.js')` becomes a chunk of its own.
  format: 'esm',
  splitting: true,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  platform: 'browser',
  // The workspace packages' TypeScript sources, as the tests use them: never a stale dist.
  conditions: ['@assay/source'],
  plugins: [zodNamespaceImports],
  target: ['es2020'],
  minify: true,
  sourcemap: 'linked',
  charset: 'utf8',
  // Jitless zod before any schema is built, in every file: with chunks shared by the editor's modes and the page, the
  // schemas are built in a chunk that runs before main.ts's first import (src/api/zod-jitless.ts), and zod's probe of
  // `new Function` would be refused by the page's CSP (a reported violation). zod reads this global (decision 754).
  banner: { js: '(globalThis.__zod_globalConfig ??= {}).jitless = true;' },
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: appDir,
});
if (result.errors.length > 0) process.exit(1);

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const sizes = [];
for (const output of Object.keys(result.metafile.outputs).filter((name) => /\.(js|css)$/.test(name))) {
  const file = path.resolve(appDir, output);
  const content = await readFile(file);
  const br = brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } });
  const gz = gzipSync(content, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  sizes.push(`${path.basename(file)} ${kB(content.length)} (${kB(gz.length)} gzip, ${kB(br.length)} brotli)`);
}
console.log(`candidate-web: ${path.relative(process.cwd(), outdir) || '.'}:\n  ${sizes.join('\n  ')}`);
