import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { javaFixture } from '../languages/java.js';

/** The pids of this process's children (every thread's list), read from /proc. */
const children = (): number[] =>
  readdirSync('/proc/self/task').flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));

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
});
