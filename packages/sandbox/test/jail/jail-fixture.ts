import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releaseUid, runInJail, takeUid } from '../../src/native/jail.js';
import type { JailLimits, JailResult, JailSpec } from '../../src/native/jail-spec.js';

/**
 * The hostile-class suites' one way to run something jailed: a fresh host directory and uid per run, released
 * and removed afterwards. They run as root with bubblewrap installed (scripts/test.sh sees to both in CI).
 */
export const TEST_LIMITS: JailLimits = {
  cpuMs: 2000,
  wallMs: 8000,
  memoryBytes: 64 << 20,
  processes: 16,
  openFiles: 64,
  fileBytes: 1 << 20,
  outputBytes: 64 << 10,
};

/** Generous limits for gcc compiling a test program inside the jail. */
const COMPILE_LIMITS: JailLimits = { ...TEST_LIMITS, cpuMs: 20_000, wallMs: 30_000, memoryBytes: 512 << 20, processes: 32, fileBytes: 64 << 20 };

export interface Jailed extends JailResult {
  readonly uid: number;
  /** The run's directory on the host (removed when the suite's `cleanUp` runs). */
  readonly dir: string;
}

const dirs: string[] = [];

export function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'assay-jail-test-'));
  dirs.push(dir);
  return dir;
}

export function cleanUp(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Runs `argv` jailed with TEST_LIMITS and `overrides`; `onStart` sees the uid before the run starts. */
export async function jailed(
  argv: readonly string[],
  overrides: Partial<JailLimits> = {},
  more: Partial<Omit<JailSpec, 'argv' | 'limits'>> & { onStart?: (uid: number) => void } = {},
): Promise<Jailed> {
  const { onStart, ...spec } = more;
  const dir = spec.dir ?? freshDir();
  const uid = takeUid();
  try {
    onStart?.(uid);
    const result = await runInJail({ ...spec, argv, dir, limits: { ...TEST_LIMITS, ...overrides } }, uid);
    return { ...result, uid, dir };
  } finally {
    releaseUid(uid);
  }
}

export function sh(script: string, overrides: Partial<JailLimits> = {}, more: Parameters<typeof jailed>[2] = {}): Promise<Jailed> {
  return jailed(['/bin/sh', '-c', script], overrides, more);
}

/** Compiles a C program with /usr/bin/gcc inside the jail; answers the host directory holding /box/prog. */
export async function compiledC(source: string): Promise<string> {
  const dir = freshDir();
  writeFileSync(join(dir, 'prog.c'), source);
  const compiled = await jailed(['/usr/bin/gcc', '-O0', '-o', '/box/prog', '/box/prog.c'], COMPILE_LIMITS, { dir });
  if (compiled.exitCode !== 0) throw new Error(`gcc failed: ${compiled.stderr}`);
  return dir;
}
