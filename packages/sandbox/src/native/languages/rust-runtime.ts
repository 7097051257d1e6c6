import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFiles } from '../harness/gorust-steps.js';
import { RUST_RUNTIME } from '../harness/rust-harness.js';
import type { JailLimits } from '../jail-spec.js';
import type { NativeContext } from '../native-language.js';

/**
 * The Rust harness's fixed part, built once per process (in a jail, like any compile) into a directory every later
 * run binds read-only at /assay-rust (decision 732). A failed build is not kept: the next run tries again.
 */
export const RUST_RUNTIME_MOUNT = '/assay-rust';
export const RUST_RUNTIME_RLIB = `${RUST_RUNTIME_MOUNT}/libassay_runtime.rlib`;

/**
 * Its own limits and no run's abort signal: the build is shared by every run waiting on it, so one cancelled run
 * must not fail the others.
 */
const BUILD_LIMITS: JailLimits = {
  cpuMs: 60_000,
  wallMs: 120_000,
  memoryBytes: 2 * 2 ** 30,
  processes: 64,
  openFiles: 256,
  fileBytes: 256 * 2 ** 20,
  outputBytes: 2 ** 20,
};

let built: Promise<string> | undefined;

export function rustRuntime(jail: NativeContext['jail'], rustc: string, flags: readonly string[]): Promise<string> {
  built ??= buildRuntime(jail, rustc, flags).catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

async function buildRuntime(jail: NativeContext['jail'], rustc: string, flags: readonly string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'assay-rust-runtime-'));
  await writeFiles(dir, { 'runtime.rs': RUST_RUNTIME });
  const result = await jail({
    argv: [rustc, ...flags, '--crate-type', 'rlib', '--crate-name', 'assay_runtime', '-o', 'libassay_runtime.rlib', 'runtime.rs'],
    dir,
    limits: BUILD_LIMITS,
  });
  if (result.exitCode !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`The Rust harness runtime did not build: ${result.stderr.slice(0, 2000)}`);
  }
  // Every run's own uid reads it; none can write it (bound read-only).
  await chmod(dir, 0o755);
  return dir;
}

/** Forgets the built runtime and removes it (the language's close). */
export async function dropRustRuntime(): Promise<void> {
  const dir = await built?.catch(() => undefined);
  built = undefined;
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}
