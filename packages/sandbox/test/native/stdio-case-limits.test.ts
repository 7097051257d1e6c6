import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { NOT_RUN_TIME_LIMIT, TIME_LIMIT_EXCEEDED } from '../../src/outcome.js';

/**
 * A stdio case gets its own bound (issue 59, 10c; decision 1062): each case's process is jailed with a one-case run's
 * CPU time and wall clock (cpuMsPerCase + 2 s), never the whole run's, so a program that sleeps on one input holds the
 * worker that long and the next case still runs; past a scoring budget of timeouts no further case is started. One
 * program per stdio loop of the native modules: C (the C family's), Ruby (Go, Rust, Ruby and PHP's), Java (the JVM
 * and Mono's). Each echoes its input line, and sleeps for ever when the line is `sleep`.
 */
const SLEEPERS = {
  c: `#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    char line[64] = "";
    if (fgets(line, sizeof line, stdin) && strncmp(line, "sleep", 5) == 0) for (;;) sleep(1);
    fputs(line, stdout);
    return 0;
}
`,
  ruby: "line = gets.to_s\nloop { sleep 1 } if line.start_with?('sleep')\nprint line\n",
  java: `import java.io.*;

class Solution {
    public static void main(String[] args) throws Exception {
        String line = new BufferedReader(new InputStreamReader(System.in)).readLine();
        if (line.startsWith("sleep")) Thread.sleep(Long.MAX_VALUE);
        System.out.println(line);
    }
}
`,
} as const;

const CPU_MS_PER_CASE = 1000;
const CASES = 6;
/** The run's wall clock (cpuMsPerCase × cases + 2 s): what each stdio case had before it got a bound of its own. */
const RUN_WALL_MS = CPU_MS_PER_CASE * CASES + 2000;

const sandbox = new Sandbox({ workers: 1, nativeWorkers: 1, limits: { cpuMsPerCase: CPU_MS_PER_CASE } });
afterAll(() => sandbox.close());

const echo = (input: string) => ({ input: `${input}\n`, expectedOutput: `${input}\n` });

describe.each(Object.entries(SLEEPERS))('%s, stdin/stdout', (language, code) => {
  it('stops a sleeping case at its own bound, well inside the run’s wall clock, and runs the next case', { timeout: 180_000 }, async () => {
    const cases = ['sleep', ...Array.from({ length: CASES - 1 }, (_, index) => `line ${index}`)].map(echo);
    const outcome = await sandbox.run({ language: language as keyof typeof SLEEPERS, form: 'stdio', code, cases });
    const [slept, ...rest] = outcome.results;
    expect(slept, JSON.stringify(outcome).slice(0, 800)).toMatchObject({ passed: false, error: TIME_LIMIT_EXCEEDED });
    expect(slept?.timeMs).toBeLessThan(RUN_WALL_MS);
    expect(rest.map((result) => result.passed)).toEqual(rest.map(() => true));
  });

  it('starts no case past a scoring budget of timeouts', { timeout: 180_000 }, async () => {
    const cases = ['sleep', 'sleep', 'after'].map(echo);
    const outcome = await sandbox.run({ language: language as keyof typeof SLEEPERS, form: 'stdio', code, cases }, { lane: 'scoring', stopAfterTimeouts: 1 });
    expect(
      outcome.results.map((result) => result.error),
      JSON.stringify(outcome).slice(0, 800),
    ).toEqual([TIME_LIMIT_EXCEEDED, NOT_RUN_TIME_LIMIT, NOT_RUN_TIME_LIMIT]);
  });
});
