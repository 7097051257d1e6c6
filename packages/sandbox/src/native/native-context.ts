import { chmod, chown, rm, stat } from 'node:fs/promises';
import type { RunStep } from '@assay/domain/candidate';
import type { JailLimits, JailResult, JailSpec } from './jail-spec.js';
import type { NativeContext } from './native-language.js';
import type { RunBound } from './run-bound.js';
import { makeScratchDir } from './scratch-dirs.js';

/** How a slot runs one jailed command as a uid (jail.ts's runInJail; tests may count the calls). */
export type JailRunner = (spec: JailSpec, uid: number) => Promise<JailResult>;

export interface OpenedContext {
  readonly context: NativeContext;
  /** Removes every scratch directory of the run. */
  close(): Promise<void>;
}

/** A run's wait for something shared ended because the run was cancelled (or its bound passed). */
export class RunStopped extends Error {
  constructor() {
    super('The run was stopped while it waited');
  }
}

export interface ContextHooks {
  /** The run's watchdog, paused while the run waits for shared work (decision 1041). */
  readonly bound?: RunBound;
  readonly onPhase?: (phase: RunStep) => void;
}

/**
 * The NativeContext of one run: every command in a jail as the run's own uid, stopped by the run's signal, and
 * scratch directories under the host's temp dir owned by that uid (mode 0700: no other run's uid can read them),
 * removed when the run ends. Shared builds run under their own uid and no run's signal (SharedBuild).
 */
export function openContext(
  uid: number,
  limits: { runLimits: JailLimits; compileLimits: JailLimits; stdioCaseLimits?: JailLimits; maxLogBytes: number; stopAfterTimeouts?: number | undefined },
  jail: JailRunner,
  signal: AbortSignal,
  hooks: ContextHooks = {},
): OpenedContext {
  const dirs: string[] = [];
  const waitShared = async <T>(work: Promise<T>): Promise<T> => {
    if (signal.aborted) throw new RunStopped();
    const resume = hooks.bound?.pause();
    let stop: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      stop = () => reject(new RunStopped());
      signal.addEventListener('abort', stop, { once: true });
    });
    try {
      return await Promise.race([work, stopped]);
    } finally {
      if (stop !== undefined) signal.removeEventListener('abort', stop);
      resume?.();
    }
  };
  const jailed: NativeContext['jail'] = async (spec) => {
    // A step's directory is the run's uid's: handed over first, as the scratch directories are.
    if ((await stat(spec.dir)).uid !== uid) await chown(spec.dir, uid, uid);
    return jail({ ...spec, signal: spec.signal === undefined ? signal : AbortSignal.any([spec.signal, signal]) }, uid);
  };
  const context: NativeContext = {
    jail: jailed,
    stdioCase: stdioCaseRunner(jailed, limits.stdioCaseLimits ?? limits.runLimits, signal, limits.stopAfterTimeouts),
    scratchDir: async () => {
      const dir = await makeScratchDir('run');
      dirs.push(dir);
      await chown(dir, uid, uid);
      await chmod(dir, 0o700);
      return dir;
    },
    runLimits: limits.runLimits,
    compileLimits: limits.compileLimits,
    maxLogBytes: limits.maxLogBytes,
    signal,
    shared: (build) => {
      if (!build.ready) hooks.onPhase?.({ step: 'preparing', what: build.what });
      return waitShared(build.get(jail));
    },
    waitShared,
    phase: (phase) => hooks.onPhase?.(phase),
  };
  return {
    context,
    close: async () => {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/**
 * A run's `stdioCase` (decision 1062): each case jailed with `caseLimits` and the run's signal; once
 * `stopAfterTimeouts` cases ran out of time (wall clock or CPU), later ones are not started and answer as cancelled,
 * which the verdicts count as not run past the budget (judge-native.ts).
 */
export function stdioCaseRunner(
  jail: NativeContext['jail'],
  caseLimits: JailLimits,
  signal: AbortSignal,
  stopAfterTimeouts?: number,
): NativeContext['stdioCase'] {
  let timeouts = 0;
  return async (spec) => {
    if (stopAfterTimeouts !== undefined && timeouts >= stopAfterTimeouts) return NOT_STARTED;
    const result = await jail({ ...spec, limits: caseLimits, signal });
    if (result.killedFor === 'wall' || result.killedFor === 'cpu') timeouts += 1;
    return result;
  };
}

const NOT_STARTED: JailResult = { exitCode: null, signal: null, stdout: '', stderr: '', results: '', outputCut: false, killedFor: 'cancelled', wallMs: 0 };
