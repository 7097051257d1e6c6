#!/usr/bin/env node
// Builds the candidate page (apps/candidate-web/src) into apps/candidate-web/dist, where @assay/server finds it:
// candidate.js (one minified ES2020 IIFE, CodeMirror included), candidate.css, their source maps, and
// .br/.gz copies of the two at the highest settings. The server hashes the files when it first serves
// them (the hash versions their URLs), so there is no manifest to keep in step.
//
//   node scripts/build.mjs                    # typecheck, then bundle (`pnpm build`)
//   node scripts/build.mjs --no-typecheck     # bundle only
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
  // esbuild strips types without checking them; the client has its own tsconfig (DOM, bundler resolution).
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', path.join(appDir, 'tsconfig.json')], { stdio: 'inherit' });
  } catch {
    console.error('candidate-web: the client does not typecheck (see above)');
    process.exit(1);
  }
}

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const result = await build({
  entryPoints: { candidate: path.join(sourceDir, 'main.ts') },
  outdir,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // The workspace packages' TypeScript sources, as the tests use them: never a stale dist.
  conditions: ['@assay/source'],
  target: ['es2020'],
  minify: true,
  sourcemap: 'linked',
  charset: 'utf8',
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: appDir,
});
if (result.errors.length > 0) process.exit(1);

const sizes = [];
for (const name of ['candidate.js', 'candidate.css']) {
  const file = path.join(outdir, name);
  const content = await readFile(file);
  const br = brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } });
  const gz = gzipSync(content, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  sizes.push(`${name} ${kB(content.length)} (${kB(gz.length)} gzip, ${kB(br.length)} brotli)`);
}
console.log(`candidate-web: ${path.relative(process.cwd(), outdir) || '.'}: ${sizes.join(', ')}`);
