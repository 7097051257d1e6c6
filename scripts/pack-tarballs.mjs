// The two halves of `bash scripts/pack.sh` (which builds first):
//
//   node scripts/pack-tarballs.mjs pack DIR    `pnpm pack`s every workspace package that is not private into DIR
//   node scripts/pack-tarballs.mjs lines DIR   prints the npm install lines for @assay/client and `assay`
//
// Each install line names the tarball of the package and those of the Assay packages it depends on, read from
// the packed manifests (what npm will read), so npm takes every @assay/* package from DIR and the rest from the
// registry. No line needs the workspace: the tarballs alone install.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The workspace packages npm users get: every one not marked private. */
const publishable = () =>
  JSON.parse(execFileSync('pnpm', ['ls', '--recursive', '--json', '--depth', '-1'], { cwd: ROOT, encoding: 'utf8' }))
    .filter((pkg) => !pkg.private)
    .map((pkg) => ({ name: pkg.name, dir: pkg.path }));

const pack = (dir) => {
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir).filter((file) => /^assay-.*\.tgz$/.test(file))) rmSync(join(dir, old));
  for (const pkg of publishable()) {
    execFileSync('pnpm', ['pack', '--pack-destination', dir], { cwd: pkg.dir, stdio: 'inherit' });
  }
};

/** name → { tarball, manifest } for every Assay tarball in `dir`, as npm will read it. */
const tarballsIn = (dir) =>
  new Map(
    readdirSync(dir)
      .filter((file) => /^assay-.*\.tgz$/.test(file))
      .map((file) => {
        const tarball = join(dir, file);
        const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
        return [manifest.name, { tarball, manifest }];
      }),
  );

/** The tarballs `name` needs: its own and, transitively, those of the Assay packages it depends on. */
const closure = (tarballs, name, seen = new Set()) => {
  const entry = tarballs.get(name);
  if (!entry) throw new Error(`no tarball of ${name} in the folder: run bash scripts/pack.sh`);
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dependency of Object.keys(entry.manifest.dependencies ?? {})) {
    if (dependency.startsWith('@assay/')) closure(tarballs, dependency, seen);
  }
  return seen;
};

const lines = (dir) => {
  const tarballs = tarballsIn(dir);
  const files = (name) => [...closure(tarballs, name)].map((dependency) => tarballs.get(dependency).tarball).join(' ');
  const version = tarballs.get('@assay/client')?.manifest.version;
  process.stdout.write(
    [
      `Packed ${tarballs.size} packages (version ${version}) into ${dir}.`,
      '',
      'The typed client, in your project (Node 20.19+ or a bundler):',
      `  npm install ${files('@assay/client')}`,
      '',
      'The assay command:',
      `  npm install -g ${files('@assay/cli')}`,
      '',
    ].join('\n'),
  );
};

const [command, dir] = process.argv.slice(2);
if (!dir || !['pack', 'lines'].includes(command)) {
  process.stderr.write('usage: node scripts/pack-tarballs.mjs pack|lines DIR\n');
  process.exit(2);
}
(command === 'pack' ? pack : lines)(resolve(dir));
