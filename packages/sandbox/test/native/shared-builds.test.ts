import { lstatSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox, SandboxCancelledError } from '../../src/index.js';
import { NATIVE_LANGUAGES } from '../../src/native/native-languages.js';
import type { RunStep, RunRequest } from '../../src/index.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { cppFixture } from '../languages/cpp.js';
import { rustFixture } from '../languages/rust.js';

/**
 * Issue 59, 10(h) and 10(e): the builds every C++ and Rust run shares (the harness runtime, the precompiled headers, the
 * Rust runtime) ran under the first run's cancel signal and time limit, so that candidate's Cancel failed everyone
 * else's run ("The sandbox could not run this program"), and the Rust runtime stayed owned by the first run's uid,
 * which later runs reuse. The fast loop's files share their modules (vitest's isolate: false), and the module tests
 * of another file may have built them already: they are dropped first, so the first run here starts each build.
 */
const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, languages: ['cpp', 'rust'] });
beforeAll(() => Promise.all([NATIVE_LANGUAGES.cpp.close?.(), NATIVE_LANGUAGES.rust.close?.()]));
afterAll(() => sandbox.close());

const request = (language: 'cpp' | 'rust', code: string): RunRequest => ({
  language,
  code,
  functionName: 'topScores',
  signature: TOP_SCORES_SIGNATURE,
  cases: TOP_SCORES_CASES,
});

/** The first run starts the shared build and is cancelled while it builds; the second, waiting for it, must pass. */
async function cancelFirstDuringBuild(language: 'cpp' | 'rust', code: string) {
  const first = new AbortController();
  const firstPhases: RunStep[] = [];
  const firstRun = sandbox.run(request(language, code), { signal: first.signal, owner: { candidate: 'first' }, onPhase: (phase) => firstPhases.push(phase) });
  const firstEnded = firstRun.then(
    () => 'finished',
    (error: unknown) => (error instanceof SandboxCancelledError ? 'cancelled' : String(error)),
  );
  // Cancelled while it waits for the build (it says so: preparing the compiler).
  for (let tries = 0; tries < 200 && !firstPhases.some((phase) => phase.step === 'preparing'); tries++) await sleep(25);
  expect(firstPhases[0]).toMatchObject({ step: 'preparing' });
  const second = sandbox.run(request(language, code), { owner: { candidate: 'second' } });
  await sleep(200);
  first.abort();
  expect(await firstEnded).toBe('cancelled');
  return second;
}

/** Every file under this process's shared-build directories, with its owner and mode. */
function sharedBuildFiles(): { path: string; uid: number; mode: number }[] {
  const found: { path: string; uid: number; mode: number }[] = [];
  const walk = (path: string) => {
    const info = lstatSync(path);
    found.push({ path, uid: info.uid, mode: info.mode & 0o777 });
    if (info.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  for (const name of readdirSync(tmpdir())) if (name.startsWith(`assay-${process.pid}-build-`)) walk(join(tmpdir(), name));
  return found;
}

describe('builds every run shares run under their own budget (decision 1040)', () => {
  it('C++: the first run is cancelled during the build; the second run succeeds', { timeout: 600_000 }, async () => {
    const outcome = await cancelFirstDuringBuild('cpp', cppFixture.correct);
    expect(outcome.fault).toBeUndefined();
    expect(outcome.results.map((result) => result.passed)).toEqual(TOP_SCORES_CASES.map(() => true));
  });

  it('Rust: the first run is cancelled during the build; the second run succeeds', { timeout: 600_000 }, async () => {
    const outcome = await cancelFirstDuringBuild('rust', rustFixture.correct);
    expect(outcome.fault).toBeUndefined();
    expect(outcome.results.map((result) => result.passed)).toEqual(TOP_SCORES_CASES.map(() => true));
  });

  it('what they built belongs to the server, and no jail uid can write it (decision 1040)', () => {
    const files = sharedBuildFiles();
    // The C++ runtime and the Rust runtime at least.
    expect(files.filter((file) => file.path.endsWith('libassay_runtime.so')).length).toBe(1);
    expect(files.filter((file) => file.path.endsWith('.pch')).length).toBeGreaterThanOrEqual(1);
    for (const file of files) {
      expect({ path: file.path, uid: file.uid }).toEqual({ path: file.path, uid: process.getuid?.() });
      expect(file.mode & 0o022, file.path).toBe(0);
    }
  });
});
