import { writeFiles } from '../harness/gorust-steps.js';
import { RUST_RUNTIME } from '../harness/rust-harness.js';
import { RUST_INSTANTIATIONS } from '../harness/rust-instantiations.js';
import type { JailLimits } from '../jail-spec.js';
import { type BuildSteps, SharedBuild } from '../shared-build.js';

/**
 * The Rust harness's fixed part, built once per process (in a jail, like any compile) into a directory every later
 * run binds read-only at /assay-rust (decision 732), both to compile against and to run: it is a shared library
 * (decision 1408), so a link reads its symbol table, not the objects of every instantiation it holds. A shared build (decision 1040): its own uid, limits and no run's
 * signal, handed back to the server once built; a failed build is not kept, the next run tries again. It also holds
 * the library's common instantiations (rust-instantiations.ts, decision 1408), which every run links instead of making.
 */
export const RUST_RUNTIME_MOUNT = '/assay-rust';
export const RUST_RUNTIME_LIBRARY = `${RUST_RUNTIME_MOUNT}/libassay_runtime.so`;

const BUILD_LIMITS: JailLimits = {
  cpuMs: 60_000,
  wallMs: 300_000,
  memoryBytes: 2 * 2 ** 30,
  processes: 64,
  openFiles: 256,
  fileBytes: 256 * 2 ** 20,
  outputBytes: 2 ** 20,
};

/** The host directory holding the runtime's library. */
export const rustRuntime = (rustc: string, flags: readonly string[]): SharedBuild<string> =>
  new SharedBuild('the Rust compiler', (steps) => buildRuntime(steps, rustc, flags));

async function buildRuntime(steps: BuildSteps, rustc: string, flags: readonly string[]): Promise<string> {
  const dir = await steps.outputDir();
  await writeFiles(dir, { 'runtime.rs': `${RUST_RUNTIME}${RUST_INSTANTIATIONS}` });
  const result = await steps.jail({
    argv: [rustc, ...flags, '--crate-type', 'dylib', '--crate-name', 'assay_runtime', '-o', 'libassay_runtime.so', 'runtime.rs'],
    dir,
    limits: BUILD_LIMITS,
  });
  if (result.exitCode !== 0) {
    const ended = `exit ${result.exitCode ?? '-'}, signal ${result.signal ?? '-'}, stopped for ${result.killedFor ?? '-'}`;
    throw new Error(`The Rust harness runtime did not build (${ended}): ${result.stderr.slice(0, 2000)}`);
  }
  return dir;
}
