import { execFileSync } from 'node:child_process';
import { type Dirent, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-packages.js';

const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Every folder the suite makes, removed at the end. */
const made: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

const unpacked = new Map<string, string>();
/** A tarball unpacked once into a folder of its own, as npm would unpack it. */
const unpack = (tarball: string): string => {
  let dir = unpacked.get(tarball);
  if (!dir) {
    dir = tempDir('assay-unpacked-');
    run('tar', ['-xzf', tarball, '-C', dir], ROOT);
    unpacked.set(tarball, dir);
  }
  return dir;
};

/** The files of a tarball (`package/…`, as `tar -tzf` names them), its package.json, and a reader. */
const contentsOf = (tarball: string) => {
  const dir = unpack(tarball);
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return {
    files: (readdirSync(join(dir, 'package'), { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => posix.join('package', relative(join(dir, 'package'), join(entry.parentPath, entry.name)).split(sep).join('/'))),
    manifest: JSON.parse(read('package/package.json')) as {
      name: string;
      version: string;
      bin?: Record<string, string>;
      dependencies?: Record<string, string>;
    },
    read,
  };
};

/** Every package of the workspace, private ones too, as pnpm lists them. */
const workspacePackages = () =>
  (JSON.parse(run('pnpm', ['ls', '--recursive', '--json', '--depth', '-1'], ROOT)) as { name?: string; version?: string; private?: boolean }[]).filter((pkg) =>
    pkg.name?.startsWith('@assay/'),
  );

const npmInstall = (cwd: string, args: string[]) => run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...args], cwd);

/** A strict TypeScript script against the installed client: `@ts-expect-error` fails the check if the types were `any`. */
const CHECK_TS = `import { AssayApiError, createClient } from '@assay/client';

const assay = createClient({ baseUrl: 'http://localhost:3000', apiKey: 'assay_example' });
export const firstTest = async (): Promise<string | undefined> => {
  try {
    const { tests, testsCount } = await assay.tests.list({ page_size: 50 });
    const count: number | null = testsCount;
    // @ts-expect-error a test id is a number
    await assay.tests.get('not a number');
    return count === null ? undefined : tests[0]?.testName;
  } catch (error) {
    if (error instanceof AssayApiError) return error.statuscode ?? undefined;
    throw error;
  }
};
`;

/**
 * The install the READMEs give until the packages are on the registry: `bash scripts/pack.sh DIR` packs every
 * published package into one folder and prints the npm install lines; the tarballs alone (no workspace) install
 * with npm, a strict TypeScript script type-checks against the client and `assay --help` runs.
 */
describe('the published packages, packed by scripts/pack.sh and installed with npm alone', () => {
  let packed: string;
  let printed: string;
  const tarballs = () => readdirSync(packed).map((file) => join(packed, file));
  /** The tarballs an install line names (the first line that starts with `prefix`). */
  const lineArguments = (prefix: string): string[] => {
    const line = printed.split('\n').find((candidate) => candidate.trim().startsWith(prefix));
    if (!line) throw new Error(`scripts/pack.sh printed no "${prefix}" line:\n${printed}`);
    return line.trim().slice(prefix.length).trim().split(/\s+/);
  };

  beforeAll(() => {
    packed = tempDir('assay-pack-');
    // The workspace is installed already: the step says "skipped", the build is turbo's (cached), the packing real.
    printed = run('bash', ['scripts/pack.sh', packed], ROOT, { ...process.env, ASSAY_SKIP_INSTALL: '1' });
  }, 600_000);
  // Three npm trees of about 250 packages each: removing them takes a while on a busy disk.
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  }, 600_000);

  it('packs every package that is not private, and prints one install line for the client and one for assay', () => {
    const published = workspacePackages()
      .filter((pkg) => !pkg.private)
      .map((pkg) => pkg.name)
      .sort();
    expect(
      tarballs()
        .map((tarball) => contentsOf(tarball).manifest.name)
        .sort(),
    ).toEqual(published);
    expect(printed).toMatch(/^Building… done in \S+$/m);
    expect(printed).toMatch(/^Packing the published packages… done in \S+$/m);

    const client = lineArguments('npm install ');
    const cli = lineArguments('npm install -g ');
    for (const tarball of [...client, ...cli]) expect(tarballs()).toContain(tarball);
    expect(client.map((tarball) => contentsOf(tarball).manifest.name).sort()).toEqual(['@assay/client', '@assay/domain']);
    expect(cli.map((tarball) => contentsOf(tarball).manifest.name).sort()).toEqual(['@assay/cli', '@assay/client', '@assay/domain']);
  });

  it('gives every package of the workspace one version, which changesets keep together', async () => {
    const versions = new Set(workspacePackages().map((pkg) => pkg.version));
    expect([...versions]).toHaveLength(1);
    for (const tarball of tarballs()) expect(contentsOf(tarball).manifest.version).toBe([...versions][0]);
    // What `pnpm changeset version` would do: every package moves to the same next version, or none moves.
    const fromChangesets = createRequire(realpathSync(join(ROOT, 'node_modules/@changesets/cli/package.json')));
    const getReleasePlan = (
      fromChangesets('@changesets/get-release-plan') as {
        default: (cwd: string) => Promise<{ changesets: unknown[]; releases: { name: string; newVersion: string }[] }>;
      }
    ).default;
    const plan = await getReleasePlan(ROOT);
    expect(new Set(plan.releases.map((release) => release.newVersion)).size).toBeLessThanOrEqual(1);
    if (plan.changesets.length > 0) {
      expect(plan.releases.map((release) => release.name).sort()).toEqual(
        workspacePackages()
          .map((pkg) => pkg.name)
          .sort(),
      );
    }
  });

  it('ships every source map with the sources it names, no tests, and no workspace: or catalog: ranges', () => {
    for (const tarball of tarballs()) {
      const { files, manifest, read } = contentsOf(tarball);
      const ranges = Object.values(manifest.dependencies ?? {});
      expect({ name: manifest.name, local: ranges.filter((range) => /^(workspace|catalog):/.test(range)) }).toEqual({ name: manifest.name, local: [] });
      expect(files).toContain('package/dist/index.js');
      expect(files).toContain('package/dist/index.d.ts');
      expect(files.filter((file) => /\.test\./.test(file))).toEqual([]);
      const shipped = new Set(files);
      const maps = files.filter((file) => file.endsWith('.map'));
      const unresolved = maps.flatMap((map) => {
        const { sources, sourceRoot = '' } = JSON.parse(read(map)) as { sources: string[]; sourceRoot?: string };
        return sources.map((source) => posix.join(posix.dirname(map), sourceRoot, source)).filter((source) => !shipped.has(source));
      });
      expect({ name: manifest.name, unresolved }).toEqual({ name: manifest.name, unresolved: [] });
    }
    const cli = contentsOf(lineArguments('npm install -g ').find((tarball) => tarball.includes('assay-cli-'))!);
    expect(cli.manifest.bin).toEqual({ assay: './dist/main.js' });
    expect(Object.keys(cli.manifest.dependencies ?? {})).not.toContain('@assay/server');
  });

  it('installs into an empty npm project from the tarballs alone: a strict script type-checks, npx assay --help runs', () => {
    const project = tempDir('assay-install-');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh-user', version: '1.0.0', private: true, type: 'module' }));
    npmInstall(project, [...lineArguments('npm install '), '@types/node@^20']);
    // Real folders unpacked from the tarballs, inside the project: nothing reaches back into the workspace.
    for (const name of ['client', 'domain']) {
      const installed = join(project, 'node_modules/@assay', name);
      expect(lstatSync(installed).isSymbolicLink()).toBe(false);
      expect(realpathSync(installed).startsWith(realpathSync(project))).toBe(true);
    }

    writeFileSync(join(project, 'check.ts'), CHECK_TS);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: ['node'],
        },
        files: ['check.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], project)).toBe('');
    const imported = run(process.execPath, ['-e', "import('@assay/client').then((client) => console.log(typeof client.createClient))"], project);
    expect(imported.trim()).toBe('function');

    npmInstall(project, lineArguments('npm install -g '));
    const help = run('npx', ['--no-install', 'assay', '--help'], project);
    expect(help).toContain('Usage: assay [options] [command]');
    expect(run('npx', ['--no-install', 'assay', '--version'], project).trim()).toBe(contentsOf(tarballs()[0]!).manifest.version);
  }, 600_000);

  it('installs the assay command globally with the printed npm install -g line', () => {
    const prefix = tempDir('assay-global-');
    mkdirSync(join(prefix, 'work'));
    npmInstall(join(prefix, 'work'), ['-g', '--prefix', prefix, ...lineArguments('npm install -g ')]);
    expect(run(join(prefix, 'bin/assay'), ['--help'], prefix)).toContain('Usage: assay [options] [command]');
  }, 600_000);
});
