import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Everything the server and worker processes load, in build order. */
export const PACKAGES = [
  'packages/domain',
  'packages/delivery',
  'packages/sandbox',
  'packages/store',
  'packages/reports',
  'packages/config',
  'packages/jobs',
  'apps/worker',
  'apps/server',
];

const newestMtime = (dir: string, keep: (name: string) => boolean): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && keep(entry.name)) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
};

/**
 * `pnpm test` builds first (turbo); run alone (`npx vitest run test/system`), this builds whatever dist is
 * missing or older than its sources, so the processes never run stale code.
 */
export const buildIfStale = (): string[] => {
  const tsc = createRequire(join(ROOT, 'apps/server/package.json')).resolve('typescript/bin/tsc');
  const built: string[] = [];
  for (const pkg of PACKAGES) {
    const dir = join(ROOT, pkg);
    const sources = newestMtime(join(dir, 'src'), (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const config = statSync(join(dir, 'tsconfig.build.json')).mtimeMs;
    let outputs = 0;
    try {
      outputs = newestMtime(join(dir, 'dist'), (name) => name.endsWith('.js'));
    } catch {
      outputs = 0;
    }
    if (outputs >= Math.max(sources, config)) continue;
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: dir, stdio: 'pipe' });
    built.push(pkg);
  }
  return built;
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
