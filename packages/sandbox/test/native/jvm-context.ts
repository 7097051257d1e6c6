import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JailLimits } from '../../src/native/jail-spec.js';
import { releaseUid, runInJail, takeUid } from '../../src/native/jail.js';
import { stdioCaseRunner } from '../../src/native/native-context.js';
import type { NativeContext } from '../../src/native/native-language.js';
import { sharedParts } from './shared-parts.js';

/** Limits of a test run: generous enough for a JVM or Mono start on a loaded 2-core machine. */
export const TEST_RUN_LIMITS: JailLimits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryBytes: 512 * 1024 * 1024,
  processes: 64,
  openFiles: 256,
  fileBytes: 16 * 1024 * 1024,
  outputBytes: 1024 * 1024,
};

/**
 * A NativeContext over the real jail, as the sandbox gives a language module: each jail call gets a uid of its
 * own and its directory owned by that uid; scratch directories are removed by `dispose`.
 */
export function jvmTestContext(overrides: Partial<Pick<NativeContext, 'compileLimits' | 'runLimits'>> = {}): NativeContext & { dispose(): Promise<void> } {
  const dirs: string[] = [];
  const jail: NativeContext['jail'] = async (spec) => {
    const uid = takeUid();
    try {
      execFileSync('/usr/bin/chown', ['-R', `${uid}:${uid}`, spec.dir]);
      return await runInJail(spec, uid);
    } finally {
      releaseUid(uid);
    }
  };
  const signal = new AbortController().signal;
  const runLimits = overrides.runLimits ?? TEST_RUN_LIMITS;
  return {
    jail,
    // A stdio case here gets the test's run limits (the sandbox's own are tested in seam/native-context.test.ts).
    stdioCase: stdioCaseRunner(jail, runLimits, signal),
    async scratchDir() {
      const dir = await mkdtemp(join(tmpdir(), 'assay-jvm-test-'));
      dirs.push(dir);
      return dir;
    },
    runLimits,
    compileLimits: overrides.compileLimits ?? { ...TEST_RUN_LIMITS, wallMs: 30_000 },
    maxLogBytes: 4096,
    signal,
    ...sharedParts,
    async dispose() {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
