import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JailLimits } from '../../src/native/jail-spec.js';
import { releaseUid, runInJail, takeUid } from '../../src/native/jail.js';
import { stdioCaseRunner } from '../../src/native/native-context.js';
import type { NativeContext } from '../../src/native/native-language.js';
import { sharedParts } from './shared-parts.js';

/** A NativeContext over the real bubblewrap jail, as the pool gives one run: one uid, fresh directories it owns. */
export interface TestContext extends NativeContext {
  dispose(): Promise<void>;
}

export const RUN_LIMITS: JailLimits = {
  cpuMs: 3_000,
  wallMs: 8_000,
  memoryBytes: 512 * 2 ** 20,
  processes: 16,
  openFiles: 64,
  fileBytes: 16 * 2 ** 20,
  outputBytes: 1 << 20,
};

export const COMPILE_LIMITS: JailLimits = { ...RUN_LIMITS, cpuMs: 10_000, wallMs: 15_000, memoryBytes: 1024 * 2 ** 20, fileBytes: 64 * 2 ** 20 };

export function testContext(overrides: Partial<Pick<NativeContext, 'runLimits' | 'compileLimits'>> = {}): TestContext {
  const uid = takeUid();
  const dirs: string[] = [];
  // One uid is one run's: two jails of one uid at once share its cgroup and its processes, and the first to end kills
  // the other's (a C++ cache build SIGKILLed 117 ms in, when the C one beside it ended). Calls take turns, as a run's do.
  let turn: Promise<unknown> = Promise.resolve();
  const jail: NativeContext['jail'] = (spec) => {
    const run = turn.then(() => runInJail(spec, uid));
    turn = run.catch(() => {});
    return run;
  };
  const signal = new AbortController().signal;
  const runLimits = overrides.runLimits ?? RUN_LIMITS;
  return {
    jail,
    // A stdio case here gets the test's run limits (the sandbox's own are tested in seam/native-context.test.ts).
    stdioCase: stdioCaseRunner(jail, runLimits, signal),
    scratchDir: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'assay-cfamily-test-'));
      await chown(dir, uid, uid);
      await chmod(dir, 0o755);
      dirs.push(dir);
      return dir;
    },
    runLimits,
    compileLimits: overrides.compileLimits ?? COMPILE_LIMITS,
    maxLogBytes: 4096,
    signal,
    ...sharedParts,
    dispose: async () => {
      releaseUid(uid);
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
