import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** What a render worker thread loads: its own dist and the dist of what it imports. */
const WORKER_PACKAGES = ['packages/domain', 'packages/reports'];

const newest = (dir: string, keep: (name: string) => boolean): number => {
  let latest = 0;
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && keep(entry.name)) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  } catch {
    return 0;
  }
  return latest;
};

/**
 * Worker threads run plain JavaScript (they do not get the `@assay/source` condition or a TypeScript loader), so the
 * render workers run `@assay/reports`' dist even when the tests run its sources. `pnpm test` builds first (turbo);
 * run alone, this builds whatever dist is missing or older than its sources, so a worker never runs stale code.
 */
export default function setup(): void {
  const tsc = createRequire(join(ROOT, 'packages/reports/package.json')).resolve('typescript/bin/tsc');
  for (const pkg of WORKER_PACKAGES) {
    const dir = join(ROOT, pkg);
    const sources = Math.max(
      newest(join(dir, 'src'), (name) => name.endsWith('.ts') && !name.endsWith('.test.ts')),
      statSync(join(dir, 'tsconfig.build.json')).mtimeMs,
    );
    if (newest(join(dir, 'dist'), (name) => name.endsWith('.js')) >= sources) continue;
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck'], { cwd: dir, stdio: 'inherit' });
  }
}
