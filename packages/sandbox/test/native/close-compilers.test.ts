import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { javaFixture } from '../languages/java.js';

/** One thread's children; a thread that ended since the list was read has none (its children went to a live thread). */
const threadChildren = (task: string): number[] => {
  try {
    return readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ESRCH') return [];
    throw error;
  }
};

/** The pids of this process's children (every thread's list), read from /proc. */
const children = (): number[] => readdirSync('/proc/self/task').flatMap(threadChildren);

const javaRun = (sandbox: Sandbox) =>
  sandbox.run({ language: 'java', code: javaFixture.correct, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, cases: TOP_SCORES_CASES });

/** Waits for the children not in `before` to be reaped (SIGKILL is at once; the exit is seen within a few turns). */
const newChildrenAfterReaping = async (before: Set<number>): Promise<number[]> => {
  for (let tries = 0; tries < 50 && children().some((pid) => !before.has(pid)); tries += 1) await sleep(100);
  return children().filter((pid) => !before.has(pid));
};

describe('Sandbox.close ends the warm compilers its runs started', () => {
  it('a Java run starts javac’s server lazily; after close no process of it is left to keep the process alive', { timeout: 90_000 }, async () => {
    const before = new Set(children());
    const sandbox = new Sandbox({ workers: 1, nativeWorkers: 1 });
    const outcome = await sandbox.run({
      language: 'java',
      code: javaFixture.correct,
      functionName: 'topScores',
      signature: TOP_SCORES_SIGNATURE,
      cases: TOP_SCORES_CASES,
    });
    expect(outcome.results.every((result) => result.passed)).toBe(true);
    expect(children().filter((pid) => !before.has(pid)).length).toBeGreaterThan(0);
    await sandbox.close();
    // SIGKILL is delivered at once; the exit is reaped by the event loop within a few turns.
    for (let tries = 0; tries < 50 && children().some((pid) => !before.has(pid)); tries += 1) await sleep(100);
    expect(children().filter((pid) => !before.has(pid))).toEqual([]);
  });

  it('closing one of two sandboxes that use Java leaves the other’s compiles working; the last close ends the server', { timeout: 120_000 }, async () => {
    const before = new Set(children());
    const first = new Sandbox({ workers: 1, nativeWorkers: 1 });
    const second = new Sandbox({ workers: 1, nativeWorkers: 1 });
    expect((await javaRun(first)).results.every((result) => result.passed)).toBe(true);
    expect((await javaRun(second)).results.every((result) => result.passed)).toBe(true);
    // A compile of `second` in flight while `first` closes: the server they share must not be stopped under it.
    const pending = javaRun(second);
    await first.close();
    const after = await pending;
    expect(after.compileOutput).toBeUndefined();
    expect(after.results.every((result) => result.passed)).toBe(true);
    await second.close();
    expect(await newChildrenAfterReaping(before)).toEqual([]);
  });
});
