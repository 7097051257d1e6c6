import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releaseUid, runInJail, takeUid } from '../../src/native/jail.js';
import type { JailLimits } from '../../src/native/jail-spec.js';
import { stdioCaseRunner } from '../../src/native/native-context.js';
import type { NativeContext, NativeRunInput, NativeRunResult } from '../../src/native/native-language.js';
import { NATIVE_LANGUAGES } from '../../src/native/native-languages.js';
import type { NativeLanguageId } from '../../src/native/native-languages.js';
import { sharedParts } from './shared-parts.js';

/**
 * A NativeContext over the real jail for the Go, Rust, Ruby and PHP module tests: each jailed step gets a uid of its
 * own and the run's directory is handed to it (as the sandbox's own context does).
 */
const RUN_LIMITS: JailLimits = {
  cpuMs: 5_000,
  wallMs: 10_000,
  memoryBytes: 512 * 2 ** 20,
  processes: 64,
  openFiles: 64,
  fileBytes: 64 * 2 ** 20,
  outputBytes: 1 * 2 ** 20,
};

export function gorustContext(overrides: Partial<Pick<NativeContext, 'compileLimits' | 'runLimits'>> = {}): NativeContext & { cleanup(): Promise<void> } {
  const dirs: string[] = [];
  const jail: NativeContext['jail'] = async (spec) => {
    const uid = takeUid();
    try {
      await chown(spec.dir, uid, uid);
      return await runInJail(spec, uid);
    } finally {
      releaseUid(uid);
    }
  };
  const signal = new AbortController().signal;
  return {
    jail,
    // A stdio case here gets the test's run limits (the sandbox's own are tested in seam/native-context.test.ts).
    stdioCase: stdioCaseRunner(jail, overrides.runLimits ?? RUN_LIMITS, signal),
    async scratchDir() {
      const dir = await mkdtemp(join(tmpdir(), 'assay-gorust-'));
      dirs.push(dir);
      return dir;
    },
    runLimits: RUN_LIMITS,
    compileLimits: { ...RUN_LIMITS, cpuMs: 20_000, wallMs: 30_000, memoryBytes: 2 * 2 ** 30 },
    maxLogBytes: 4096,
    signal,
    ...sharedParts,
    ...overrides,
    async cleanup() {
      await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** Runs one input through a language module in a fresh context. */
export async function runNative(language: NativeLanguageId, input: NativeRunInput, overrides?: Parameters<typeof gorustContext>[0]): Promise<NativeRunResult> {
  const context = gorustContext(overrides);
  try {
    return await NATIVE_LANGUAGES[language].execute(input, context);
  } finally {
    await context.cleanup();
  }
}
