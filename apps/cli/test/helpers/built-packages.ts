import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
export const CLI_MAIN = join(ROOT, 'apps/cli/dist/main.js');

/** What the server process and the built `assay` load, in build order (the server's list plus ours). */
const PACKAGES = ['packages/domain', 'packages/delivery', 'packages/sandbox', 'packages/store', 'apps/worker', 'apps/server', 'packages/client', 'apps/cli'];

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

const newestMtime = (dir: string, keep: (name: string) => boolean): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && keep(entry.name)) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
};

/**
 * `pnpm test` builds first (turbo: @assay/server is a devDependency); run alone (`npx vitest run`), this
 * builds whatever dist is missing or older than its sources, so the processes never run stale code.
 */
export const buildIfStale = (): string[] => {
  const tsc = createRequire(join(ROOT, 'apps/cli/package.json')).resolve('typescript/bin/tsc');
  const built: string[] = [];
  for (const pkg of PACKAGES) {
    const dir = join(ROOT, pkg);
    const sources = newestMtime(join(dir, 'src'), isSource);
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
