import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-packages.js';

const PACKAGES = [
  { dir: 'packages/domain', name: '@assay/domain' },
  { dir: 'packages/client', name: '@assay/client' },
  { dir: 'apps/cli', name: '@assay/cli' },
] as const;

const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** What `tar -tzf` and the packed package.json say about a tarball. */
const contentsOf = (tarball: string) => ({
  files: run('tar', ['-tzf', tarball], ROOT).split('\n').filter(Boolean),
  manifest: run('tar', ['-xzOf', tarball, 'package/package.json'], ROOT),
});

/**
 * The packages as a new user gets them: `pnpm pack` (what `pnpm publish` uploads), then `npm install` of the
 * three tarballs into an empty folder; `npx assay --help` runs and the client imports.
 */
describe('the published packages, packed and installed with npm', () => {
  let packed: string;
  const tarballs = new Map<string, string>();

  beforeAll(() => {
    packed = mkdtempSync(join(tmpdir(), 'assay-pack-'));
    for (const { dir, name } of PACKAGES) {
      run('pnpm', ['pack', '--pack-destination', packed], join(ROOT, dir));
      const file = readdirSync(packed).find((entry) => entry.startsWith(name.replace('@', '').replace('/', '-')) && entry.endsWith('.tgz'));
      if (!file) throw new Error(`pnpm pack left no tarball for ${name} in ${packed}`);
      tarballs.set(name, join(packed, file));
    }
  }, 120_000);

  it('leaves no workspace: or catalog: ranges, and ships compiled code with its types', () => {
    for (const { name } of PACKAGES) {
      const { files, manifest } = contentsOf(tarballs.get(name)!);
      expect({ name, workspace: manifest.includes('workspace:'), catalog: manifest.includes('catalog:') }).toEqual({ name, workspace: false, catalog: false });
      expect(files).toContain('package/dist/index.js');
      expect(files).toContain('package/dist/index.d.ts');
      expect(files.filter((file) => /\.test\.|\/src\//.test(file))).toEqual([]);
    }
    const cli = JSON.parse(contentsOf(tarballs.get('@assay/cli')!).manifest) as { bin: Record<string, string>; dependencies: Record<string, string> };
    expect(cli.bin).toEqual({ assay: './dist/main.js' });
    expect(Object.keys(cli.dependencies)).not.toContain('@assay/server');
    expect(contentsOf(tarballs.get('@assay/cli')!).files).toContain('package/dist/main.js');
  });

  it('installs into an empty folder with npm: npx assay --help runs and @assay/client imports', () => {
    const project = mkdtempSync(join(tmpdir(), 'assay-install-'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh-user', version: '1.0.0', private: true, type: 'module' }));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...PACKAGES.map(({ name }) => tarballs.get(name)!)], project);

    const help = run('npx', ['--no-install', 'assay', '--help'], project);
    expect(help).toContain('Usage: assay [options] [command]');
    expect(help).toContain('links');
    const version = run('npx', ['--no-install', 'assay', '--version'], project).trim();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    const imported = run(
      process.execPath,
      ['-e', "import('@assay/client').then((client) => console.log(typeof client.createClient, typeof client.AssayApiError))"],
      project,
    );
    expect(imported.trim()).toBe('function function');
    const domain = run(process.execPath, ['-e', "import('@assay/domain').then((domain) => console.log(typeof domain.moveInvitation))"], project);
    expect(domain.trim()).toBe('function');
  }, 300_000);
});
