import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import type { RunStep } from '../../src/index.js';
import type { RunOutcome } from '../../src/types.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { csharpFixture } from '../languages/csharp.js';
import { javaFixture } from '../languages/java.js';
import { csharpOverloadBomb, javaOverloadBomb } from './jvm-bombs.js';

/**
 * Issue 59, 10(a): two candidates' compile-time bombs and one honest answer at once, in the real jail. Before, the one
 * warm javac served them in arrival order: each bomb held it for the whole compile limit, the honest compile's wait
 * counted against its own run's bound, and when that passed "The run was cancelled" was reported as its compile error.
 */
const sandbox = new Sandbox({ workers: 1, nativeWorkers: 3, languages: ['java', 'csharp'] });
afterAll(() => sandbox.close());

const run = (language: 'java' | 'csharp', code: string, phases: RunStep[] = []): Promise<RunOutcome> =>
  sandbox.run(
    { language, code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, cases: TOP_SCORES_CASES },
    // Three candidates of their own, as in a class: one run in flight per candidate.
    { owner: { candidate: `${language}:${code.length}:${Math.random()}` }, onPhase: (phase) => phases.push(phase) },
  );

async function bombsThenHonest(language: 'java' | 'csharp', bomb: string, honest: string) {
  await sandbox.warmCompilers();
  const bombs = [run(language, bomb), run(language, bomb)];
  // The bombs reach the compiler first: the honest answer arrives behind them, as in the review.
  await sleep(1_000);
  const phases: RunStep[] = [];
  const honestOutcome = await run(language, honest, phases);
  return { honest: honestOutcome, phases, bombs: await Promise.all(bombs) };
}

describe("another candidate's compile-time bomb never changes an honest verdict (decisions 1041, 1047)", () => {
  it('Java: two bombers and an honest answer at once — the honest one compiles, runs and passes', { timeout: 300_000 }, async () => {
    const { honest, phases, bombs } = await bombsThenHonest('java', javaOverloadBomb(12), javaFixture.correct);
    expect(honest.compileOutput).toBeUndefined();
    // It said what it was doing: compiling (after a wait while a fresh compiler started, if it had to), then running.
    expect(phases.map((phase) => phase.step)).toEqual(expect.arrayContaining(['compiling', 'running']));
    expect(phases.at(-1)).toEqual({ step: 'running', of: TOP_SCORES_CASES.length });
    expect(honest.fault).toBeUndefined();
    expect(honest.results.map((result) => result.passed)).toEqual(TOP_SCORES_CASES.map(() => true));
    // The bombs themselves end as what they are: their own processor time spent (or, on a machine too busy to give
    // it to them, not judged) — never as a pass.
    for (const outcome of bombs) expect(outcome.results.every((result) => !result.passed)).toBe(true);
  });

  it('C#: two bombers and an honest answer at once — the honest one compiles, runs and passes', { timeout: 300_000 }, async () => {
    const { honest, bombs } = await bombsThenHonest('csharp', csharpOverloadBomb(12), csharpFixture.correct);
    expect(honest.compileOutput).toBeUndefined();
    expect(honest.fault).toBeUndefined();
    expect(honest.results.map((result) => result.passed)).toEqual(TOP_SCORES_CASES.map(() => true));
    for (const outcome of bombs) expect(outcome.results.every((result) => !result.passed)).toBe(true);
  });
});
