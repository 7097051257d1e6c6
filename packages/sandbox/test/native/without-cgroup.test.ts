import { afterAll, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { cgroupControl } from '../../src/native/jail.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { goFixture } from '../languages/go.js';
import { javaFixture } from '../languages/java.js';

/**
 * A host where the jail cannot make a memory cgroup (decision 702: memory is then held per process by RLIMIT_AS). The
 * JVM and the Go toolchain reserve gigabytes of address space they never touch, so a limit at the run's memory stopped
 * them before the candidate's first line ("Could not reserve enough space for … object heap", "failed to reserve page
 * summary memory"); their steps get a larger address space and their own heap caps hold the candidate (decision 805).
 * The switch is read at every run; the fast loop's files share a process (isolate: false), so it is put back after.
 */
const before = process.env.ASSAY_JAIL_CGROUP;
process.env.ASSAY_JAIL_CGROUP = 'off';
afterAll(() => {
  if (before === undefined) delete process.env.ASSAY_JAIL_CGROUP;
  else process.env.ASSAY_JAIL_CGROUP = before;
});

const sandbox = new Sandbox({ workers: 1, nativeWorkers: 1 });
afterAll(() => sandbox.close());

const run = (language: 'java' | 'go', code: string) =>
  sandbox.run({ language, code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, cases: TOP_SCORES_CASES });

it('holds memory with rlimits only', () => {
  expect(cgroupControl()).toBe('rlimit');
});

for (const fixture of [javaFixture, goFixture]) {
  it(`runs ${fixture.language} (a runtime that reserves address space) and judges it`, { timeout: 120_000 }, async () => {
    expect(sandbox.languages()[fixture.language].available).toBe(true);
    const right = await run(fixture.language as 'java' | 'go', fixture.correct);
    expect(
      right.results.map((result) => result.passed),
      JSON.stringify(right).slice(0, 400),
    ).toEqual(TOP_SCORES_CASES.map(() => true));
    const wrong = await run(fixture.language as 'java' | 'go', fixture.wrong);
    expect(wrong.results.map((result) => result.passed)).toEqual(TOP_SCORES_CASES.map(() => false));
  });
}

it('still stops a Java memory bomb at the run’s memory (the heap cap), not the host’s', { timeout: 120_000 }, async () => {
  const bomb = `import java.util.*;
class Solution {
    public static int[] topScores(int[] scores, int k) {
        List<long[]> hoard = new ArrayList<>();
        while (true) hoard.add(new long[1 << 20]);
    }
}
`;
  const outcome = await run('java', bomb);
  expect(outcome.results.every((result) => !result.passed)).toBe(true);
  expect(JSON.stringify(outcome.results[0])).toMatch(/OutOfMemoryError|memory/i);
});
